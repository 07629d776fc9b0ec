/**
 * A small stateful fake of the journal calls (01 §7.3) on top of the fake fetch, so the screen
 * tests drive the real app: profiles, pages, page types, module codes and deployments, answered
 * the way the server answers them (embedded lists, ?returnBody=true bodies, 201 on create), with
 * the conditional saves: a profile's read and a profile's page list answer their ETag, and a
 * save with another If-Match is refused with 412 (a page's against all the profile's pages).
 */
import { EMBEDDED } from '@contracts/api/paths';
import {
  JOURNAL_EMBEDDED,
  type JournalPage,
  type JournalPageType,
  type JournalProfile,
  type ModuleCode,
} from '@contracts/api/journal';
import { buildJournalPage, buildJournalProfile, buildModuleCode } from '../../support/builders';
import { PROGRAMS, embeddedList } from '../../support/client-app';
import type { FakeFetch, RecordedRequest } from '../../support/fake-fetch';
import { etagOf, readAnswer, staleAnswer } from '../../support/record-etags';
import type { PublishCalls } from '../site-builder/publish-take-back';

export const PAGE_TYPES: JournalPageType[] = [
  { pageTypeId: 1, name: 'Login', description: 'Balance check', mandatory: 1 },
  { pageTypeId: 5, name: 'Locations', description: '', mandatory: 0 },
  { pageTypeId: 14, name: 'Terms and Conditions', description: '', mandatory: 0 },
  { pageTypeId: 11, name: 'Privacy Policy', description: '', mandatory: 0 },
  { pageTypeId: 10, name: 'FAQ', description: '', mandatory: 0 },
];

/** The fake's records come from the shared builders (tests/support/builders.ts). */
export const makeProfile = buildJournalProfile;

export function makePage(overrides: Partial<JournalPage> & Pick<JournalPage, 'pageId'>) {
  return buildJournalPage(overrides);
}

/**
 * The writes of profile 1's publish whose deployment failed: the flag set, the deployment
 * refused, the flag taken back.
 */
export const PUBLISH_TAKEN_BACK = [
  'POST /api/moduleCodes',
  'PUT /api/myjournal/profiles/1',
  'POST /api/myjournal/deployments',
  'PUT /api/myjournal/profiles/1',
];

/** A publish's last two calls for profile 1 (tests/client/site-builder/publish-take-back.ts). */
export const JOURNAL_PUBLISH_CALLS: PublishCalls = {
  goLive: 'POST /api/myjournal/deployments',
  saveProfile: 'PUT /api/myjournal/profiles/1',
};

/** Makes the deployment of a publish fail with a 500. */
export function failDeployments(server: FakeFetch): void {
  server.on('POST /api/myjournal/deployments', {
    status: 500,
    body: { errorCode: 500, errorMessage: 'Server error' },
  });
}

export interface JournalSeed {
  profiles?: JournalProfile[];
  pages?: JournalPage[];
  moduleCodes?: ModuleCode[];
}

export interface JournalFake {
  profiles: JournalProfile[];
  pages: JournalPage[];
  moduleCodes: ModuleCode[];
  /** Every call that writes (not GET or HEAD), as `METHOD /path`, in the order sent. */
  writes(): string[];
  /** The body of the n-th write (0-based). */
  writeBody(index: number): unknown;
}

const isWrite = (request: RecordedRequest) => request.method !== 'GET' && request.method !== 'HEAD';

export function installJournalServer(server: FakeFetch, seed: JournalSeed = {}): JournalFake {
  const profiles = structuredClone(seed.profiles ?? []);
  const pages = structuredClone(seed.pages ?? []);
  const moduleCodes = structuredClone(seed.moduleCodes ?? []);

  /** The record a profile's pages are saved against (server/my-journal/journal-rules.ts). */
  const pagesRecord = (profileId: number) => ({
    profileId,
    pages: pages.filter((p) => p.profileId === profileId).sort((a, b) => a.pageId - b.pageId),
  });
  const pagesEtag = (profileId: number) => ({ ETag: etagOf(pagesRecord(profileId)) });

  const registerPage = (pageId: number) => {
    server.on(`PUT /api/myjournal/pages/${pageId}`, (request) => {
      const index = pages.findIndex((p) => p.pageId === pageId);
      const { profileId } = pages[index]!;
      const stale = staleAnswer(request, pagesRecord(profileId));
      if (stale) return stale;
      pages[index] = { ...pages[index]!, ...(request.body as JournalPage) };
      return { body: pages[index], headers: pagesEtag(profileId) };
    });
  };

  const registerProfile = (profileId: number) => {
    const find = () => profiles.findIndex((p) => p.profileId === profileId);
    server.on(`GET /api/myjournal/profiles/${profileId}`, () => readAnswer(profiles[find()]));
    server.on(`PUT /api/myjournal/profiles/${profileId}`, (request) => {
      const index = find();
      const stale = staleAnswer(request, profiles[index]);
      if (stale) return stale;
      profiles[index] = { ...profiles[index]!, ...(request.body as JournalProfile) };
      return readAnswer(profiles[index]);
    });
    server.on(`GET /api/myjournal/profiles/${profileId}/pages`, () => ({
      body: embeddedList(JOURNAL_EMBEDDED.pages, pagesRecord(profileId).pages),
      headers: pagesEtag(profileId),
    }));
  };

  server.on('GET /api/programs', { body: embeddedList(EMBEDDED.programs, PROGRAMS) });
  server.on('GET /api/myjournal/profiles', () => ({
    body: embeddedList(JOURNAL_EMBEDDED.profiles, profiles),
  }));
  server.on('GET /api/myjournal/pageTypes', {
    body: embeddedList(JOURNAL_EMBEDDED.pageTypes, PAGE_TYPES),
  });
  server.on('POST /api/myjournal/profiles', (request) => {
    const body = request.body as Partial<JournalProfile>;
    const created = makeProfile({
      title: null,
      ...body,
      profileId: Math.max(0, ...profiles.map((p) => p.profileId)) + 1,
    });
    profiles.push(created);
    registerProfile(created.profileId);
    return { status: 201, body: created };
  });
  server.on('POST /api/myjournal/pages', (request) => {
    const body = request.body as Partial<JournalPage> & Pick<JournalPage, 'profileId'>;
    const stale = staleAnswer(request, pagesRecord(body.profileId));
    if (stale) return stale;
    const created = makePage({
      ...body,
      pageId: Math.max(0, ...pages.map((p) => p.pageId)) + 1,
    });
    pages.push(created);
    registerPage(created.pageId);
    return { status: 201, body: created, headers: pagesEtag(created.profileId) };
  });
  server.on('POST /api/moduleCodes', (request) => {
    const body = request.body as Pick<ModuleCode, 'code' | 'name' | 'programId'>;
    const created = buildModuleCode({
      ...body,
      moduleCodeId: Math.max(0, ...moduleCodes.map((c) => c.moduleCodeId)) + 1,
    });
    moduleCodes.push(created);
    return { status: 201, body: created };
  });
  server.on('POST /api/myjournal/deployments', (request) => ({
    status: 201,
    body: { deploymentId: 1, ...(request.body as object) },
  }));
  for (const program of PROGRAMS) {
    server.on(`GET /api/moduleCodes/byid/${program.programId}`, (request) => {
      const wanted = Number(request.url.searchParams.get('moduleCodeId'));
      const code = moduleCodes.find(
        (c) => c.programId === program.programId && c.moduleCodeId === wanted,
      );
      return code ? { body: code } : { status: 204 };
    });
  }
  profiles.forEach((p) => registerProfile(p.profileId));
  pages.forEach((p) => registerPage(p.pageId));

  return {
    profiles,
    pages,
    moduleCodes,
    writes: () =>
      server.requests.filter(isWrite).map((request) => `${request.method} ${request.path}`),
    writeBody: (index) => server.requests.filter(isWrite)[index]?.body,
  };
}

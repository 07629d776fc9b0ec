import {
  MERCHANT_EMBEDDED,
  type MerchantLanguage,
  type MerchantModuleCodeBody,
  type MerchantProfile,
  type MerchantProgram,
  type MerchantPublishBody,
  type MerchantSiteSettings,
  type SelectedPageSubType,
  type SelectedPageSubTypes,
  type SelectedPageType,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { EMBEDDED } from '@contracts/api/paths';
import { PROGRAMS, embeddedList } from '../../support/client-app';
import { buildMerchantProfile } from '../../support/builders';
import type { FakeFetch, RecordedRequest } from '../../support/fake-fetch';
import { etagOf, readAnswer, staleAnswer } from '../../support/record-etags';

/**
 * A stateful fake of the merchant profile calls (02 §7) for the dashboard and steps 1-2, each
 * profile with its selected pages and sub-pages (empty at first).
 */

export const MERCHANT_PROGRAMS: MerchantProgram[] = [
  { id: 11, name: 'Coffee Gift', abbreviation: 'CG' },
  { id: 12, name: 'Books Gift', abbreviation: 'BG' },
];

export const LANGUAGES: MerchantLanguage[] = [
  { id: 1, languageName: 'English' },
  { id: 2, languageName: 'German' },
];

export function makeMerchantProfile(
  overrides: Partial<MerchantProfile> & Pick<MerchantProfile, 'id'>,
): MerchantProfile {
  return buildMerchantProfile({ testURL: `site-${overrides.id}`, siteTitle: null, ...overrides });
}

export interface MerchantFake {
  profiles: MerchantProfile[];
  /** Write calls (not GET or HEAD) in order, as `METHOD path`. */
  writes(): string[];
}

const BASE = '/api/mymerchant';

/** A profile's selected pages and sub-pages as the fake holds them. */
export interface MerchantPagesState {
  pages: SelectedPageType[];
  subPages: SelectedPageSubType[];
}

export interface MerchantPagesFake {
  /** Serves the profile's pages and sub-pages, starting from `seed`; answers its state. */
  add(profileId: number, seed?: Partial<MerchantPagesState>): MerchantPagesState;
}

/**
 * The selected pages and sub-pages of profiles (02 §7), as the server answers them: both reads
 * answer the ETag of the two together, both saves with another If-Match are refused with 412 and
 * change nothing, and a written save answers the new ETag; a page left out takes its sub-pages
 * with it (server/my-merchant/merchant-pages-router.ts).
 */
export function installMerchantPagesServer(server: FakeFetch): MerchantPagesFake {
  const profiles = new Map<number, MerchantPagesState>();
  const record = (profileId: number, state: MerchantPagesState) => ({
    profileId,
    pageTypes: state.pages,
    pageSubtypes: state.subPages,
  });
  const answer = (profileId: number, state: MerchantPagesState, body: unknown) => ({
    body,
    headers: { ETag: etagOf(record(profileId, state)) },
  });
  /** The save's profile and its state, or the 412 when the save's If-Match is not current. */
  const saveOf = (request: RecordedRequest) => {
    const { profileId } = request.body as { profileId: number };
    const state = profiles.get(profileId);
    if (state === undefined) throw new Error(`no pages of profile ${profileId} in the fake`);
    return { profileId, state, stale: staleAnswer(request, record(profileId, state)) };
  };

  server.on(`POST ${BASE}/profile/pagetypes/`, (request) => {
    const { profileId, state, stale } = saveOf(request);
    if (stale) return stale;
    state.pages = (request.body as SelectedPageTypes).pageTypes;
    const selected = new Set(state.pages.map((page) => page.typeId));
    state.subPages = state.subPages.filter((sub) => selected.has(sub.pageTypeFk));
    return answer(profileId, state, { profileId, pageTypes: state.pages });
  });
  server.on(`POST ${BASE}/profile/pagesubtypes/`, (request) => {
    const { profileId, state, stale } = saveOf(request);
    if (stale) return stale;
    state.subPages = (request.body as SelectedPageSubTypes).pageSubtypes;
    return answer(profileId, state, { profileId, pageSubtypes: state.subPages });
  });

  return {
    add(profileId, seed = {}) {
      const state: MerchantPagesState = {
        pages: structuredClone(seed.pages ?? []),
        subPages: structuredClone(seed.subPages ?? []),
      };
      profiles.set(profileId, state);
      server.on(`GET ${BASE}/profile/pagetypes/${profileId}`, () =>
        answer(profileId, state, { profileId, pageTypes: state.pages }),
      );
      server.on(`GET ${BASE}/profile/pagesubtypes/${profileId}`, () =>
        answer(profileId, state, { profileId, pageSubtypes: state.subPages }),
      );
      return state;
    },
  };
}

export function installMerchantServer(
  server: FakeFetch,
  seed: { profiles?: MerchantProfile[]; nextId?: number } = {},
): MerchantFake {
  const profiles = [...(seed.profiles ?? [])];
  let nextId = seed.nextId ?? 100;
  const byId = (request: RecordedRequest) => Number(request.path.split('/').pop());
  const pages = installMerchantPagesServer(server);

  const profileRoutes = (id: number) => {
    pages.add(id);
    server.on(`GET ${BASE}/profile/${id}`, () => readAnswer(profiles.find((p) => p.id === id)));
    server.on(`PUT ${BASE}/profile/${id}`, (request) => {
      const index = profiles.findIndex((p) => p.id === byId(request));
      const stale = staleAnswer(request, profiles[index]);
      if (stale) return stale;
      profiles[index] = { ...profiles[index]!, ...(request.body as MerchantProfile), id };
      return readAnswer(profiles[index]);
    });
  };
  profiles.forEach((p) => profileRoutes(p.id));

  server.on(`GET ${BASE}/profile`, () => ({
    body: embeddedList(MERCHANT_EMBEDDED.profiles, profiles),
  }));
  server.on(`POST ${BASE}/profile`, (request) => {
    const id = nextId++;
    profiles.push(makeMerchantProfile({ ...(request.body as Partial<MerchantProfile>), id }));
    profileRoutes(id);
    return { status: 201, body: { id } };
  });
  server.on(`POST ${BASE}/profile/sitesettings`, (request) => {
    const body = request.body as MerchantSiteSettings;
    const index = profiles.findIndex((p) => p.id === body.id);
    const stale = staleAnswer(request, profiles[index]);
    if (stale) return stale;
    profiles[index] = { ...profiles[index]!, ...body };
    return { body: { id: body.id } };
  });
  server.on(`GET ${BASE}/programs`, {
    body: embeddedList(MERCHANT_EMBEDDED.programs, MERCHANT_PROGRAMS),
  });
  // The program store's list, which says each program's type (step 1 offers gift programs).
  server.on('GET /api/programs', { body: embeddedList(EMBEDDED.programs, PROGRAMS) });
  server.on(`GET ${BASE}/languages`, {
    body: embeddedList(MERCHANT_EMBEDDED.languages, LANGUAGES),
  });
  server.on(`POST ${BASE}/modulecode`, (request) => ({
    body: { ...(request.body as MerchantModuleCodeBody), moduleCodeId: 1, moduleId: 2 },
  }));
  server.on(`POST ${BASE}/profilepublish/live`, (request) => ({
    body: { ...(request.body as MerchantPublishBody), publishId: 1, userName: 'tester' },
  }));

  return {
    profiles,
    writes: () =>
      server.requests
        .filter((request) => request.method !== 'GET' && request.method !== 'HEAD')
        .map((request) => `${request.method} ${request.path}`),
  };
}

import {
  MERCHANT_EMBEDDED,
  type MerchantLanguage,
  type MerchantModuleCodeBody,
  type MerchantProfile,
  type MerchantProgram,
  type MerchantPublishBody,
  type MerchantSiteSettings,
} from '@contracts/api/merchant';
import { embeddedList } from '../../support/client-app';
import { buildMerchantProfile } from '../../support/builders';
import type { FakeFetch, RecordedRequest } from '../../support/fake-fetch';
import { readAnswer, staleAnswer } from '../../support/record-etags';

/** A stateful fake of the merchant profile calls (02 §7) for the dashboard and steps 1-2. */

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

export function installMerchantServer(
  server: FakeFetch,
  seed: { profiles?: MerchantProfile[]; nextId?: number } = {},
): MerchantFake {
  const profiles = [...(seed.profiles ?? [])];
  let nextId = seed.nextId ?? 100;
  const byId = (request: RecordedRequest) => Number(request.path.split('/').pop());

  const profileRoutes = (id: number) => {
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

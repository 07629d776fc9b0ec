/**
 * The real app with a signed-in admin, request shortcuts on the merchant base (`/api`), and a
 * write check. The merchant records, languages and page type catalogue are the test's own
 * (not db.json's demo site, whose texts may change), on the test programs (`TEST_PROGRAMS`)
 * added to the seed's; users are the seed's.
 */
import request from 'supertest';
import { AUTH_HEADER } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import {
  MERCHANT_MEDIA_FIELD_NAME,
  MERCHANT_PATHS,
  type MerchantMediaSlot,
  type MerchantProfile,
} from '@contracts/api/merchant';
import type {
  Data,
  LanguageRecord,
  MerchantPageSubTypeRecord,
  MerchantPageTypeRecord,
  MerchantSelectedPageRecord,
  MerchantSelectedSubPageRecord,
} from '../../../server/db/schema';
import {
  createTestApp,
  signedInCalls,
  type SignedInCalls,
  type TestApp,
} from '../support/test-app';
import { buildMerchantProfile } from '../../support/builders';
import { addTestPrograms, TEST_PROGRAMS } from '../support/test-programs';

export { TEST_PROGRAMS };

export const TEST_LANGUAGES: LanguageRecord[] = [
  { id: 1, languageName: 'English' },
  { id: 2, languageName: 'French' },
];

/** Home and Locations are mandatory; About has two sub-types, FAQ one, Locations none. */
export const TEST_PAGE_TYPES: MerchantPageTypeRecord[] = [
  { id: 1, name: 'Home', fl_mandatory: 1 },
  { id: 2, name: 'About', fl_mandatory: 0 },
  { id: 3, name: 'Locations', fl_mandatory: 1 },
  { id: 4, name: 'FAQ', fl_mandatory: 0 },
];
export const TEST_SUB_TYPES: MerchantPageSubTypeRecord[] = [
  { id: 1, typeId: 2, name: 'Our Story' },
  { id: 2, typeId: 2, name: 'Our Team' },
  { id: 3, typeId: 4, name: 'Card Questions' },
];
export const PAGE = { HOME: 1, ABOUT: 2, LOCATIONS: 3, FAQ: 4 } as const;
export const SUB = { STORY: 1, TEAM: 2, CARD_QUESTIONS: 3 } as const;

const profile = (fields: Partial<MerchantProfile> & { id: number }): MerchantProfile =>
  buildMerchantProfile({
    programId: TEST_PROGRAMS.gift.programId,
    overrideCSS: 'body { color: #333333; }',
    siteTitle: null,
    ...fields,
  });

/**
 * Profile 1: the `gift` program, published live; profile 2: the `other` program, on the test
 * host only. The `third` program has no profile.
 */
export const TEST_PROFILES = {
  published: profile({
    id: 1,
    programId: TEST_PROGRAMS.gift.programId,
    liveURL: 'test-merchant',
    testURL: 'test-merchant',
    siteTitle: 'Test Merchant',
    publishLive: 1,
    publishTest: 1,
  }),
  draft: profile({
    id: 2,
    programId: TEST_PROGRAMS.other.programId,
    testURL: 'second-shop',
    siteTitle: 'Second Shop',
  }),
} as const;

export const TEST_SELECTED_PAGES: MerchantSelectedPageRecord[] = [
  { profileId: 1, typeId: PAGE.HOME, navItem: 'Home', title: 'Welcome', content: '<p>Hi</p>' },
  { profileId: 1, typeId: PAGE.ABOUT, navItem: 'About', title: 'About us', content: null },
  { profileId: 1, typeId: PAGE.LOCATIONS, navItem: 'Stores', title: 'Stores', content: null },
  { profileId: 2, typeId: PAGE.HOME, navItem: 'Home', title: 'Home', content: null },
  { profileId: 2, typeId: PAGE.LOCATIONS, navItem: 'Locations', title: 'Locations', content: null },
];
export const TEST_SELECTED_SUB_PAGES: MerchantSelectedSubPageRecord[] = [
  { profileId: 1, subtypeId: SUB.STORY, pageTypeFk: PAGE.ABOUT },
];

function useTestMerchantData(data: Data): void {
  addTestPrograms(data);
  data.languages = structuredClone(TEST_LANGUAGES);
  data.merchantPageTypes = structuredClone(TEST_PAGE_TYPES);
  data.merchantPageSubTypes = structuredClone(TEST_SUB_TYPES);
  data.merchantProfiles = structuredClone(Object.values(TEST_PROFILES));
  data.merchantSelectedPages = structuredClone(TEST_SELECTED_PAGES);
  data.merchantSelectedSubPages = structuredClone(TEST_SELECTED_SUB_PAGES);
  data.merchantPublishes = [];
  data.moduleCodes = [];
}

export interface MerchantTestApp extends TestApp, SignedInCalls {
  /** Uploads `bytes` as the multipart field `image` to `path` (a media upload path). */
  upload(path: string, bytes: Buffer, name?: string): request.Test;
  uploadPath(profileId: number, slot: MerchantMediaSlot): string;
  /** The stored profile, read through the API. */
  profile(id: number): Promise<MerchantProfile>;
  /** The abbreviation of a program, read from the store. */
  abbreviationOf(programId: number): string;
  /** Runs `send` and checks that the data file and the files folder did not change. */
  expectNothingWritten(send: () => Promise<unknown>): Promise<void>;
}

export async function createMerchantTestApp(): Promise<MerchantTestApp> {
  const t = await createTestApp({ prepare: useTestMerchantData });
  const calls = await signedInCalls(t);
  const { token } = calls;
  const api = (path: string) => `/api${path}`;
  const app: MerchantTestApp = {
    ...t,
    ...calls,
    upload: (path, bytes, name = 'image.png') =>
      request(t.app)
        .post(api(path))
        .set(AUTH_HEADER, token)
        .attach(MERCHANT_MEDIA_FIELD_NAME, bytes, { filename: name }),
    uploadPath: (profileId, slot) => MERCHANT_PATHS.mediaUpload(profileId, slot),
    async profile(id) {
      const response = await app.get(MERCHANT_PATHS.profile(id)).expect(200);
      return response.body as MerchantProfile;
    },
    abbreviationOf(programId) {
      const program = t.store.read().programs.find((p) => p.programId === programId);
      if (program === undefined) throw new Error(`no program ${programId} in the store`);
      return program.schemeAbbreviation;
    },
    async expectNothingWritten(send) {
      const before = await t.dataFileBytes();
      const filesBefore = await t.storedFiles();
      await send();
      expect(await t.dataFileBytes()).toEqual(before);
      expect(await t.storedFiles()).toEqual(filesBefore);
    },
  };
  return app;
}

/** Checks an error answer: status, JSON content type and `{ errorCode, errorMessage }`. */
export function expectError(response: request.Response, status: number, body: ApiError): void {
  expect({ status: response.status, body: response.body as unknown }).toEqual({ status, body });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
}

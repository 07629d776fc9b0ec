/** The real app with a signed-in admin, request shortcuts on the API base, and a write check. */
import request from 'supertest';
import { AUTH_HEADER } from '@contracts/api/constants';
import type { ApiError, ImageUploadResult } from '@contracts/api/entities';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  journalModuleCode,
  THEME,
  type JournalProfile,
} from '@contracts/api/journal';
import { URL_PATHS } from '@contracts/api/paths';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import type { Data } from '../../../server/db/schema';
import { buildJournalPage, buildJournalProfile, buildModuleCode } from '../../support/builders';
import { PNG_BYTES } from '../support/fixtures';
import { addTestPrograms, TEST_PROGRAMS } from '../support/test-programs';
import {
  createTestApp,
  signedInCalls,
  type SignedInCalls,
  type TestApp,
} from '../support/test-app';

/**
 * The journal records every test starts with, built here instead of read from db.json's demo
 * site (whose texts may change): the test programs (`TEST_PROGRAMS`), and a published site of
 * the `gift` program with its module code, its Login page and a Locations page. The page types
 * and users are the seed's.
 */
export { TEST_PROGRAMS };
export const TEST_MODULE_CODE = buildModuleCode({
  moduleCodeId: 1,
  programId: TEST_PROGRAMS.gift.programId,
  code: journalModuleCode(TEST_PROGRAMS.gift.programId, TEST_PROGRAMS.gift.schemeAbbreviation, 1),
  name: TEST_PROGRAMS.gift.schemeName,
});
export const TEST_PROFILE = buildJournalProfile({
  profileId: 1,
  programId: TEST_PROGRAMS.gift.programId,
  creationDate: '2025-01-15T09:00:00.000Z',
  isPublished: 1,
  title: 'Test Gift Card Balance',
  keywords: 'gift card, balance',
  description: 'Check the balance of your Test Gift Card.',
  clientWebsite: 'https://shop.example',
  siteUrl: 'test-gift',
  themeId: THEME.DARK,
  moduleCode: TEST_MODULE_CODE.code,
  moduleCodeId: TEST_MODULE_CODE.moduleCodeId,
  cssOverride: defaultJournalStylesheet(THEME.DARK),
});
export const TEST_PAGES = {
  login: buildJournalPage({
    pageId: 1,
    profileId: TEST_PROFILE.profileId,
    pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
    title: 'Check your gift card balance',
    content: '<p>Enter your card number and PIN, then click Login.</p>',
  }),
  locations: buildJournalPage({
    pageId: 2,
    profileId: TEST_PROFILE.profileId,
    pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS,
    title: 'Our Locations',
    content: '<p>1 George Street, Sydney</p>',
    navItem: 'Locations',
  }),
} as const;

/** Adds the test programs and replaces the seed's journal records with the test's own. */
function useTestJournalData(data: Data): void {
  addTestPrograms(data);
  data.journalProfiles = [structuredClone(TEST_PROFILE)];
  data.journalPages = [structuredClone(TEST_PAGES.login), structuredClone(TEST_PAGES.locations)];
  data.moduleCodes = [structuredClone(TEST_MODULE_CODE)];
  data.deployments = [];
}

export interface JournalTestApp extends TestApp, SignedInCalls {
  /** Uploads a PNG through the image endpoint and answers its id. */
  uploadImage(): Promise<string>;
  /** The stored profile, read through the API. */
  profile(id: number): Promise<JournalProfile>;
  /** Runs `send` and checks that the data file did not change by a byte. */
  expectNothingWritten(send: () => Promise<unknown>): Promise<void>;
}

export async function createJournalTestApp(): Promise<JournalTestApp> {
  const t = await createTestApp({ prepare: useTestJournalData });
  const calls = await signedInCalls(t);
  const { token } = calls;
  const app: JournalTestApp = {
    ...t,
    ...calls,
    async uploadImage() {
      const response = await request(t.app)
        .post(URL_PATHS.images)
        .set(AUTH_HEADER, token)
        .attach('file', PNG_BYTES, { filename: 'logo.png', contentType: 'image/png' })
        .expect(200);
      return (response.body as ImageUploadResult).id;
    },
    async profile(id) {
      const response = await app.get(JOURNAL_PATHS.profile(id)).expect(200);
      return response.body as JournalProfile;
    },
    async expectNothingWritten(send) {
      const before = await t.dataFileBytes();
      await send();
      expect(await t.dataFileBytes()).toEqual(before);
    },
  };
  return app;
}

/** Checks an error answer: status, JSON content type and `{ errorCode, errorMessage }`. */
export function expectError(response: request.Response, status: number, body: ApiError): void {
  expect({ status: response.status, body: response.body as unknown }).toEqual({ status, body });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
}

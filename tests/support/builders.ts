/**
 * Typed test data builders: one valid record of each kind, with the fields a test cares about
 * given as overrides. Every field of the type is spelled out here once, so a new field is added
 * in one place (the compiler points here), not in every test that needs "some profile".
 *
 * Defaults are plain and deterministic (ids start at 1, no images, no module code); tests that
 * put records into a store choose ids that do not collide with what is there. Builders for other
 * records (programs, users) join when a test needs one. Server code does not import this file:
 * server/dev/provider-states.ts spells out the records the pacts describe.
 */
import {
  JOURNAL_PAGE_TYPE,
  MODULE_ID,
  type JournalPage,
  type JournalProfile,
  type ModuleCode,
} from '@contracts/api/journal';

/** A journal profile as stored and answered: step 1 filled in, nothing else. */
export function buildJournalProfile(overrides: Partial<JournalProfile> = {}): JournalProfile {
  return {
    profileId: 1,
    programId: 11,
    creationDate: '2026-01-02T03:04:05.000Z',
    isPublished: 0,
    title: 'Coffee balance',
    keywords: null,
    description: null,
    googleAnalytics: null,
    clientWebsite: null,
    siteUrl: 'coffee',
    themeId: 2,
    expirationDateCount: 0,
    location: 0,
    moduleCode: null,
    moduleCodeId: null,
    logo: null,
    headerImg: null,
    favIcon: null,
    backgroundImg: null,
    cssOverride: null,
    ...overrides,
  };
}

/** A page of profile 1: the Login page, enabled, empty. */
export function buildJournalPage(overrides: Partial<JournalPage> = {}): JournalPage {
  return {
    pageId: 1,
    pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
    profileId: 1,
    enabled: 1,
    title: null,
    content: null,
    navItem: null,
    ...overrides,
  };
}

/** A journal module code; `code` defaults to the journal prefix + the program id. */
export function buildModuleCode(overrides: Partial<ModuleCode> = {}): ModuleCode {
  const programId = overrides.programId ?? 11;
  return {
    moduleCodeId: 1,
    moduleId: MODULE_ID.JOURNAL,
    code: `MJC_${programId}TST1`,
    name: 'Test Gift Card',
    programId,
    ...overrides,
  };
}

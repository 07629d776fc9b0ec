/**
 * Typed test data builders: one valid record of each kind, with the fields a test cares about
 * given as overrides. Every field of the type is spelled out here once, so a new field is added
 * in one place (the compiler points here), not in every test that needs "some profile".
 *
 * Defaults are plain and deterministic (ids start at 1, no images, no module code); tests that
 * put records into a store choose ids that do not collide with what is there. Server code does
 * not import this file (server/dev/provider-states.ts spells out the records the pacts describe).
 */
import { PROGRAM_TYPE } from '@contracts/api/constants';
import type { Program } from '@contracts/api/entities';
import {
  JOURNAL_PAGE_TYPE,
  MODULE_ID,
  type Deployment,
  type JournalPage,
  type JournalProfile,
  type ModuleCode,
} from '@contracts/api/journal';
import type { ProgramRecord, UserRecord } from '../../server/db/schema';

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

/** A deployment of profile 1 by admin. */
export function buildDeployment(overrides: Partial<Deployment> = {}): Deployment {
  return {
    deploymentId: 1,
    profileId: 1,
    siteUrl: 'coffee',
    location: 0,
    deployedAt: '2026-01-02T03:04:05.000Z',
    userName: 'admin',
    ...overrides,
  };
}

/** A program as `/programs` answers it: a gift program. */
export function buildProgram(overrides: Partial<Program> = {}): Program {
  return {
    programId: 11,
    programTypeId: PROGRAM_TYPE.GIFT,
    name: 'Coffee Card',
    shortName: 'COFFEE',
    abbreviation: 'CC',
    clientId: 1,
    ...overrides,
  };
}

/** A program as the data file stores it: an activated gift scheme with no contact details. */
export function buildProgramRecord(overrides: Partial<ProgramRecord> = {}): ProgramRecord {
  return {
    programId: 11,
    programTypeId: PROGRAM_TYPE.GIFT,
    clientId: 1,
    schemeName: 'Coffee Card',
    schemeShortName: 'COFFEE',
    schemeAbbreviation: 'CC',
    schemeStatus: 5,
    poweruserLogin: null,
    buttonImgUrl: null,
    logoImgUrl: null,
    address1: null,
    address2: null,
    address3: null,
    address4: null,
    suburb: null,
    city: null,
    postcode: null,
    countryId: null,
    stateId: null,
    email: null,
    website: null,
    mobile: null,
    landline: null,
    transactionMethodsStr: '1',
    ...overrides,
  };
}

/** A user record; give `passwordHash` (server/auth/passwords.ts hashPassword) to log in as it. */
export function buildUser(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    username: 'tester',
    userType: 'OPERATOR',
    passwordHash: 'scrypt$16$8$1$c2FsdA$aGFzaA',
    loginCount: 0,
    lastLoginAt: null,
    ...overrides,
  };
}

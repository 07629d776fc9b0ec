/**
 * A client and programs of the tests' own, built here and added to the seeded data, for tests
 * that need "a program" or "another program" (not db.json's demo programs, whose ids and names
 * may change). Their ids are far above the seed's, so they never collide with it.
 */
import { PROGRAM_TYPE } from '@contracts/api/constants';
import { JOURNAL_PAGE_TYPE } from '@contracts/api/journal';
import type { Data } from '../../../server/db/schema';
import {
  buildClient,
  buildJournalPage,
  buildJournalProfile,
  buildScheme,
} from '../../support/builders';

export const TEST_CLIENT = buildClient({ clientId: 7100, clientName: 'Portal Test Client' });

const program = (programId: number, name: string, shortName: string, abbreviation: string) =>
  buildScheme({
    programId,
    clientId: TEST_CLIENT.clientId,
    clientName: TEST_CLIENT.clientName,
    schemeName: name,
    schemeShortName: shortName,
    schemeAbbreviation: abbreviation,
    schemeStatus: 5,
  });

/** Three gift programs: `gift` is the one a test works on, `other` and `third` are others. */
export const TEST_PROGRAMS = {
  gift: program(7101, 'Test Gift Card', 'TSTGC', 'TGC'),
  other: program(7102, 'Other Gift Card', 'OTHGC', 'OGC'),
  third: program(7103, 'Third Gift Card', 'THRGC', 'THG'),
} as const;

/**
 * A loyalty program of the test client, beside the gift programs: not added by
 * `addTestPrograms`, so lists of "the test programs" stay gift programs; a test that needs it
 * adds it with `addTestLoyaltyProgram`.
 */
export const TEST_LOYALTY_PROGRAM = buildScheme({
  programId: 7104,
  programTypeId: PROGRAM_TYPE.LOYALTY,
  clientId: TEST_CLIENT.clientId,
  clientName: TEST_CLIENT.clientName,
  schemeName: 'Test Loyalty Scheme',
  schemeShortName: 'TSTLS',
  schemeAbbreviation: 'TLS',
  schemeStatus: 5,
});

/** Adds the test loyalty program to the data (the test client is `addTestPrograms`'). */
export function addTestLoyaltyProgram(data: Data): void {
  data.programs.push(structuredClone(TEST_LOYALTY_PROGRAM));
}

/** Adds the test client and the test programs to the data (for a test app's `prepare`). */
export function addTestPrograms(data: Data): void {
  data.clients.push(structuredClone(TEST_CLIENT));
  data.programs.push(...Object.values(TEST_PROGRAMS).map((p) => structuredClone(p)));
}

/**
 * A published journal site of the `gift` program (for tests that need "a published site", not
 * db.json's `demo-gift`): its profile and its Login page, ids far above the seed's.
 */
export const TEST_SITE = {
  profile: buildJournalProfile({
    profileId: 7101,
    programId: TEST_PROGRAMS.gift.programId,
    isPublished: 1,
    title: 'Test Gift Card Balance',
    siteUrl: 'test-gift-site',
  }),
  loginPage: buildJournalPage({
    pageId: 7101,
    profileId: 7101,
    pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
    title: 'Check your balance',
  }),
} as const;

/** Adds the test client, the test programs and the published test site to the data. */
export function addTestSite(data: Data): void {
  addTestPrograms(data);
  data.journalProfiles.push(structuredClone(TEST_SITE.profile));
  data.journalPages.push(structuredClone(TEST_SITE.loginPage));
}

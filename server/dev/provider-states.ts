/**
 * The pact provider states (contracts/provider/states.ts), set up on the real store. Used by the
 * development endpoint (provider-states-router.ts), which the in-process verification
 * (contracts/provider/provider.test.ts) and `npm run contracts:verify` both call.
 *
 * Every state works on records of its own, named with the reserved `pact-` / `PACT` marks, found
 * again on the next run and reset: a rerun on the same server finds the same records, and the
 * demo seed is never read or changed. The ids are the provider's: each state answers the values
 * the pacts inject (`fromProviderState`). What the interactions themselves create (a profile, a
 * page, a module code) is removed again by the state that needs it absent; deployments, uploaded
 * images and sessions stay (the README says verification writes data).
 *
 * The records are spelled out here rather than taken from tests/support/builders.ts: server code
 * never imports tests/, and these records are exactly what the pacts describe.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { PROGRAM_TYPE } from '@contracts/api/constants';
import {
  JOURNAL_PAGE_TYPE,
  MODULE_ID,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { STATE, type ProviderStateName } from '@contracts/provider/states';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import { hashPassword } from '../auth/passwords';
import { CardStore } from '../cards/card-store';
import type { Data } from '../db/schema';
import type { Store } from '../db/store';

/** The values a state answers, injected into the replayed request. */
export type ProviderStateValues = Record<string, string | number>;
export type ProviderStateHandler = (
  params: Record<string, unknown>,
) => Promise<ProviderStateValues>;
export type ProviderStateHandlers = Record<ProviderStateName, ProviderStateHandler>;

/** A state the consumer names wrongly: the endpoint answers 400. */
export class ProviderStateError extends Error {
  override name = 'ProviderStateError';
}

/** The names of the records the states own. */
export const PACT_RECORDS = {
  username: 'pact-user',
  clientName: 'Pact Client',
  programName: 'Pact Gift Card',
  countryName: 'Pact Country',
  stateName: 'Pact State',
  /** Unpublished profile of the journal states. */
  profileSiteUrl: 'pact-journal',
  /** Published profile (deployments, the published site). */
  publishedSiteUrl: 'pact-published',
  /** The address the create-profile interaction uses; removed before it runs. */
  newSiteUrl: 'pact-new-site',
  /** The module code of 'a module code exists'. */
  moduleCode: 'MJC_PACT1',
  /** The code the create-module-code interaction uses; removed before it runs. */
  newModuleCode: 'MJC_PACT2',
  /** The gift card of the published site (its PIN is generated on each setup). */
  cardNumber: '6035990000009911',
} as const;

const THEME_ID = 2;
/** An id far above every used one: ids are handed out as max + 1, so this one is free. */
const UNUSED_ID_GAP = 1000;

const maxId = <T>(items: readonly T[], idOf: (item: T) => number) =>
  items.reduce((max, item) => Math.max(max, idOf(item)), 0);

function pageTypeIdOf(params: Record<string, unknown>): number {
  const value = Number(params.pageTypeId);
  if (!Object.values(JOURNAL_PAGE_TYPE).some((id) => id === value)) {
    throw new ProviderStateError('this state needs a known integer "pageTypeId"');
  }
  return value;
}

/** The pact client and gift program, created once and reset on every setup. */
function ensureProgram(data: Data): number {
  let client = data.clients.find((candidate) => candidate.clientName === PACT_RECORDS.clientName);
  if (client === undefined) {
    client = {
      clientId: maxId(data.clients, (c) => c.clientId) + 1,
      clientName: PACT_RECORDS.clientName,
      binTypeId: 0,
      binNumber: null,
      binName: null,
      binCountryId: null,
    };
    data.clients.push(client);
  }
  const existing = data.programs.find((p) => p.schemeName === PACT_RECORDS.programName);
  const programId = existing?.programId ?? maxId(data.programs, (p) => p.programId) + 1;
  const program = {
    programId,
    programTypeId: PROGRAM_TYPE.GIFT,
    clientId: client.clientId,
    clientName: client.clientName,
    schemeName: PACT_RECORDS.programName,
    schemeShortName: 'PACTGC',
    schemeAbbreviation: 'PGC',
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
  };
  data.programs = [...data.programs.filter((p) => p.programId !== programId), program];
  return programId;
}

/** The pact profile of a siteUrl, reset to what the pacts describe; answers its id. */
function ensureProfile(data: Data, siteUrl: string, isPublished: 0 | 1): ProviderStateValues {
  const programId = ensureProgram(data);
  const existing = data.journalProfiles.find((p) => p.siteUrl.toLowerCase() === siteUrl);
  const profileId = existing?.profileId ?? maxId(data.journalProfiles, (p) => p.profileId) + 1;
  const profile: JournalProfile = {
    profileId,
    programId,
    creationDate: existing?.creationDate ?? new Date().toISOString(),
    isPublished,
    title: 'Pact Gift Card Balance',
    keywords: 'gift card, balance',
    description: 'Check the balance of your gift card.',
    googleAnalytics: 'UA-000000-1',
    clientWebsite: 'https://www.pact.example',
    siteUrl,
    themeId: THEME_ID,
    expirationDateCount: 0,
    location: 0,
    moduleCode: null,
    moduleCodeId: null,
    logo: null,
    headerImg: null,
    favIcon: null,
    backgroundImg: null,
    cssOverride: defaultJournalStylesheet(THEME_ID),
  };
  data.journalProfiles = [
    ...data.journalProfiles.filter((p) => p.profileId !== profileId),
    profile,
  ];
  if (isPublished === 1) ensurePage(data, profileId, JOURNAL_PAGE_TYPE.LOGIN);
  return { profileId, programId, siteUrl };
}

/** The profile's one page of a type, reset; answers its id. */
function ensurePage(data: Data, profileId: number, pageTypeId: number): number {
  const existing = data.journalPages.find(
    (p) => p.profileId === profileId && p.pageTypeId === pageTypeId,
  );
  const pageId = existing?.pageId ?? maxId(data.journalPages, (p) => p.pageId) + 1;
  const page: JournalPage = {
    pageId,
    pageTypeId,
    profileId,
    enabled: 1,
    title: 'Page title',
    content: '<p>Page content</p>',
    navItem: null,
  };
  data.journalPages = [
    ...data.journalPages.filter(
      (p) => p.pageId !== pageId && !(p.profileId === profileId && p.pageTypeId === pageTypeId),
    ),
    page,
  ];
  return pageId;
}

/** Removes the pact's own profile of a siteUrl, with its pages. */
function removeProfile(data: Data, siteUrl: string): void {
  const gone = data.journalProfiles.filter((p) => p.siteUrl.toLowerCase() === siteUrl);
  const ids = new Set(gone.map((p) => p.profileId));
  data.journalProfiles = data.journalProfiles.filter((p) => !ids.has(p.profileId));
  data.journalPages = data.journalPages.filter((p) => !ids.has(p.profileId));
}

/** The state handlers on a store. `cardsDir` holds the imported gift cards (config.cardsDir). */
export function createProviderStates(deps: {
  store: Store;
  passwordHashCost: number;
  cardsDir: string;
}): ProviderStateHandlers {
  const { store } = deps;
  const cards = CardStore.open(deps.cardsDir);

  return {
    [STATE.user]: async () => {
      const username = PACT_RECORDS.username;
      const password = randomBytes(18).toString('base64url');
      const passwordHash = await hashPassword(password, deps.passwordHashCost);
      await store.update((data) => {
        data.users = [
          ...data.users.filter((user) => user.username !== username),
          { username, userType: 'OPERATOR', passwordHash, loginCount: 0, lastLoginAt: null },
        ];
      });
      return { username, password };
    },
    [STATE.programExists]: async () => ({
      programId: await store.update((data) => ensureProgram(data)),
    }),
    [STATE.programMissing]: async () => ({
      programId: maxId(store.read().programs, (p) => p.programId) + UNUSED_ID_GAP,
    }),
    [STATE.countryWithStates]: async () =>
      store.update((data) => {
        let country = data.countries.find((c) => c.value === PACT_RECORDS.countryName);
        if (country === undefined) {
          country = { id: maxId(data.countries, (c) => c.id) + 1, value: PACT_RECORDS.countryName };
          data.countries.push(country);
        }
        const countryId = country.id;
        if (!data.states.some((s) => s.countryId === countryId)) {
          const id = maxId(data.states, (s) => s.id) + 1;
          data.states.push({ id, value: PACT_RECORDS.stateName, countryId });
        }
        return { countryId };
      }),
    [STATE.journalProfile]: async () =>
      store.update((data) => ensureProfile(data, PACT_RECORDS.profileSiteUrl, 0)),
    [STATE.publishedJournalProfile]: async () =>
      store.update((data) => ensureProfile(data, PACT_RECORDS.publishedSiteUrl, 1)),
    [STATE.journalProfileWithPages]: async (params) => {
      const pageTypeId = pageTypeIdOf(params);
      return store.update((data) => {
        const values = ensureProfile(data, PACT_RECORDS.profileSiteUrl, 0);
        return { ...values, pageId: ensurePage(data, Number(values.profileId), pageTypeId) };
      });
    },
    [STATE.journalProfileWithoutPageType]: async (params) => {
      const pageTypeId = pageTypeIdOf(params);
      return store.update((data) => {
        const values = ensureProfile(data, PACT_RECORDS.profileSiteUrl, 0);
        data.journalPages = data.journalPages.filter(
          (p) => !(p.profileId === values.profileId && p.pageTypeId === pageTypeId),
        );
        return values;
      });
    },
    [STATE.journalProfileMissing]: async () => ({
      profileId: maxId(store.read().journalProfiles, (p) => p.profileId) + UNUSED_ID_GAP,
    }),
    [STATE.siteUrlUnused]: async () => {
      const siteUrl = PACT_RECORDS.newSiteUrl;
      await store.update((data) => removeProfile(data, siteUrl));
      return { siteUrl };
    },
    [STATE.moduleCode]: async () =>
      store.update((data) => {
        const programId = ensureProgram(data);
        const code = PACT_RECORDS.moduleCode;
        const existing = data.moduleCodes.find((c) => c.code === code);
        const moduleCodeId =
          existing?.moduleCodeId ?? maxId(data.moduleCodes, (c) => c.moduleCodeId) + 1;
        data.moduleCodes = [
          ...data.moduleCodes.filter((c) => c.moduleCodeId !== moduleCodeId),
          {
            moduleCodeId,
            moduleId: MODULE_ID.JOURNAL,
            code,
            name: PACT_RECORDS.programName,
            programId,
          },
        ];
        return { programId, moduleCodeId, code };
      }),
    [STATE.moduleCodeUnused]: async () => {
      const code = PACT_RECORDS.newModuleCode;
      await store.update((data) => {
        const gone = new Set(
          data.moduleCodes.filter((c) => c.code === code).map((c) => c.moduleCodeId),
        );
        data.moduleCodes = data.moduleCodes.filter((c) => !gone.has(c.moduleCodeId));
        for (const profile of data.journalProfiles) {
          if (profile.moduleCodeId !== null && gone.has(profile.moduleCodeId)) {
            profile.moduleCodeId = null;
            profile.moduleCode = null;
          }
        }
      });
      return { code };
    },
    [STATE.publishedSiteWithCard]: async () => {
      const { programId, siteUrl } = await store.update((data) =>
        ensureProfile(data, PACT_RECORDS.publishedSiteUrl, 1),
      );
      const pin = String(randomInt(0, 10_000)).padStart(4, '0');
      const cardNumber = PACT_RECORDS.cardNumber;
      await cards.importCards(Number(programId), [
        {
          cardNumber,
          pin,
          balanceCents: 5000,
          currency: 'AUD',
          expiryDate: '2099-12-31',
          status: 'active',
        },
      ]);
      return { siteUrl: String(siteUrl), cardNumber, pin };
    },
  };
}

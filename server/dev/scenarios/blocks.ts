/**
 * The building blocks of the scenarios (./catalogue.ts) and of the pact provider states
 * (../provider-states.ts): one record (or one record with its parts) each, taking what makes it
 * differ as parameters. So what the contract verification sets up and what a developer clicks
 * through is one definition.
 *
 * Each block works on the data in place (a store draft, or a plain data set a scenario builds)
 * and is synchronous. A block finds its record again by its name (a client by its name, a scheme
 * by its name and client, a journal profile by its siteUrl, a merchant profile by its URL) and
 * resets it to exactly what the block makes, keeping its id: so a block called twice leaves the
 * data as one call does, beside whatever else is there. New records take the next free id.
 *
 * Texts a record holds beyond its name come from `brand` (e.g. `Pact` makes `1 Pact Street`,
 * `scheme@pact.example`), so a scenario's records read as its own.
 */
import { PROGRAM_TYPE } from '@contracts/api/constants';
import {
  JOURNAL_PAGE_TYPE,
  MODULE_ID,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import {
  MERCHANT_MODULE_ID,
  MERCHANT_PAGE_TYPE,
  MERCHANT_THEME,
  merchantModuleCode,
  type MerchantProfile,
} from '@contracts/api/merchant';
import {
  BASE_CAMPAIGN_ACTION,
  SCHEME_STATUS,
  SETTLEMENT_FREQUENCY,
  type Config,
} from '@contracts/api/schemes';
import type { SchemeStateValueName } from '@contracts/provider/states';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import type { Data, ProgramRecord, UserRecord } from '../../db/schema';
import { clientNameKey } from '../../schemes/scheme-rules';

/** Data a block needs is missing (a lookup), or a parameter is wrong. */
export class BlockError extends Error {
  override name = 'BlockError';
}

/** The largest id of a list (0 when empty); a new record takes this + 1. */
export const maxId = <T>(items: readonly T[], idOf: (item: T) => number) =>
  items.reduce((max, item) => Math.max(max, idOf(item)), 0);

/** The first id of a lookup (reference data every data set holds, never changed by a block). */
export function firstId(items: readonly { id: number }[], what: string): number {
  const id = items.reduce<number | undefined>(
    (min, item) => (min === undefined || item.id < min ? item.id : min),
    undefined,
  );
  if (id === undefined) throw new BlockError(`the data has no ${what}`);
  return id;
}

/** The journal theme of the blocks' profiles. */
const THEME_ID = 2;

const lower = (brand: string) => brand.toLowerCase().replace(/[^a-z0-9]+/g, '-');

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

/** A portal user (its password hashed beforehand: blocks are synchronous). */
export function user(data: Data, record: Omit<UserRecord, 'loginCount' | 'lastLoginAt'>): void {
  data.users = [
    ...data.users.filter((candidate) => candidate.username !== record.username),
    { ...record, loginCount: 0, lastLoginAt: null },
  ];
}

// ---------------------------------------------------------------------------------------------
// Clients and programs
// ---------------------------------------------------------------------------------------------

/** A transactor client (no BIN of its own), reset; answers its id. */
export function client(data: Data, params: { clientName: string }): number {
  const key = clientNameKey(params.clientName);
  const existing = data.clients.find((c) => clientNameKey(c.clientName) === key);
  const clientId = existing?.clientId ?? maxId(data.clients, (c) => c.clientId) + 1;
  data.clients = [
    ...data.clients.filter((c) => c.clientId !== clientId),
    {
      clientId,
      clientName: params.clientName,
      binTypeId: 0,
      binNumber: null,
      binName: null,
      binCountryId: null,
    },
  ];
  return clientId;
}

export interface ProgramParams {
  clientName: string;
  schemeName: string;
  schemeShortName: string;
  schemeAbbreviation: string;
}

/**
 * An active gift program of the client (no wizard records: what the journal and merchant sites
 * hang on), reset; found by its name; answers its id.
 */
export function giftProgram(data: Data, params: ProgramParams): number {
  const clientId = client(data, params);
  const existing = data.programs.find((p) => p.schemeName === params.schemeName);
  const programId = existing?.programId ?? maxId(data.programs, (p) => p.programId) + 1;
  const program: ProgramRecord = {
    programId,
    programTypeId: PROGRAM_TYPE.GIFT,
    clientId,
    clientName: params.clientName,
    schemeName: params.schemeName,
    schemeShortName: params.schemeShortName,
    schemeAbbreviation: params.schemeAbbreviation,
    schemeStatus: SCHEME_STATUS.ACTIVE,
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

/** A country with one state, created when missing; answers its id. */
export function country(data: Data, params: { countryName: string; stateName: string }): number {
  let found = data.countries.find((c) => c.value === params.countryName);
  if (found === undefined) {
    found = { id: maxId(data.countries, (c) => c.id) + 1, value: params.countryName };
    data.countries.push(found);
  }
  const countryId = found.id;
  if (!data.states.some((s) => s.countryId === countryId)) {
    const id = maxId(data.states, (s) => s.id) + 1;
    data.states.push({ id, value: params.stateName, countryId });
  }
  return countryId;
}

/** A master (internal) card BIN, extension length 3, card length 16, reset; answers its id. */
export function cardBin(data: Data, params: { name: string; number: string }): number {
  const existing = data.cardBins.find((b) => b.name === params.name);
  const id = existing?.id ?? maxId(data.cardBins, (b) => b.id) + 1;
  data.cardBins = [
    ...data.cardBins.filter((b) => b.id !== id),
    {
      id,
      number: params.number,
      name: params.name,
      cardLength: 16,
      extensionLength: 3,
      flInternal: 1,
    },
  ];
  return id;
}

/** A module code, reset (found by its code); answers its id. */
export function moduleCode(
  data: Data,
  params: { code: string; name: string; programId: number; moduleId?: number },
): number {
  const existing = data.moduleCodes.find((c) => c.code === params.code);
  const moduleCodeId = existing?.moduleCodeId ?? maxId(data.moduleCodes, (c) => c.moduleCodeId) + 1;
  data.moduleCodes = [
    ...data.moduleCodes.filter((c) => c.moduleCodeId !== moduleCodeId),
    {
      moduleCodeId,
      moduleId: params.moduleId ?? MODULE_ID.JOURNAL,
      code: params.code,
      name: params.name,
      programId: params.programId,
    },
  ];
  return moduleCodeId;
}

/** Removes the module codes of a code, unlinking the journal profiles that used them. */
export function removeModuleCode(data: Data, code: string): void {
  const gone = new Set(data.moduleCodes.filter((c) => c.code === code).map((c) => c.moduleCodeId));
  data.moduleCodes = data.moduleCodes.filter((c) => !gone.has(c.moduleCodeId));
  for (const profile of data.journalProfiles) {
    if (profile.moduleCodeId !== null && gone.has(profile.moduleCodeId)) {
      profile.moduleCodeId = null;
      profile.moduleCode = null;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Schemes (03): a scheme at a step of the wizard
// ---------------------------------------------------------------------------------------------

/** The steps a scheme has beyond General Settings (each implies the ones before). */
export interface SchemeSteps {
  configured: boolean;
  settlement: boolean;
  liability: boolean;
  /** Loyalty schemes only (gift schemes have no base campaign). */
  baseCampaign: boolean;
  /** Activated (status 5), as the Summary's 'Activate Scheme' leaves it. */
  activated?: boolean;
}
export const NO_STEPS: SchemeSteps = {
  configured: false,
  settlement: false,
  liability: false,
  baseCampaign: false,
};
/** Every step a scheme of the program type has before activation. */
export const ALL_STEPS: SchemeSteps = {
  configured: true,
  settlement: true,
  liability: true,
  baseCampaign: true,
};

export type SchemeProgramType = typeof PROGRAM_TYPE.GIFT | typeof PROGRAM_TYPE.LOYALTY;

export interface SchemeParams {
  /** The texts of its records (addresses, mail addresses, names of its settlement). */
  brand: string;
  clientName: string;
  schemeName: string;
  schemeShortName: string;
  schemeAbbreviation: string;
  programTypeId: SchemeProgramType;
  steps: SchemeSteps;
  /** The master BIN it is configured on (the cardBin block). */
  cardBin: { name: string; number: string };
  /** Its standard cards' suffix on that BIN (3 digits): schemes on one BIN need different ones. */
  suffixStand: string;
  /** The country its address is in (the country block). */
  country: { countryName: string; stateName: string };
}

/** What a scheme block answers: its ids and the ids a save of each step needs. */
export type SchemeValues = Record<SchemeStateValueName, string | number>;

/**
 * An account number in a bank's format (mask: 0 a digit, * a letter or digit, A a lowercase
 * letter; anything else literal).
 */
function accountNumberFor(format: string): string {
  return [...format]
    .map((char) => {
      if (char === '0' || char === '*') return '1';
      if (char === 'A') return 'a';
      return char;
    })
    .join('');
}

/** Removes schemes (programs) with their configuration and later steps. */
export function removeSchemes(data: Data, programIds: ReadonlySet<number>): void {
  const kept = <T extends { programId: number }>(items: T[]) =>
    items.filter((item) => !programIds.has(item.programId));
  data.programs = kept(data.programs);
  data.configurations = kept(data.configurations);
  data.financialSettlements = kept(data.financialSettlements);
  data.liabilityReportConfigs = kept(data.liabilityReportConfigs);
  data.baseCampaignActions = kept(data.baseCampaignActions);
}

/** Removes the clients of a name (as the uniqueness check reads names) with their schemes. */
export function removeClients(data: Data, clientName: string): void {
  const name = clientNameKey(clientName);
  const gone = new Set(
    data.clients.filter((c) => clientNameKey(c.clientName) === name).map((c) => c.clientId),
  );
  data.clients = data.clients.filter((c) => !gone.has(c.clientId));
  removeSchemes(
    data,
    new Set(data.programs.filter((p) => gone.has(p.clientId)).map((p) => p.programId)),
  );
}

const SCHEME_DATES = {
  /** 1 Jan 2026 and 31 Dec 2026 (UTC midnight), epoch seconds: a weekly settlement's period. */
  start: Date.UTC(2026, 0, 1) / 1000,
  end: Date.UTC(2026, 11, 31) / 1000,
  /** The liability report's next run: 1 Dec 2026. */
  nextRun: Date.UTC(2026, 11, 1) / 1000,
} as const;

/**
 * A scheme of a client, reset to General Settings plus exactly the steps asked for (its
 * client, BIN and country made too); answers SchemeValues. Its lookups (transaction method,
 * expiry, bank, liability frequency) are the first the data holds.
 */
export function scheme(data: Data, params: SchemeParams): SchemeValues {
  const { steps, brand } = params;
  const mail = lower(brand);
  const gift = params.programTypeId === PROGRAM_TYPE.GIFT;
  const clientId = client(data, params);
  const liveCardBinId = cardBin(data, params.cardBin);
  const countryId = country(data, params.country);
  const transactionMethodsStr = String(firstId(data.transactionMethods, 'transaction method'));
  const expiryFrom = firstId(data.expiryTypes, 'expiry type');
  const expiryTerm = firstId(data.expiryTerms, 'expiry term');
  const bankId = firstId(data.banks, 'bank');
  const bank = data.banks.find((b) => b.id === bankId);
  const poolAccBankNumber = accountNumberFor(bank?.accountFormat ?? '');
  const frequency = firstId(data.liabilityFrequencies, 'liability frequency');
  const { suffixStand } = params;

  const existing = data.programs.find(
    (p) => p.schemeName === params.schemeName && p.clientId === clientId,
  );
  const programId = existing?.programId ?? maxId(data.programs, (p) => p.programId) + 1;
  let schemeStatus: number = SCHEME_STATUS.GENERAL;
  if (steps.configured) schemeStatus = SCHEME_STATUS.CONFIG;
  if (steps.settlement) schemeStatus = SCHEME_STATUS.FINANCIAL;
  if (steps.activated === true) schemeStatus = SCHEME_STATUS.ACTIVE;
  const program: ProgramRecord = {
    programId,
    programTypeId: params.programTypeId,
    clientId,
    clientName: params.clientName,
    schemeName: params.schemeName,
    schemeShortName: params.schemeShortName,
    schemeAbbreviation: params.schemeAbbreviation,
    schemeStatus,
    poweruserLogin: `${mail}.admin`,
    buttonImgUrl: null,
    logoImgUrl: null,
    address1: `1 ${brand} Street`,
    address2: null,
    address3: null,
    address4: null,
    suburb: `${brand}ville`,
    city: `${brand}ville`,
    postcode: '2000',
    countryId,
    stateId: null,
    email: `scheme@${mail}.example`,
    website: `https://www.${mail}.example`,
    mobile: '0412345678',
    landline: '0298765432',
    transactionMethodsStr,
    poweruserPasswordHash: null,
  };
  removeSchemes(data, new Set([programId]));
  data.programs.push(program);

  if (steps.configured) {
    const common = {
      programId,
      expiryExtend: 0 as const,
      expiryFrom,
      expiryTerm,
      redeemMin: 1,
      redeemMax: 500,
      merchantRedeem: 1 as const,
      liveCardBinId,
      suffixLength: 3,
      suffixStand,
      suffixVirtual: null,
      numberStandCards: 100,
      schemeStatus,
    };
    const config: Config = gift
      ? {
          ...common,
          programTypeId: PROGRAM_TYPE.GIFT,
          creditMin: 5,
          creditMax: 1000,
          topupMin: 5,
          topupMax: 500,
          multiTopup: 1,
          merchantTopup: 1,
          suffixBulk: null,
          numberBulkCards: null,
        }
      : {
          ...common,
          programTypeId: PROGRAM_TYPE.LOYALTY,
          loyaltyBalanceMin: 0,
          loyaltyBalanceMax: 5000,
          merchantLoyaltyRedeem: 1,
        };
    data.configurations.push(config);
  }
  if (steps.settlement) {
    data.financialSettlements.push({
      programId,
      bankId,
      bankAuthority: '123456',
      poolAccName: `${brand} Pool`,
      poolAccBankNumber,
      frequency: SETTLEMENT_FREQUENCY.WEEKLY,
      frequencyWhen: null,
      frequencyDayOfWeek: 1,
      flDualBillingSeq: 0,
      startDate: SCHEME_DATES.start,
      endDate: SCHEME_DATES.end,
      schemeStatus,
    });
  }
  if (steps.liability) {
    data.liabilityReportConfigs.push({
      programId,
      emailRecipient: `finance@${mail}.example`,
      emailCC: null,
      emailBCC: null,
      emailSubject: `${brand} liability report`,
      flActive: 1,
      frequency,
      nextExecutionDate: SCHEME_DATES.nextRun,
      schedulerFunction: null,
      groupingHorizon: 3,
    });
  }
  if (steps.baseCampaign && !gift) {
    data.baseCampaignActions.push({
      programId,
      actionTypeId: BASE_CAMPAIGN_ACTION.SLIDING,
      actionParameter1: null,
      actionParameter2: null,
      range: [
        { min: 0, max: 20, multiplier: 1 },
        { min: 21, max: 200, multiplier: 2 },
      ],
    });
  }
  return {
    programId,
    clientId,
    countryId,
    transactionMethodsStr,
    liveCardBinId,
    expiryFrom,
    expiryTerm,
    suffixStand,
    bankId,
    poolAccBankNumber,
    frequency,
  };
}

// ---------------------------------------------------------------------------------------------
// MyJournal (01)
// ---------------------------------------------------------------------------------------------

export interface JournalProfileParams {
  brand: string;
  programId: number;
  siteUrl: string;
  /** Published: with its Login page (what a published site needs). */
  published: boolean;
  /** ISO time; default now (kept when the profile exists). */
  creationDate?: string;
}

/** A journal profile of a siteUrl, reset: texts filled in, no images, no module code; its id. */
export function journalProfile(data: Data, params: JournalProfileParams): number {
  const { siteUrl, brand } = params;
  const existing = data.journalProfiles.find((p) => p.siteUrl.toLowerCase() === siteUrl);
  const profileId = existing?.profileId ?? maxId(data.journalProfiles, (p) => p.profileId) + 1;
  const profile: JournalProfile = {
    profileId,
    programId: params.programId,
    creationDate: existing?.creationDate ?? params.creationDate ?? new Date().toISOString(),
    isPublished: params.published ? 1 : 0,
    title: `${brand} Gift Card Balance`,
    keywords: 'gift card, balance',
    description: 'Check the balance of your gift card.',
    googleAnalytics: 'UA-000000-1',
    clientWebsite: `https://www.${lower(brand)}.example`,
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
  if (params.published) journalPage(data, { profileId, pageTypeId: JOURNAL_PAGE_TYPE.LOGIN });
  return profileId;
}

/** The profile's one page of a type, reset; answers its id. */
export function journalPage(data: Data, params: { profileId: number; pageTypeId: number }): number {
  const { profileId, pageTypeId } = params;
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

/** Removes the profile's page of a type. */
export function removeJournalPage(
  data: Data,
  params: { profileId: number; pageTypeId: number },
): void {
  data.journalPages = data.journalPages.filter(
    (p) => !(p.profileId === params.profileId && p.pageTypeId === params.pageTypeId),
  );
}

/** Removes the profiles of a siteUrl, with their pages. */
export function removeJournalProfiles(data: Data, siteUrl: string): void {
  const gone = data.journalProfiles.filter((p) => p.siteUrl.toLowerCase() === siteUrl);
  const ids = new Set(gone.map((p) => p.profileId));
  data.journalProfiles = data.journalProfiles.filter((p) => !ids.has(p.profileId));
  data.journalPages = data.journalPages.filter((p) => !ids.has(p.profileId));
}

// ---------------------------------------------------------------------------------------------
// MyMerchant (02)
// ---------------------------------------------------------------------------------------------

/** A merchant URL as the server compares them (the journal's rule: whatever the case). */
const usesMerchantUrl = (profile: MerchantProfile, url: string) =>
  [profile.liveURL, profile.testURL].some((own) => own?.toLowerCase() === url);

/** Removes the merchant profiles using a URL, with their selected pages and sub-pages. */
export function removeMerchantProfiles(data: Data, url: string): void {
  const ids = new Set(
    data.merchantProfiles.filter((p) => usesMerchantUrl(p, url)).map((p) => p.id),
  );
  data.merchantProfiles = data.merchantProfiles.filter((p) => !ids.has(p.id));
  data.merchantSelectedPages = data.merchantSelectedPages.filter((p) => !ids.has(p.profileId));
  data.merchantSelectedSubPages = data.merchantSelectedSubPages.filter(
    (p) => !ids.has(p.profileId),
  );
}

/** The first sub-page type of a page type in the data's catalogue. */
function firstSubtypeOf(data: Data, typeId: number): number {
  const subtypes = data.merchantPageSubTypes.filter((sub) => sub.typeId === typeId);
  if (subtypes.length === 0) {
    throw new BlockError(`the data has no sub-page type of page type ${typeId}`);
  }
  return firstId(subtypes, `sub-page type of page type ${typeId}`);
}

export interface MerchantProfileValues {
  profileId: number;
  programId: number;
  url: string;
  languageId: number;
  code: string;
  subtypeId: number;
  unselectedSubtypeId: number;
  /** The ids of the page types a page selection names (the catalogue's). */
  homeTypeId: number;
  locationsTypeId: number;
  termsTypeId: number;
  privacyPolicyTypeId: number;
}

export interface MerchantProfileParams {
  brand: string;
  programId: number;
  /** Its testURL. */
  url: string;
  /** publishLive 1, with its module code (kept in the shared list). */
  published: boolean;
  /** publishTest 1: the site answers at its testURL. */
  publishedTest?: boolean;
}

/**
 * The merchant profile of a URL (its testURL), reset: texts filled in, no images; the
 * mandatory page types and the Terms page selected (each with a content), and the Terms page's
 * first sub-page; the first language the data has.
 */
export function merchantProfile(data: Data, params: MerchantProfileParams): MerchantProfileValues {
  const { programId, url, published, brand } = params;
  const program = data.programs.find((p) => p.programId === programId);
  const languageId = firstId(data.languages, 'language');
  const existing = data.merchantProfiles.find((p) => usesMerchantUrl(p, url));
  const profileId = existing?.id ?? maxId(data.merchantProfiles, (p) => p.id) + 1;
  const code = merchantModuleCode(programId, program?.schemeAbbreviation ?? '', profileId);
  if (published && !data.moduleCodes.some((c) => c.code === code)) {
    data.moduleCodes.push({
      moduleCodeId: maxId(data.moduleCodes, (c) => c.moduleCodeId) + 1,
      moduleId: MERCHANT_MODULE_ID,
      code,
      name: program?.schemeName ?? '',
      programId,
    });
  }
  const profile: MerchantProfile = {
    id: profileId,
    programId,
    liveURL: null,
    testURL: url,
    primaryLanguageId: languageId,
    secundaryLanguageId: null,
    siteThemeId: MERCHANT_THEME.LIGHT,
    overrideCSS: 'body {\n  background-color: #f4f4f4;\n}\n',
    siteTitle: `${brand} Merchant`,
    description: null,
    siteKeywords: null,
    analyticsTrackingCode: 'UA-000000-2',
    headerLogoPath: null,
    logoPath: null,
    faviconPath: null,
    backgroundPath: null,
    moduleCode: published ? code : null,
    publishLive: published ? 1 : 0,
    publishTest: params.publishedTest === true ? 1 : 0,
  };
  data.merchantProfiles = [...data.merchantProfiles.filter((p) => p.id !== profileId), profile];

  const pages = [
    ...data.merchantPageTypes
      .filter((type) => type.fl_mandatory === 1 && type.id !== MERCHANT_PAGE_TYPE.TERMS)
      .map((type) => ({ typeId: type.id, navItem: type.name, title: type.name })),
    { typeId: MERCHANT_PAGE_TYPE.TERMS, navItem: 'Terms', title: 'Terms and Conditions' },
  ].map((page) => ({
    ...page,
    profileId,
    content: `<p>${page.title} of ${brand} Merchant.</p>`,
  }));
  const subtypeId = firstSubtypeOf(data, MERCHANT_PAGE_TYPE.TERMS);
  data.merchantSelectedPages = [
    ...data.merchantSelectedPages.filter((p) => p.profileId !== profileId),
    ...pages,
  ];
  data.merchantSelectedSubPages = [
    ...data.merchantSelectedSubPages.filter((p) => p.profileId !== profileId),
    { profileId, subtypeId, pageTypeFk: MERCHANT_PAGE_TYPE.TERMS },
  ];
  return {
    profileId,
    programId,
    url,
    languageId,
    code,
    subtypeId,
    unselectedSubtypeId: firstSubtypeOf(data, MERCHANT_PAGE_TYPE.PRIVACY_POLICY),
    homeTypeId: MERCHANT_PAGE_TYPE.HOME,
    locationsTypeId: MERCHANT_PAGE_TYPE.LOCATIONS,
    termsTypeId: MERCHANT_PAGE_TYPE.TERMS,
    privacyPolicyTypeId: MERCHANT_PAGE_TYPE.PRIVACY_POLICY,
  };
}

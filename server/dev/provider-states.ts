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
  BASE_CAMPAIGN_ACTION,
  SCHEME_STATUS,
  SETTLEMENT_FREQUENCY,
  type Config,
} from '@contracts/api/schemes';
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
  MERCHANT_SITE_STORES,
  STATE,
  type ProviderStateName,
  type SchemeStateValueName,
} from '@contracts/provider/states';
import type { ImportKind } from '@contracts/api/imports';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import { hashPassword } from '../auth/passwords';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Data, ProgramRecord } from '../db/schema';
import type { Store } from '../db/store';
import { ImageFiles } from '../images/image-files';
import type { CardImportParams, ImportService } from '../imports/import-service';

/** A 1x1 PNG: the review screenshot a state stores (its bytes pass the image check). */
const SMALLEST_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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
  /** The review screenshot of 'a review screenshot exists' (an image id: 32 hex digits). */
  reviewImageId: 'fac7'.padEnd(32, '0'),
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
  /** The scheme states' schemes, one per program type, of the client `clientName`. */
  giftSchemeName: 'Pact Gift Scheme',
  loyaltySchemeName: 'Pact Loyalty Scheme',
  /** The name the create-client interaction uses; removed before it runs. */
  newClientName: 'Pact New Client',
  /** The name the create-scheme interaction uses; removed (with its records) before it runs. */
  newSchemeName: 'Pact New Scheme',
  /** The master card BIN the pact schemes are configured on. */
  cardBinName: 'PACT Master BIN',
  cardBinNumber: '999901',
  /** The user's file name of the card import 'a scheme has an uploaded file' makes. */
  uploadedFileName: 'pact-cards.csv',
  /** The merchant profiles (their testURL): unpublished, published. */
  merchantUrl: 'pact-merchant',
  publishedMerchantUrl: 'pact-merchant-published',
  /** The URL the create-merchant-profile interactions use; removed before they run. */
  newMerchantUrl: 'pact-merchant-new',
  /** The published merchant site with imported stores (testURL, publishTest 1). */
  merchantSiteUrl: 'pact-merchant-site',
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

/** The pact country with its state; answers its id. */
function ensureCountry(data: Data): number {
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
  return countryId;
}

// ---------------------------------------------------------------------------------------------
// Schemes
// ---------------------------------------------------------------------------------------------

/** The steps a scheme state sets up beyond General Settings (each implies the ones before). */
interface SchemeSteps {
  configured: boolean;
  settlement: boolean;
  liability: boolean;
  baseCampaign: boolean;
}
const NO_STEPS: SchemeSteps = {
  configured: false,
  settlement: false,
  liability: false,
  baseCampaign: false,
};

type SchemeProgramType = typeof PROGRAM_TYPE.GIFT | typeof PROGRAM_TYPE.LOYALTY;

function programTypeIdOf(params: Record<string, unknown>): SchemeProgramType {
  const value = Number(params.programTypeId);
  if (value !== PROGRAM_TYPE.GIFT && value !== PROGRAM_TYPE.LOYALTY) {
    throw new ProviderStateError(
      `this state needs "programTypeId" ${PROGRAM_TYPE.GIFT} (gift) or ${PROGRAM_TYPE.LOYALTY} (loyalty)`,
    );
  }
  return value;
}

function configuredOf(params: Record<string, unknown>): boolean {
  const value = params.configured;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new ProviderStateError('this state needs a boolean "configured"');
}

/** The first id of a lookup this provider holds (its own reference data, never changed). */
function firstId(items: readonly { id: number }[], what: string): number {
  const id = items.reduce<number | undefined>(
    (min, item) => (min === undefined || item.id < min ? item.id : min),
    undefined,
  );
  if (id === undefined) throw new ProviderStateError(`the provider has no ${what}`);
  return id;
}

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

/** The pact client (transactor), reset; answers its id. */
function ensureSchemeClient(data: Data): number {
  const existing = data.clients.find((c) => c.clientName === PACT_RECORDS.clientName);
  const clientId = existing?.clientId ?? maxId(data.clients, (c) => c.clientId) + 1;
  data.clients = [
    ...data.clients.filter((c) => c.clientId !== clientId),
    {
      clientId,
      clientName: PACT_RECORDS.clientName,
      binTypeId: 0,
      binNumber: null,
      binName: null,
      binCountryId: null,
    },
  ];
  return clientId;
}

/** The pact master card BIN (internal, extension length 3), reset; answers its id. */
function ensureCardBin(data: Data): number {
  const existing = data.cardBins.find((b) => b.name === PACT_RECORDS.cardBinName);
  const id = existing?.id ?? maxId(data.cardBins, (b) => b.id) + 1;
  data.cardBins = [
    ...data.cardBins.filter((b) => b.id !== id),
    {
      id,
      number: PACT_RECORDS.cardBinNumber,
      name: PACT_RECORDS.cardBinName,
      cardLength: 16,
      extensionLength: 3,
      flInternal: 1,
    },
  ];
  return id;
}

/** Removes schemes (programs) with their configuration and later steps. */
function removeSchemes(data: Data, programIds: ReadonlySet<number>): void {
  const kept = <T extends { programId: number }>(items: T[]) =>
    items.filter((item) => !programIds.has(item.programId));
  data.programs = kept(data.programs);
  data.configurations = kept(data.configurations);
  data.financialSettlements = kept(data.financialSettlements);
  data.liabilityReportConfigs = kept(data.liabilityReportConfigs);
  data.baseCampaignActions = kept(data.baseCampaignActions);
}

const SCHEME_DATES = {
  /** 1 Jan 2026 and 31 Dec 2026 (UTC midnight), epoch seconds: a weekly settlement's period. */
  start: Date.UTC(2026, 0, 1) / 1000,
  end: Date.UTC(2026, 11, 31) / 1000,
  /** The liability report's next run: 1 Dec 2026. */
  nextRun: Date.UTC(2026, 11, 1) / 1000,
} as const;

/**
 * The pact scheme of a program type, reset to General Settings plus exactly the steps asked
 * for; answers SCHEME_STATE_VALUES (contracts/provider/states.ts). Gift and loyalty use different suffixes on the pact BIN,
 * so either can be configured while the other is.
 */
function ensureScheme(
  data: Data,
  programTypeId: SchemeProgramType,
  steps: SchemeSteps,
): ProviderStateValues {
  const gift = programTypeId === PROGRAM_TYPE.GIFT;
  const schemeName = gift ? PACT_RECORDS.giftSchemeName : PACT_RECORDS.loyaltySchemeName;
  const clientId = ensureSchemeClient(data);
  const liveCardBinId = ensureCardBin(data);
  const countryId = ensureCountry(data);
  const transactionMethodsStr = String(firstId(data.transactionMethods, 'transaction method'));
  const expiryFrom = firstId(data.expiryTypes, 'expiry type');
  const expiryTerm = firstId(data.expiryTerms, 'expiry term');
  const bankId = firstId(data.banks, 'bank');
  const bank = data.banks.find((b) => b.id === bankId);
  const poolAccBankNumber = accountNumberFor(bank?.accountFormat ?? '');
  const frequency = firstId(data.liabilityFrequencies, 'liability frequency');
  const suffixStand = gift ? '001' : '002';

  const existing = data.programs.find(
    (p) => p.schemeName === schemeName && p.clientId === clientId,
  );
  const programId = existing?.programId ?? maxId(data.programs, (p) => p.programId) + 1;
  let schemeStatus: number = SCHEME_STATUS.GENERAL;
  if (steps.configured) schemeStatus = SCHEME_STATUS.CONFIG;
  if (steps.settlement) schemeStatus = SCHEME_STATUS.FINANCIAL;
  const program: ProgramRecord = {
    programId,
    programTypeId,
    clientId,
    clientName: PACT_RECORDS.clientName,
    schemeName,
    schemeShortName: gift ? 'PACTGS' : 'PACTLS',
    schemeAbbreviation: gift ? 'PGS' : 'PLS',
    schemeStatus,
    poweruserLogin: 'pact.admin',
    buttonImgUrl: null,
    logoImgUrl: null,
    address1: '1 Pact Street',
    address2: null,
    address3: null,
    address4: null,
    suburb: 'Pactville',
    city: 'Pactville',
    postcode: '2000',
    countryId,
    stateId: null,
    email: 'scheme@pact.example',
    website: 'https://www.pact.example',
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
      poolAccName: 'Pact Pool',
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
      emailRecipient: 'finance@pact.example',
      emailCC: null,
      emailBCC: null,
      emailSubject: 'Pact liability report',
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
  const values: Record<SchemeStateValueName, string | number> = {
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
  return values;
}

// ---------------------------------------------------------------------------------------------
// MyMerchant
// ---------------------------------------------------------------------------------------------

/** A merchant URL as the server compares them (the journal's rule: whatever the case). */
const usesMerchantUrl = (profile: MerchantProfile, url: string) =>
  [profile.liveURL, profile.testURL].some((own) => own?.toLowerCase() === url);

/** Removes the merchant profiles using a URL, with their selected pages and sub-pages. */
function removeMerchantProfiles(data: Data, url: string): void {
  const ids = new Set(
    data.merchantProfiles.filter((p) => usesMerchantUrl(p, url)).map((p) => p.id),
  );
  data.merchantProfiles = data.merchantProfiles.filter((p) => !ids.has(p.id));
  data.merchantSelectedPages = data.merchantSelectedPages.filter((p) => !ids.has(p.profileId));
  data.merchantSelectedSubPages = data.merchantSelectedSubPages.filter(
    (p) => !ids.has(p.profileId),
  );
}

/** The first sub-page type of a page type in the provider's catalogue. */
function firstSubtypeOf(data: Data, typeId: number): number {
  const subtypes = data.merchantPageSubTypes.filter((sub) => sub.typeId === typeId);
  if (subtypes.length === 0) {
    throw new ProviderStateError(`the provider has no sub-page type of page type ${typeId}`);
  }
  return firstId(subtypes, `sub-page type of page type ${typeId}`);
}

/**
 * The pact merchant profile of a URL (its testURL), reset: texts filled in, no images; the
 * mandatory page types and the Terms page selected (each with a content), and the Terms
 * page's first sub-page. Published profiles get their module code (kept in the shared store).
 */
interface MerchantStateValues extends ProviderStateValues {
  profileId: number;
  programId: number;
  url: string;
  languageId: number;
  code: string;
  subtypeId: number;
  unselectedSubtypeId: number;
}

function ensureMerchantProfile(data: Data, url: string, published: boolean): MerchantStateValues {
  const programId = ensureProgram(data);
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
      name: PACT_RECORDS.programName,
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
    siteTitle: 'Pact Merchant',
    description: null,
    siteKeywords: null,
    analyticsTrackingCode: 'UA-000000-2',
    headerLogoPath: null,
    logoPath: null,
    faviconPath: null,
    backgroundPath: null,
    moduleCode: published ? code : null,
    publishLive: published ? 1 : 0,
    publishTest: 0,
  };
  data.merchantProfiles = [...data.merchantProfiles.filter((p) => p.id !== profileId), profile];

  const pages = [
    ...data.merchantPageTypes
      .filter((type) => type.fl_mandatory === 1 && type.id !== MERCHANT_PAGE_TYPE.TERMS)
      .map((type) => ({ typeId: type.id, navItem: type.name, title: type.name })),
    { typeId: MERCHANT_PAGE_TYPE.TERMS, navItem: 'Terms', title: 'Terms and Conditions' },
  ].map((page) => ({ ...page, profileId, content: `<p>${page.title} of Pact Merchant.</p>` }));
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
  };
}

/** The files the import states upload (one good line each; the card file also a bad one). */
const PACT_IMPORT_FILES = {
  cards: 'pact-import-cards.txt',
  stores: 'pact-import-stores.txt',
  devices: 'pact-import-devices.txt',
  /** The store the store file holds and the device file refers to. */
  storeCode: 'PACT1',
  /** The published merchant site's stores (MERCHANT_SITE_STORES). */
  merchantStores: 'pact-merchant-stores.txt',
} as const;

/** Stores `content` as a new upload of the program, as the files router does; its name. */
async function storeUpload(
  imports: ImportService,
  upload: { programId: number; kind: ImportKind; userFileName: string; content: string },
): Promise<string> {
  const fileName = imports.newUploadName();
  await writeFile(path.join(imports.uploadsDir, fileName), upload.content, { mode: 0o600 });
  await imports.registerUpload({
    fileName,
    programId: upload.programId,
    userFileName: upload.userFileName,
    kind: upload.kind,
    bytes: Buffer.byteLength(upload.content),
    createdDate: Math.floor(Date.now() / 1000),
  });
  return fileName;
}

/** The card import parameters of a configured pact scheme: its BIN, its standard suffix zero-padded. */
function pactCardParams(store: Store, values: ProviderStateValues): CardImportParams {
  const bin = store.read().cardBins.find((candidate) => candidate.id === values.liveCardBinId);
  if (bin === undefined) throw new ProviderStateError(`card BIN ${values.liveCardBinId} missing`);
  return {
    binNumber: bin.number,
    extension: String(values.suffixStand).padStart(bin.extensionLength, '0'),
    cardLength: bin.cardLength,
  };
}

/** A card number of the import parameters, ending in `serial`. */
function pactCardNumber(card: CardImportParams, serial: number): string {
  const prefix = `${card.binNumber}${card.extension}`;
  return `${prefix}${String(serial).padStart(card.cardLength - prefix.length, '0')}`;
}

/** The card file of the import states: one good card, and one not of the scheme's BIN. */
function pactCardFile(store: Store, values: ProviderStateValues) {
  const card = pactCardParams(store, values);
  const foreign = '1'.padStart(card.cardLength, '0');
  const content = [
    'cardNumber|pin|balance|expiryDate',
    `${pactCardNumber(card, 2)}|1234|25.00|2099-12-31`,
    `${foreign}|1234|25.00|2099-12-31`,
    '',
  ].join('\n');
  return { card, content };
}

/** The pact card file (pactCardFile) uploaded for the scheme of `values`, not yet imported. */
async function uploadPactCardFile(
  store: Store,
  imports: ImportService,
  values: ProviderStateValues,
) {
  const programId = Number(values.programId);
  const { card, content } = pactCardFile(store, values);
  const fileName = await storeUpload(imports, {
    programId,
    kind: 'card',
    userFileName: PACT_IMPORT_FILES.cards,
    content,
  });
  return { programId, fileName, card };
}

/**
 * A completed import of a one-card file (named PACT_RECORDS.uploadedFileName) for the scheme,
 * through the import service as the wizard does it; none again when the scheme has one.
 */
async function ensureImportedCardFile(
  store: Store,
  imports: ImportService,
  values: ProviderStateValues,
): Promise<void> {
  const programId = Number(values.programId);
  const userFileName = PACT_RECORDS.uploadedFileName;
  if (imports.importedFiles(programId).some((file) => file.fileName === userFileName)) return;
  const card = pactCardParams(store, values);
  const content = `cardNumber|pin|balance|expiryDate\n${pactCardNumber(card, 1)}|1234|10.00|2099-12-31\n`;
  const fileName = await storeUpload(imports, { programId, kind: 'card', userFileName, content });
  await imports.process('card', { programId, fileName, userFileName, card });
}

/** The pact gift or loyalty scheme, configured (the import states' scheme). */
function configuredScheme(store: Store, params: Record<string, unknown>) {
  const programTypeId = programTypeIdOf(params);
  return store.update((data) =>
    ensureScheme(data, programTypeId, { ...NO_STEPS, configured: true }),
  );
}

/** A new upload of the pact store file for the program; its name. */
const uploadStoreFile = (imports: ImportService, programId: number) =>
  storeUpload(imports, {
    programId,
    kind: 'store',
    userFileName: PACT_IMPORT_FILES.stores,
    content: `storeCode|storeName|address|city|postcode|countryCode\n${PACT_IMPORT_FILES.storeCode}|Pact Store|1 Pact Street|Pactville|2000|AU\n`,
  });

/**
 * MERCHANT_SITE_STORES imported for the program through the import service (a new upload each
 * time; the store codes are the same, so a rerun replaces the stores, keeping their order).
 */
async function importMerchantStores(imports: ImportService, programId: number): Promise<void> {
  const userFileName = PACT_IMPORT_FILES.merchantStores;
  const lines = MERCHANT_SITE_STORES.names.map(
    (name, index) => `PACTMS${index + 1}|${name}|${index + 1} Pact Street|Pactville|2000|AU`,
  );
  const content = ['storeCode|storeName|address|city|postcode|countryCode', ...lines, ''].join(
    '\n',
  );
  const fileName = await storeUpload(imports, { programId, kind: 'store', userFileName, content });
  const answer = await imports.process('store', { programId, fileName, userFileName });
  if (answer.totalSuccessLines !== lines.length) {
    throw new Error(`the pact merchant stores imported as ${JSON.stringify(answer)}`);
  }
}

/** The state handlers on a store. `cards` is the imported gift cards (ImportService.cards). */
export function createProviderStates(deps: {
  store: Store;
  passwordHashCost: number;
  /** The imports and their records (its `cards`: the published sites' balance check). */
  imports: ImportService;
  /** Where the review screenshots are kept (config.reviewImagesDir). */
  reviewImagesDir: string;
}): ProviderStateHandlers {
  const { store } = deps;
  const { cards } = deps.imports;
  const reviewImages = new ImageFiles(deps.reviewImagesDir);

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
      store.update((data) => ({ countryId: ensureCountry(data) })),
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

    // Schemes
    [STATE.schemeClient]: async () =>
      store.update((data) => ({
        clientId: ensureSchemeClient(data),
        clientName: PACT_RECORDS.clientName,
      })),
    [STATE.schemeClientNameUnused]: async () => {
      const clientName = PACT_RECORDS.newClientName;
      await store.update((data) => {
        const name = clientName.toLowerCase();
        const gone = new Set(
          data.clients.filter((c) => c.clientName.toLowerCase() === name).map((c) => c.clientId),
        );
        data.clients = data.clients.filter((c) => !gone.has(c.clientId));
        removeSchemes(
          data,
          new Set(data.programs.filter((p) => gone.has(p.clientId)).map((p) => p.programId)),
        );
      });
      return { clientName };
    },
    [STATE.schemeClientMissing]: async () => ({
      clientId: maxId(store.read().clients, (c) => c.clientId) + UNUSED_ID_GAP,
    }),
    [STATE.schemeNameUnused]: async () => {
      const schemeName = PACT_RECORDS.newSchemeName;
      await store.update((data) =>
        removeSchemes(
          data,
          new Set(data.programs.filter((p) => p.schemeName === schemeName).map((p) => p.programId)),
        ),
      );
      return { schemeName };
    },
    [STATE.scheme]: async (params) => {
      const programTypeId = programTypeIdOf(params);
      const configured = configuredOf(params);
      return store.update((data) => ensureScheme(data, programTypeId, { ...NO_STEPS, configured }));
    },
    [STATE.schemeWithSettlement]: async (params) => {
      const programTypeId = programTypeIdOf(params);
      return store.update((data) =>
        ensureScheme(data, programTypeId, { ...NO_STEPS, configured: true, settlement: true }),
      );
    },
    [STATE.schemeWithLiability]: async (params) => {
      const programTypeId = programTypeIdOf(params);
      return store.update((data) =>
        ensureScheme(data, programTypeId, {
          ...NO_STEPS,
          configured: true,
          settlement: true,
          liability: true,
        }),
      );
    },
    [STATE.schemeWithBaseCampaign]: async () =>
      store.update((data) =>
        ensureScheme(data, PROGRAM_TYPE.LOYALTY, {
          configured: true,
          settlement: true,
          liability: true,
          baseCampaign: true,
        }),
      ),
    [STATE.schemeWithUploadedFile]: async (params) => {
      const programTypeId = programTypeIdOf(params);
      const values = await store.update((data) =>
        ensureScheme(data, programTypeId, { ...NO_STEPS, configured: true }),
      );
      await ensureImportedCardFile(store, deps.imports, values);
      return values;
    },
    [STATE.schemeWithUploadedCardFile]: async (params) => {
      const values = await configuredScheme(store, params);
      const { fileName, card } = await uploadPactCardFile(store, deps.imports, values);
      return { ...values, fileName, ...card };
    },
    [STATE.schemeWithUploadedStoreFile]: async (params) => {
      const values = await configuredScheme(store, params);
      const fileName = await uploadStoreFile(deps.imports, Number(values.programId));
      return { ...values, fileName };
    },
    [STATE.schemeWithUploadedDeviceFile]: async (params) => {
      const values = await configuredScheme(store, params);
      const programId = Number(values.programId);
      const storeFile = await uploadStoreFile(deps.imports, programId);
      const stores = await deps.imports.process('store', {
        programId,
        fileName: storeFile,
        userFileName: PACT_IMPORT_FILES.stores,
      });
      if (stores.totalSuccessLines !== 1) {
        throw new Error(`the pact store file imported as ${JSON.stringify(stores)}`);
      }
      const fileName = await storeUpload(deps.imports, {
        programId,
        kind: 'device',
        userFileName: PACT_IMPORT_FILES.devices,
        content: `deviceId|storeCode|deviceType|serialNumber|password\nPACT-POS-1|${PACT_IMPORT_FILES.storeCode}|Terminal|SN-PACT-1|pact-device-secret\n`,
      });
      return { ...values, fileName };
    },
    [STATE.schemeWithCardImportErrors]: async (params) => {
      const values = await configuredScheme(store, params);
      const { programId, fileName, card } = await uploadPactCardFile(store, deps.imports, values);
      const answer = await deps.imports.process('card', {
        programId,
        fileName,
        userFileName: PACT_IMPORT_FILES.cards,
        card,
      });
      if (answer.outFileName === null) {
        throw new Error(`the pact card file imported as ${JSON.stringify(answer)}`);
      }
      return { ...values, fileName, outFileName: answer.outFileName };
    },
    [STATE.reviewImage]: async () => {
      const { reviewImageId } = PACT_RECORDS;
      await reviewImages.remove(reviewImageId);
      await reviewImages.write(reviewImageId, SMALLEST_PNG);
      return { reviewImageId };
    },
    [STATE.masterCardBin]: async () => store.update((data) => ({ binId: ensureCardBin(data) })),

    // MyMerchant
    [STATE.merchantProfile]: async () =>
      store.update((data) => ensureMerchantProfile(data, PACT_RECORDS.merchantUrl, false)),
    [STATE.publishedMerchantProfile]: async () =>
      store.update((data) => {
        const { profileId, programId, url } = ensureMerchantProfile(
          data,
          PACT_RECORDS.publishedMerchantUrl,
          true,
        );
        return { profileId, programId, url };
      }),
    [STATE.merchantSiteWithStores]: async () => {
      const { programId, url } = await store.update((data) => {
        const values = ensureMerchantProfile(data, PACT_RECORDS.merchantSiteUrl, true);
        // Published on the test host: the site at its testURL answers.
        const profile = data.merchantProfiles.find((p) => p.id === values.profileId);
        if (profile !== undefined) profile.publishTest = 1;
        return values;
      });
      await importMerchantStores(deps.imports, programId);
      return { url, programId };
    },
    [STATE.merchantProfileMissing]: async () => ({
      profileId: maxId(store.read().merchantProfiles, (p) => p.id) + UNUSED_ID_GAP,
    }),
    [STATE.merchantUrlUnused]: async () => {
      const url = PACT_RECORDS.newMerchantUrl;
      return store.update((data) => {
        removeMerchantProfiles(data, url);
        return {
          url,
          programId: ensureProgram(data),
          languageId: firstId(data.languages, 'language'),
        };
      });
    },
    [STATE.cardBinMissing]: async () => ({
      binId: maxId(store.read().cardBins, (b) => b.id) + UNUSED_ID_GAP,
    }),
  };
}

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
import { MERCHANT_THEME, type MerchantProfile } from '@contracts/api/merchant';
import type {
  BaseCampaignAction,
  CardBin,
  Client,
  FinancialSettlement,
  GiftConfig,
  LiabilityReportConfig,
  LoyaltyConfig,
  Scheme,
  SchemeInput,
} from '@contracts/api/schemes';

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

/** A merchant profile of program 11 as stored and answered: English, light theme, unpublished. */
export function buildMerchantProfile(overrides: Partial<MerchantProfile> = {}): MerchantProfile {
  return {
    id: 1,
    programId: 11,
    liveURL: null,
    testURL: null,
    primaryLanguageId: 1,
    secundaryLanguageId: null,
    siteThemeId: MERCHANT_THEME.LIGHT,
    overrideCSS: null,
    siteTitle: 'Coffee shop',
    description: null,
    siteKeywords: null,
    analyticsTrackingCode: null,
    headerLogoPath: null,
    logoPath: null,
    faviconPath: null,
    backgroundPath: null,
    moduleCode: null,
    publishLive: 0,
    publishTest: 0,
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

/**
 * A weekly financial settlement of scheme 1 as sent and stored: bank 1's account format
 * (`000-000 00000000`), every Monday of 2026 (epoch seconds of UTC midnight).
 */
export function buildFinancialSettlement(
  overrides: Partial<FinancialSettlement> = {},
): FinancialSettlement {
  return {
    programId: 1,
    bankId: 1,
    bankAuthority: '123456',
    poolAccName: 'Retail Pool',
    poolAccBankNumber: '062-000 12345678',
    frequency: 3,
    frequencyWhen: null,
    frequencyDayOfWeek: 1,
    flDualBillingSeq: 0,
    startDate: Date.UTC(2026, 0, 1) / 1000,
    endDate: Date.UTC(2026, 11, 31) / 1000,
    schemeStatus: 4,
    ...overrides,
  };
}

/** A liability report of scheme 1 in frequency mode (frequency 3, next run 1 Dec 2026). */
export function buildLiabilityReportConfig(
  overrides: Partial<LiabilityReportConfig> = {},
): LiabilityReportConfig {
  return {
    programId: 1,
    emailRecipient: 'finance@shop.example',
    emailCC: null,
    emailBCC: null,
    emailSubject: 'Liability report',
    flActive: 1,
    frequency: 3,
    nextExecutionDate: Date.UTC(2026, 11, 1) / 1000,
    schedulerFunction: null,
    groupingHorizon: 3,
    ...overrides,
  };
}

/** A base campaign of loyalty scheme 1: the default allocation (no parameters, no scale). */
export function buildBaseCampaignAction(
  overrides: Partial<BaseCampaignAction> = {},
): Required<BaseCampaignAction> {
  return {
    programId: 1,
    actionTypeId: 1,
    actionParameter1: null,
    actionParameter2: null,
    range: [],
    ...overrides,
  };
}

/** A transactor client (no own BIN). */
export function buildClient(overrides: Partial<Client> = {}): Client {
  return {
    clientId: 1,
    clientName: 'Test Client',
    binTypeId: 0,
    binNumber: null,
    binName: null,
    binCountryId: null,
    ...overrides,
  };
}

/** A gift scheme of client 1 after General Settings (status 1), as answered. */
export function buildScheme(overrides: Partial<Scheme> = {}): Scheme {
  return {
    programId: 1,
    programTypeId: 1,
    clientId: 1,
    clientName: 'Test Client',
    schemeName: 'Test Gift Scheme',
    schemeShortName: 'TESTGS',
    schemeAbbreviation: 'TGS',
    poweruserLogin: 'test.admin',
    buttonImgUrl: null,
    logoImgUrl: null,
    address1: '1 Test Street',
    address2: null,
    address3: null,
    address4: null,
    suburb: 'Sydney',
    city: 'Sydney',
    postcode: '2000',
    countryId: 1,
    stateId: null,
    email: 'scheme@test.example',
    website: 'https://www.test.example',
    mobile: '0412345678',
    landline: '0298765432',
    transactionMethodsStr: '1,2',
    schemeStatus: 1,
    reviewSentAt: null,
    ...overrides,
  };
}

/** The General Settings body of a new scheme: the scheme with password and repeat. */
export function buildSchemeInput(overrides: Partial<SchemeInput> = {}): SchemeInput {
  const {
    programId: _id,
    clientName: _name,
    schemeStatus: _status,
    reviewSentAt: _review,
    ...scheme
  } = buildScheme();
  return {
    ...scheme,
    poweruserPassword: 'Secret#123',
    poweruserPasswordRepeat: 'Secret#123',
    ...overrides,
  };
}

/** A gift configuration on card BIN 1 (extension length 3) with a standard suffix. */
export function buildGiftConfig(overrides: Partial<GiftConfig> = {}): GiftConfig {
  return {
    programId: 1,
    programTypeId: 1,
    expiryExtend: 0,
    expiryFrom: 1,
    expiryTerm: 12,
    creditMin: 5,
    creditMax: 1000,
    topupMin: 5,
    topupMax: 500,
    multiTopup: 1,
    redeemMin: 1,
    redeemMax: 1000,
    merchantTopup: 1,
    merchantRedeem: 1,
    liveCardBinId: 1,
    suffixLength: 3,
    suffixStand: '001',
    suffixBulk: null,
    suffixVirtual: null,
    numberStandCards: 100,
    numberBulkCards: null,
    schemeStatus: 2,
    ...overrides,
  };
}

/** A loyalty configuration on card BIN 1 (extension length 3) with a standard suffix. */
export function buildLoyaltyConfig(overrides: Partial<LoyaltyConfig> = {}): LoyaltyConfig {
  return {
    programId: 1,
    programTypeId: 3,
    expiryExtend: 1,
    expiryFrom: 1,
    expiryTerm: 12,
    loyaltyBalanceMin: 0,
    loyaltyBalanceMax: 5000,
    redeemMin: 10,
    redeemMax: 2000,
    merchantRedeem: 1,
    merchantLoyaltyRedeem: 1,
    liveCardBinId: 1,
    suffixLength: 3,
    suffixStand: '001',
    suffixVirtual: null,
    numberStandCards: 100,
    schemeStatus: 2,
    ...overrides,
  };
}

/** An internal (master) card BIN. */
export function buildCardBin(overrides: Partial<CardBin> = {}): CardBin {
  return {
    id: 1,
    number: '627182',
    name: 'Test Master BIN',
    cardLength: 16,
    extensionLength: 3,
    flInternal: 1,
    ...overrides,
  };
}

/**
 * What the scheme pacts (schemes-*.pact.test.ts) share: the values the scheme provider states
 * answer (contracts/provider/states.ts, SCHEME_STATE_VALUES) with the examples the client uses
 * in these tests, and the bodies of each wizard save as the client sends them.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE } from '../../api/constants';
import {
  BASE_CAMPAIGN_ACTION,
  PROGRAM_TYPE,
  SETTLEMENT_FREQUENCY,
  type BaseCampaignAction,
  type ConfigInput,
  type FinancialSettlement,
  type LiabilityReportConfig,
  type SchemeInput,
} from '../../api/schemes';
import type { SchemeStateValueName } from '../../provider/states';
import { SIGNED_IN_HEADERS } from './pact';

const { fromProviderState } = MatchersV3;

/** Examples of the values the scheme states answer (the provider's own at verification). */
export const SCHEME_EXAMPLE = {
  programId: 1,
  clientId: 1,
  countryId: 1,
  transactionMethodsStr: '1',
  liveCardBinId: 1,
  expiryFrom: 1,
  expiryTerm: 3,
  suffixStand: '001',
  bankId: 1,
  poolAccBankNumber: '111-111 11111111',
  frequency: 1,
} as const satisfies Record<SchemeStateValueName, string | number>;

/** The value a scheme state answers under `name`, injected at verification. */
export const fromSchemeState = <Name extends SchemeStateValueName>(name: Name) =>
  fromProviderState(`\${${name}}`, SCHEME_EXAMPLE[name]);

/** An id a state answers, as a string (a query parameter), injected at verification. */
export const queryFromState = (name: string, example: number) =>
  fromProviderState(`\${${name}}`, String(example));

/** A path on the API base with the provider's value for `name` in it. */
export const apiPathFromState = (build: (value: string) => string, name: string, example: number) =>
  fromProviderState(`/api${build(`\${${name}}`)}`, `/api${build(String(example))}`);

/** An id no record has, in the examples of the "no ... has the id" states. */
export const MISSING_ID = 9999;

export const JSON_REQUEST = { ...SIGNED_IN_HEADERS, 'Content-Type': 'application/json' };
export const RETURN_BODY = { returnBody: 'true' } as const;
export const RESPONSE_BODY = { responseBody: 'true' } as const;

/** Records the scheme states set up, by name (server/dev/provider-states.ts PACT_RECORDS). */
export const PACT_NAMES = {
  client: 'Pact Client',
  newClient: 'Pact New Client',
  giftScheme: 'Pact Gift Scheme',
  newScheme: 'Pact New Scheme',
} as const;

/**
 * The General Settings body of the pact gift scheme as the state stores it (an update sends it
 * back unchanged but for the address, so the state finds the scheme by name on the next run).
 */
export const GIFT_SCHEME_INPUT: SchemeInput = {
  programTypeId: PROGRAM_TYPE.GIFT,
  clientId: SCHEME_EXAMPLE.clientId,
  schemeName: PACT_NAMES.giftScheme,
  schemeShortName: 'PACTGS',
  schemeAbbreviation: 'PGS',
  poweruserLogin: 'pact.admin',
  buttonImgUrl: null,
  logoImgUrl: null,
  address1: '2 Pact Street',
  address2: null,
  address3: null,
  address4: null,
  suburb: 'Pactville',
  city: 'Pactville',
  postcode: '2000',
  countryId: SCHEME_EXAMPLE.countryId,
  stateId: null,
  email: 'scheme@pact.example',
  website: 'https://www.pact.example',
  mobile: '0412345678',
  landline: '0298765432',
  transactionMethodsStr: SCHEME_EXAMPLE.transactionMethodsStr,
};

/** A scheme body with the provider's ids in it. */
export const schemeBodyFromState = (scheme: SchemeInput) => ({
  ...scheme,
  clientId: fromSchemeState('clientId'),
  countryId: fromSchemeState('countryId'),
  transactionMethodsStr: fromSchemeState('transactionMethodsStr'),
});

const CONFIG_COMMON = {
  programId: SCHEME_EXAMPLE.programId,
  expiryExtend: 0,
  expiryFrom: SCHEME_EXAMPLE.expiryFrom,
  expiryTerm: SCHEME_EXAMPLE.expiryTerm,
  redeemMin: 1,
  redeemMax: 500,
  merchantRedeem: 1,
  liveCardBinId: SCHEME_EXAMPLE.liveCardBinId,
  suffixStand: SCHEME_EXAMPLE.suffixStand,
  suffixVirtual: null,
  numberStandCards: 100,
} as const;

/** The gift configuration the Configuration step sends (no suffixLength or status). */
export const GIFT_CONFIG_INPUT: ConfigInput = {
  ...CONFIG_COMMON,
  programTypeId: PROGRAM_TYPE.GIFT,
  creditMin: 5,
  creditMax: 1000,
  topupMin: 5,
  topupMax: 500,
  multiTopup: 1,
  merchantTopup: 1,
  suffixBulk: null,
  numberBulkCards: null,
};

/** The loyalty configuration the Configuration step sends. */
export const LOYALTY_CONFIG_INPUT: ConfigInput = {
  ...CONFIG_COMMON,
  programTypeId: PROGRAM_TYPE.LOYALTY,
  loyaltyBalanceMin: 0,
  loyaltyBalanceMax: 5000,
  merchantLoyaltyRedeem: 1,
};

/** A configuration body with the provider's ids in it. */
export const configBodyFromState = (config: ConfigInput) => ({
  ...config,
  programId: fromSchemeState('programId'),
  expiryFrom: fromSchemeState('expiryFrom'),
  expiryTerm: fromSchemeState('expiryTerm'),
  liveCardBinId: fromSchemeState('liveCardBinId'),
  suffixStand: fromSchemeState('suffixStand'),
});

/** A weekly settlement on Mondays of 2026 (epoch seconds), as the Financial step sends it. */
export const SETTLEMENT_INPUT: FinancialSettlement = {
  programId: SCHEME_EXAMPLE.programId,
  bankId: SCHEME_EXAMPLE.bankId,
  bankAuthority: '123456',
  poolAccName: 'Pact Pool',
  poolAccBankNumber: SCHEME_EXAMPLE.poolAccBankNumber,
  frequency: SETTLEMENT_FREQUENCY.WEEKLY,
  frequencyWhen: null,
  frequencyDayOfWeek: 1,
  flDualBillingSeq: 0,
  startDate: Date.UTC(2026, 0, 1) / 1000,
  endDate: Date.UTC(2026, 11, 31) / 1000,
  schemeStatus: 2,
};

export const settlementBodyFromState = (settlement: FinancialSettlement) => ({
  ...settlement,
  programId: fromSchemeState('programId'),
  bankId: fromSchemeState('bankId'),
  poolAccBankNumber: fromSchemeState('poolAccBankNumber'),
});

/** A liability report in frequency mode, as the Liability step sends it. */
export const LIABILITY_INPUT: LiabilityReportConfig = {
  programId: SCHEME_EXAMPLE.programId,
  emailRecipient: 'finance@pact.example,audit@pact.example',
  emailCC: null,
  emailBCC: null,
  emailSubject: 'Pact liability report',
  flActive: 1,
  frequency: SCHEME_EXAMPLE.frequency,
  nextExecutionDate: Date.UTC(2026, 11, 1) / 1000,
  schedulerFunction: null,
  groupingHorizon: 3,
};

export const liabilityBodyFromState = (liability: LiabilityReportConfig) => ({
  ...liability,
  programId: fromSchemeState('programId'),
  frequency: fromSchemeState('frequency'),
});

/** A sliding scale on 0..200, as the Base Campaign step sends it. */
export const BASE_CAMPAIGN_INPUT: Required<BaseCampaignAction> = {
  programId: SCHEME_EXAMPLE.programId,
  actionTypeId: BASE_CAMPAIGN_ACTION.SLIDING,
  actionParameter1: null,
  actionParameter2: null,
  range: [
    { min: 0, max: 20, multiplier: 1 },
    { min: 21, max: 100, multiplier: 1.5 },
    { min: 101, max: 200, multiplier: 2 },
  ],
};

export const baseCampaignBodyFromState = (action: BaseCampaignAction) => ({
  ...action,
  programId: fromSchemeState('programId'),
});

/** A 400 naming `field` (`<field>: <message>`). */
export const invalidField = (field: string, example: string) => ({
  errorCode: ERROR_CODE.VALIDATION,
  errorMessage: MatchersV3.regex(`^${field.replace(/\./g, '\\.')}: .+`, `${field}: ${example}`),
});
/** A 409 naming `field`. */
export const conflictOn = (field: string, example: string) => ({
  errorCode: ERROR_CODE.CONFLICT,
  errorMessage: MatchersV3.regex(`^${field}: .+`, `${field}: ${example}`),
});

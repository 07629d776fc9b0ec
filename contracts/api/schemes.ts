/**
 * Gift and loyalty schemes (03): wire shapes, paths, embedded names, constants, limits and texts
 * of every scheme call of 03 §7 except the giftSchemeFiles upload/import calls (imports.ts) and
 * the review mail (mail.ts). One place per fact: the client, the server, the pacts and the tests
 * import them from here.
 *
 * Wire conventions (03 §3, spec README):
 * - Dates are epoch SECONDS (startDate, endDate, nextExecutionDate, createdDate).
 * - E-mail lists (emailRecipient, emailCC, emailBCC) are comma-joined strings.
 * - Money is a JSON number with at most two decimals, 0.00 to 9999.99.
 * - Flags are 0 or 1.
 * - Every error answer is `{ errorCode, errorMessage }`; a validation answer (400) reads
 *   `<field>: <message>` with the field messages of 03 §5 (FIELD_MESSAGES) where one fits.
 * - The server owns `schemeStatus`: a body may carry it (the client sends the whole entity
 *   back) but the server sets it from the step saved; it never goes down (see SCHEME_STATUS).
 */
import { IMAGE_LIMITS, PROGRAM_TYPE, type ProgramTypeId } from './constants';
import type { LookupItem } from './entities';

export { PROGRAM_TYPE, type ProgramTypeId };

// ---------------------------------------------------------------------------------------------
// Constants (03 §9)
// ---------------------------------------------------------------------------------------------

/** BIN types of a client (03 §3, §9). */
export const BIN_TYPE = { TRANSACTOR: 0, INTERNATIONAL: 1, LOCAL: 2 } as const;
export type BinTypeId = (typeof BIN_TYPE)[keyof typeof BIN_TYPE];
export const BIN_TYPE_IDS: readonly BinTypeId[] = [0, 1, 2];
/** Labels of the Card BIN choice on Client Setup (03 §2). */
export const BIN_TYPE_LABEL: Readonly<Record<BinTypeId, string>> = {
  0: 'Use Transactor Bin',
  1: 'International',
  2: 'Local',
};
/** Exact digit count of a client's BIN number by BIN type (03 §5, §9). */
export const BIN_NUMBER_LENGTH = { [BIN_TYPE.INTERNATIONAL]: 6, [BIN_TYPE.LOCAL]: 9 } as const;

/**
 * Card BIN record the server adds when a client with its own BIN (international or local) is
 * saved and no card BIN with that number exists yet (not in the spec: the configuration step
 * needs a card BIN of the client's number for its card length and suffix extension length).
 * Values follow the seeded local BINs.
 */
export const CLIENT_CARD_BIN_DEFAULTS = {
  [BIN_TYPE.INTERNATIONAL]: { cardLength: 16, extensionLength: 3 },
  [BIN_TYPE.LOCAL]: { cardLength: 19, extensionLength: 2 },
} as const;

/**
 * Wizard step status (03 §3, spec README): 1 after General Settings, 2 after Configuration,
 * 3 after Stores & Devices, 4 after Financial Settlement, 5 once activated. The server keeps the
 * highest reached: saving an earlier step again never lowers it.
 */
export const SCHEME_STATUS = { GENERAL: 1, CONFIG: 2, UPLOAD: 3, FINANCIAL: 4, ACTIVE: 5 } as const;
export type SchemeStatus = (typeof SCHEME_STATUS)[keyof typeof SCHEME_STATUS];

/** Steps of each flow (03 §1, §9): "step N of 6" (gift) or "step N of 7" (loyalty). */
export const SCHEME_STEPS = { [PROGRAM_TYPE.GIFT]: 6, [PROGRAM_TYPE.LOYALTY]: 7 } as const;

/** Base campaign action types (03 §3, §9). */
export const BASE_CAMPAIGN_ACTION = {
  DEFAULT: 1,
  FLAT: 2,
  RELATIVE: 3,
  SLIDING: 4,
  STEPING: 5,
} as const;
export type BaseCampaignActionTypeId =
  (typeof BASE_CAMPAIGN_ACTION)[keyof typeof BASE_CAMPAIGN_ACTION];
/** Radio labels of the Base Campaign step, by action type (03 §2), exactly as written. */
export const BASE_CAMPAIGN_ACTION_LABEL: Readonly<Record<BaseCampaignActionTypeId, string>> = {
  1: 'Default Trader Allocation',
  2: 'Flat Allocation',
  3: 'Relative Allocation',
  4: 'Sliding Scale',
  5: 'Steping Scale',
};
/** Sliding / steping scale rows (03 §4, §9): 0 to 200, first row 0-20 with multiplier 1. */
export const BASE_CAMPAIGN_SCALE = {
  min: 0,
  max: 200,
  rowWidth: 20,
  step: 1,
  defaultMultiplier: 1,
  labelPrefix: '$',
} as const;

/** Settlement frequencies (03 §9). Monthly uses a 'when' option; the others a day of week. */
export const SETTLEMENT_FREQUENCY = { MONTHLY: 1, BI_WEEKLY: 2, WEEKLY: 3, DAILY: 4 } as const;
export type SettlementFrequencyId =
  (typeof SETTLEMENT_FREQUENCY)[keyof typeof SETTLEMENT_FREQUENCY];
export const SETTLEMENT_FREQUENCY_LABEL: Readonly<Record<SettlementFrequencyId, string>> = {
  1: 'Monthly',
  2: 'Bi-Weekly',
  3: 'Weekly',
  4: 'Daily - Working Days',
};
/** Days of week of a settlement (03 §9): Monday 1 to Friday 5. */
export const SETTLEMENT_DAYS_OF_WEEK: readonly LookupItem[] = [
  { id: 1, value: 'Monday' },
  { id: 2, value: 'Tuesday' },
  { id: 3, value: 'Wednesday' },
  { id: 4, value: 'Thursday' },
  { id: 5, value: 'Friday' },
];
/** 'When' options of a monthly settlement (03 §9): 1st to 5th working day. */
export const SETTLEMENT_WHEN_OPTIONS: readonly LookupItem[] = [
  { id: 1, value: '1st working day' },
  { id: 2, value: '2nd working day' },
  { id: 3, value: '3rd working day' },
  { id: 4, value: '4th working day' },
  { id: 5, value: '5th working day' },
];

/** Money fields of a configuration (03 §5, §9): 0.00 to 9999.99, two decimals. */
export const MONEY = { min: 0, max: 9999.99, decimals: 2 } as const;

/**
 * Field limits (03 §5, §9). Entries marked "server cap" are not in the spec: they keep the data
 * file sane and are far above any real value.
 */
export const SCHEME_LIMITS = {
  clientName: 100,
  /** server cap */
  binName: 100,
  schemeName: 50,
  shortName: 6,
  abbreviation: 3,
  /** server cap */
  poweruserLogin: 50,
  password: 15,
  addressLine: 100,
  suburb: 50,
  city: 50,
  postcode: 20,
  email: 50,
  mobile: 24,
  landline: 14,
  website: 100,
  /** server cap on an image reference (buttonImgUrl, logoImgUrl) */
  imageRef: 200,
  image: IMAGE_LIMITS.small,
  /** Non-transactor BIN text on the configuration step: 6 to 9 characters. */
  configBinText: { min: 6, max: 9 },
  /** Card-count inputs: at most 15 digits. */
  cardCountDigits: 15,
  suffixCount: 3,
  importBinNumberDigits: 9,
  importCardLengthDigits: 2,
  progressPollMs: 500,
  bankAuthority: 16,
  poolAccName: 100,
  poolAccBankNumber: 30,
  liabilitySubject: 32,
  groupingHorizonChars: 2,
  /** server cap on each comma-joined e-mail list */
  emailList: 2000,
  /** Month-range threshold of the monthly settlement check, in days. */
  monthRangeDays: 31,
} as const;

// ---------------------------------------------------------------------------------------------
// Entities (03 §3)
// ---------------------------------------------------------------------------------------------

export type Flag = 0 | 1;

export interface Client {
  clientId: number;
  clientName: string;
  binTypeId: BinTypeId;
  /** Digits: 6 (international) or 9 (local); null for transactor. */
  binNumber: string | null;
  /** Required for international and local; null for transactor. */
  binName: string | null;
  /** Required for local; null otherwise. */
  binCountryId: number | null;
}
/** POST /gift-card/clients body: clientId is set by the server (a sent one is ignored). */
export type NewClient = Omit<Client, 'clientId'> & { clientId?: number | null };

/** A client with its own BIN: international or local, with a number. */
export type OwnBinClient<C extends Pick<Client, 'binTypeId' | 'binNumber'>> = C & {
  binTypeId: typeof BIN_TYPE.INTERNATIONAL | typeof BIN_TYPE.LOCAL;
  binNumber: string;
};

/**
 * Whether saving `client` (create or update) may add a card BIN: a client with its own BIN gets
 * a card BIN of that number when none exists (CLIENT_CARD_BIN_DEFAULTS), so the server adds it
 * and a client's cached BIN lists go stale.
 */
export const hasOwnBin = <C extends Pick<Client, 'binTypeId' | 'binNumber'>>(
  client: C,
): client is OwnBinClient<C> =>
  client.binTypeId !== BIN_TYPE.TRANSACTOR && client.binNumber !== null;

/** Answer of client create (HTTP 201, status 201) and update (HTTP 200, status 200). */
export interface ClientAnswer {
  status: number;
  data: Client;
}

/**
 * A scheme (program) as answered. The power-user password is never answered: it is stored only
 * as a slow salted hash.
 */
export interface Scheme {
  programId: number;
  programTypeId: ProgramTypeId;
  clientId: number;
  /** The client's name, filled by the server from the client record. */
  clientName: string;
  schemeName: string;
  schemeShortName: string;
  schemeAbbreviation: string;
  poweruserLogin: string;
  /** Image ids of POST {url base}/images (link {id}.png), or null. */
  buttonImgUrl: string | null;
  logoImgUrl: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  suburb: string | null;
  city: string | null;
  postcode: string | null;
  /** Required on save; null only on records that never went through General Settings. */
  countryId: number | null;
  stateId: number | null;
  email: string;
  website: string | null;
  mobile: string;
  landline: string;
  /** Comma-joined ids of transaction methods, at least one, e.g. "1,3". */
  transactionMethodsStr: string;
  schemeStatus: number;
  /**
   * When the review mail for this scheme was last accepted (`POST {url base}/mail` naming its
   * programId), epoch seconds; null while none was. Set by the server only.
   */
  reviewSentAt: number | null;
}

/**
 * POST /gift-card/schemes and PUT /gift-card/schemes/{id} body: the scheme plus the password
 * and its repeat. On create both are required. On update they may be left out (or null / '')
 * to keep the stored password; when sent they must be equal. programId, clientName,
 * schemeStatus and reviewSentAt are accepted but set by the server.
 */
export type SchemeInput = Omit<
  Scheme,
  'programId' | 'clientName' | 'schemeStatus' | 'reviewSentAt'
> & {
  programId?: number | null;
  clientName?: string | null;
  schemeStatus?: number | null;
  reviewSentAt?: number | null;
  poweruserPassword?: string | null;
  poweruserPasswordRepeat?: string | null;
};
/** Answer of a scheme create or update without `returnBody=true`. */
export interface ProgramIdAnswer {
  programId: number;
}

/** Fields of a configuration that gift and loyalty share (03 §3). */
export interface ConfigBase {
  programId: number;
  expiryExtend: Flag;
  /** Expiry type id (GET /gift-card/configurations/expiry-type). */
  expiryFrom: number;
  /** Expiry term in months (GET /gift-card/configurations/expiry-term). */
  expiryTerm: number;
  /** Min redeem. */
  redeemMin: number;
  /** Max transaction value: not over creditMax (gift) / loyaltyBalanceMax (loyalty). */
  redeemMax: number;
  merchantRedeem: Flag;
  /** Card BIN id: a master (internal) BIN for a transactor client, else the client's own BIN. */
  liveCardBinId: number;
  /** The BIN's extension length (suffixes are zero-padded to it); set by the server. */
  suffixLength: number;
  /** Suffixes as zero-padded digit strings, e.g. "004"; null when not ticked. */
  suffixStand: string | null;
  suffixVirtual: string | null;
  /** Cards to create for the standard suffix: whole number, at most 15 digits; null when none. */
  numberStandCards: number | null;
  schemeStatus: number;
}
export interface GiftConfig extends ConfigBase {
  programTypeId: typeof PROGRAM_TYPE.GIFT;
  creditMin: number;
  creditMax: number;
  topupMin: number;
  /** Not over creditMax. */
  topupMax: number;
  multiTopup: Flag;
  merchantTopup: Flag;
  suffixBulk: string | null;
  numberBulkCards: number | null;
}
export interface LoyaltyConfig extends ConfigBase {
  programTypeId: typeof PROGRAM_TYPE.LOYALTY;
  loyaltyBalanceMin: number;
  loyaltyBalanceMax: number;
  merchantLoyaltyRedeem: Flag;
}
/** A configuration (03 §3): the gift or the loyalty field set, told apart by programTypeId. */
export type Config = GiftConfig | LoyaltyConfig;
/**
 * POST /gift-card/configurations and PUT /gift-card/configurations/{id} body. suffixLength and
 * schemeStatus may be sent (the client sends the entity back) but the server sets them.
 * programTypeId must be the scheme's. Fields of the other program type are refused.
 */
export type ConfigInput =
  | (Omit<GiftConfig, 'suffixLength' | 'schemeStatus'> &
      Partial<Pick<GiftConfig, 'suffixLength' | 'schemeStatus'>>)
  | (Omit<LoyaltyConfig, 'suffixLength' | 'schemeStatus'> &
      Partial<Pick<LoyaltyConfig, 'suffixLength' | 'schemeStatus'>>);
/** Suffix fields by position: base+1, base+2, base+3 (03 §4). */
export const SUFFIX_FIELDS = ['suffixStand', 'suffixBulk', 'suffixVirtual'] as const;
export type SuffixField = (typeof SUFFIX_FIELDS)[number];

/** Card BIN (03 §3). flInternal 1 = internal (transactor): only those are master BINs. */
export interface CardBin {
  id: number;
  number: string;
  name: string;
  cardLength: number;
  extensionLength: number;
  flInternal: Flag;
}
/** Answer of GET /gift-card/bins/{id}/extension-number. */
export interface SingleValue {
  /** The next free extension base of the BIN: suffixes take base+1, +2, +3. */
  singleValue: number;
}

export interface Bank {
  id: number;
  bankName: string;
  /** Mask: 0 a digit, * a letter or digit, A a lowercase letter; other characters literal. */
  accountFormat: string;
}

export interface FinancialSettlement {
  programId: number;
  bankId: number;
  /** Filled by the server on read. */
  bank?: Pick<Bank, 'bankName' | 'accountFormat'>;
  bankName?: string;
  /** Digits, no leading zero, max 16; null when empty. */
  bankAuthority: string | null;
  poolAccName: string;
  /** Fits the bank's accountFormat; max 30. */
  poolAccBankNumber: string;
  frequency: SettlementFrequencyId;
  /** 'When' option (1..5) for frequency 1, else null. */
  frequencyWhen: number | null;
  /** Day of week (1..5): required for frequencies 2 and 3, optional for 4 (daily), null for 1. */
  frequencyDayOfWeek: number | null;
  flDualBillingSeq: Flag;
  /** Epoch seconds. */
  startDate: number;
  endDate: number;
  schemeStatus: number;
}

export interface LiabilityReportConfig {
  programId: number;
  /** Comma-joined e-mail addresses; at least one. */
  emailRecipient: string;
  emailCC: string | null;
  emailBCC: string | null;
  emailSubject: string;
  flActive: Flag;
  /** Frequency mode: frequency id and next execution date (epoch seconds); else null. */
  frequency: number | null;
  nextExecutionDate: number | null;
  /** Scheduler mode: scheduler function id; else null. */
  schedulerFunction: number | null;
  /** Months in the past; one or two digits. */
  groupingHorizon: number;
}
export type FrequencyItem = LookupItem;
export type SchedulerFunctionItem = LookupItem;

/** One row of a sliding or steping scale, on 0..200. */
export interface BaseCampaignRange {
  min: number;
  max: number;
  multiplier: number;
}
/**
 * POST /gift-card/base-campaign and POST /gift-card/base-campaign/update body, and the read of
 * GET campaign-action/{programId}. Flat: actionParameter1 = points. Relative:
 * actionParameter1 = units, actionParameter2 = amount per. Sliding / steping: range.
 */
export interface BaseCampaignAction {
  programId: number;
  actionTypeId: BaseCampaignActionTypeId;
  actionParameter1?: number | null;
  actionParameter2?: number | null;
  range?: BaseCampaignRange[];
}
/** A stored scale row as read back (03 §3: non-linear actions carry these). */
export interface BaseCampaignNonAction {
  programId?: number;
  actionTypeId: BaseCampaignActionTypeId;
  fromValue: number;
  toValue: number;
  multiplier: number;
}

/** A file uploaded for a program, as the summary lists it. createdDate: epoch seconds. */
export interface UploadedFile {
  fileName: string;
  createdDate: number;
  /**
   * Not in the spec: the import's error file while some of its error lines still fail or, fixed,
   * wait to be imported (its review, contracts/api/import-review.ts), else null.
   */
  outFileName?: string | null;
  /** Not in the spec: how many of its error lines still fail (0 when outFileName is null). */
  failingLines?: number;
  /**
   * Not in the spec: how many of its error lines are fixed and wait to be imported by its
   * review (0 when outFileName is null).
   */
  fixedLines?: number;
}

/** Answer of activation (PUT /gift-card/summaries/{id}). */
export interface SchemeStatusAnswer {
  programId: number;
  schemeStatus: number;
}

// ---------------------------------------------------------------------------------------------
// Paths and embedded names (03 §7), on the API base
// ---------------------------------------------------------------------------------------------

export const SCHEME_PATHS = {
  clients: '/gift-card/clients',
  client: (id: number | string) => `/gift-card/clients/${id}`,
  /** ?programTypeId=1|3 */
  schemes: '/gift-card/schemes',
  scheme: (id: number | string) => `/gift-card/schemes/${id}`,
  /** POST ?responseBody=true */
  configurations: '/gift-card/configurations',
  configuration: (id: number | string) => `/gift-card/configurations/${id}`,
  /** ?flInternal=0|1 filters; without it every BIN is answered. */
  bins: '/gift-card/bins',
  bin: (id: number | string) => `/gift-card/bins/${id}`,
  binExtensionNumber: (id: number | string) => `/gift-card/bins/${id}/extension-number`,
  settlements: '/gift-card/financial-settlements',
  settlement: (id: number | string) => `/gift-card/financial-settlements/${id}`,
  settlementBanks: '/gift-card/financial-settlements/banks',
  /** GET ?programId=; POST and PUT ?returnBody=true */
  liability: '/gift-card/liability',
  liabilityFrequency: '/gift-card/liability/frequency',
  liabilitySchedulerFunction: '/gift-card/liability/schedulerFunction',
  baseCampaign: '/gift-card/base-campaign',
  baseCampaignUpdate: '/gift-card/base-campaign/update',
  campaignAction: (programId: number | string) =>
    `/gift-card/base-campaign/campaign-action/${programId}`,
  campaignNonAction: (programId: number | string) =>
    `/gift-card/base-campaign/campaign-non-action/${programId}`,
  /** PUT: activate. */
  summary: (id: number | string) => `/gift-card/summaries/${id}`,
  uploadedFiles: (id: number | string) => `/gift-card/summaries/${id}/uploaded-files`,
} as const;

/**
 * Embedded-list names (03 §7). The scheme list answers `_embedded.programs`, the name 03 gives
 * (schemes are programs: one store, and GET /programs uses the same name).
 */
export const SCHEME_EMBEDDED = {
  clients: 'clients',
  schemes: 'programs',
  bins: 'bins',
  banks: 'banks',
  frequencies: 'gplFrequency',
  schedulerFunctions: 'schedulerFunctions',
  nonActions: 'nonActions',
  files: 'files',
} as const;

// ---------------------------------------------------------------------------------------------
// Texts (03 §2, §8), exactly as written
// ---------------------------------------------------------------------------------------------

export const SCHEME_TEXT = {
  giftDashboardTitle: 'Select a Gift Scheme',
  loyaltyDashboardTitle: 'Select a Loyalty Scheme',
  /** General Settings title (03 §2): 'Create or Manage a Gift/Loyalty Scheme for {client name}'. */
  generalTitle: (programTypeId: number, clientName: string) =>
    `Create or Manage a ${programTypeId === PROGRAM_TYPE.GIFT ? 'Gift' : 'Loyalty'} Scheme for ${clientName}`,
  liabilityTitle: (clientName: string) => `Liability Reports for ${clientName}`,
  baseCampaignTitle: (clientName: string) => `Base campaign for ${clientName}`,
  stepOf: (step: number, programTypeId: number) =>
    `step ${step} of ${programTypeId === PROGRAM_TYPE.GIFT ? SCHEME_STEPS[PROGRAM_TYPE.GIFT] : SCHEME_STEPS[PROGRAM_TYPE.LOYALTY]}`,
  tabs: {
    setup: 'Client Setup',
    general: 'General Settings',
    config: 'Configuration',
    upload: 'Stores & Devices',
    financial: 'Financial Settlement',
    liability: 'Liability Reports',
    basecampaign: 'Base Campaign',
    summary: 'Summary',
  },
  programTypeName: { [PROGRAM_TYPE.GIFT]: 'GIFT', [PROGRAM_TYPE.LOYALTY]: 'LOYALTY' },
  liabilityModes: { frequency: 'Define Frequency', scheduler: 'Define Scheduler' },
  buttons: {
    saveContinue: 'Save & Continue',
    skip: 'Skip this step',
    addScale: 'Add Scale',
    editScheme: 'Edit Scheme',
    sendToReview: 'Send to Review',
    activate: 'Activate Scheme',
    addNew: 'Add New',
  },

  // Dialog titles (03 §8)
  successTitle: 'Success',
  failedTitle: 'Failed',
  errorTitle: (code: number | string) => `Error: ${code}`,
  failedCodeTitle: (code: number | string) => `Failed: ${code}`,

  // Success messages (03 §8)
  clientCreated: 'Client created successfully',
  schemeCreated: 'Scheme created successfully',
  schemeUpdated: 'Scheme updated successfully',
  configCreated: 'Configuration created successfully',
  configUpdated: 'Configuration updated successfully',
  uploadSuccessful: 'Upload successful',
  fileReady: 'File ready for import !',
  settlementCreated: 'Financial Settlement Created Successfully!',
  settlementUpdated: 'Financial Settlement Updated Successfully!',
  liabilityCreated: 'Liability Created Successfully!',
  liabilityUpdated: 'Liability Updated Successfully!',
  baseCampaignCreated: 'Setting Base Campaign Was Successful!',
  baseCampaignUpdated: 'Updating Base Campaign Was Successful!',
  activated: 'Activate current program successfully!',
  reviewSent: (schemeName: string, email: string) =>
    `Scheme [${schemeName}] has been sent to (email: ${email} ) for review!`,

  // Errors (03 §8)
  clientNotFound: 'Can not find client',
  activateWithoutConfig: "You can't activate program, you must save Configuration first!",
  uploadErrorTitle: 'Error!',
  uploadFailed: 'Upload Failed',
  uploadedFilesFailedTitle: 'Failed fetching Uploaded file list',

  // Skip and leave dialogs (03 §5, §8)
  skipTitle: 'Skip this step',
  skipMessage: 'Are you sure? If you skip this step, any changes will be unsaved',
  skipConfirm: 'Yes, skip',
  skipCancel: 'No, go back',
  continueWithoutImporting: 'Continue without importing?',
} as const;

/**
 * The server's own error texts for scheme calls (not in the spec; 03 §8 says "other server
 * error texts: not shown"). Validation answers put the field name in front: `<field>: <text>`.
 */
export const SCHEME_SERVER_MESSAGE = {
  schemeNotFound: (id: number) => `Scheme ${id} not found`,
  configNotFound: (id: number) => `Configuration of scheme ${id} not found`,
  configExists: 'The scheme already has a configuration',
  binNotFound: (id: number) => `Card BIN ${id} not found`,
  notExisting: (what: string, id: number | string) => `${what} ${id} does not exist`,
  binNumberLength: (length: number) => `Must be exactly ${length} digits`,
  binType: 'Must be 0 (transactor), 1 (international) or 2 (local)',
  programType: `Must be ${PROGRAM_TYPE.GIFT} (gift) or ${PROGRAM_TYPE.LOYALTY} (loyalty)`,
  programTypeMismatch: "Must be the scheme's program type",
  programTypeFixed: 'The program type of a scheme cannot change',
  clientFixed: 'The client of a scheme cannot change',
  flag: 'Must be 0 or 1',
  wholeNumber: 'Must be a whole number',
  atLeastOne: 'Must be at least 1',
  money: `Must be a number from ${MONEY.min.toFixed(2)} to ${MONEY.max.toFixed(2)} with at most two decimals`,
  transactionMethods: 'At least one transaction method is required',
  stateOfCountry: 'Must be a state of the chosen country',
  suffixDigits: (length: number) => `Must be ${length} digits`,
  suffixTaken: (suffix: string) => `${suffix} is already used on this BIN`,
  suffixLocked: 'A saved suffix cannot change',
  suffixDuplicate: 'Suffixes must differ',
  cardCountWithoutSuffix: 'Needs its suffix',
  masterBinRequired: 'A transactor client needs a master (internal) BIN',
  clientBinRequired: "Must be the card BIN of the client's own BIN number",
  binLocked: 'The BIN of a client whose scheme has a configuration cannot change',
  configFieldLocked: 'Cannot change once the configuration is saved',
  returnBody: 'Must be true or false',
  /** Free-text names without a character class (client name, BIN name, login, website). */
  noMarkup: 'Must not contain < or >',
  transactionMethodsFormat: 'Must be comma-joined ids, e.g. 1,3',
  clientNameTaken: (name: string) => `${name} is already a client`,
} as const;

/**
 * The server's own error texts for the settlement, liability, base campaign and activation
 * calls (not in the spec). Validation answers put the field name in front: `<field>: <text>`.
 */
export const SCHEME_FINANCE_MESSAGE = {
  settlementNotFound: (id: number) => `Financial settlement of scheme ${id} not found`,
  settlementExists: 'The scheme already has a financial settlement',
  liabilityNotFound: (id: number) => `Liability report of scheme ${id} not found`,
  liabilityExists: 'The scheme already has a liability report',
  baseCampaignNotFound: (id: number) => `Base campaign of scheme ${id} not found`,
  baseCampaignExists: 'The scheme already has a base campaign',
  loyaltyOnly: 'Base campaigns are for loyalty schemes only',
  programMismatch: 'Must be the scheme named in the path',
  epochSeconds: 'Must be a date in whole epoch seconds',
  oneOf: (ids: readonly number[]) => `Must be one of ${ids.join(', ')}`,
  accountFormat: (format: string) => `Must match the bank's account format ${format}`,
  whenOnlyMonthly: `Only a monthly settlement (frequency ${SETTLEMENT_FREQUENCY.MONTHLY}) has a 'when' option`,
  noDayOfWeekWhenMonthly: `A monthly settlement (frequency ${SETTLEMENT_FREQUENCY.MONTHLY}) has no day of week`,
  modesExclusive: 'Choose a frequency or a scheduler function, not both',
  groupingHorizon: 'Must be a number of months',
  actionType: 'Must be 1 (default), 2 (flat), 3 (relative), 4 (sliding) or 5 (steping)',
  scaleValue: `Must be a whole number from ${BASE_CAMPAIGN_SCALE.min} to ${BASE_CAMPAIGN_SCALE.max}`,
  scaleStart: `Must be ${BASE_CAMPAIGN_SCALE.min}: the scale starts there`,
  scaleNext: (expected: number) => `Must be ${expected}: the previous row's max + 1`,
  scaleOrder: "Must not be below the row's min",
  tooManyRows: 'Too many rows',
  multiplier: `Must be more than 0 and at most ${MONEY.max.toFixed(2)}, with at most two decimals`,
  amountPer: 'Must be more than 0',
} as const;

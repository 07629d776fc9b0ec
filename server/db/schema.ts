/**
 * Shape of the JSON data file. Field names follow the specs (01 §3, 02 §3, 03 §3); the
 * API views map them to the wire shapes in contracts/api/entities.ts.
 */
import type { CountryState, LookupItem } from '@contracts/api/entities';
import type { Deployment, JournalPage, JournalProfile, ModuleCode } from '@contracts/api/journal';
import type {
  MerchantProfile,
  MerchantPublishRecord,
  SelectedPageSubType,
  SelectedPageType,
} from '@contracts/api/merchant';
import type {
  BaseCampaignActionTypeId,
  BaseCampaignRange,
  Config,
  FinancialSettlement,
  LiabilityReportConfig,
} from '@contracts/api/schemes';

/** A portal user. `passwordHash` is `scrypt$N$r$p$saltB64$hashB64` (server/auth/passwords.ts). */
export interface UserRecord {
  username: string;
  userType: string;
  passwordHash: string;
  loginCount: number;
  lastLoginAt: string | null;
}

/** One login. Both tokens carry its id (`sid`); revoking it invalidates both. */
export interface SessionRecord {
  id: string;
  userName: string;
  createdAt: string;
  /** When the master token, and so the session, expires. */
  expiresAt: string;
  revokedAt: string | null;
}

/** Metadata of an uploaded image; the bytes live in the files folder under `id`. */
export interface ImageRecord {
  id: string;
  contentType: string;
  size: number;
  createdAt: string;
  userName: string;
}

/** BIN types of a client (03 §9): 0 transactor, 1 international, 2 local. */
export type BinTypeId = 0 | 1 | 2;

export interface ClientRecord {
  clientId: number;
  clientName: string;
  binTypeId: BinTypeId;
  binNumber: string | null;
  binName: string | null;
  binCountryId: number | null;
}

/**
 * A program. A gift or loyalty scheme is a program (spec README): one store, with the scheme
 * field names of 03 §3. `/programs` is a view of it.
 */
export interface ProgramRecord {
  programId: number;
  programTypeId: number;
  clientId: number;
  clientName?: string;
  schemeName: string;
  schemeShortName: string;
  schemeAbbreviation: string;
  /** Wizard step reached (1 to 4), 5 once activated. */
  schemeStatus: number;
  poweruserLogin: string | null;
  buttonImgUrl: string | null;
  logoImgUrl: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  suburb: string | null;
  city: string | null;
  postcode: string | null;
  countryId: number | null;
  stateId: number | null;
  email: string | null;
  website: string | null;
  mobile: string | null;
  landline: string | null;
  /** Comma-joined ids of transaction methods. */
  transactionMethodsStr: string;
  /**
   * The power-user password as a slow salted hash (server/auth/passwords.ts); never answered.
   * Absent on records created outside General Settings (the seed, older data files).
   */
  poweruserPasswordHash?: string | null;
  /**
   * When the review mail for this scheme was last accepted (kept in the outbox or sent), epoch
   * seconds; absent or null while none was.
   */
  reviewSentAt?: number | null;
}

/** A scheme configuration (03 §3), stored with the wire field names; one per program. */
export type ConfigRecord = Config;

/** A financial settlement (03 §3), one per program; bank and bankName are filled on read. */
export type FinancialSettlementRecord = Omit<FinancialSettlement, 'bank' | 'bankName'>;

/** A liability report configuration (03 §3), one per program. */
export type LiabilityReportConfigRecord = LiabilityReportConfig;

/**
 * The base campaign of a loyalty program (03 §3), one per program. Flat: actionParameter1 =
 * points; relative: actionParameter1 = units, actionParameter2 = amount per; sliding and steping:
 * range (empty for the other types).
 */
export interface BaseCampaignActionRecord {
  programId: number;
  actionTypeId: BaseCampaignActionTypeId;
  actionParameter1: number | null;
  actionParameter2: number | null;
  range: BaseCampaignRange[];
}

/** Account formats use mask characters: 0 a digit, * alphanumeric, A a lowercase letter. */
export interface BankRecord {
  id: number;
  bankName: string;
  accountFormat: string;
}

export interface CardBinRecord {
  id: number;
  number: string;
  name: string;
  cardLength: number;
  extensionLength: number;
  /** 1 = internal (transactor): only those are offered in the master BIN list. */
  flInternal: 0 | 1;
}

export interface JournalPageTypeRecord {
  pageTypeId: number;
  name: string;
  description: string;
  mandatory: 0 | 1;
}

/** Merchant page type; its `children` are the sub-types whose typeId is this id. */
export interface MerchantPageTypeRecord {
  id: number;
  name: string;
  fl_mandatory: 0 | 1;
}

export interface MerchantPageSubTypeRecord {
  id: number;
  typeId: number;
  name: string;
}

/** A merchant site (02 §3), stored with the wire field names. */
export type MerchantProfileRecord = MerchantProfile;

/** A page type selected for a merchant profile (02 §3), one per profile and type. */
export interface MerchantSelectedPageRecord extends SelectedPageType {
  profileId: number;
}

/** A sub-page type selected for a merchant profile; pageTypeFk is a selected page's typeId. */
export interface MerchantSelectedSubPageRecord extends SelectedPageSubType {
  profileId: number;
}

export interface LanguageRecord {
  id: number;
  languageName: string;
}

export interface MetaRecord {
  /**
   * A generated token secret a data file may still hold: moved to `<keysDir>/token.key` and
   * removed from here at start (server/auth/token-secret.ts). The server never writes it.
   */
  tokenSecret?: string;
}

export interface Data {
  meta: MetaRecord;
  users: UserRecord[];
  sessions: SessionRecord[];
  images: ImageRecord[];
  clients: ClientRecord[];
  programs: ProgramRecord[];
  countries: LookupItem[];
  states: CountryState[];
  transactionMethods: LookupItem[];
  expiryTypes: LookupItem[];
  /** Expiry terms in months: id is the number of months. */
  expiryTerms: LookupItem[];
  programTypes: LookupItem[];
  banks: BankRecord[];
  cardBins: CardBinRecord[];
  settlementFrequencies: LookupItem[];
  liabilityFrequencies: LookupItem[];
  schedulerFunctions: LookupItem[];
  journalPageTypes: JournalPageTypeRecord[];
  merchantPageTypes: MerchantPageTypeRecord[];
  merchantPageSubTypes: MerchantPageSubTypeRecord[];
  languages: LanguageRecord[];
  /** MyJournal sites (01 §3): stored with the wire field names. */
  journalProfiles: JournalProfile[];
  journalPages: JournalPage[];
  /** Module codes of published sites (01 §4.2; MJC_ and MMC_ codes). */
  moduleCodes: ModuleCode[];
  /** Publish records of journal sites. */
  deployments: Deployment[];
  /** MyMerchant sites (02 §3) and their selected pages and sub-pages. */
  merchantProfiles: MerchantProfileRecord[];
  merchantSelectedPages: MerchantSelectedPageRecord[];
  merchantSelectedSubPages: MerchantSelectedSubPageRecord[];
  /** Publish records of merchant sites (POST /mymerchant/profilepublish/live). */
  merchantPublishes: MerchantPublishRecord[];
  /** Scheme wizard (03 §3): one record of each per program. */
  configurations: ConfigRecord[];
  financialSettlements: FinancialSettlementRecord[];
  liabilityReportConfigs: LiabilityReportConfigRecord[];
  baseCampaignActions: BaseCampaignActionRecord[];
  // Uploaded and imported files are not here: the import records store lists them
  // (server/imports). An older data file's `uploadedFiles` list is left as it is and unused.
}

/** A read-only view: snapshots handed out by the store must not be changed in place. */
export type DeepReadonly<T> = T extends (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
    : T;

/** An empty database; also the defaults for collections missing from an older data file. */
export function emptyData(): Data {
  return {
    meta: {},
    users: [],
    sessions: [],
    images: [],
    clients: [],
    programs: [],
    countries: [],
    states: [],
    transactionMethods: [],
    expiryTypes: [],
    expiryTerms: [],
    programTypes: [],
    banks: [],
    cardBins: [],
    settlementFrequencies: [],
    liabilityFrequencies: [],
    schedulerFunctions: [],
    journalPageTypes: [],
    merchantPageTypes: [],
    merchantPageSubTypes: [],
    languages: [],
    journalProfiles: [],
    journalPages: [],
    moduleCodes: [],
    deployments: [],
    merchantProfiles: [],
    merchantSelectedPages: [],
    merchantSelectedSubPages: [],
    merchantPublishes: [],
    configurations: [],
    financialSettlements: [],
    liabilityReportConfigs: [],
    baseCampaignActions: [],
  };
}

/**
 * MyJournal: wire shapes, paths, limits and texts (01 §2.5-2.10, §3, §4.2-4.3, §7.3, §8, §9).
 * One place per fact: the client, the server, the pacts and the tests import them from here.
 */

/** Site theme (01 §3): 1 light, 2 dark; on the shared layer anything but 1 reads as dark. */
export const THEME = { LIGHT: 1, DARK: 2 } as const;
export type ThemeId = (typeof THEME)[keyof typeof THEME];
export const DEFAULT_THEME_ID: ThemeId = THEME.DARK;

/** Module-code prefix of the journal (spec README): code = prefix + programId + abbreviation + profileId. */
export const JOURNAL_MODULE_PREFIX = 'MJC_';
/** The merchant builder's module-code prefix, as 02 §4 writes it. */
export const MERCHANT_MODULE_PREFIX = 'MMC_';
/** Module ids kept with a module code, by product line. */
export const MODULE_ID = { JOURNAL: 1, MERCHANT: 2 } as const;

export const journalModuleCode = (programId: number, abbreviation: string, profileId: number) =>
  `${JOURNAL_MODULE_PREFIX}${programId}${abbreviation}${profileId}`;

/** Expiration Date Count options, days → label (01 §9). */
export const EXPIRATION_DATE_COUNTS = [
  { id: 0, value: 'No count' },
  { id: 7, value: 'one week' },
  { id: 14, value: 'two weeks' },
  { id: 21, value: 'three weeks' },
  { id: 30, value: 'one month' },
  { id: 60, value: 'two months' },
  { id: 90, value: 'three months' },
  { id: 180, value: 'six months' },
] as const;
export const EXPIRATION_DATE_COUNT_IDS: readonly number[] = EXPIRATION_DATE_COUNTS.map((o) => o.id);

/** Known page type ids (01 §3, §9). Login is the mandatory one (seeded as id 1). */
export const JOURNAL_PAGE_TYPE = {
  LOGIN: 1,
  LOCATIONS: 5,
  FAQ: 10,
  PRIVACY_POLICY: 11,
  TERMS: 14,
} as const;

/** Field limits (01 §5.1, §9); the server checks them too. */
export const JOURNAL_LIMITS = {
  siteUrl: { min: 4, max: 32 },
  title: { min: 2, max: 100 },
  headerHeight: { min: 2, max: 100 },
  /** Server-side caps on free text (not in the spec: keep the data file sane). */
  keywords: 1_000,
  description: 2_000,
  googleAnalytics: 2_000,
  clientWebsite: 500,
  pageTitle: 200,
  navItem: 100,
  pageContent: 200_000,
  cssOverride: 100_000,
} as const;
/** siteUrl: URL-safe characters only (letters, digits, dash, underscore). */
export const SITE_URL_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Said by the server and the step 1 form for any other character (not a spec text). */
export const SITE_URL_CHARACTERS_MESSAGE = 'Only letters, digits, - and _ are allowed';

/** List sizes the journal asks for (01 §9). */
export const JOURNAL_PAGE_SIZE = { profiles: 1000, pages: 15, pageTypes: 15 } as const;

/** A journal site (01 §3). Image fields hold ids of the shared image endpoint (link: /images/{id}.png). */
export interface JournalProfile {
  profileId: number;
  programId: number;
  /** ISO 8601, set by the server on creation. */
  creationDate: string;
  isPublished: 0 | 1;
  title: string | null;
  keywords: string | null;
  description: string | null;
  googleAnalytics: string | null;
  clientWebsite: string | null;
  siteUrl: string;
  themeId: number;
  expirationDateCount: number;
  /** 0 test, 1 production: where the admin app was opened from (01 §4.2). */
  location: 0 | 1;
  moduleCode: string | null;
  moduleCodeId: number | null;
  logo: string | null;
  headerImg: string | null;
  favIcon: string | null;
  backgroundImg: string | null;
  cssOverride: string | null;
}

/** POST /myjournal/profiles: the server fills profileId, creationDate and the defaults. */
export type NewJournalProfile = Pick<JournalProfile, 'programId' | 'siteUrl'> &
  Partial<Omit<JournalProfile, 'profileId' | 'creationDate' | 'programId' | 'siteUrl'>>;

export interface JournalPage {
  pageId: number;
  pageTypeId: number;
  profileId: number;
  enabled: 0 | 1;
  title: string | null;
  content: string | null;
  navItem: string | null;
}

export type NewJournalPage = Pick<JournalPage, 'pageTypeId' | 'profileId'> &
  Partial<Pick<JournalPage, 'enabled' | 'title' | 'content' | 'navItem'>>;

export interface JournalPageType {
  pageTypeId: number;
  name: string;
  description: string;
  mandatory: 0 | 1;
}

export interface ModuleCode {
  moduleCodeId: number;
  /** MODULE_ID of the product line, from the code's prefix. */
  moduleId: number;
  code: string;
  name: string;
  programId: number;
}
export type NewModuleCode = Pick<ModuleCode, 'code' | 'name' | 'programId'>;

/** POST /myjournal/deployments: records that a published profile went out (answer 201). */
export interface DeploymentRequest {
  profileId: number;
}
export interface Deployment {
  deploymentId: number;
  profileId: number;
  siteUrl: string;
  location: 0 | 1;
  deployedAt: string;
  userName: string;
}

/** Export file (01 §2.10) and import file (01 §3): pages lose profileId, pageId and name. */
export type ExportedJournalPage = Omit<JournalPage, 'profileId' | 'pageId'>;
export interface JournalExportFile {
  profile: JournalProfile;
  pages: ExportedJournalPage[];
}

export const JOURNAL_EMBEDDED = {
  profiles: 'profiles',
  pages: 'pages',
  pageTypes: 'pageTypes',
  moduleCodes: 'moduleCodes',
} as const;

/** Journal calls on the API base (01 §7.3). */
export const JOURNAL_PATHS = {
  profiles: '/myjournal/profiles',
  profile: (id: number | string) => `/myjournal/profiles/${id}`,
  profilePages: (id: number | string) => `/myjournal/profiles/${id}/pages`,
  pages: '/myjournal/pages',
  page: (pageId: number | string) => `/myjournal/pages/${pageId}`,
  pageTypes: '/myjournal/pageTypes',
  deployments: '/myjournal/deployments',
  moduleCodes: '/moduleCodes',
  programModuleCodes: (programId: number | string) => `/moduleCodes/${programId}`,
  moduleCodeById: (programId: number | string) => `/moduleCodes/byid/${programId}`,
} as const;

/**
 * The published journal site, served at the origin root of the site host (spec README):
 * the page at `/mj/#!/{siteUrl}` and its public, unauthenticated calls.
 */
export const JOURNAL_SITE_PATHS = {
  page: '/mj/',
  /** The browser link of a site on a host: `{host}/mj/#!/{siteUrl}`. */
  link: (host: string, siteUrl: string) => `${host.replace(/\/+$/, '')}/mj/#!/${siteUrl}`,
  site: (siteUrl: string) => `/mj/api/sites/${encodeURIComponent(siteUrl)}`,
  stylesheet: (siteUrl: string) => `/mj/api/sites/${encodeURIComponent(siteUrl)}/style.css`,
  balance: (siteUrl: string) => `/mj/api/sites/${encodeURIComponent(siteUrl)}/balance`,
} as const;

/** GET {site}: what a published site shows. Content is the stored rich text; the site sanitises it. */
export interface PublishedJournalSite {
  siteUrl: string;
  title: string | null;
  keywords: string | null;
  description: string | null;
  clientWebsite: string | null;
  themeId: number;
  /** Links (on the URL base) of the images, or null. */
  logo: string | null;
  headerImg: string | null;
  favIcon: string | null;
  backgroundImg: string | null;
  /** Families the stylesheet uses, to load their font files. */
  fonts: string[];
  pages: PublishedJournalPage[];
}
export interface PublishedJournalPage {
  pageTypeId: number;
  name: string;
  navItem: string | null;
  title: string | null;
  content: string | null;
}

export interface BalanceRequest {
  cardNumber: string;
  pin: string;
}
/**
 * What the cardholder is told besides the balance: `expired` once the expiry date has passed
 * (the balance is still shown), `blocked` when the card file marked the card so.
 */
export type BalanceCardStatus = 'active' | 'expired' | 'blocked';
export interface BalanceAnswer {
  /** Last four digits only, e.g. `•••• 1234`. */
  maskedCardNumber: string;
  /** In cents. */
  balanceCents: number;
  /** ISO 4217 code, e.g. AUD. */
  currency: string;
  /** yyyy-MM-dd or null. */
  expiryDate: string | null;
  status: BalanceCardStatus;
}

/**
 * Card number and PIN as the balance check and the card files take them: digits only (the
 * Login page asks for the number without spaces or hyphens, 01 §9).
 */
export const JOURNAL_SITE_CARD_RULES = {
  cardNumber: { min: 12, max: 19, pattern: /^\d{12,19}$/ },
  pin: { min: 4, max: 8, pattern: /^\d{4,8}$/ },
} as const;

/** Dialog titles and texts of the journal (01 §2.10, §4.2, §4.3, §8), exactly as written. */
export const JOURNAL_TEXT = {
  updateProfile: 'Update profile successfully',
  profileCreated: 'Profile created successfully',
  importSuccess: 'Import configuration successfully!',
  changedProfile: 'Changed profile successfully',
  profileUpdated: 'Profile updated successfully!',
  headerImgRemoved: 'Header logo image removed successfully',
  logoRemoved: 'Logo image removed successfully',
  favIconRemoved: 'Favicon image removed successfully',
  backgroundImgRemoved: 'Background image removed successfully',
  loginPageUpdated: 'Login page updated successfully',
  locationPageUpdated: 'Update location page successfully',
  termsPageUpdated: 'Update T&C page successfully',
  policyPageUpdated: 'Update policy page successfully',
  faqPageUpdated: 'FAQ page updated successfully',
  cssUpdated: 'Update css style successfully',
  published: (title: string) => `Profile ${title} is now published`,
  publishedFromSummaryTitle: 'Published!',
  publishedFromSummary: 'The website is available now!',
  unpublishConfirm: 'Unpublish Profile ?',
  unpublished: 'Unpublishing Completed',
  notPublishedYet: 'Profile is not published yet',
  savedTitle: 'Saved!',
  saved: 'Your profile has been saved!',
  publishFailed: 'Something went wrong',
  /**
   * Not in the spec: a site without its mandatory Login page (an enabled page of the Login type)
   * is not published; both publish flows and the server say so. Its editor creates and enables it.
   */
  loginPageMissing:
    'This site cannot be published: its Login page is missing. Add it in Site Editor > Login Page.',
  /**
   * Not in the spec: the server's answer to a page of a mandatory type (the Login page) sent
   * disabled. 01 §4.3: a mandatory page type is always selected.
   */
  mandatoryPage: (pageType: string) => `The ${pageType} page is mandatory: it cannot be disabled`,
  lookupFailedTitle: (errorCode: number | string) => `Error: ${errorCode}`,
  importFailedTitle: 'Failed',
  importNoProgram: 'Please select program before importing configuration!',
  published_indicator: 'Published',
  notPublished_indicator: 'Not Published',
} as const;

/** The published site's own texts (not in the spec: written for cardholders). */
export const JOURNAL_SITE_TEXT = {
  notPublishedTitle: 'This site is not available',
  notPublished: 'This website is not published.',
  unknownSite: 'There is no website at this address.',
  /** The one answer to an unknown card and to a wrong PIN (ERROR_CODE.CARD_OR_PIN_WRONG). */
  cardOrPinWrong: 'The card number or the PIN is not correct. Please check both and try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  cardNumberLabel: 'Card number',
  pinLabel: 'PIN',
  submit: 'Login',
  balanceTitle: 'Your balance',
  cardNumberInvalid: 'Enter the card number: 12 to 19 digits, without spaces or hyphens.',
  pinInvalid: 'Enter the PIN: 4 to 8 digits.',
  cardLabel: 'Card',
  expiryLabel: 'Expiry date',
  noExpiry: 'No expiry date',
  cardExpired: 'This card has expired.',
  cardBlocked: 'This card is blocked. Please contact the card issuer.',
  loading: 'Loading…',
  loadFailed: 'This site could not be loaded. Please try again later.',
  networkError: 'We could not reach the server. Please check your connection and try again.',
  siteNavigation: 'Site pages',
  website: 'Visit our website',
} as const;

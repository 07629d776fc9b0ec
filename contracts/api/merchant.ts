/**
 * MyMerchant: wire shapes, paths, limits and texts (02 §3, §4, §5, §7, §8, §9).
 * One place per fact: the client, the server, the pacts and the tests import them from here.
 * Every path is on the merchant-wizard API base (`/api` on the mock server).
 *
 * Answers (the server, server/my-merchant):
 * - GET  profile                     200 embedded `profiles` (MerchantProfile[])
 * - GET  profile/{id}                200 MerchantProfile; 404 unknown id
 * - POST profile                     201 { id } (MerchantIdAnswer); the profile's mandatory
 *                                    page types are selected at once (navItem and title = name)
 * - PUT  profile/{id}?returnBody=    200 { id }, or the stored MerchantProfile with returnBody=true
 * - POST profile/sitesettings        200 { id } (siteTitle and analyticsTrackingCode only)
 * - POST modulecode                  200 MerchantModuleCode (the same code again answers it again)
 * - POST profilepublish/live         200 MerchantPublishRecord (the profile must be published)
 * - GET  programs / programs/{id}    200 embedded `programs` / MerchantProgram
 * - GET  languages                   200 embedded `languages`
 * - GET  pagetype                    200 embedded `pageTypes` (each with its `children`)
 * - GET  pagesubtype                 200 embedded `pageSubtypes`
 * - GET  profile/pagetypes/{id}      200 SelectedPageTypes { profileId, pageTypes }
 * - POST profile/pagetypes/          200 SelectedPageTypes (the selection replaces the stored one)
 * - GET  profile/pagesubtypes/{id}   200 SelectedPageSubTypes { profileId, pageSubtypes }
 * - POST profile/pagesubtypes/       200 SelectedPageSubTypes (replaces the stored one)
 * - POST mediaUpload/{profileId}?filename=  200 MerchantMediaAnswer; 413 'File size is too large'
 * Errors: JSON { errorCode, errorMessage } (400 bad input naming the field, 401, 404, 409, 413,
 * 415); nothing is written on a refusal.
 */
import { JOURNAL_LIMITS, MERCHANT_MODULE_PREFIX, MODULE_ID, THEME } from './journal';
import { DIALOG_TEXT } from './messages';

export { MERCHANT_MODULE_PREFIX };
export const MERCHANT_MODULE_ID = MODULE_ID.MERCHANT;

/** Site theme (02 §3, §9): 1 Light, 2 Dark (spec README: the labels' reading). */
export const MERCHANT_THEME = THEME;
export type MerchantThemeId = (typeof MERCHANT_THEME)[keyof typeof MERCHANT_THEME];

/** Module code of a merchant site (02 §4): MMC_ + program id + abbreviation + profile id. */
export const merchantModuleCodePrefix = (programId: number, abbreviation: string) =>
  `${MERCHANT_MODULE_PREFIX}${programId}${abbreviation}`;
export const merchantModuleCode = (programId: number, abbreviation: string, profileId: number) =>
  `${merchantModuleCodePrefix(programId, abbreviation)}${profileId}`;

/** Limits of 02 §5 and §9; the server checks them too. */
export const MERCHANT_LIMITS = {
  /** liveURL / testURL: 4 to 32 URL-safe characters (SITE_URL_PATTERN): the journal's rule. */
  url: JOURNAL_LIMITS.siteUrl,
  siteTitle: { min: 2, max: 100 },
  themeIds: [MERCHANT_THEME.LIGHT, MERCHANT_THEME.DARK] as readonly number[],
  /** Image bytes by slot (02 §5, §9). */
  image: {
    headerLogo: 307_200,
    logo: 307_200,
    favicon: 307_200,
    background: 1_572_864,
  },
  /** Server-side caps on free text (not in the spec: keep the data file sane). */
  description: 2_000,
  siteKeywords: 1_000,
  analyticsTrackingCode: 5_000,
  overrideCSS: 100_000,
  navItem: 100,
  pageTitle: 200,
  pageContent: 200_000,
} as const;

/** Page types of the seeded catalogue that code relies on (02 §2 sub-editor targets). */
export const MERCHANT_PAGE_TYPE = {
  HOME: 1,
  /** The store locator of the published site (spec README). */
  LOCATIONS: 4,
  TERMS: 6,
  PRIVACY_POLICY: 7,
  LOGIN: 9,
} as const;

/** The four media slots (02 §2 step 4, §7 `filename`), in screen order. */
export const MERCHANT_MEDIA_SLOTS = ['headerLogo', 'logo', 'favicon', 'background'] as const;
export type MerchantMediaSlot = (typeof MERCHANT_MEDIA_SLOTS)[number];

/** The profile field each slot sets. */
export const MERCHANT_MEDIA_FIELD = {
  headerLogo: 'headerLogoPath',
  logo: 'logoPath',
  favicon: 'faviconPath',
  background: 'backgroundPath',
} as const satisfies Record<MerchantMediaSlot, keyof MerchantProfile>;

/** The multipart field of a media upload (02 §7). */
export const MERCHANT_MEDIA_FIELD_NAME = 'image';

/** A merchant site (02 §3), field names as written (including `secundaryLanguageId`). */
export interface MerchantProfile {
  id: number;
  programId: number;
  /** The site's URL on the live host (`{live host}/mm/#!/{liveURL}`); unique across profiles. */
  liveURL: string | null;
  /** The site's URL on the test host; unique across profiles. */
  testURL: string | null;
  primaryLanguageId: number;
  /** Present, unused: always stored and answered as null (02 §2, §5). */
  secundaryLanguageId: null;
  siteThemeId: MerchantThemeId;
  overrideCSS: string | null;
  siteTitle: string | null;
  description: string | null;
  siteKeywords: string | null;
  analyticsTrackingCode: string | null;
  /** Links on the URL base (`/images/{id}.png`) set by the media upload, or null. */
  headerLogoPath: string | null;
  logoPath: string | null;
  faviconPath: string | null;
  backgroundPath: string | null;
  moduleCode: string | null;
  publishLive: 0 | 1;
  publishTest: 0 | 1;
}

/**
 * POST profile: programId, primaryLanguageId, siteThemeId and liveURL or testURL (at least one)
 * are required; the rest is optional. PUT takes the same fields or the whole profile (fields
 * left out stay; `id` in the body is ignored).
 */
export type NewMerchantProfile = Pick<
  MerchantProfile,
  'programId' | 'primaryLanguageId' | 'siteThemeId'
> &
  Partial<Omit<MerchantProfile, 'id' | 'programId' | 'primaryLanguageId' | 'siteThemeId'>>;
export type MerchantProfileUpdate = Partial<MerchantProfile>;

/** The answer of create, update (without returnBody) and sitesettings. */
export interface MerchantIdAnswer {
  id: number;
}

/** POST profile/sitesettings (02 §7). */
export interface MerchantSiteSettings {
  id: number;
  siteTitle: string;
  analyticsTrackingCode: string | null;
}

/** A program as the merchant wizard reads it (02 §3). */
export interface MerchantProgram {
  id: number;
  name: string;
  abbreviation: string;
}

export interface MerchantLanguage {
  id: number;
  languageName: string;
}

/** Sub-page type (02 §3): typeId is its parent page type. */
export interface MerchantPageSubType {
  id: number;
  typeId: number;
  name: string;
}

/** Page type (02 §3): fl_mandatory 1 = always selected; children = its sub-types. */
export interface MerchantPageType {
  id: number;
  name: string;
  fl_mandatory: 0 | 1;
  children: MerchantPageSubType[];
}

/** Selected page type of a profile (02 §3): navItem and title required. */
export interface SelectedPageType {
  typeId: number;
  navItem: string;
  title: string;
  content: string | null;
}

/** Selected sub-type (02 §3): pageTypeFk is the parent page type's id (a selected typeId). */
export interface SelectedPageSubType {
  subtypeId: number;
  pageTypeFk: number;
}

/** GET/POST profile/pagetypes: the whole selection of a profile. */
export interface SelectedPageTypes {
  profileId: number;
  pageTypes: SelectedPageType[];
}

/** GET/POST profile/pagesubtypes: the whole sub-page selection of a profile. */
export interface SelectedPageSubTypes {
  profileId: number;
  pageSubtypes: SelectedPageSubType[];
}

/** POST modulecode body (02 §4, §7): code = merchantModuleCode(programId, abbreviation, profileId). */
export interface MerchantModuleCodeBody {
  name: string;
  code: string;
  programId: number;
}
export interface MerchantModuleCode extends MerchantModuleCodeBody {
  moduleCodeId: number;
  moduleId: number;
}

/** POST profilepublish/live body (02 §3, §7): creationDate in ms, profileLocationId always 0. */
export interface MerchantPublishBody {
  creationDate: number;
  programId: number;
  profileId: number;
  profileLocationId: 0;
}
export interface MerchantPublishRecord extends MerchantPublishBody {
  publishId: number;
  userName: string;
}

/** POST mediaUpload answer: the slot, and the link now in the profile's path field. */
export interface MerchantMediaAnswer {
  id: number;
  filename: MerchantMediaSlot;
  path: string;
}

/**
 * A page of the import/export file (02 §3: pageTypeId, pageId, enabled). Not in the spec: the
 * export also writes the page's texts and selected sub-page types, so that an exported site
 * imported again has the same pages; without them an import names the page after its type.
 * pageId is the page type's id (a profile has one page per type).
 */
export interface MerchantExportPage {
  pageTypeId: number;
  pageId: number;
  enabled: boolean | 0 | 1;
  navItem?: string | null;
  title?: string | null;
  content?: string | null;
  /** Ids of the page's selected sub-page types. */
  subtypeIds?: number[];
}

/** Import/export file (02 §2 step 6, §3). */
export interface MerchantExportFile {
  program: MerchantProgram;
  profile: MerchantProfile;
  pages?: MerchantExportPage[];
}

export const MERCHANT_EMBEDDED = {
  profiles: 'profiles',
  programs: 'programs',
  languages: 'languages',
  pageTypes: 'pageTypes',
  pageSubtypes: 'pageSubtypes',
} as const;

/** Every call of 02 §7, on the merchant base, as written. */
export const MERCHANT_PATHS = {
  profiles: '/mymerchant/profile',
  profile: (id: number | string) => `/mymerchant/profile/${id}`,
  siteSettings: '/mymerchant/profile/sitesettings',
  moduleCode: '/mymerchant/modulecode',
  publishLive: '/mymerchant/profilepublish/live',
  programs: '/mymerchant/programs',
  program: (id: number | string) => `/mymerchant/programs/${id}`,
  languages: '/mymerchant/languages',
  pageTypes: '/mymerchant/pagetype',
  pageSubTypes: '/mymerchant/pagesubtype',
  selectedPageTypes: (profileId: number | string) => `/mymerchant/profile/pagetypes/${profileId}`,
  /** POST, with the trailing slash as written (the server also takes it without). */
  saveSelectedPageTypes: '/mymerchant/profile/pagetypes/',
  selectedPageSubTypes: (profileId: number | string) =>
    `/mymerchant/profile/pagesubtypes/${profileId}`,
  saveSelectedPageSubTypes: '/mymerchant/profile/pagesubtypes/',
  mediaUpload: (profileId: number | string, filename?: MerchantMediaSlot) =>
    `/mymerchant/mediaUpload/${profileId}${filename === undefined ? '' : `?filename=${filename}`}`,
  /** The alternative reading of 02 §7 (spec README): answered the same way. */
  imagesMediaUpload: (profileId: number | string, filename?: MerchantMediaSlot) =>
    `/mymerchant/images/mediaUpload/${profileId}${filename === undefined ? '' : `?filename=${filename}`}`,
} as const;

/** The published merchant site: `{site host}/mm/#!/{url}` (spec README). */
export const MERCHANT_SITE_PATHS = {
  page: '/mm/',
  link: (host: string, url: string) => `${host.replace(/\/+$/, '')}/mm/#!/${url}`,
  /** GET: the published site (PublishedMerchantSite, contracts/api/merchant-site.ts). */
  site: (url: string) => `/mm/api/sites/${encodeURIComponent(url)}`,
  /** GET: the profile's stylesheet, text/css. */
  stylesheet: (url: string) => `/mm/api/sites/${encodeURIComponent(url)}/style.css`,
  /** GET ?q=&page=&size=: the store locator's search (contracts/api/merchant-site.ts). */
  stores: (url: string) => `/mm/api/sites/${encodeURIComponent(url)}/stores`,
} as const;

/** The slot's name in '{type} file uploaded successfully' and the removal texts. */
export const MERCHANT_MEDIA_LABEL = {
  headerLogo: 'Header logo',
  logo: 'Logo',
  favicon: 'Favicon',
  background: 'Background',
} as const satisfies Record<MerchantMediaSlot, string>;

/** Texts of 02 §2, §4 and §8, exactly as written. */
export const MERCHANT_TEXT = {
  dashboardHeading: 'Select a MyMerchant Website',
  schemeType: 'Gift',
  published_indicator: 'Published',
  notPublished_indicator: 'Not Published',
  openSite: 'Open site',
  successTitle: DIALOG_TEXT.successTitle,
  errorTitle: DIALOG_TEXT.errorTitle,
  stepOf: (step: number) => `step ${step} of 6`,
  summaryHeadline: 'Summary',
  tabs: [
    'Client Setup',
    'Site Setting',
    'Site Pages',
    'Media Upload',
    'Site Editor',
    'Summary',
  ] as const,
  // §8 error catalogue
  fileTooLarge: DIALOG_TEXT.fileTooLarge,
  uploadFailed: 'Something went wrong, please try again',
  moduleCodeFailed: 'Something went wrong',
  importFailedTitle: 'Failed',
  publishFailed: 'Something went wrong',
  // §8 success messages
  profileCreated: 'Profile created successfully',
  profileUpdated: 'Profile updated successfully',
  importSuccess: 'Import configuration successfully!',
  pagesUpdated: 'Profile updated successfully!',
  fileUploaded: (type: string) => `${type} file uploaded successfully`,
  headerLogoRemoved: 'Header logo image removed successfully',
  logoRemoved: 'Logo image removed successfully',
  faviconRemoved: 'Favicon image removed successfully',
  backgroundRemoved: 'Background image removed successfully',
  publishedNow: 'Your profile is now published',
  published: (title: string) => `Profile ${title} is now published`,
  // §4 dashboard
  unpublished: 'Unpublishing Completed',
  unpublishedDetail: 'The profile not available anymore!',
  notPublishedYet: 'Profile is not published yet',
} as const;

/**
 * The provider states the pacts name, shared by the consumer tests (which name them) and the
 * server's development provider-state endpoint (which sets them up). Pure data: no imports, so
 * the server can use it without pulling in pact or client code.
 *
 * States are named after data. A state sets up its own records (never the demo seed's) and
 * answers the values the provider decided (ids, the siteUrl, a generated password), which the
 * pacts take through `fromProviderState('${name}', example)`. The parameters a state takes are
 * `pageTypeId` (journal pages) and `programTypeId` / `configured` (schemes); no state takes a
 * password or an id.
 */
export const STATE = {
  /** Answers `{ username, password }`: a user with a freshly generated password. */
  user: 'a user exists',
  /** Answers `{ programId }`: a gift program. */
  programExists: 'a program exists',
  /** Answers `{ programId }`: an id no program has. */
  programMissing: 'no program has the id',
  /** Answers `{ countryId }`: a country with at least one state. */
  countryWithStates: 'a country has states',
  /** Answers `{ profileId, programId, siteUrl }`: an unpublished profile, texts filled in, no images, no module code. */
  journalProfile: 'a journal profile exists',
  /** Answers `{ profileId, programId, siteUrl }`: the profile of journalProfile with one stored image (uploaded through `POST /images`) as its logo, headerImg, favIcon and backgroundImg. */
  journalProfileWithImages: 'a journal profile has stored images',
  /** Params `{ pageTypeId }`; answers `{ profileId, programId, siteUrl, pageId }`. */
  journalProfileWithPages: 'a journal profile with pages exists',
  /** Params `{ pageTypeId }`; answers `{ profileId, programId, siteUrl }`. */
  journalProfileWithoutPageType: 'a journal profile has no page of the type',
  /** Answers `{ profileId, programId, siteUrl }`: a published profile with its Login page. */
  publishedJournalProfile: 'a published journal profile exists',
  /** Answers `{ profileId, programId, siteUrl }`: the profile of publishedJournalProfile with the stored image of journalProfileWithImages as its logo, headerImg, favIcon and backgroundImg. */
  publishedJournalProfileWithImages: 'a published journal site has stored images',
  /** Answers `{ profileId }`: an id no profile has. */
  journalProfileMissing: 'no journal profile has the id',
  /** Answers `{ siteUrl }`: an address no profile uses. */
  siteUrlUnused: 'no journal profile uses the siteUrl',
  /** Answers `{ programId, moduleCodeId, code }`: a journal module code of a gift program. */
  moduleCode: 'a module code exists',
  /** Answers `{ code }`: a journal module code nobody uses yet. */
  moduleCodeUnused: 'no module code has the code',
  /** Answers `{ siteUrl, cardNumber, pin, wrongPin }`: a published site whose program holds that active card; `wrongPin` is not its PIN. */
  publishedSiteWithCard: 'a published journal site has a gift card',
  /** Answers `{ siteUrl, cardNumber, pin }`: a published site whose program holds that active card with no expiry date (a new PIN on each setup). */
  publishedSiteWithCardWithoutExpiry: 'a published journal site has a gift card without an expiry',
  /** Answers `{ siteUrl, cardNumber }`: a published site whose program has no card of that number (a new one on each setup). */
  /** Answers `{ siteUrl }`: a published site, and the caller (the address the state call came from) has used up its balance checks (BALANCE_RATE_LIMIT) for the current window, so its next check is answered 429. */
  publishedSiteBalanceChecksUsedUp:
    'the caller has used up its balance checks on a published journal site',
  publishedSiteWithoutCard: 'a published journal site has no card with the number',

  // Schemes (03). The scheme states reset the pact scheme of the program type to exactly the
  // steps named and answer SCHEME_STATE_VALUES: its ids and the ids a save of each step needs.
  /** Answers `{ clientId, clientName }`: a transactor client (no own BIN). */
  schemeClient: 'a scheme client exists',
  /** Answers `{ clientName }`: a client name no client has. */
  schemeClientNameUnused: 'no scheme client has the name',
  /** Answers `{ clientId }`: an id no client has. */
  schemeClientMissing: 'no scheme client has the id',
  /** Answers `{ schemeName }`: a scheme name no scheme has. */
  schemeNameUnused: 'no scheme has the name',
  /** Params `{ programTypeId: 1 | 3, configured: boolean }`: General Settings saved, and the configuration when configured; nothing later. */
  scheme: 'a scheme exists',
  /** Params `{ programTypeId }`: configured, with a financial settlement (status 4); no liability report. */
  schemeWithSettlement: 'a scheme has a financial settlement',
  /** Params `{ programTypeId }`: configured, settlement and liability report; no base campaign. */
  schemeWithLiability: 'a scheme has a liability report',
  /** The loyalty scheme configured, settlement, liability report and a sliding-scale base campaign. */
  schemeWithBaseCampaign: 'a loyalty scheme has a base campaign',
  /** Params `{ programTypeId }`: configured, with one uploaded file listed on its summary. */
  schemeWithUploadedFile: 'a scheme has an uploaded file',
  // Imports (contracts/api/imports.ts): each setup stores a new upload of the pact gift scheme
  // (configured) through the import service, so `fileName` is new every time.
  /** Params `{ programTypeId }`; answers `{ programId, fileName, binNumber, extension, cardLength }`: an uploaded card file (one good line, one bad), not imported. */
  schemeWithUploadedCardFile: 'a scheme has an uploaded card file',
  /** Params `{ programTypeId }`; answers `{ programId, fileName }`: an uploaded store file (one good line), not imported. */
  schemeWithUploadedStoreFile: 'a scheme has an uploaded store file',
  /** Params `{ programTypeId }`; answers `{ programId, fileName }`: its store imported, and an uploaded device file (one good line on it), not imported. */
  schemeWithUploadedDeviceFile: 'a scheme has an uploaded device file for its store',
  /**
   * Params `{ programTypeId }`; answers `{ programId, fileName, outFileName, rule }`: a completed
   * card import with one error line (line 3, a card number of no BIN). A new import each time, so
   * its review (contracts/api/import-review.ts, named by `outFileName`) has nothing corrected yet;
   * `rule` is the id of the review's one count (the rule line 3 fails).
   */
  schemeWithCardImportErrors: 'a scheme has a completed card import with error lines',
  /** Params `{ programTypeId }`; answers `{ programId, fileName }`: the card file of schemeWithUploadedCardFile, its import failed (rolled back, no error file), so its progress is `failed`. A new upload each time. */
  schemeWithFailedCardImport: 'a scheme has a failed card import',
  /**
   * Params `{ programTypeId }`; answers `{ programId, outFileName }`: as
   * schemeWithCardImportErrors, with its error line (line 3) corrected to a card number no card
   * of the program has (a new one each time), so the review has one fixed line to import.
   */
  schemeWithCorrectedImportLine: 'a scheme has a card import with a corrected error line',
  /**
   * Params `{ programTypeId }`; answers `{ programId, outFileName }`: as
   * schemeWithCardImportErrors, with its error line (line 3) corrected in its balance, so it
   * still fails its card number and the review's version is no longer 0.
   */
  schemeWithChangedFailingImportLine:
    'a scheme has a card import with an error line corrected and still failing',
  /** Answers `{ binId }`: a master (internal) card BIN. */
  masterCardBin: 'a master card BIN exists',
  /** Answers `{ binId }`: an id no card BIN has. */
  cardBinMissing: 'no card BIN has the id',
  /** Answers `{ reviewImageId }`: a stored summary screenshot, as POST /images/review keeps it. */
  reviewImage: 'a review screenshot exists',
  /** Answers `{ imageId }`: an image stored as `POST /images` stores it, which no record names. */
  imageStored: 'an image is stored',
  /** Answers `{ imageId }`: an id no stored image has (as an image deleted once unused). */
  imageMissing: 'no image has the id',

  // MyMerchant (02). The merchant states reset profiles of their own (`pact-merchant...` URLs)
  // of the pact gift program, with the first language the provider has.
  /** Answers `{ profileId, programId, url, languageId, code, subtypeId, unselectedSubtypeId, homeTypeId, locationsTypeId, termsTypeId, privacyPolicyTypeId }`: an unpublished profile (testURL `url`) with its mandatory pages and the Terms page selected, the Terms page's first sub-page selected; `code` its module code to be, `unselectedSubtypeId` a sub-page of the unselected Privacy Policy page; the four `…TypeId` the ids of the Home, Locations, Terms and Privacy Policy page types. */
  merchantProfile: 'a merchant profile exists',
  /** Answers `{ profileId, programId, url }`: a published profile (publishLive 1) with its module code. */
  publishedMerchantProfile: 'a published merchant profile exists',
  /** Answers `{ url }`: the published site of merchantSiteWithStores, and the caller (the address the state call came from) has used up its store searches (STORE_SEARCH.perMinute) for the current minute, so its next search is answered 429. */
  merchantSiteSearchesUsedUp:
    'the caller has used up its store searches on a published merchant site',
  /** Answers `{ profileId }`: an id no merchant profile has. */
  merchantProfileMissing: 'no merchant profile has the id',
  /** Answers `{ url, programId, languageId }`: a URL no merchant profile uses, and what a new profile needs. */
  merchantUrlUnused: 'no merchant profile uses the URL',
  /** Answers `{ url, programId }`: a published site (publishTest 1 at testURL `url`) whose program has MERCHANT_SITE_STORES imported (through the import service); the profile of merchantProfile is the unpublished one. */
  merchantSiteWithStores: 'a published merchant site has imported stores',
} as const;

/**
 * The stores 'a published merchant site has imported stores' imports, in this order: every
 * name holds `query`, so a search for it pages through all of them.
 */
export const MERCHANT_SITE_STORES = {
  query: 'pact',
  names: ['Pact Store Harbour', 'Pact Store Central', 'Pact Store Park'],
} as const;

/**
 * What every scheme state answers (`fromProviderState('${name}', example)`): the scheme's ids
 * and the values a save of each step needs on this provider (its own lookups: a country, a
 * transaction method, an expiry type and term, a bank with an account number in its format, a
 * liability frequency).
 */
export const SCHEME_STATE_VALUES = [
  'programId',
  'clientId',
  'countryId',
  'transactionMethodsStr',
  'liveCardBinId',
  'expiryFrom',
  'expiryTerm',
  'suffixStand',
  'bankId',
  'poolAccBankNumber',
  'frequency',
] as const;
export type SchemeStateValueName = (typeof SCHEME_STATE_VALUES)[number];

export type ProviderStateName = (typeof STATE)[keyof typeof STATE];

/** Where a development server answers pact's state-change calls (POST, `{ state, params, action }`). */
export const PROVIDER_STATES_PATH = '/_pact/provider-states';

/** Pact participants. */
export const PACT_PARTICIPANTS = {
  provider: 'portal-server',
  /** The admin app (client/src outside sites). */
  portalClient: 'portal-client',
  /** The published journal site's bundle (client/src/sites/journal). */
  journalSite: 'journal-site',
  /** The published merchant site's bundle (client/src/sites/merchant). */
  merchantSite: 'merchant-site',
} as const;

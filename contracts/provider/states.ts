/**
 * The provider states the pacts name, shared by the consumer tests (which name them) and the
 * server's development provider-state endpoint (which sets them up). Pure data: no imports, so
 * the server can use it without pulling in pact or client code.
 *
 * States are named after data. A state sets up its own records (never the demo seed's) and
 * answers the values the provider decided (ids, the siteUrl, a generated password), which the
 * pacts take through `fromProviderState('${name}', example)`. The only parameter a state takes
 * is `pageTypeId`; no state takes a password.
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
  /** Params `{ pageTypeId }`; answers `{ profileId, programId, siteUrl, pageId }`. */
  journalProfileWithPages: 'a journal profile with pages exists',
  /** Params `{ pageTypeId }`; answers `{ profileId, programId, siteUrl }`. */
  journalProfileWithoutPageType: 'a journal profile has no page of the type',
  /** Answers `{ profileId, programId, siteUrl }`: a published profile with its Login page. */
  publishedJournalProfile: 'a published journal profile exists',
  /** Answers `{ profileId }`: an id no profile has. */
  journalProfileMissing: 'no journal profile has the id',
  /** Answers `{ siteUrl }`: an address no profile uses. */
  siteUrlUnused: 'no journal profile uses the siteUrl',
  /** Answers `{ programId, moduleCodeId, code }`: a journal module code of a gift program. */
  moduleCode: 'a module code exists',
  /** Answers `{ code }`: a journal module code nobody uses yet. */
  moduleCodeUnused: 'no module code has the code',
  /** Answers `{ siteUrl, cardNumber, pin }`: a published site whose program holds that active card. */
  publishedSiteWithCard: 'a published journal site has a gift card',
} as const;

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
} as const;

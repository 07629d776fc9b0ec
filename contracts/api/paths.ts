/** Call paths, each relative to its base (spec README: "one server, three bases"). */

/** On the API base. */
export const API_PATHS = {
  tokens: '/tokens',
  programs: '/programs',
  program: (id: number | string) => `/programs/${id}`,
  countries: '/countries',
  countryStates: (countryId: number | string) => `/countries/${countryId}/states`,
  transactionMethods: '/transactionMethods',
  expiryTypes: '/gift-card/configurations/expiry-type',
  expiryTerms: '/gift-card/configurations/expiry-term',
  programTypes: '/gift-card/schemes/programTypes',
} as const;

/** On the URL base. */
export const URL_PATHS = {
  refresh: '/api/2/tokens/refresh',
  images: '/images',
  image: (id: string) => `/images/${id}.png`,
  imagesReview: '/images/review',
  mail: '/mail',
  /** The review mails kept (spec README "Scheme wizard"): a list, and one mail's `.eml`. */
  mailOutbox: '/mail/outbox',
  mailOutboxItem: (id: string) => `/mail/outbox/${id}`,
} as const;

/** Served by the server at the origin root, outside every base. */
export const RUNTIME_CONFIG_PATH = '/config.json';

/** Embedded-list names of the lookups. */
export const EMBEDDED = {
  programs: 'programs',
  countries: 'countries',
  states: 'states',
  transactionMethods: 'transactionMethods',
  expiryTypes: 'expiryTypes',
  expiryTerms: 'expiryTerms',
  programTypes: 'programTypes',
} as const;

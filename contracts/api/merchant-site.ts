/**
 * The published merchant site's store locator (spec README "Site builders"): the wire
 * shapes, limits and texts of GET MERCHANT_SITE_PATHS.stores. Public: no token.
 */
import { JOURNAL_SITE_TEXT } from './journal';

/** A selected sub-page of a published page (02 §3): its sub-type's id and name; no content. */
export interface PublishedMerchantSubPage {
  id: number;
  name: string;
}

/** A selected page of a published site: its type, navigation label, title (H1) and content. */
export interface PublishedMerchantPage {
  typeId: number;
  /** The page type's name (Home, Locations, ...): the page's address on the site. */
  name: string;
  navItem: string;
  title: string;
  /** The stored rich text: the site sanitises it where it renders it. */
  content: string | null;
  subPages: PublishedMerchantSubPage[];
}

/**
 * GET MERCHANT_SITE_PATHS.site: what a published merchant site shows. Images are links (null
 * when the profile has none); `fonts` are the known families the stylesheet names; the
 * stylesheet itself is its own file (MERCHANT_SITE_PATHS.stylesheet).
 */
export interface PublishedMerchantSite {
  url: string;
  title: string | null;
  description: string | null;
  keywords: string | null;
  themeId: number;
  headerLogo: string | null;
  logo: string | null;
  favicon: string | null;
  background: string | null;
  fonts: string[];
  pages: PublishedMerchantPage[];
}

/** What the search answers of a store: its public fields (never the import it came from). */
export interface PublicStore {
  storeCode: string;
  storeName: string;
  address: string;
  city: string;
  postcode: string;
  countryCode: string;
  suburb: string | null;
  state: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * `page.number` is 1-based (as the other list calls). Counting a million matches is slow, so
 * the search counts at most STORE_SEARCH.countLimit of them: `totalElements` and `totalPages`
 * are present only when the matches are within that count (exact then); `hasNext` always says
 * whether a next page exists.
 */
export interface StoreSearchPage {
  size: number;
  number: number;
  hasNext: boolean;
  totalElements?: number;
  totalPages?: number;
}

export interface StoreSearchAnswer {
  _embedded: { stores: PublicStore[] };
  page: StoreSearchPage;
}

/** Query limits: a larger size, a page past countLimit matches, or more words are refused (400). */
export const STORE_SEARCH = {
  defaultSize: 20,
  maxSize: 50,
  /** Matches counted; pages reach only within them (narrow the search to see others). */
  countLimit: 10_000,
  maxQueryLength: 100,
  maxWords: 6,
  /** Searches per minute per address (its own limit, besides the API's). */
  perMinute: 120,
} as const;

/** The site's texts for the store search (not in the spec: written for the site's visitors). */
export const MERCHANT_SITE_TEXT = {
  notPublished: JOURNAL_SITE_TEXT.notPublished,
  unknownSite: JOURNAL_SITE_TEXT.unknownSite,
  tooManySearches: 'Too many searches. Please wait a minute and try again.',
  pageBeyondCount: `Only the first ${STORE_SEARCH.countLimit.toLocaleString('en')} matching stores can be paged through: please narrow your search.`,
  queryTooLong: `Search for at most ${STORE_SEARCH.maxQueryLength} characters.`,
  tooManyWords: `Search for at most ${STORE_SEARCH.maxWords} words.`,
  sizeTooLarge: `At most ${STORE_SEARCH.maxSize} stores a page.`,
  /** The store index cannot run the search (its words are cut otherwise than the index cuts). */
  queryRefused: 'These words cannot be searched. Please try other words.',
  /** The published site's own texts (the store locator, the page chrome). */
  notPublishedTitle: JOURNAL_SITE_TEXT.notPublishedTitle,
  loading: JOURNAL_SITE_TEXT.loading,
  loadFailed: JOURNAL_SITE_TEXT.loadFailed,
  siteNavigation: JOURNAL_SITE_TEXT.siteNavigation,
  subPages: 'In this section',
  backTo: (page: string) => `Back to ${page}`,
  searchLabel: 'Search stores by name, city or postcode',
  searchButton: 'Search',
  searching: 'Searching…',
  noStores: 'No stores match your search.',
  searchFailed: 'The stores could not be searched. Please try again.',
  resultsHeading: 'Stores',
  showing: (from: number, to: number, total: number | undefined) =>
    total === undefined
      ? `Stores ${from} to ${to}`
      : `Stores ${from} to ${to} of ${total.toLocaleString('en')}`,
  pageNavigation: 'Store result pages',
  previousPage: 'Previous stores',
  nextPage: 'Next stores',
  phone: 'Phone',
} as const;

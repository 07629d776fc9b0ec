/**
 * The published MyMerchant sites (spec README "Site builders"), public: no token.
 *   GET /mm/                                         the site page (dist/client/mm/index.html)
 *   GET /mm/api/sites/{url}                          PublishedMerchantSite (contracts/api/merchant-site.ts)
 *   GET /mm/api/sites/{url}/style.css                the profile's stylesheet, as text/css
 *   GET /mm/api/sites/{url}/stores?q=&page=&size=    StoreSearchAnswer: the store locator
 *
 * `{url}` names a published site when it is a profile's liveURL and publishLive is 1, or its
 * testURL and publishTest is 1 (both hosts are this server by default, spec README). Otherwise
 * 404 with the text the site shows: not published, or no site at that address.
 *
 * Each address may search STORE_SEARCH.perMinute times a minute (besides the API's limit): a
 * search costs more than a page of the site.
 */
import { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import {} from '@contracts/api/journal';
import { MERCHANT_SITE_PATHS, type MerchantProfile } from '@contracts/api/merchant';
import {
  MERCHANT_SITE_TEXT,
  STORE_SEARCH,
  type StoreSearchAnswer,
  type StoreSearchPage,
} from '@contracts/api/merchant-site';
import { queryWords } from '@contracts/site/store-query';
import type { ServerConfig } from '../config';
import type { DeepReadonly } from '../db/schema';
import type { Snapshot, Store } from '../db/store';
import { HttpError, notFound } from '../http/errors';
import {
  addressKey,
  FixedWindowCounter,
  rateLimited,
  type BruteForceLimits,
} from '../http/rate-limit';
import { declareInput } from '../http/route-docs';
import { parseInput, positiveInt, validate } from '../http/validate';
import { StoreQueryRefused, type StoreSearch } from '../records/store-search';
import { merchantStylesheetOf, publishedMerchantSite } from './published-merchant-site';
import { isSiteUrl } from './published-site';
import { siteUrlSchema } from '../my-journal/journal-schemas';
import { sendStylesheet, sitePage, sitePageRoutes, siteRoute } from './site-page';
import { recordedRouter } from '../http/route-table';

export interface MerchantSiteRouterOptions {
  store: Store;
  /** The imported stores (ImportService.stores). */
  stores: StoreSearch;
  config: Pick<ServerConfig, 'clientDir' | 'urlBase'>;
  /** Where the search limit registers how it clears (and uses up) one caller. */
  limits?: BruteForceLimits;
}

export type MerchantSiteLookup =
  | { kind: 'published'; profile: DeepReadonly<MerchantProfile> }
  | { kind: 'unpublished' }
  | { kind: 'unknown' };

/**
 * The merchant profile behind a site address: published when the address is its liveURL with
 * publishLive set or its testURL with publishTest set. A published profile wins should two
 * profiles share an address.
 */
export function findMerchantSite(data: Snapshot, url: string): MerchantSiteLookup {
  const profiles = data.merchantProfiles;
  const published = profiles.find(
    (p) => (p.liveURL === url && p.publishLive === 1) || (p.testURL === url && p.publishTest === 1),
  );
  if (published !== undefined) return { kind: 'published', profile: published };
  return profiles.some((p) => p.liveURL === url || p.testURL === url)
    ? { kind: 'unpublished' }
    : { kind: 'unknown' };
}

const routeOf = (build: (siteUrl: string) => string) => siteRoute(build, 'url');

const siteParams = z.object({ url: siteUrlSchema });

const searchQuery = z.object({
  q: z
    .string()
    .max(STORE_SEARCH.maxQueryLength, MERCHANT_SITE_TEXT.queryTooLong)
    .refine((q) => queryWords(q).length <= STORE_SEARCH.maxWords, MERCHANT_SITE_TEXT.tooManyWords)
    .optional(),
  page: positiveInt.optional(),
  size: positiveInt
    .pipe(z.number().max(STORE_SEARCH.maxSize, MERCHANT_SITE_TEXT.sizeTooLarge))
    .optional(),
});

/** STORE_SEARCH.perMinute searches a minute per address; past it 429 with the site's text. */
function searchRateLimit(limits: BruteForceLimits | undefined): RequestHandler {
  const counter = new FixedWindowCounter(STORE_SEARCH.perMinute, 60_000);
  limits?.add((address) => counter.reset(address));
  limits?.addUseUp('storeSearch', async (address) => counter.useUp(address));
  return (req, res, next) => {
    const { remaining } = counter.hit(addressKey(req.ip));
    if (remaining < 0) {
      res.status(429).json(rateLimited(MERCHANT_SITE_TEXT.tooManySearches));
      return;
    }
    next();
  };
}

/** 404 with the text the site shows: not published, or no site at that address. */
const siteMissing = (lookup: Exclude<MerchantSiteLookup, { kind: 'published' }>) =>
  notFound(
    lookup.kind === 'unpublished'
      ? MERCHANT_SITE_TEXT.notPublished
      : MERCHANT_SITE_TEXT.unknownSite,
  );

/** The search's result; a query the index refuses is the visitor's 400, not a server failure. */
function searchOrRefuse<T>(search: () => T): T {
  try {
    return search();
  } catch (error) {
    if (error instanceof StoreQueryRefused) {
      throw new HttpError(400, ERROR_CODE.VALIDATION, MERCHANT_SITE_TEXT.queryRefused);
    }
    throw error;
  }
}

export function createMerchantSiteRouter({
  store,
  stores,
  config,
  limits,
}: MerchantSiteRouterOptions): Router {
  const router = recordedRouter();

  router.get(
    sitePageRoutes(MERCHANT_SITE_PATHS.page),
    sitePage(config.clientDir, MERCHANT_SITE_PATHS.page),
  );

  router.get(routeOf(MERCHANT_SITE_PATHS.site), validate({ params: siteParams }), (req, res) => {
    const data = store.read();
    const { url } = req.params;
    const lookup = findMerchantSite(data, url);
    if (lookup.kind !== 'published') throw siteMissing(lookup);
    // Publishing and unpublishing take effect at once; the ETag still saves the bytes.
    res
      .set('Cache-Control', 'no-cache')
      .json(publishedMerchantSite(data, lookup.profile, url, config.urlBase));
  });

  // The site URL is checked by hand (a stylesheet answer, empty, for any other); declared.
  router.get(
    routeOf(MERCHANT_SITE_PATHS.stylesheet),
    declareInput({ params: siteParams }, (req, res) => {
      const { url } = req.params;
      const lookup =
        typeof url === 'string' && isSiteUrl(url) ? findMerchantSite(store.read(), url) : undefined;
      sendStylesheet(
        res,
        lookup?.kind === 'published' ? merchantStylesheetOf(lookup.profile) : undefined,
      );
    }),
  );

  router.get(
    routeOf(MERCHANT_SITE_PATHS.stores),
    searchRateLimit(limits),
    validate({ params: siteParams }),
    (req, res) => {
      const query = parseInput(searchQuery, req.query, 'query');
      const lookup = findMerchantSite(store.read(), req.params.url);
      if (lookup.kind !== 'published') throw siteMissing(lookup);
      const number = query.page ?? 1;
      const size = query.size ?? STORE_SEARCH.defaultSize;
      if ((number - 1) * size >= STORE_SEARCH.countLimit) {
        throw new HttpError(400, ERROR_CODE.VALIDATION, MERCHANT_SITE_TEXT.pageBeyondCount);
      }
      const result = searchOrRefuse(() =>
        stores.search(lookup.profile.programId, { q: query.q, page: number, size }),
      );
      const page: StoreSearchPage = { size, number, hasNext: result.hasNext };
      if (result.total !== undefined) {
        page.totalElements = result.total;
        page.totalPages = Math.ceil(result.total / size);
      }
      const answer: StoreSearchAnswer = { _embedded: { stores: result.stores }, page };
      // Publishing, unpublishing and imports take effect at once.
      res.set('Cache-Control', 'no-cache').json(answer);
    },
  );

  return router;
}

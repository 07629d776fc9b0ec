/**
 * The merchant site's two calls, on its own origin (the site host serves the page and its API):
 * the published site, and the store search. Failures become values the page shows.
 */
import { MERCHANT_SITE_PATHS } from '@contracts/api/merchant';
import type { PublishedMerchantSite, StoreSearchAnswer } from '@contracts/api/merchant-site';
import { errorMessageOf, getJson, isRecord, loadPublishedSite } from '../shared/fetch-json';
import type { SiteLoad } from '../shared/site-controller';

export type StoreSearchResult =
  | { kind: 'stores'; answer: StoreSearchAnswer }
  /** Refused with a message the visitor can act on (a too long query, too many searches). */
  | { kind: 'refused'; message: string }
  | { kind: 'failed' };

export interface StoreQuery {
  q: string;
  page: number;
  size: number;
}

function isPublishedSite(body: unknown): body is PublishedMerchantSite {
  return (
    isRecord(body) &&
    typeof body.url === 'string' &&
    Array.isArray(body.fonts) &&
    Array.isArray(body.pages) &&
    body.pages.every(
      (page) => isRecord(page) && typeof page.name === 'string' && Array.isArray(page.subPages),
    )
  );
}

function isStoreAnswer(body: unknown): body is StoreSearchAnswer {
  return (
    isRecord(body) &&
    isRecord(body._embedded) &&
    Array.isArray(body._embedded.stores) &&
    isRecord(body.page) &&
    typeof body.page.number === 'number' &&
    typeof body.page.hasNext === 'boolean'
  );
}

export const loadMerchantSite = (url: string): Promise<SiteLoad<PublishedMerchantSite>> =>
  loadPublishedSite(MERCHANT_SITE_PATHS.site(url), isPublishedSite);

export async function searchStores(url: string, query: StoreQuery): Promise<StoreSearchResult> {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.q !== '') params.set('q', query.q);
  const answer = await getJson(`${MERCHANT_SITE_PATHS.stores(url)}?${params.toString()}`);
  if (answer === undefined) return { kind: 'failed' };
  const { response, body } = answer;
  if (response.ok && isStoreAnswer(body)) return { kind: 'stores', answer: body };
  const message = errorMessageOf(body);
  if (!response.ok && response.status < 500 && message !== undefined) {
    return { kind: 'refused', message };
  }
  return { kind: 'failed' };
}

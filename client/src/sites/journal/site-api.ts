/**
 * The site's two calls, on its own origin (the site host serves the page and its API):
 * the published site, and the balance check. Failures become values the page shows.
 */
import {
  JOURNAL_SITE_PATHS,
  type BalanceAnswer,
  type BalanceRequest,
  type PublishedJournalSite,
} from '@contracts/api/journal';
import { errorMessageOf, isRecord, jsonOf, loadPublishedSite } from '../shared/fetch-json';
import type { SiteLoad } from '../shared/site-controller';

export type SiteResult = SiteLoad<PublishedJournalSite>;

export type BalanceResult =
  | { kind: 'balance'; answer: BalanceAnswer }
  | { kind: 'refused'; errorCode: number | undefined; message: string }
  | { kind: 'failed' };

function isPublishedSite(body: unknown): body is PublishedJournalSite {
  return (
    isRecord(body) &&
    typeof body.siteUrl === 'string' &&
    Array.isArray(body.fonts) &&
    Array.isArray(body.pages) &&
    body.pages.every((page) => isRecord(page) && typeof page.name === 'string')
  );
}

function isBalanceAnswer(body: unknown): body is BalanceAnswer {
  return (
    isRecord(body) &&
    typeof body.maskedCardNumber === 'string' &&
    typeof body.balanceCents === 'number' &&
    typeof body.currency === 'string'
  );
}

export const loadSite = (siteUrl: string): Promise<SiteResult> =>
  loadPublishedSite(JOURNAL_SITE_PATHS.site(siteUrl), isPublishedSite);

export async function checkBalance(
  siteUrl: string,
  request: BalanceRequest,
): Promise<BalanceResult> {
  let response: Response;
  try {
    response = await fetch(JOURNAL_SITE_PATHS.balance(siteUrl), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return { kind: 'failed' };
  }
  const body = await jsonOf(response);
  if (response.ok && isBalanceAnswer(body)) return { kind: 'balance', answer: body };
  const message = errorMessageOf(body);
  if (!response.ok && response.status < 500 && message !== undefined) {
    const errorCode =
      isRecord(body) && typeof body.errorCode === 'number' ? body.errorCode : undefined;
    return { kind: 'refused', errorCode, message };
  }
  return { kind: 'failed' };
}

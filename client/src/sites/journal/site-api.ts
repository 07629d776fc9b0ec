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
import { errorMessageOf, isRecord, jsonOf } from '../shared/fetch-json';

export type SiteResult =
  | { kind: 'site'; site: PublishedJournalSite }
  /** No such site, or not published: the server's message says which. */
  | { kind: 'missing'; message: string | undefined }
  | { kind: 'failed' };

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

export async function loadSite(siteUrl: string): Promise<SiteResult> {
  let response: Response;
  try {
    response = await fetch(JOURNAL_SITE_PATHS.site(siteUrl), {
      headers: { Accept: 'application/json' },
    });
  } catch {
    return { kind: 'failed' };
  }
  const body = await jsonOf(response);
  if (response.ok && isPublishedSite(body)) return { kind: 'site', site: body };
  if (response.status === 404) return { kind: 'missing', message: errorMessageOf(body) };
  // A malformed address: the page says there is no site there.
  if (response.status === 400) return { kind: 'missing', message: undefined };
  return { kind: 'failed' };
}

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

/**
 * Optimistic concurrency of the records a step of the scheme wizard edits (scheme,
 * configuration, financial settlement, liability report, base campaign) and of those the site
 * builders edit (a journal or merchant profile, and a profile's pages: all of them as one
 * record, the merchant's with their sub-pages), by standard HTTP (RFC 9110 §8.8.3, §13.1.1):
 * - the read of one record answers a STRONG ETag of the record as answered;
 * - a save carrying `If-Match` is refused with 412 and writes nothing unless one of the listed
 *   tags is the record's current tag (strong comparison: a weak tag `W/"…"` never matches) or
 *   the list is `*`; a save without `If-Match` is not checked;
 * - a save that answers the record carries its new ETag.
 *
 * The tag is derived from the record's JSON (a SHA-256 of what the read answers, base64url),
 * not kept as a stored revision: the records are written by many routes (a settlement's save
 * raises the scheme's status, the review mail stamps it, a client rename changes its client
 * name), and a tag of the answer itself changes exactly when what an operator was shown
 * changes, with no revision to remember in each of them and no change to the stored data.
 * express's own ETag (server/http/etag.ts) is weak and is only used when a route sets none.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { HttpError } from './errors';

/** The strong ETag of a record as a read answers it: `"<base64url SHA-256 of its JSON>"`. */
export function recordEtag(answer: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(answer)).digest('base64url');
  return `"${digest}"`;
}

/** Sets the record's strong ETag on the answer (express then adds no weak one of its own). */
export function setRecordEtag(res: Response, answer: unknown): void {
  res.set('ETag', recordEtag(answer));
}

/** The part of a request read here: its headers. */
interface RequestHeaders {
  get(name: string): string | undefined;
}

/**
 * The entity tags of an `If-Match` value: `*`, or the quoted tags of its comma-separated list
 * (weak ones kept with their `W/`, so they never equal a strong tag). undefined without one.
 */
function ifMatchTags(req: RequestHeaders): '*' | string[] | undefined {
  const value = req.get('If-Match');
  if (value === undefined) return undefined;
  if (value.trim() === '*') return '*';
  return value.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

/** 412: the record changed since the operator read it; nothing is written. */
export function staleRecord(): HttpError {
  return new HttpError(412, ERROR_CODE.CONFLICT, ERROR_MESSAGE.staleRecord);
}

/**
 * Throws 412 when the request carries `If-Match` and `current` (the record as a read answers it
 * now) fails it. Call inside the store's update, before anything is changed, so the check and
 * the write see the same data.
 */
export function requireCurrentRecord(req: RequestHeaders, current: unknown): void {
  const tags = ifMatchTags(req);
  if (tags === undefined || tags === '*') return;
  const etag = recordEtag(current);
  if (!tags.includes(etag)) throw staleRecord();
}

/**
 * Whether the request's `If-Match` admits a record whose current strong tag is `etag`: true
 * without `If-Match` and for `*`. For a record that keeps a tag of its own (an import review's
 * line, server/imports/review-store.ts), checked where it is written.
 */
export function ifMatchAdmits(req: RequestHeaders, etag: string): boolean {
  const tags = ifMatchTags(req);
  return tags === undefined || tags === '*' || tags.includes(etag);
}

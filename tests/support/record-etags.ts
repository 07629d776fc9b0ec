/**
 * The conditional saves of the real server (server/http/record-etag.ts) for the client tests'
 * fake servers: a read answers a strong ETag of the record as answered, and a save whose
 * If-Match is not the record's current tag is refused with 412 and changes nothing.
 */
import { createHash } from 'node:crypto';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import type { RecordedRequest } from './fake-fetch';

/** The record's strong ETag, derived from its JSON as the server derives it. */
export function etagOf(record: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(record)).digest('base64url')}"`;
}

/** A read's answer: the record with its ETag. */
export function readAnswer(record: unknown) {
  return { body: record, headers: { ETag: etagOf(record) } };
}

/** The 412 answer when the save's If-Match (if any) is not `current`'s tag, else undefined. */
export function staleAnswer(request: RecordedRequest, current: unknown) {
  const ifMatch = request.headers.get('If-Match');
  if (ifMatch === null || ifMatch === etagOf(current)) return undefined;
  return {
    status: 412,
    body: { errorCode: ERROR_CODE.CONFLICT, errorMessage: ERROR_MESSAGE.staleRecord },
  };
}

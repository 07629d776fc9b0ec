import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BaseQueryApi, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { AppBaseQuery } from './base-query';
import type { ApiFailure } from './errors';

/**
 * The ETags of the records the scheme wizard's steps and the site builders' screens edit, as last
 * read (server/http/record-etag.ts): a save sends the one of the record its screen shows as
 * `If-Match`, so a record someone else saved since is refused (412) instead of overwritten.
 * Kept beside the query cache, not in it, so the records keep the shapes the screens use. Every
 * read of a record replaces its tag, and the screen re-initialises from that read (keeping what
 * the operator changed), so the tag sent is always the one of the record underneath the screen.
 */

/**
 * The records a screen edits: those of a scheme step by scheme (programId), the site
 * builders' profiles by profile id.
 */
export type RecordKind =
  | 'scheme'
  | 'configuration'
  | 'settlement'
  | 'liability'
  | 'campaign'
  | 'journalProfile'
  | 'merchantProfile';

export const recordKey = (kind: RecordKind, id: number): string => `${kind}:${id}`;

type RecordEtagsState = Record<string, string>;

export const recordEtagsSlice = createSlice({
  name: 'recordEtags',
  initialState: {} as RecordEtagsState,
  reducers: {
    /** A read or save of the record answered `etag` (null: none, or the record does not exist). */
    recordEtagSeen(state, { payload }: PayloadAction<{ key: string; etag: string | null }>) {
      if (payload.etag !== null) {
        state[payload.key] = payload.etag;
        return state;
      }
      const { [payload.key]: _forgotten, ...kept } = state;
      return kept;
    },
  },
});

export const { recordEtagSeen } = recordEtagsSlice.actions;

/**
 * The strong ETag of an answer, or null. A weak one (`W/"…"`) never satisfies If-Match (RFC 9110
 * strong comparison), so it is not kept: sending it would refuse every save.
 */
export function strongEtagOf(meta: FetchBaseQueryMeta | undefined): string | null {
  const etag = meta?.response?.headers.get('ETag') ?? null;
  return etag !== null && etag.startsWith('"') ? etag : null;
}

/** The If-Match header of a save of the record: its ETag as last read, if known. */
export function ifMatchHeader(state: unknown, key: string): Record<string, string> {
  const etags = (state as { recordEtags?: RecordEtagsState }).recordEtags;
  const etag = etags?.[key];
  return etag === undefined ? {} : { 'If-Match': etag };
}

type QueryResult<T> = { data: T } | { error: ApiFailure };
type BaseQuery = (args: string | FetchArgs) => ReturnType<AppBaseQuery>;

/** The record a read or save is about, and where its ETag goes. */
export interface RecordRef {
  kind: RecordKind;
  id: number;
  api: Pick<BaseQueryApi, 'dispatch' | 'getState'>;
}

/** Keeps the ETag a read or save of the record answered (none: forgets it). */
export function keepEtag(record: RecordRef, etag: string | null): void {
  record.api.dispatch(recordEtagSeen({ key: recordKey(record.kind, record.id), etag }));
}

/** The record read; its ETag kept for the screen's next save. */
export async function readRecord<T>(
  baseQuery: BaseQuery,
  args: string | FetchArgs,
  record: RecordRef,
): Promise<QueryResult<T>> {
  const result = await baseQuery(args);
  if (result.error) return { error: result.error };
  keepEtag(record, strongEtagOf(result.meta));
  return { data: result.data as T };
}

/**
 * An update of the record, sent with `If-Match: <its ETag as last read>` when one is known (a
 * backend that sends none is never asked); the new ETag the answer carries is kept.
 */
export async function saveRecord<T>(
  baseQuery: BaseQuery,
  args: FetchArgs,
  record: RecordRef,
): Promise<QueryResult<T>> {
  const ifMatch = ifMatchHeader(record.api.getState(), recordKey(record.kind, record.id));
  const result = await baseQuery({ ...args, headers: ifMatch });
  if (result.error) return { error: result.error };
  const etag = strongEtagOf(result.meta);
  if (etag !== null) keepEtag(record, etag);
  return { data: result.data as T };
}

/**
 * Whether a save's tags are invalidated: when it succeeded, and when it was refused because the
 * stored record is not what the screen was opened with (412 stale, 409 already created), so the
 * screen shows the record as it is now. Never on any other failure.
 */
export const readAgainAfter = (error: ApiFailure | undefined): boolean =>
  error === undefined || error.status === 412 || error.status === 409;

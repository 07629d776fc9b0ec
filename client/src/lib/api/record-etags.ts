import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BaseQueryApi, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { currentRoute } from '@/lib/session/session-draft';
import type { AppBaseQuery } from './base-query';
import type { ApiFailure } from './errors';

/**
 * The ETags of the records the scheme wizard's steps and the site builders' screens edit, as last
 * read (server/http/record-etag.ts): a save sends the one of the record its screen shows as
 * `If-Match`, so a record someone else saved since is refused (412) instead of overwritten.
 * Kept beside the query cache, not in it, so the records keep the shapes the screens use. Every
 * read of a record replaces its tag, and the screen re-initialises from that read (keeping what
 * the operator changed), so the tag sent is always the one of the record underneath the screen,
 * except on a screen whose unsaved values came back after the session ended (RestoredEtags).
 */

/**
 * The records a screen edits: those of a scheme step by scheme (programId), the site
 * builders' profiles by profile id, and a profile's pages by profile id (all of them as one
 * record: the journal's page list; the merchant's selected pages with their sub-pages).
 */
export type RecordKind =
  | 'scheme'
  | 'configuration'
  | 'settlement'
  | 'liability'
  | 'campaign'
  | 'journalProfile'
  | 'merchantProfile'
  | 'journalPages'
  | 'merchantPages';

export const recordKey = (kind: RecordKind, id: number): string => `${kind}:${id}`;

/** Record ETags by recordKey. */
export type EtagsByRecord = Readonly<Record<string, string>>;

/**
 * The ETags the screen's records had when the session ended by itself with unsaved values on it
 * (lib/session/session-draft.ts): those values are put back on top of the records as read after
 * the sign-in, which may hold someone else's save made meanwhile. Until the restored screen's
 * first save of a record, that save goes with the tag the values were typed over, so such a save
 * is refused (412) and the screen shows the record as it is now, as any stale save is.
 */
export interface RestoredEtags {
  /** The restored screen (session-draft's `currentRoute`); the tags serve saves made on it. */
  route: string;
  etags: EtagsByRecord;
}

export interface RecordEtagsState {
  /** Each record's ETag as last read or saved. */
  seen: EtagsByRecord;
  restored: RestoredEtags | null;
}

const initialState: RecordEtagsState = { seen: {}, restored: null };

const without = (etags: EtagsByRecord, key: string): EtagsByRecord => {
  const { [key]: _forgotten, ...kept } = etags;
  return kept;
};

export const recordEtagsSlice = createSlice({
  name: 'recordEtags',
  initialState,
  reducers: {
    /** A read or save of the record answered `etag` (null: none, or the record does not exist). */
    recordEtagSeen(state, { payload }: PayloadAction<{ key: string; etag: string | null }>) {
      state.seen =
        payload.etag === null
          ? without(state.seen, payload.key)
          : { ...state.seen, [payload.key]: payload.etag };
    },
    /** A form on the screen took its unsaved values back: the tags they were typed over. */
    restoredEtagsKept(state, { payload }: PayloadAction<RestoredEtags>) {
      // Another form of the same screen taking its values back keeps the tags saves have used.
      if (state.restored?.route !== payload.route) state.restored = payload;
    },
    /**
     * The restored screen's save of the record was answered (saved, or refused as stale): its
     * next save goes with the tag as last read.
     */
    restoredEtagUsed(state, { payload }: PayloadAction<string>) {
      if (state.restored === null) return;
      const etags = without(state.restored.etags, payload);
      state.restored = Object.keys(etags).length > 0 ? { ...state.restored, etags } : null;
    },
    /** The restored screen was left: its values are saved or given up. */
    restoredEtagsDropped(state) {
      state.restored = null;
    },
  },
});

export const { recordEtagSeen, restoredEtagsKept, restoredEtagUsed, restoredEtagsDropped } =
  recordEtagsSlice.actions;

/**
 * The strong ETag of an answer, or null. A weak one (`W/"…"`) never satisfies If-Match (RFC 9110
 * strong comparison), so it is not kept: sending it would refuse every save.
 */
export function strongEtagOf(meta: FetchBaseQueryMeta | undefined): string | null {
  const etag = meta?.response?.headers.get('ETag') ?? null;
  return etag !== null && etag.startsWith('"') ? etag : null;
}

/**
 * The If-Match header of a save of the record: on a restored screen, the tag its values were
 * typed over (RestoredEtags); else its ETag as last read, if known.
 */
export function ifMatchHeader(state: unknown, key: string): Record<string, string> {
  const etags = (state as { recordEtags?: RecordEtagsState }).recordEtags;
  const restored = etags?.restored;
  const etag =
    (restored?.route === currentRoute() ? restored.etags[key] : undefined) ?? etags?.seen[key];
  return etag === undefined ? {} : { 'If-Match': etag };
}

/**
 * The tags the screen's values are typed over, kept with them when a session ends: the records'
 * as last read, but on a restored screen the tags its values came back with (so a session
 * ending again before a save does not trade them for tags read after someone else's save).
 */
export function etagsTypedOver(state: { recordEtags: RecordEtagsState }): EtagsByRecord {
  const { seen, restored } = state.recordEtags;
  return restored?.route === currentRoute() ? { ...seen, ...restored.etags } : seen;
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
  const key = recordKey(record.kind, record.id);
  const result = await baseQuery({ ...args, headers: ifMatchHeader(record.api.getState(), key) });
  if (readAgainAfter(result.error)) record.api.dispatch(restoredEtagUsed(key));
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

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/**
 * The ETags of the scheme wizard's records as last read (server/http/record-etag.ts): a step's save
 * sends the one of the record its form shows as `If-Match`, so a record someone else saved
 * since is refused (412) instead of overwritten. Kept beside the query cache, not in it, so the
 * records keep the shapes the steps use. Every read of a record replaces its tag, and the form
 * re-initialises from that read (keeping what the operator changed), so the tag sent is always
 * the one of the record underneath the form.
 */

/** The records a step edits, by scheme (programId). */
export type RecordKind = 'scheme' | 'configuration' | 'settlement' | 'liability' | 'campaign';

export const recordKey = (kind: RecordKind, programId: number): string => `${kind}:${programId}`;

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

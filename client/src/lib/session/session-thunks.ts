import type { Dispatch } from '@reduxjs/toolkit';
import { purgeStoredState } from 'redux-persist';
import type { Token } from '@contracts/api/entities';
import { apiSlices } from '@/lib/api/api-slices';
import { etagsTypedOver, type RecordEtagsState } from '@/lib/api/record-etags';
import {
  loggedOut,
  tokenReceived,
  type SessionEnd,
  type SessionState,
} from '@/lib/store/session-slice';
import { sessionPersistConfig } from '@/lib/store/persistence';
import { dropDraft, keepDraft, settleDraftFor } from './session-draft';
import { clearTokenCookie, writeTokenCookie } from './token-cookie';

/** Keeps a login or refresh answer: the `token` cookie and the session slice. */
export const storeToken = (token: Token) => (dispatch: Dispatch) => {
  writeTokenCookie(token);
  dispatch(tokenReceived(token));
};

/**
 * A login answer: the token is kept, and unsaved changes kept for another user are dropped (the
 * same user's are put back on their screen: session-draft.ts).
 */
export const signIn = (token: Token) => (dispatch: Dispatch) => {
  settleDraftFor(token.userName);
  storeToken(token)(dispatch);
};

/**
 * Ends the session locally and clears the whole application state (01 §2.1, §4.1): the token
 * cookie (when it still holds this tab's token: clearTokenCookie), every slice (root reducer
 * reset), every RTK Query cache with its subscriptions, and the persisted session. With the
 * token gone, the main layout sends the user to login.
 */
function endLocally(dispatch: Dispatch, own: Token | null, how: SessionEnd): void {
  clearTokenCookie(own);
  dispatch(loggedOut(how));
  for (const slice of apiSlices) dispatch(slice.util.resetApiState());
  purgeStoredState(sessionPersistConfig).catch((error: unknown) => {
    console.warn('Could not purge the stored session.', error);
  });
}

/** A logout (Logout, then OK): the session ends, and nothing typed before is kept. */
export const clearSession =
  () => (dispatch: Dispatch, getState: () => { session: SessionState }) => {
    dropDraft();
    endLocally(dispatch, getState().session.token, 'logout');
  };

/**
 * A session that ended by itself (401 with code 11 — expired or revoked —, a failed refresh): it
 * ends as a logout does, but the open form's unsaved values are kept for the same user's next
 * sign-in (session-draft.ts) and the login screen says the session ended.
 */
export const endSession =
  () =>
  (
    dispatch: Dispatch,
    getState: () => { session: SessionState; recordEtags: RecordEtagsState },
  ) => {
    const { token } = getState().session;
    if (token) keepDraft(token.userName, etagsTypedOver(getState()));
    endLocally(dispatch, token, 'ended');
  };

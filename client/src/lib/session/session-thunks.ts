import type { Dispatch } from '@reduxjs/toolkit';
import { purgeStoredState } from 'redux-persist';
import type { Token } from '@contracts/api/entities';
import { apiSlices } from '@/lib/api/api-slices';
import { loggedOut, tokenReceived } from '@/lib/store/session-slice';
import { sessionPersistConfig } from '@/lib/store/persistence';
import { clearTokenCookie, writeTokenCookie } from './token-cookie';

/** Keeps a login or refresh answer: the `token` cookie and the session slice. */
export const storeToken = (token: Token) => (dispatch: Dispatch) => {
  writeTokenCookie(token);
  dispatch(tokenReceived(token));
};

/**
 * Ends the session locally and clears the whole application state (01 §2.1, §4.1): the token
 * cookie, every slice (root reducer reset), every RTK Query cache with its subscriptions, and
 * the persisted session. With the token gone, the main layout sends the user to login.
 */
export const clearSession = () => (dispatch: Dispatch) => {
  clearTokenCookie();
  dispatch(loggedOut());
  for (const slice of apiSlices) dispatch(slice.util.resetApiState());
  purgeStoredState(sessionPersistConfig).catch((error: unknown) => {
    console.warn('Could not purge the stored session.', error);
  });
};

import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Token } from '@contracts/api/entities';
import { readTokenCookie } from '@/lib/session/token-cookie';

/**
 * Session and cross-screen UI state (persisted to sessionStorage). The token cookie is the
 * source of truth for the token: the slice starts from it and is kept in step with it.
 */
export interface SessionState {
  token: Token | null;
}

/** Clears the whole application state (root reducer reset); dispatched by `clearSession`. */
export const loggedOut = createAction('session/loggedOut');
/** A call was answered 401 with errorCode 11: the shared layer logs out (01 §8). */
export const sessionExpired = createAction('session/expired');

export const sessionSlice = createSlice({
  name: 'session',
  // Lazy: read the cookie when the store is built (and again after a reset).
  initialState: (): SessionState => ({ token: readTokenCookie() }),
  reducers: {
    tokenReceived(state, action: PayloadAction<Token>) {
      state.token = action.payload;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectUserName: (state) => state.token?.userName ?? '',
  },
});

export const { tokenReceived } = sessionSlice.actions;
export const { selectToken, selectUserName } = sessionSlice.selectors;

import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Token } from '@contracts/api/entities';
import { readTokenCookie } from '@/lib/session/token-cookie';

/**
 * Session and cross-screen UI state (persisted to sessionStorage). The token cookie is the
 * source of truth for the token: the slice starts from it and is kept in step with it.
 */
export interface SessionState {
  token: Token | null;
  /**
   * The session ended without a logout (expired, revoked, the refresh failed): the login screen
   * says so until the next sign-in. Absent in a state stored or built without it: not ended.
   */
  ended?: boolean;
}

/** How a session ends: the user logged out, or it ended by itself (expired, revoked). */
export type SessionEnd = 'logout' | 'ended';

/**
 * Clears the whole application state (root reducer reset); dispatched by `clearSession` (a
 * logout) and `endSession` (a session that ended by itself).
 */
export const loggedOut = createAction('session/loggedOut', (how: SessionEnd = 'logout') => ({
  payload: how,
}));
/** A call was answered 401 with errorCode 11: the shared layer logs out (01 §8). */
export const sessionExpired = createAction('session/expired');

export const sessionSlice = createSlice({
  name: 'session',
  // Lazy: read the cookie when the store is built (and again after a reset).
  initialState: (): SessionState => ({ token: readTokenCookie(), ended: false }),
  reducers: {
    tokenReceived(state, action: PayloadAction<Token>) {
      state.token = action.payload;
      state.ended = false;
    },
  },
  extraReducers: (builder) => {
    // Runs on the reset state (store.ts): only the way the session ended is carried over. The
    // tab is signed out even when the cookie holds another tab's newer token (clearTokenCookie
    // leaves that one): it is taken up on the tab's next load, not in the middle of this one.
    builder.addCase(loggedOut, (state, action) => {
      state.token = null;
      state.ended = action.payload === 'ended';
    });
  },
  selectors: {
    selectToken: (state) => state.token,
    selectUserName: (state) => state.token?.userName ?? '',
    selectSessionEnded: (state) => state.ended === true,
  },
});

export const { tokenReceived } = sessionSlice.actions;
export const { selectToken, selectUserName, selectSessionEnded } = sessionSlice.selectors;

import type { PersistConfig, Storage } from 'redux-persist';
import { readTokenCookie } from '@/lib/session/token-cookie';
import type { SessionState } from './session-slice';

/**
 * sessionStorage, looked up at call time: the same code also runs where there is none (node test
 * environments), where redux-persist's own adapter complains on import.
 */
const sessionStore: Storage = {
  getItem: (key: string) => Promise.resolve(globalThis.sessionStorage?.getItem(key) ?? null),
  setItem: (key: string, value: string) =>
    Promise.resolve(globalThis.sessionStorage?.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(globalThis.sessionStorage?.removeItem(key)),
};

/**
 * redux-persist settings of the session slice (the only persisted slice): sessionStorage,
 * writes throttled to 100 ms (01 §9 "storage write debounce 100 ms").
 */
export const sessionPersistConfig: PersistConfig<SessionState> = {
  key: 'session',
  storage: sessionStore,
  throttle: 100,
  // The token cookie decides whether a session exists: a stored copy never revives a token
  // whose cookie has gone (expired or cleared in another tab).
  stateReconciler: (inbound, _original, reduced) => ({
    ...reduced,
    ...inbound,
    token: readTokenCookie(),
  }),
};

import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { recordEtagsSlice } from '@/lib/api/record-etags';
import { api, merchantApi, urlApi } from '@/lib/api/api-slices';
import { endSession } from '@/lib/session/session-thunks';
import { configSlice } from './config-slice';
import { sessionPersistConfig } from './persistence';
import { loggedOut, sessionExpired, sessionSlice } from './session-slice';

const slices = {
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [configSlice.reducerPath]: configSlice.reducer,
  [api.reducerPath]: api.reducer,
  [urlApi.reducerPath]: urlApi.reducer,
  [merchantApi.reducerPath]: merchantApi.reducer,
  [recordEtagsSlice.name]: recordEtagsSlice.reducer,
};

const appReducer = combineReducers(slices);
export type RootState = ReturnType<typeof appReducer>;

/**
 * Logout resets every slice to its initial state. Kept across the reset: the runtime config
 * (deployment settings loaded once at start, not user state) and redux-persist's bookkeeping of
 * the session slice, so the (now empty) session keeps being persisted after the next login.
 */
type RootReducer = Reducer<RootState, UnknownAction, Partial<RootState>>;

function withLogoutReset(reducer: RootReducer): RootReducer {
  return (state, action) => {
    if (!loggedOut.match(action) || !state) return reducer(state, action);
    const { _persist } = state.session as { _persist?: unknown };
    const kept = {
      config: state.config,
      ...(_persist ? { session: { ...sessionSlice.getInitialState(), _persist } } : {}),
    } as Partial<RootState>;
    return reducer(kept, action);
  };
}

export interface MakeStoreOptions {
  /** Persist the session slice to sessionStorage (the app does; tests usually don't). */
  persist?: boolean;
  /**
   * How long Redux Toolkit's development checks of each action (immutable and serializable
   * state) may take before they warn; its default is 32 ms. The client and contract tests allow
   * more: on a busy machine (the contract tests run beside the browser tests) a check of a small
   * state can wait that long for a core.
   */
  checksWarnAfterMs?: number;
}

/** A fresh store. Tests build one per test; `main.tsx` builds the app's with persistence. */
export function makeStore(preloadedState?: Partial<RootState>, options: MakeStoreOptions = {}) {
  const reducer: RootReducer = options.persist
    ? combineReducers({
        ...slices,
        // The persisted slice carries `_persist`; the state's shape is otherwise the same.
        session: persistReducer(sessionPersistConfig, sessionSlice.reducer) as unknown as Reducer<
          ReturnType<typeof sessionSlice.reducer>
        >,
      })
    : appReducer;

  const warnAfter =
    options.checksWarnAfterMs === undefined ? {} : { warnAfter: options.checksWarnAfterMs };
  const listener = createListenerMiddleware<RootState>();
  listener.startListening({
    actionCreator: sessionExpired,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(endSession());
    },
  });

  const store = configureStore({
    reducer: withLogoutReset(reducer),
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        immutableCheck: warnAfter,
        serializableCheck: {
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
          ...warnAfter,
        },
      })
        .prepend(listener.middleware)
        .concat(api.middleware, urlApi.middleware, merchantApi.middleware),
    // RTK Query batches its cache updates and tells the screens at the end of the tick, not at
    // the next animation frame (RTK's default). A record read again takes its ETag into the store
    // as it comes in (record-etags.ts); told a frame later, the screen would go on showing, and
    // saving, the record read before, and a save clicked in that frame would send the new tag
    // with the old values: accepted, it would write over what another operator saved.
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

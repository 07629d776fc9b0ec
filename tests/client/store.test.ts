import { waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { persistStore, type Persistor } from 'redux-persist';
import { EMBEDDED, RUNTIME_CONFIG_PATH } from '@contracts/api/paths';
import { lookupsApi } from '@/lib/api/lookups-api';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { clearSession, endSession, storeToken } from '@/lib/session/session-thunks';
import { jwtExpiry, readTokenCookie } from '@/lib/session/token-cookie';
import { configLoaded, DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { makeStore } from '@/lib/store/store';
import {
  PROGRAMS,
  TEST_TOKEN,
  embeddedList,
  fakeJwt,
  readTokenCookieRaw,
  setTokenCookie,
} from '../support/client-app';
import { installFakeFetch, type FakeFetch } from '../support/fake-fetch';

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch({
    'GET /api/programs': { body: embeddedList(EMBEDDED.programs, PROGRAMS) },
  });
});
afterEach(() => {
  server.restore();
  jest.useRealTimers();
});

const persisted = () => window.sessionStorage.getItem('persist:session');
/** The token sessionStorage holds now (null when purged or none). */
const persistedToken = (): unknown => {
  const raw = persisted();
  return raw === null ? null : JSON.parse(JSON.parse(raw).token as string);
};
/** Resolves once redux-persist has read sessionStorage back into the store. */
const rehydrated = (persistor: Persistor) =>
  waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));

describe('makeStore', () => {
  it('builds a fresh store with session and config slices and no persistence', () => {
    const store = makeStore();
    expect(store.getState().session).toEqual({ token: null, ended: false });
    expect(store.getState().config).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(store.getState().session).not.toHaveProperty('_persist');
  });

  it('starts the session from the token cookie', () => {
    setTokenCookie();
    expect(makeStore().getState().session.token).toEqual(TEST_TOKEN);
  });

  it('takes a preloaded state', () => {
    const config = { ...DEFAULT_RUNTIME_CONFIG, apiBase: '/x' };
    expect(makeStore({ config }).getState().config.apiBase).toBe('/x');
  });
});

describe('session thunks', () => {
  it('storeToken writes the cookie (JSON) and the slice', () => {
    const store = makeStore();
    store.dispatch(storeToken(TEST_TOKEN));
    expect(store.getState().session.token).toEqual(TEST_TOKEN);
    expect(readTokenCookieRaw()).toEqual(TEST_TOKEN);
    expect(readTokenCookie()).toEqual(TEST_TOKEN);
  });

  it('clearSession clears cookie, session and every cache, and keeps the runtime config', async () => {
    const store = makeStore();
    store.dispatch(storeToken(TEST_TOKEN));
    store.dispatch(configLoaded({ ...DEFAULT_RUNTIME_CONFIG, apiBase: '/kept' }));
    server.on('GET /kept/programs', { body: embeddedList(EMBEDDED.programs, PROGRAMS) });
    await store.dispatch(lookupsApi.endpoints.programs.initiate());
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    store.dispatch(clearSession());

    expect(readTokenCookieRaw()).toBeUndefined();
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().api.queries).toEqual({});
    expect(store.getState().config.apiBase).toBe('/kept');
  });
});

describe('the token cookie, shared by every tab', () => {
  /** What another tab's later sign-in wrote: a different token of the same user. */
  const otherTabsToken = { ...TEST_TOKEN, token: fakeJwt('admin-other-tab', 4_102_444_800) };

  it.each([
    ['logs out', clearSession],
    ['has its session end by itself', endSession],
  ])('is left to another tab that signed in since, when this tab %s', (_how, end) => {
    const store = makeStore();
    store.dispatch(storeToken(TEST_TOKEN));
    setTokenCookie(otherTabsToken);

    store.dispatch(end());

    expect(store.getState().session.token).toBeNull();
    expect(readTokenCookieRaw()).toEqual(otherTabsToken);
    // That tab's next load (or a new tab) starts signed in.
    expect(makeStore().getState().session.token).toEqual(otherTabsToken);
  });

  it('is cleared when this tab ends the session it holds', () => {
    const store = makeStore();
    store.dispatch(storeToken(TEST_TOKEN));
    store.dispatch(endSession());
    expect(readTokenCookieRaw()).toBeUndefined();
    expect(makeStore().getState().session.token).toBeNull();
  });
});

describe('persistence of the session slice', () => {
  it('writes the session to sessionStorage and purges it on logout', async () => {
    const store = makeStore(undefined, { persist: true });
    const persistor = persistStore(store);
    await rehydrated(persistor);
    store.dispatch(storeToken(TEST_TOKEN));
    await waitFor(() => expect(persistedToken()).toEqual(TEST_TOKEN));

    store.dispatch(clearSession());
    await waitFor(() => expect(persistedToken()).toBeNull());
    expect(store.getState().session.token).toBeNull();

    // Persistence goes on after the reset: the next login (a new token) is stored again.
    store.dispatch(storeToken({ ...TEST_TOKEN }));
    await waitFor(() => expect(persistedToken()).toEqual(TEST_TOKEN));
    persistor.pause();
  });

  it('never revives a stored token whose cookie has gone', async () => {
    window.sessionStorage.setItem(
      'persist:session',
      JSON.stringify({
        token: JSON.stringify(TEST_TOKEN),
        _persist: '{"version":-1,"rehydrated":true}',
      }),
    );
    const store = makeStore(undefined, { persist: true });
    const persistor = persistStore(store);
    await rehydrated(persistor);
    expect(store.getState().session.token).toBeNull();
    persistor.pause();
  });
});

describe('token cookie', () => {
  it('is JSON, SameSite=Strict, path / and expires with the master token', () => {
    const set = jest.spyOn(Cookies, 'set');
    makeStore().dispatch(storeToken(TEST_TOKEN));
    expect(set).toHaveBeenCalledWith('token', JSON.stringify(TEST_TOKEN), {
      path: '/',
      sameSite: 'strict',
      secure: false,
      expires: jwtExpiry(TEST_TOKEN.masterToken),
    });
    expect(jwtExpiry(TEST_TOKEN.masterToken)).toBeInstanceOf(Date);
    set.mockRestore();
  });

  it('reads the expiry of a JWT', () => {
    const exp = Date.UTC(2031, 5, 1) / 1000;
    expect(jwtExpiry(fakeJwt('m', exp))).toEqual(new Date(exp * 1000));
    expect(jwtExpiry('not-a-jwt')).toBeUndefined();
  });

  it('ignores an unreadable cookie', () => {
    document.cookie = 'token=%7Bbroken; path=/';
    expect(readTokenCookie()).toBeNull();
  });
});

describe('runtime config', () => {
  it('reads /config.json and keeps defaults for missing fields', async () => {
    server.on(`GET ${RUNTIME_CONFIG_PATH}`, {
      body: { apiBase: '/backend', inactivityLimitSeconds: 300 },
    });
    await expect(loadRuntimeConfig()).resolves.toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      apiBase: '/backend',
      inactivityLimitSeconds: 300,
    });
  });

  it('falls back to the defaults when /config.json cannot be read', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on(`GET ${RUNTIME_CONFIG_PATH}`, { status: 500, body: {} });
    await expect(loadRuntimeConfig()).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

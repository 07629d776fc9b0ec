import { act, screen, waitFor } from '@testing-library/react';
import { MODULE_CODE } from '@contracts/api/constants';
import { EMBEDDED } from '@contracts/api/paths';
import type { LookupItem } from '@contracts/api/entities';
import { paths } from '@/config/paths';
import { NETWORK_ERROR_MESSAGE, UNREADABLE_ANSWER_MESSAGE } from '@/config/texts';
import { merchantApi } from '@/lib/api/api-slices';
import type { NoArg } from '@/lib/api/base-query';
import { CLIENT_ERROR_CODE } from '@/lib/api/errors';
import { lookupsApi } from '@/lib/api/lookups-api';
import { configLoaded, DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { makeStore } from '@/lib/store/store';
import {
  PROGRAMS,
  TEST_TOKEN,
  currentPath,
  embeddedList,
  readTokenCookieRaw,
  renderApp,
  setTokenCookie,
} from '../support/client-app';
import { NETWORK_ERROR, installFakeFetch, type FakeFetch } from '../support/fake-fetch';

const COUNTRIES: LookupItem[] = [
  { id: 1, value: 'Australia' },
  { id: 2, value: 'New Zealand' },
];

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch({
    'GET /api/programs': { body: embeddedList(EMBEDDED.programs, PROGRAMS) },
    'GET /api/programs/11': { body: PROGRAMS[0] },
    'GET /api/countries': { body: embeddedList(EMBEDDED.countries, COUNTRIES) },
    'GET /api/countries/1/states': {
      body: embeddedList(EMBEDDED.states, [{ id: 7, value: 'Victoria', countryId: 1 }]),
    },
    'GET /api/transactionMethods': { body: embeddedList(EMBEDDED.transactionMethods, []) },
    'GET /api/gift-card/configurations/expiry-type': {
      body: embeddedList(EMBEDDED.expiryTypes, [{ id: 1, value: 'Activation' }]),
    },
    'GET /api/gift-card/configurations/expiry-term': {
      body: embeddedList(EMBEDDED.expiryTerms, [{ id: 12, value: '12 months' }]),
    },
    'GET /api/gift-card/schemes/programTypes': {
      body: embeddedList(EMBEDDED.programTypes, [{ id: 1, value: 'GIFT' }]),
    },
  });
});
afterEach(() => server.restore());

const signedInStore = () => makeStore({ session: { token: TEST_TOKEN } });

describe('base query', () => {
  it('adds Authorization (the token as stored) and moduleCode THQ while a token exists', async () => {
    const store = signedInStore();
    await store.dispatch(lookupsApi.endpoints.programs.initiate());
    const [request] = server.calls('GET /api/programs');
    expect(request!.headers.get('Authorization')).toBe(TEST_TOKEN.token);
    expect(request!.headers.get('moduleCode')).toBe(MODULE_CODE);
  });

  it('adds neither header without a token', async () => {
    const store = makeStore({ session: { token: null } });
    await store.dispatch(lookupsApi.endpoints.countries.initiate());
    const [request] = server.calls('GET /api/countries');
    expect(request!.headers.get('Authorization')).toBeNull();
    expect(request!.headers.get('moduleCode')).toBeNull();
  });

  it('reads the base from the runtime config at call time', async () => {
    server.on('GET /v2/countries', { body: embeddedList(EMBEDDED.countries, COUNTRIES) });
    server.on('GET /mm-api/mymerchant/ping', { body: { ok: true } });
    const store = signedInStore();
    store.dispatch(
      configLoaded({ ...DEFAULT_RUNTIME_CONFIG, apiBase: '/v2/', merchantApiBase: '/mm-api' }),
    );
    const ping = merchantApi.injectEndpoints({
      endpoints: (build) => ({
        ping: build.query<unknown, NoArg>({ query: () => '/mymerchant/ping' }),
      }),
    });

    const countries = await store.dispatch(lookupsApi.endpoints.countries.initiate());
    const merchant = await store.dispatch(ping.endpoints.ping.initiate());

    expect(countries.data).toEqual(COUNTRIES);
    expect(merchant.data).toEqual({ ok: true });
    expect(server.unmatched).toEqual([]);
  });

  it('normalises a server error to { status, errorCode, errorMessage }', async () => {
    server.on('GET /api/programs/99', {
      status: 404,
      body: { errorCode: 3, errorMessage: 'Program 99 not found' },
    });
    const result = await signedInStore().dispatch(lookupsApi.endpoints.program.initiate(99));
    expect(result.error).toEqual({
      status: 404,
      errorCode: 3,
      errorMessage: 'Program 99 not found',
    });
  });

  it('normalises a network failure and an unreadable answer', async () => {
    const store = signedInStore();
    server.on('GET /api/countries', NETWORK_ERROR);
    server.on('GET /api/transactionMethods', { status: 502, text: '<html>Bad gateway</html>' });

    const offline = await store.dispatch(lookupsApi.endpoints.countries.initiate());
    const garbled = await store.dispatch(lookupsApi.endpoints.transactionMethods.initiate());

    expect(offline.error).toEqual({
      status: 0,
      errorCode: CLIENT_ERROR_CODE.NETWORK,
      errorMessage: NETWORK_ERROR_MESSAGE,
    });
    expect(garbled.error).toEqual({
      status: 502,
      errorCode: CLIENT_ERROR_CODE.UNREADABLE,
      errorMessage: UNREADABLE_ANSWER_MESSAGE,
    });
  });

  it('logs out on 401 with errorCode 11 (state, caches and cookie cleared)', async () => {
    setTokenCookie();
    const store = signedInStore();
    await store.dispatch(lookupsApi.endpoints.programs.initiate());
    server.on('GET /api/countries', {
      status: 401,
      body: { errorCode: 11, errorMessage: 'Token expired' },
    });

    await store.dispatch(lookupsApi.endpoints.countries.initiate());

    await waitFor(() => expect(store.getState().session.token).toBeNull());
    expect(readTokenCookieRaw()).toBeUndefined();
    expect(store.getState().api.queries).toEqual({});
  });

  it('does not log out on other 401s', async () => {
    const store = signedInStore();
    server.on('GET /api/countries', {
      status: 401,
      body: { errorCode: 10, errorMessage: 'Invalid username or password' },
    });
    await store.dispatch(lookupsApi.endpoints.countries.initiate());
    expect(store.getState().session.token).toEqual(TEST_TOKEN);
  });

  it('sends the user to login when any call answers 401 code 11', async () => {
    setTokenCookie();
    const expired = { status: 401, body: { errorCode: 11, errorMessage: 'x' } };
    server.on('GET /api/mymerchant/programs', expired);
    server.on('GET /api/mymerchant/profile', { body: { _embedded: { profiles: [] } } });
    // The merchant dashboard reads the program list and the profile list.
    renderApp({ route: paths.mm.dashboard.path });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(readTokenCookieRaw()).toBeUndefined();
    // One failing call, no loop of retries after the logout.
    expect(server.calls('GET /api/mymerchant/programs')).toHaveLength(1);
  });
});

describe('lookups API', () => {
  it('reads every lookup from its embedded list', async () => {
    const store = signedInStore();
    const { endpoints } = lookupsApi;
    const results = await Promise.all([
      store.dispatch(endpoints.programs.initiate()),
      store.dispatch(endpoints.program.initiate(11)),
      store.dispatch(endpoints.countries.initiate()),
      store.dispatch(endpoints.states.initiate(1)),
      store.dispatch(endpoints.transactionMethods.initiate()),
      store.dispatch(endpoints.expiryTypes.initiate()),
      store.dispatch(endpoints.expiryTerms.initiate()),
      store.dispatch(endpoints.programTypes.initiate()),
    ]);
    expect(results.map((r) => r.data)).toEqual([
      PROGRAMS,
      PROGRAMS[0],
      COUNTRIES,
      [{ id: 7, value: 'Victoria', countryId: 1 }],
      [],
      [{ id: 1, value: 'Activation' }],
      [{ id: 12, value: '12 months' }],
      [{ id: 1, value: 'GIFT' }],
    ]);
    expect(server.unmatched).toEqual([]);
  });

  it('tags lists with LIST and each id, so invalidation refetches what changed', async () => {
    const store = signedInStore();
    const programs = store.dispatch(lookupsApi.endpoints.programs.initiate());
    const program = store.dispatch(lookupsApi.endpoints.program.initiate(11));
    await Promise.all([programs, program]);
    expect(server.calls('GET /api/programs')).toHaveLength(1);

    act(() => {
      store.dispatch(lookupsApi.util.invalidateTags([{ type: 'Program', id: 11 }]));
    });
    await waitFor(() => expect(server.calls('GET /api/programs/11')).toHaveLength(2));
    await waitFor(() => expect(server.calls('GET /api/programs')).toHaveLength(2));

    act(() => {
      store.dispatch(lookupsApi.util.invalidateTags([{ type: 'Program', id: 'LIST' }]));
    });
    await waitFor(() => expect(server.calls('GET /api/programs')).toHaveLength(3));
    expect(server.calls('GET /api/programs/11')).toHaveLength(2);
    programs.unsubscribe();
    program.unsubscribe();
  });
});

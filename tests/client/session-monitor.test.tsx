import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INACTIVITY_LIMIT_SECONDS, MODULE_CODE } from '@contracts/api/constants';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { EMBEDDED, URL_PATHS } from '@contracts/api/paths';
import type { Token } from '@contracts/api/entities';
import { paths } from '@/config/paths';
import { lookupsApi } from '@/lib/api/lookups-api';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import {
  PROGRAMS,
  TEST_TOKEN,
  currentPath,
  embeddedList,
  fakeJwt,
  readTokenCookieRaw,
  renderApp,
  setTokenCookie,
} from '../support/client-app';
import { installFakeFetch, type FakeFetch } from '../support/fake-fetch';

const REFRESH = `POST ${URL_PATHS.refresh}` as const;

const NEW_TOKEN: Token = {
  ...TEST_TOKEN,
  token: fakeJwt('admin-renewed', Date.UTC(2099, 0, 2) / 1000),
  expiration: new Date(Date.UTC(2099, 0, 2)).toISOString(),
};

let server: FakeFetch;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  server = installFakeFetch({
    'GET /api/programs': { body: embeddedList(EMBEDDED.programs, PROGRAMS) },
    [REFRESH]: { body: NEW_TOKEN },
  });
});
afterEach(() => {
  server.restore();
  jest.useRealTimers();
});

/** Lets `seconds` pass, one tick at a time, inside act. */
async function idle(seconds: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(seconds * 1000);
  });
}

async function openDashboard(limit?: number) {
  setTokenCookie();
  const rendered = renderApp({
    route: paths.gift.dashboard.path,
    fakeTimers: true,
    preloadedState:
      limit === undefined
        ? undefined
        : { config: { ...DEFAULT_RUNTIME_CONFIG, inactivityLimitSeconds: limit } },
  });
  await screen.findByRole('heading', { name: 'Select a Gift Scheme' });
  return rendered;
}

describe('session monitor', () => {
  it('refreshes with the master token once the inactivity limit (600 s) is exceeded', async () => {
    const { store } = await openDashboard();
    await idle(INACTIVITY_LIMIT_SECONDS);
    expect(server.calls(REFRESH)).toHaveLength(0);

    await idle(1);

    await waitFor(() => expect(server.calls(REFRESH)).toHaveLength(1));
    const [refresh] = server.calls(REFRESH);
    expect(refresh!.body).toEqual({ masterToken: TEST_TOKEN.masterToken });
    expect(refresh!.headers.get('moduleCode')).toBe(TEST_TOKEN.module);
    expect(refresh!.headers.get('Authorization')).toBeNull();
    await waitFor(() => expect(store.getState().session.token).toEqual(NEW_TOKEN));
    expect(readTokenCookieRaw()).toEqual(NEW_TOKEN);
    expect(currentPath()).toBe(paths.gift.dashboard.path);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('restarts after a successful refresh and sends the new token afterwards', async () => {
    const { store } = await openDashboard(5);
    await idle(6);
    await waitFor(() => expect(store.getState().session.token).toEqual(NEW_TOKEN));
    await idle(6);
    await waitFor(() => expect(server.calls(REFRESH)).toHaveLength(2));
    expect(server.calls(REFRESH)[1]!.body).toEqual({ masterToken: NEW_TOKEN.masterToken });

    server.on('GET /api/countries', { body: embeddedList(EMBEDDED.countries, []) });
    await act(() => store.dispatch(lookupsApi.endpoints.countries.initiate()));
    const [countries] = server.calls('GET /api/countries');
    expect(countries!.headers.get('Authorization')).toBe(NEW_TOKEN.token);
    expect(countries!.headers.get('moduleCode')).toBe(MODULE_CODE);
  });

  it.each([
    ['pointer', (target: Element) => fireEvent.pointerMove(target)],
    ['key', (target: Element) => fireEvent.keyDown(target, { key: 'a' })],
    ['wheel', (target: Element) => fireEvent.wheel(target)],
    ['touch', (target: Element) => fireEvent.touchStart(target)],
  ])('%s activity resets the count', async (_name, fire) => {
    await openDashboard(10);
    await idle(8);
    fire(screen.getByRole('main'));
    await idle(8);
    fire(document.body);
    await idle(8);
    expect(server.calls(REFRESH)).toHaveLength(0);
    await idle(3);
    await waitFor(() => expect(server.calls(REFRESH)).toHaveLength(1));
  });

  it('on a failed refresh shows "Timeout" / "You have to re-authenticate!" and goes to login', async () => {
    server.on(REFRESH, {
      status: 401,
      body: { errorCode: 11, errorMessage: 'Session expired' },
    });
    const { store } = await openDashboard(5);

    await idle(6);

    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.timeoutTitle });
    expect(dialog).toHaveTextContent(DIALOG_TEXT.timeoutMessage);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(readTokenCookieRaw()).toBeUndefined();
    expect(store.getState().session.token).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await idle(30);
    expect(server.calls(REFRESH)).toHaveLength(1);
  });

  it('does not run on the login screen', async () => {
    renderApp({ route: '/', fakeTimers: true });
    await screen.findByRole('button', { name: 'Login' });
    await idle(INACTIVITY_LIMIT_SECONDS + 60);
    expect(server.requests).toHaveLength(0);
  });

  it('stops when the user logs out', async () => {
    server.on('DELETE /api/tokens', { status: 204 });
    const { user } = await openDashboard(5);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.logoutTitle });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await screen.findByRole('button', { name: 'Login' });
    await idle(30);
    expect(server.calls(REFRESH)).toHaveLength(0);
  });

  it('renews shortly before the token expires while the user is active', async () => {
    jest.setSystemTime(new Date(Date.UTC(2030, 0, 1, 12, 0, 0)));
    const expiring: Token = {
      ...TEST_TOKEN,
      expiration: new Date(Date.UTC(2030, 0, 1, 12, 1, 0)).toISOString(),
    };
    setTokenCookie(expiring);
    renderApp({ route: paths.mm.dashboard.path, fakeTimers: true });
    await screen.findByRole('heading', { name: 'Select a MyMerchant Website' });
    await idle(20);
    expect(server.calls(REFRESH)).toHaveLength(0);
    await idle(15);
    // Renewed once its answer is kept, not when the call is made.
    await waitFor(() => expect(readTokenCookieRaw()).toEqual(NEW_TOKEN));
    expect(server.calls(REFRESH)).toHaveLength(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { MODULE_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { EMBEDDED } from '@contracts/api/paths';
import { NETWORK_ERROR_MESSAGE } from '@/config/texts';
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

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch({
    'GET /api/programs': { body: embeddedList(EMBEDDED.programs, PROGRAMS) },
  });
});
afterEach(() => server.restore());

async function signIn(
  user: ReturnType<typeof renderApp>['user'],
  name = 'admin',
  pass = 'admin123',
) {
  await user.type(screen.getByLabelText('Username'), name);
  await user.type(screen.getByLabelText('Password'), pass);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login screen', () => {
  it('shows the form, the news panel and the footer', () => {
    const yearBefore = new Date().getFullYear();
    renderApp();
    expect(screen.getByLabelText('Username')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('complementary')).toHaveTextContent(/help-desk assistant/i);
    // The year at the render (a run may span midnight on 31 December).
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      new RegExp(`${yearBefore}|${new Date().getFullYear()}`),
    );
  });

  it('signs in: token cookie set, moduleCode THQ sent, journal dashboard shown', async () => {
    server.on('POST /api/tokens', { body: TEST_TOKEN });
    const { user, store } = renderApp();

    await signIn(user);

    expect(
      await screen.findByRole('heading', { name: 'Select a MyJournal Website' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/my-journal/dashboard');
    const [login] = server.calls('POST /api/tokens');
    expect(login!.headers.get('moduleCode')).toBe(MODULE_CODE);
    expect(login!.headers.get('Authorization')).toBeNull();
    expect(login!.body).toEqual({ username: 'admin', password: 'admin123' });
    expect(readTokenCookieRaw()).toEqual(TEST_TOKEN);
    expect(store.getState().session.token).toEqual(TEST_TOKEN);
  });

  it('sends whatever was typed, even empty fields (no client-side checks)', async () => {
    server.on('POST /api/tokens', {
      status: 401,
      body: { errorCode: 10, errorMessage: ERROR_MESSAGE.badCredentials },
    });
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog');
    expect(server.calls('POST /api/tokens')[0]!.body).toEqual({ username: '', password: '' });
  });

  it('shows "Error: 10" with the server message and one OK button on a failed login', async () => {
    server.on('POST /api/tokens', {
      status: 401,
      body: { errorCode: 10, errorMessage: ERROR_MESSAGE.badCredentials },
    });
    const { user } = renderApp();

    await signIn(user, 'admin', 'wrong');

    const dialog = await screen.findByRole('dialog', { name: 'Error: 10' });
    expect(dialog).toHaveTextContent(ERROR_MESSAGE.badCredentials);
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/');
    expect(readTokenCookieRaw()).toBeUndefined();
  });

  it('reports a rate-limited login with its code', async () => {
    server.on('POST /api/tokens', {
      status: 429,
      body: { errorCode: 6, errorMessage: ERROR_MESSAGE.loginRateLimited },
    });
    const { user } = renderApp();
    await signIn(user);
    expect(await screen.findByRole('dialog', { name: 'Error: 6' })).toHaveTextContent(
      ERROR_MESSAGE.loginRateLimited,
    );
  });

  it('explains a network failure clearly', async () => {
    server.on('POST /api/tokens', NETWORK_ERROR);
    const { user } = renderApp();
    await signIn(user);
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      NETWORK_ERROR_MESSAGE,
    );
  });

  it('"Forgot password?" points to the help desk', async () => {
    const { user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password?' });
    expect(dialog).toHaveTextContent(/help desk/i);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('routing around login', () => {
  it('skips login when a token cookie is present', async () => {
    setTokenCookie();
    renderApp({ route: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Select a MyJournal Website' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/my-journal/dashboard');
  });

  it('sends an unknown route to login', async () => {
    renderApp({ route: '/no/such/screen' });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('sends an unknown route to login even when signed in (and login then to the dashboard)', async () => {
    setTokenCookie();
    renderApp({ route: '/my-journal/wizard/nope' });
    expect(
      await screen.findByRole('heading', { name: 'Select a MyJournal Website' }),
    ).toBeInTheDocument();
  });

  it('keeps signed-out users out of the main layout', async () => {
    renderApp({ route: '/gift-card/dashboard' });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(server.requests).toHaveLength(0);
  });
});

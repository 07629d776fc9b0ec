import { act, screen, waitFor, within } from '@testing-library/react';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { EMBEDDED } from '@contracts/api/paths';
import { paths } from '@/config/paths';
import { LOGIN_TEXT } from '@/config/texts';
import {
  PROGRAMS,
  TEST_TOKEN,
  currentPath,
  embeddedList,
  readTokenCookieRaw,
  renderApp,
  setTokenCookie,
} from '../support/client-app';
import { installFakeFetch, type FakeFetch } from '../support/fake-fetch';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch({
    'GET /api/programs': { body: embeddedList(EMBEDDED.programs, PROGRAMS) },
    'DELETE /api/tokens': { status: 204 },
  });
  setTokenCookie();
});
afterEach(() => {
  server.restore();
  jest.useRealTimers();
});

describe('main layout landmarks', () => {
  it('has a main menu, a banner, the content and a footer with the year and logo', async () => {
    const yearBefore = new Date().getFullYear();
    renderApp({ route: paths.mj.dashboard.path });
    await screen.findByRole('heading', { name: 'Select a MyJournal Website' });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('heading', { name: 'Schemes' })).toBeInTheDocument();
    expect(within(menu).getByRole('heading', { name: 'Utilities' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('admin');
    expect(screen.getByRole('main')).toHaveClass('app-content');
    const footer = screen.getByRole('contentinfo');
    // The year at the render (a run may span midnight on 31 December).
    expect(footer).toHaveTextContent(new RegExp(`${yearBefore}|${new Date().getFullYear()}`));
    expect(within(footer).getByRole('img')).toBeInTheDocument();
  });
});

describe('sidebar highlight by state prefix', () => {
  const cases: [string, string][] = [
    [paths.gift.dashboard.path, 'Gift'],
    [paths.gift.wizard.general.path, 'Gift'],
    [paths.loyalty.dashboard.path, 'Loyalty'],
    [paths.loyalty.wizard.basecampaign.path, 'Loyalty'],
    [paths.mj.dashboard.path, 'My Journal'],
    [paths.mj.wizard.editor.css.path, 'My Journal'],
    [paths.mm.dashboard.path, 'My Merchant'],
    [paths.mm.wizard.summary.path, 'My Merchant'],
  ];

  it.each(cases)('%s highlights %s only', async (route, label) => {
    renderApp({ route });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    for (const item of ['Gift', 'Loyalty', 'My Journal', 'My Merchant']) {
      const link = within(menu).getByRole('link', { name: item });
      if (item === label) {
        expect(link).toHaveClass('active');
        expect(link).toHaveAttribute('aria-current', 'page');
      } else {
        expect(link).not.toHaveClass('active');
        expect(link).not.toHaveAttribute('aria-current');
      }
    }
  });

  it('moves the highlight when another area is opened', async () => {
    const { user } = renderApp({ route: paths.mj.dashboard.path });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'Loyalty' }));
    expect(await screen.findByRole('heading', { name: 'Select a Loyalty Scheme' })).toBeVisible();
    expect(within(menu).getByRole('link', { name: 'Loyalty' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'My Journal' })).not.toHaveClass('active');
  });
});

describe('header', () => {
  it('greets the user from the token and ticks the date and time every second', async () => {
    jest.useFakeTimers({ now: new Date(2024, 11, 31, 23, 59, 58) });
    renderApp({ route: paths.gift.dashboard.path, fakeTimers: true });
    const banner = await screen.findByRole('banner');
    expect(banner).toHaveTextContent(`Welcome, ${TEST_TOKEN.userName}`);
    expect(banner).toHaveTextContent('31-12-2024 23:59');

    act(() => jest.advanceTimersByTime(1000));
    expect(banner).toHaveTextContent('31-12-2024 23:59');
    act(() => jest.advanceTimersByTime(1000));
    expect(banner).toHaveTextContent('01-01-2025 00:00');
    act(() => jest.advanceTimersByTime(60_000));
    expect(banner).toHaveTextContent('01-01-2025 00:01');
  });
});

describe('logout', () => {
  async function openLogout() {
    const rendered = renderApp({ route: paths.mm.dashboard.path });
    await screen.findByRole('heading', { name: 'Select a MyMerchant Website' });
    await rendered.user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.logoutTitle });
    return { ...rendered, dialog };
  }

  it('asks "Are you sure you want to logout?" with Cancel and OK; Cancel keeps the session', async () => {
    const { user, dialog, store } = await openLogout();
    expect(dialog).toHaveTextContent(DIALOG_TEXT.logoutMessage);
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancel', 'OK']);
    // Nothing unsaved on screen: OK has the focus (tests/client/session-draft.test.tsx: Cancel
    // has it while something is unsaved).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe(paths.mm.dashboard.path);
    expect(store.getState().session.token).toEqual(TEST_TOKEN);
    expect(readTokenCookieRaw()).toEqual(TEST_TOKEN);
    expect(server.calls('DELETE /api/tokens')).toHaveLength(0);
  });

  it('OK revokes the token, clears cookie and state, and shows login', async () => {
    const { user, dialog, store } = await openLogout();
    // The merchant dashboard's profile and program lists (the merchant API slice).
    await waitFor(() => expect(store.getState().merchantApi.queries).not.toEqual({}));

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    const [revoke] = server.calls('DELETE /api/tokens');
    expect(revoke!.headers.get('Authorization')).toBe(TEST_TOKEN.token);
    expect(readTokenCookieRaw()).toBeUndefined();
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().api.queries).toEqual({});
    expect(store.getState().api.mutations).toEqual({});
    expect(store.getState().merchantApi.queries).toEqual({});
    // Nothing was requested after the state was cleared.
    expect(server.requests.at(-1)!.method).toBe('DELETE');
  });

  it("OK by keyboard: the focus goes to the login screen's heading, not the page", async () => {
    const { user, dialog } = await openLogout();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus());
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: LOGIN_TEXT.heading });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('still signs out when revoking fails', async () => {
    server.on('DELETE /api/tokens', { status: 500, body: { errorCode: 99, errorMessage: 'x' } });
    const { user, dialog } = await openLogout();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(readTokenCookieRaw()).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

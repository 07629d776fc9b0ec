/**
 * Client test helpers: render the real app (router, store, dialog host) at a hash route with a
 * fresh store, plus the fixtures and the cleanup every client test needs. A file importing this
 * loads the app's lazy areas before its tests (./preload-lazy-areas).
 */
import { act, cleanup, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList, Program, Token } from '@contracts/api/entities';
import { App } from '@/app/app';
import { createAppRouter, type AppRouter } from '@/app/router';
import { LOGIN_TEXT } from '@/config/texts';
import { dialogs } from '@/lib/dialogs/dialog-service';
import { TOKEN_COOKIE } from '@/lib/session/token-cookie';
import { makeStore, type AppStore, type RootState } from '@/lib/store/store';
import type { FakeFetch, FakeResponse } from './fake-fetch';
import { preloadLazyAreas } from './preload-lazy-areas';

/** A JWT-shaped string whose payload carries `exp` (seconds). */
export function fakeJwt(subject: string, exp: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, exp })}.signature`;
}

/** Far in the future, so no test trips the monitor's renew-before-expiry. */
const FAR_FUTURE = Date.UTC(2099, 0, 1);

export const TEST_TOKEN: Token = {
  token: fakeJwt('admin', FAR_FUTURE / 1000),
  module: 'THQ',
  masterToken: fakeJwt('admin-master', FAR_FUTURE / 1000 + 3600),
  expiration: new Date(FAR_FUTURE).toISOString(),
  userName: 'admin',
  userType: 'ADMIN',
};

/** A call refused because the session ended by itself (401, code 11): the session ends. */
export const SESSION_EXPIRED_ANSWER: FakeResponse = {
  status: 401,
  body: { errorCode: ERROR_CODE.SESSION_EXPIRED, errorMessage: 'Session expired' },
};

/** Signs in on the login screen shown, `server` answering the login with `token`. */
export async function signIn(
  user: UserEvent,
  server: FakeFetch,
  token: Token = TEST_TOKEN,
): Promise<void> {
  server.on('POST /api/tokens', { body: token });
  await user.type(screen.getByLabelText(LOGIN_TEXT.username), token.userName);
  await user.type(screen.getByLabelText(LOGIN_TEXT.password), 'secret');
  await user.click(screen.getByRole('button', { name: LOGIN_TEXT.submit }));
}

export const PROGRAMS: Program[] = [
  { programId: 11, programTypeId: 1, name: 'Coffee Gift', shortName: 'Coffee', abbreviation: 'CG' },
  { programId: 12, programTypeId: 1, name: 'Books Gift', shortName: 'Books', abbreviation: 'BG' },
  { programId: 21, programTypeId: 3, name: 'Fuel Rewards', shortName: 'Fuel', abbreviation: 'FR' },
];

export function embeddedList<Name extends string, T>(
  name: Name,
  items: T[],
): EmbeddedList<Name, T> {
  return {
    _embedded: { [name]: items } as Record<Name, T[]>,
    page: { size: items.length, totalElements: items.length, totalPages: 1, number: 0 },
  };
}

/** Puts the token cookie in place as a successful login would. */
export function setTokenCookie(token: Token = TEST_TOKEN): void {
  Cookies.set(TOKEN_COOKIE, JSON.stringify(token), { path: '/', sameSite: 'strict' });
}

export function readTokenCookieRaw(): Token | undefined {
  const raw = Cookies.get(TOKEN_COOKIE);
  return raw ? (JSON.parse(raw) as Token) : undefined;
}

export interface RenderAppOptions {
  /** Hash route to open, e.g. `/my-journal/dashboard`. Default `/`. */
  route?: string;
  preloadedState?: Partial<RootState>;
  /** Set when the test uses jest fake timers, so user-event advances them. */
  fakeTimers?: boolean;
}

export interface RenderAppResult extends RenderResult {
  store: AppStore;
  router: AppRouter;
  user: UserEvent;
}

const routers: AppRouter[] = [];

/** Redux Toolkit's development checks warn past this, not its 32 ms (store.ts). */
const CHECKS_WARN_AFTER_MS = 500;

/**
 * Hash changes the router did not make. The app navigates through the History API, which fires
 * no hashchange. One fires when a link's own default action runs instead, which in jsdom happens
 * when a test clicks a link that a re-render has already taken out of the page: React no longer
 * handles the click, and the test passes only because the address it expects is the link's. The
 * test then fails in afterEach, naming the address. Addresses a test types (`typeAddress`) are
 * expected.
 */
const hashChanges: string[] = [];
const typedAddresses: string[] = [];
const recordHashChange = (event: HashChangeEvent) => {
  const { hash } = new URL(event.newURL);
  const typed = typedAddresses.indexOf(hash);
  if (typed >= 0) typedAddresses.splice(typed, 1);
  else hashChanges.push(hash);
};

/**
 * Changes the address outside the router, as an operator typing it or opening a bookmark in the
 * same tab does.
 */
export function typeAddress(route: string): void {
  typedAddresses.push(`#${route}`);
  window.location.hash = `#${route}`;
}

/** Renders the whole app with a fresh store (built after any cookie the test has set). */
export function renderApp({
  route = '/',
  preloadedState,
  fakeTimers = false,
}: RenderAppOptions = {}): RenderAppResult {
  // The address the router starts from, set without a navigation: assigning location.hash would
  // also queue a hashchange that reaches the new router after its first render, as a second
  // arrival at the same route.
  window.history.replaceState(null, '', `#${route}`);
  window.addEventListener('hashchange', recordHashChange);
  const store = makeStore(preloadedState, { checksWarnAfterMs: CHECKS_WARN_AFTER_MS });
  const router = createAppRouter();
  routers.push(router);
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  const result = render(<App store={store} router={router} />);
  return { ...result, store, router, user };
}

/**
 * Waits until the wizard step headed `name` has shown and taken the focus, as it does once it is
 * on the screen (wizard-frame.tsx: the step's heading, in an effect after the render). Only then
 * does the step take what is typed into it: its form's fields start to listen in an effect of the
 * same render (react-final-form), and a control found by a query the moment it is rendered can
 * be used before that on a loaded machine, losing the click or the typing.
 */
export async function stepShown(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name });
  await waitFor(() => expect(heading).toHaveFocus());
  return heading;
}

/** The hash path the app shows now, e.g. `/` or `/my-journal/dashboard`. */
export const currentPath = (): string => window.location.hash.replace(/^#/, '').split('?')[0] ?? '';

// Every file that renders the app loads the lazy areas first, so no query races a chunk load.
beforeAll(preloadLazyAreas);

afterEach(() => {
  act(() => dialogs.closeAll());
  cleanup();
  for (const router of routers.splice(0)) router.dispose();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  window.removeEventListener('hashchange', recordHashChange);
  typedAddresses.splice(0);
  const changed = hashChanges.splice(0);
  if (changed.length > 0) {
    throw new Error(
      `The address changed outside the app's router (to ${changed.join(', ')}): was a link ` +
        'clicked after a re-render had replaced it?',
    );
  }
});

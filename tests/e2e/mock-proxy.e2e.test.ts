/**
 * The mock server beside a real backend, in Chromium: two instances of the server, one the "real
 * backend" and the other the mock with it as MOCK_PROXY_TARGET. The sign-in and the programs are
 * routed `real`, the journal profiles stay `mock`: the journal dashboard loads with the target's
 * token working on the mock's own routes, and the /__mock page lists both kinds of call. The
 * target saw the programs call and never the profiles one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { JOURNAL_PATHS } from '@contracts/api/journal';
import { MOCK_PATHS } from '@contracts/api/mock';
import type { RouteRuleInput } from '@contracts/api/mock-proxy';
import { MOCK_PROXY_TEXT } from '@contracts/api/mock-proxy';
import { MOCK_PAGE_TEXT, REQUEST_LOG, type RequestLogPage } from '@contracts/api/mock-requests';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { DASHBOARD_TEXT } from '@/features/my-journal/lib/journal-texts';
import { axeViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { DEMO_USER, signIn } from './support/journal';
import { startServer, type RunningServer } from './support/server';

const T = MOCK_PAGE_TEXT;
const P = MOCK_PROXY_TEXT;

/** The target's TOKEN_SECRET, given to the mock to check the target's tokens with. */
const TARGET_SECRET = 'e2e-real-backend-token-secret-0123456789';
const PROGRAMS = `/api${API_PATHS.programs}`;
const PROFILES = `/api${JOURNAL_PATHS.profiles}`;

let target: RunningServer | undefined;
let mock: RunningServer | undefined;
let browser: Browser | undefined;
let routesDir: string | undefined;

const started = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`the ${what} did not start`);
  return value;
};

beforeAll(async () => {
  const [real, launched] = await Promise.all([
    startServer({ TOKEN_SECRET: TARGET_SECRET, MOCK_CONTROL: 'true' }),
    launchBrowser(),
  ]);
  target = real;
  browser = launched;
  routesDir = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-routes-'));
  const routes: RouteRuleInput[] = [
    { path: `/api${API_PATHS.tokens}`, to: 'real' },
    { path: URL_PATHS.refresh, to: 'real' },
    { path: `${PROGRAMS}*`, to: 'real' },
  ];
  const routesFile = path.join(routesDir, 'routes.json');
  await writeFile(routesFile, JSON.stringify(routes));
  // Forwarding is off with NODE_ENV=production, the browser tests' default.
  mock = await startServer({
    NODE_ENV: 'development',
    MOCK_CONTROL: 'true',
    MOCK_PROXY_TARGET: real.baseUrl,
    MOCK_PROXY_ROUTES: routesFile,
    MOCK_PROXY_TOKEN_SECRET: TARGET_SECRET,
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.allSettled([mock?.stop(), target?.stop()]);
  if (routesDir !== undefined) await rm(routesDir, { recursive: true, force: true });
});

/** The calls a server logged, newest first (signed in on that server). */
async function loggedOn(baseUrl: string): Promise<RequestLogPage['requests']> {
  const login = await fetch(`${baseUrl}/api${API_PATHS.tokens}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
    body: JSON.stringify(DEMO_USER),
  });
  const { token } = (await login.json()) as { token: string };
  const answer = await fetch(`${baseUrl}${MOCK_PATHS.requests}?limit=${REQUEST_LOG.capacity}`, {
    headers: { Authorization: token },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as RequestLogPage).requests;
}

/** The /__mock page, signed in (its sign-in goes to the real backend too). */
async function mockPage(baseUrl: string): Promise<Page> {
  const { page } = await newPage(started(browser, 'browser'), { bypassCSP: true });
  await page.goto(`${baseUrl}${MOCK_PATHS.page}`);
  await page.getByLabel(T.signIn.username).fill(DEMO_USER.username);
  await page.getByLabel(T.signIn.password).fill(DEMO_USER.password);
  await page.keyboard.press('Enter');
  return page;
}

describe('the mock with a real backend behind it', () => {
  it('runs the journal dashboard with programs real and profiles mock; the page shows both kinds', async () => {
    const real = started(target, 'real backend');
    const base = started(mock, 'mock').baseUrl;

    const { page: portal, errors } = await newPage(started(browser, 'browser'));
    const answered = new Map<string, number>();
    portal.on('response', (response) => {
      const { pathname } = new URL(response.url());
      answered.set(`${response.request().method()} ${pathname}`, response.status());
    });
    await signIn(portal, base);
    await portal.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    // The demo profiles (the mock's) with their programs' names (the target's) shown.
    await portal
      .getByRole('list', { name: DASHBOARD_TEXT.cards })
      .getByRole('article')
      .first()
      .waitFor();
    expect(answered.get(`POST /api${API_PATHS.tokens}`)).toBe(200);
    expect(answered.get(`GET ${PROGRAMS}`)).toBe(200);
    expect(answered.get(`GET ${PROFILES}`)).toBe(200);
    expect(errors).toEqual([]);

    // The target saw the sign-in and the programs, never the profiles.
    const onTarget = (await loggedOn(real.baseUrl)).map(
      (call) => `${call.method} ${call.path.split('?', 1)[0] ?? ''}`,
    );
    expect(onTarget).toContain(`GET ${PROGRAMS}`);
    expect(onTarget).not.toContain(`GET ${PROFILES}`);

    // The mock's page lists both kinds.
    const page = await mockPage(base);
    const calls = page.getByRole('table', { name: T.requests.caption(REQUEST_LOG.capacity) });
    const row = (method: string, callPath: string, kind: string) =>
      calls
        .getByRole('row')
        .filter({ hasText: callPath })
        .filter({ hasText: method })
        .filter({ has: page.getByRole('cell', { name: kind, exact: true }) })
        .first();
    await row('GET', PROGRAMS, 'real').waitFor();
    await row('GET', PROFILES, 'mock').waitFor();

    // Only the real ones when filtered by kind.
    await page.getByLabel(P.calls.filterKind, { exact: true }).selectOption('real');
    await row('GET', PROFILES, 'mock').waitFor({ state: 'detached' });
    await row('GET', PROGRAMS, 'real').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.context().close();
    await portal.context().close();
  });
});

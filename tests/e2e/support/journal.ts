import type { Browser, Locator, Page } from 'playwright-core';
import { API_PATHS } from '@contracts/api/paths';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import {
  JOURNAL_EMBEDDED,
  JOURNAL_PATHS,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { LOGIN_TEXT } from '@/config/texts';
import { DASHBOARD_TEXT } from '@/features/my-journal/lib/journal-texts';
import { newPage } from './browser';
import type { BrowserSuite } from './suite';

/** Helpers of the MyJournal browser tests: signing in, dialogs, field errors, API checks. */

export const DEMO_USER = { username: 'admin', password: 'admin123' } as const;

/** Signs in through the login screen and waits for the journal dashboard. */
export async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel(LOGIN_TEXT.username).fill(DEMO_USER.username);
  await page.getByLabel(LOGIN_TEXT.password).fill(DEMO_USER.password);
  await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
  await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
}

/** Opens a route of the admin app's hash router, e.g. `/my-journal/wizard/summary?id=1`. */
export async function openRoute(page: Page, baseUrl: string, route: string): Promise<void> {
  await page.goto(`${baseUrl}/#${route}`);
}

/**
 * Waits for the dialog titled `title` (its accessible name), checks its message when given,
 * presses `button` and waits until it is gone. Returns nothing: what follows is the next step.
 */
export async function answerDialog(
  page: Page,
  title: string,
  { message, button = 'OK' }: { message?: string; button?: string } = {},
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  try {
    await dialog.waitFor();
  } catch (error) {
    throw new Error(`${String(error)}\n${await whatShows(page)}`, { cause: error });
  }
  if (message !== undefined) await dialog.getByText(message, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * What the page shows instead of an awaited dialog, for the failure's message: the dialogs open
 * and the field errors on screen (a save stopped by a rule shows "Form not valid" and the
 * fields' messages).
 */
async function whatShows(page: Page): Promise<string> {
  try {
    const dialogs = await page.getByRole('dialog').allInnerTexts();
    const errors = await page.locator('[id$="-error"]').allInnerTexts();
    const texts = (list: string[]) => list.map((text) => text.replace(/\s+/g, ' ').trim());
    return `dialogs open: ${JSON.stringify(texts(dialogs))}; field errors: ${JSON.stringify(
      texts(errors).filter(Boolean),
    )}; at ${page.url()}`;
  } catch {
    return 'the page could not be read';
  }
}

/** The texts of the error messages a control is described by (`…-error` ids), joined. */
export async function fieldError(control: Locator): Promise<string> {
  return control.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/);
    return ids
      .filter((id) => id.endsWith('-error'))
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' ');
  });
}

/** Whether any dialog is open now (no waiting). */
export async function dialogOpen(page: Page): Promise<boolean> {
  return (await page.getByRole('dialog').count()) > 0;
}

/**
 * A page for the published site, in a context of its own with an Australian locale (the demo
 * cards are in AUD: the site formats money in the visitor's locale). Collects page errors,
 * console errors and answers of 400 and over, so a test can tell expected refusals apart.
 */
export async function newSitePage(browser: Browser): Promise<{
  page: Page;
  errors: string[];
  failedAnswers: { url: string; status: number }[];
}> {
  const { page, errors } = await newPage(browser, {
    viewport: { width: 1280, height: 900 },
    locale: 'en-AU',
  });
  const failedAnswers: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400)
      failedAnswers.push({ url: response.url(), status: response.status() });
  });
  return { page, errors, failedAnswers };
}

/**
 * Chromium logs every answer of 400 and over as "Failed to load resource"; those the test
 * expects (a refused PIN, an unpublished site) are not errors of the page. Everything else is.
 */
export function unexpectedErrors(errors: readonly string[], expectedStatuses: readonly number[]) {
  return errors.filter(
    (text) =>
      !expectedStatuses.some((status) =>
        text.startsWith(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );
}

/** The journal API from node, signed in as the demo user: for checks the screens cannot show. */
export class JournalApi {
  private signedInToken: string | undefined;

  private constructor(private readonly origin: () => string) {}

  /** Signs in now against the server at `baseUrl`. */
  static async signIn(baseUrl: string): Promise<JournalApi> {
    const api = new JournalApi(() => baseUrl);
    await api.obtainToken();
    return api;
  }

  /**
   * The API of a browser suite's server, signed in by a beforeAll of its own: call it at the top
   * of the file after `browserSuite()` (hooks run in the order they were registered), use it in
   * tests and later hooks.
   */
  static forSuite(suite: BrowserSuite): JournalApi {
    const api = new JournalApi(() => suite.baseUrl);
    beforeAll(() => api.obtainToken());
    return api;
  }

  private get baseUrl(): string {
    return this.origin();
  }

  private get token(): string {
    if (this.signedInToken === undefined) {
      throw new Error('JournalApi: not signed in yet (use it in tests and hooks)');
    }
    return this.signedInToken;
  }

  private async obtainToken(): Promise<void> {
    const answer = await fetch(`${this.baseUrl}/api${API_PATHS.tokens}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
      body: JSON.stringify(DEMO_USER),
    });
    if (answer.status !== 200) throw new Error(`login answered ${answer.status}`);
    this.signedInToken = ((await answer.json()) as { token: string }).token;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        Authorization: this.token,
        [MODULE_CODE_HEADER]: MODULE_CODE,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}`);
    return (await answer.json()) as T;
  }

  /** A multipart POST on the URL base (the origin root), e.g. an image upload to `/images`. */
  async callForm<T>(path: string, form: FormData): Promise<T> {
    const answer = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: this.token, [MODULE_CODE_HEADER]: MODULE_CODE },
      body: form,
    });
    if (!answer.ok) throw new Error(`POST ${path} answered ${answer.status}`);
    return (await answer.json()) as T;
  }

  async profiles(): Promise<JournalProfile[]> {
    const list = await this.call<{ _embedded: Record<string, JournalProfile[]> }>(
      'GET',
      `${JOURNAL_PATHS.profiles}?page=1&pageSize=1000`,
    );
    return list._embedded[JOURNAL_EMBEDDED.profiles] ?? [];
  }

  async profileBySiteUrl(siteUrl: string): Promise<JournalProfile | undefined> {
    return (await this.profiles()).find((profile) => profile.siteUrl === siteUrl);
  }

  async pages(profileId: number): Promise<JournalPage[]> {
    const list = await this.call<{ _embedded: Record<string, JournalPage[]> }>(
      'GET',
      `${JOURNAL_PATHS.profilePages(profileId)}?page=1&pageSize=15`,
    );
    return list._embedded[JOURNAL_EMBEDDED.pages] ?? [];
  }
}

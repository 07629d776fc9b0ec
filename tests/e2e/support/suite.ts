import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * The frame of every browser test file: the real server (a free port, a fresh data file) and
 * Chromium, started together once before the file's tests and closed after them.
 *
 *   const suite = browserSuite();
 *   it('…', async () => {
 *     const { page, errors } = await suite.newPage();
 *     await page.goto(`${suite.baseUrl}/`);
 *   });
 *
 * Call it at the top of the file (it registers beforeAll and afterAll). The server and the
 * browser exist only once beforeAll has run, so the returned object hands them out through
 * getters: read them inside tests and hooks, never at the top level of the file. Hooks a file
 * registers after this call run after the server and the browser are up (a signed-in journal
 * API: `JournalApi.forSuite(suite)` in ./journal.ts).
 */

export interface BrowserSuiteOptions {
  /** Environment of the server process over the defaults, e.g. `{ INACTIVITY_LIMIT_SECONDS: '3' }`. */
  env?: Record<string, string>;
}

export interface BrowserSuite {
  /** The running server (its data directory, its stop). */
  readonly server: RunningServer;
  /** Its origin, e.g. `http://127.0.0.1:40123`. */
  readonly baseUrl: string;
  readonly browser: Browser;
  /**
   * A fresh page in its own context, collecting page and console errors; `options` go over the
   * test pages' context options (./browser.ts).
   */
  newPage(options?: BrowserContextOptions): Promise<{ page: Page; errors: string[] }>;
}

export function browserSuite({ env = {} }: BrowserSuiteOptions = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // Both start at once; whichever started is kept (and closed in afterAll) if the other fails.
    const [started, launched] = await Promise.allSettled([startServer(env), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await server?.stop();
    }
  });

  const running = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) {
      throw new Error(`browserSuite: the ${what} is there only in tests and hooks, once started`);
    }
    return value;
  };

  return {
    get server() {
      return running(server, 'server');
    },
    get baseUrl() {
      return running(server, 'server').baseUrl;
    },
    get browser() {
      return running(browser, 'browser');
    },
    newPage(options) {
      return newPage(running(browser, 'browser'), options);
    },
  };
}

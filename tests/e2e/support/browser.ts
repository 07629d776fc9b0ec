import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import OFFLINE_CHROMIUM_ARGS from '../../../scripts/lib/chromium-args.json';

/**
 * The browser: CHROMIUM_PATH, which the test commands set (scripts/lib/chromium.mjs: Debian's
 * Chromium headless shell, installed when missing), else the headless shell or the full
 * Chromium, whichever is there (a jest run started by hand).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Chromium's flags, shared with the project's scripts (scripts/lib/chromium.mjs: no sandbox, no GPU,
// nothing that calls out). launch() makes its own temporary profile.
const CHROMIUM_ARGS = ['--headless', ...OFFLINE_CHROMIUM_ARGS];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * The context of a test page: a desktop window, and an operator who asks for reduced motion.
 * Bootstrap then switches its transitions off (fades, collapses, the modal's slide), as it does
 * for every such operator, so a test neither waits for nor renders their frames (the scheme
 * wizard's browser tests, full of dialogs, take a fifth less time and a tenth less CPU). The
 * accessibility tests run with motion (`reducedMotion: 'no-preference'`), so dialogs opening and
 * closing through their transitions, and the focus after them, are covered too.
 */
export const PAGE_CONTEXT: BrowserContextOptions = {
  viewport: { width: 1366, height: 900 },
  reducedMotion: 'reduce',
};

/**
 * A fresh page in its own context (own cookies and storage), collecting page errors. `options`
 * go over PAGE_CONTEXT (e.g. `bypassCSP` for axe, a locale).
 */
/**
 * `E2E_CPU_THROTTLE=<n>`: every page runs its scripts n times slower (Chromium's CPU throttling),
 * to bring out on demand the races a loaded machine shows now and then (docs/testing.md).
 */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? '1');

export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ ...PAGE_CONTEXT, ...options });
  const page = await context.newPage();
  if (CPU_THROTTLE > 1) {
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  }
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

/**
 * Waits until `locator`'s element has the focus (`within`: holds it, itself or a descendant), and
 * fails naming the element that has it instead. The app moves focus in an effect after the render
 * a test waits for, so a check made once could run just before the move on a loaded machine. The
 * locator is resolved afresh at each look (once a frame), so a re-render that replaces the element
 * does not leave the wait watching the old one.
 */
export async function waitForFocus(
  locator: Locator,
  { within = false, timeout = 10_000 }: { within?: boolean; timeout?: number } = {},
): Promise<void> {
  const page = locator.page();
  const deadline = Date.now() + timeout;
  for (;;) {
    const focused = await locator.evaluate(
      (element, inside) =>
        inside ? element.contains(document.activeElement) : element === document.activeElement,
      within,
      { timeout },
    );
    if (focused) return;
    if (Date.now() > deadline) {
      const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
      throw new Error(`${String(locator)} does not have the focus; focused: ${active}`);
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
}

/**
 * axe-core in Chromium: the violations of WCAG 2.x A and AA, best practices and label-in-name
 * (experimental in axe) on a page, or within the first element matching `selector`. The page's
 * context needs `bypassCSP: true`: the app's Content-Security-Policy refuses injected scripts.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SCRIPT = path.resolve(__dirname, '../../../node_modules/axe-core/axe.min.js');

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

export interface Violation {
  id: string;
  help: string;
  targets: string[];
}

export async function axeViolations(page: Page, selector?: string): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(
    async ({ selector: within, options }) => {
      const { axe } = window as unknown as {
        axe: { run(context: Element | Document, options: RunOptions): Promise<AxeResults> };
      };
      const context = within ? document.querySelector(within) : document;
      if (!context) throw new Error(`nothing matches ${within}`);
      const results = await axe.run(context, options);
      return results.violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { selector, options: AXE_OPTIONS },
  );
}

import type { Locator, Page } from 'playwright-core';
import { SCHEME_TEXT } from '@contracts/api/schemes';
import { COMMON_TEXT, LAYOUT_TEXT } from '@/config/texts';
import { openRoute, signIn } from './support/journal';
import { stepRoute, unexpectedErrors, type Area } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * The scheme wizard's tab strip (03 §2 "Wizard shell and tabs") in Chromium: at 1366 x 768, a
 * common laptop screen, with the sidebar open, the loyalty wizard's eight tabs (the most any
 * wizard has) sit on one row, every step name whole; narrower, the strip wraps and every tab
 * stays on the screen and in the keyboard's reach. Client Setup of a new scheme needs no record.
 */

const suite = browserSuite();

const LABELS: Record<Area, string[]> = {
  loyalty: [
    SCHEME_TEXT.tabs.setup,
    SCHEME_TEXT.tabs.general,
    SCHEME_TEXT.tabs.config,
    SCHEME_TEXT.tabs.upload,
    SCHEME_TEXT.tabs.financial,
    SCHEME_TEXT.tabs.liability,
    SCHEME_TEXT.tabs.basecampaign,
    SCHEME_TEXT.tabs.summary,
  ],
  gift: [
    SCHEME_TEXT.tabs.setup,
    SCHEME_TEXT.tabs.general,
    SCHEME_TEXT.tabs.config,
    SCHEME_TEXT.tabs.upload,
    SCHEME_TEXT.tabs.financial,
    SCHEME_TEXT.tabs.liability,
    SCHEME_TEXT.tabs.summary,
  ],
};

interface TabBox {
  text: string;
  top: number;
  left: number;
  right: number;
  /** The label's full width fits the tab (nothing cut off or hidden). */
  whole: boolean;
}

async function openWizard(page: Page, area: Area): Promise<Locator> {
  await signIn(page, suite.baseUrl);
  await openRoute(page, suite.baseUrl, stepRoute(area, 'setup'));
  const strip = page.getByRole('navigation', { name: COMMON_TEXT.wizardSteps });
  await strip
    .getByRole('listitem')
    .nth(LABELS[area].length - 1)
    .waitFor();
  // The sidebar is open beside the wizard.
  await page.getByRole('navigation', { name: LAYOUT_TEXT.mainMenu }).waitFor();
  return strip;
}

/** Each tab's text and box, in order. */
const tabBoxes = (strip: Locator): Promise<TabBox[]> =>
  strip.locator('.nav-link').evaluateAll((tabs) =>
    tabs.map((tab) => {
      const box = tab.getBoundingClientRect();
      return {
        text: tab.textContent ?? '',
        top: Math.round(box.top),
        left: box.left,
        right: box.right,
        whole: tab.scrollWidth <= tab.clientWidth,
      };
    }),
  );

/** The page scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the wizard tab strip at 1366 x 768', () => {
  it.each(['loyalty', 'gift'] as const)(
    "the %s wizard's tabs share one row, every step name whole",
    async (area) => {
      const { page, errors } = await suite.newPage({ viewport: { width: 1366, height: 768 } });
      const strip = await openWizard(page, area);
      const tabs = await tabBoxes(strip);
      expect(tabs.map((tab) => tab.text)).toEqual(LABELS[area]);
      expect(new Set(tabs.map((tab) => tab.top)).size).toBe(1);
      expect(tabs.filter((tab) => !tab.whole)).toEqual([]);
      expect(await scrollsSideways(page)).toBe(false);
      expect(unexpectedErrors(errors)).toEqual([]);
      await page.context().close();
    },
  );
});

describe('the wizard tab strip when narrower', () => {
  it('wraps, every tab whole on the screen and reached by the keyboard', async () => {
    const width = 1000;
    const { page, errors } = await suite.newPage({ viewport: { width, height: 768 } });
    const strip = await openWizard(page, 'loyalty');
    const tabs = await tabBoxes(strip);
    expect(tabs.map((tab) => tab.text)).toEqual(LABELS.loyalty);
    expect(tabs.filter((tab) => !tab.whole || tab.left < 0 || tab.right > width)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    // Client Setup, the one tab open before a scheme exists, takes the focus from the keyboard.
    const setup = strip.getByRole('link', { name: SCHEME_TEXT.tabs.setup });
    const focused = () => setup.evaluate((link) => link === document.activeElement);
    // From the top of the page: the sidebar's links come first.
    for (let press = 0; press < 40 && !(await focused()); press += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await focused()).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});

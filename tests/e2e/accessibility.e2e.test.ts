import type { Page } from 'playwright-core';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  THEME,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { RICH_TEXT_TEXT } from '@/components/form/RichTextField';
import { APPEARANCE_LABEL } from '@/components/site-builder/appearance-form';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { LAYOUT_TEXT } from '@/config/texts';
import { paths, withId, type RouteEntry } from '@/config/paths';
import { PAGE_EDITOR_LABEL } from '@/features/my-journal/components/editors/page-editor-steps';
import {
  DASHBOARD_TEXT,
  SAVE_AND_CONTINUE,
  SETTINGS_LABEL,
} from '@/features/my-journal/lib/journal-texts';
import { axeViolations } from './support/axe';
import { waitForFocus } from './support/browser';
import { answerDialog, fieldError, JournalApi, openRoute, signIn } from './support/journal';
import { solidPng } from './support/png';
import { giftProgramForSuite, SchemeApi } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * Accessibility of the journal wizard in Chromium: axe-core finds no violations on the
 * page editor with its rich-text toolbar and on the appearance editor (including the experimental
 * label-in-name rule); dialogs keep the keyboard focus inside and give it back to the opener; a
 * step change focuses the step's heading and an invalid save the first field in error; a screen
 * opens at its top at once, also one opened by its address after another was left scrolled;
 * leaving a step, or the page, with unsaved changes asks first.
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);
/** The program of the profiles the tests make: their own, made through the API. */
const PROGRAM = giftProgramForSuite(SchemeApi.forSuite(suite), 'Accessible');
let page: Page;
let errors: string[] = [];

beforeAll(async () => {
  // The app's Content-Security-Policy refuses injected scripts: axe comes in past it.
  // With motion: every other browser test runs with reduced motion (./support/browser.ts), so
  // here dialogs open and close through their transitions.
  ({ page, errors } = await suite.newPage({
    bypassCSP: true,
    reducedMotion: 'no-preference',
  }));
  await signIn(page, suite.baseUrl);
});

afterEach(() => {
  expect(errors.splice(0)).toEqual([]);
});

/** axe's violations in the page, or in the element `selector` names. */
let sites = 0;

/** A profile of its own with a Login page. */
async function createProfile(): Promise<JournalProfile> {
  sites += 1;
  const profile = await api.call<JournalProfile>(
    'POST',
    `${JOURNAL_PATHS.profiles}?returnBody=true`,
    {
      programId: PROGRAM.id,
      siteUrl: `a11y-${sites}`,
      title: 'Accessible site',
      description: 'A site for the accessibility checks.',
      themeId: THEME.LIGHT,
      expirationDateCount: 0,
    },
  );
  await api.call<JournalPage>('POST', `${JOURNAL_PATHS.pages}?returnBody=true`, {
    pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
    profileId: profile.profileId,
    enabled: 1,
    title: 'Balance',
    content: '<p>Enter your <strong>card</strong> and <a href="https://example.com">PIN</a>.</p>',
  });
  return profile;
}

const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? null);
const focusedIsInDialog = () =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

/** Opens a wizard route of `profileId` and waits for its step heading. */
async function openStep(route: RouteEntry, profileId: number, heading: string) {
  await openRoute(page, suite.baseUrl, withId(route, profileId));
  await stepHeading(heading).waitFor();
}

describe('axe finds no violations', () => {
  it('on the page editor with its rich-text toolbar', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.editor.login, profile.profileId, 'Site Editor');
    const toolbar = page.getByRole('toolbar', { name: RICH_TEXT_TEXT.toolbar('Content') });
    await toolbar.waitFor();
    // A pressed toggle, and the link tools enabled: the caret inside the bold link text.
    await page
      .getByRole('textbox', { name: PAGE_EDITOR_LABEL.content })
      .getByText('card', { exact: true })
      .click();
    await toolbar.getByRole('button', { name: RICH_TEXT_TEXT.bold, pressed: true }).waitFor();

    expect(await axeViolations(page, '.rich-text-toolbar')).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on the appearance editor', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.editor.font, profile.profileId, 'Site Editor');
    await page.getByRole('group', { name: 'Page Text p' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the appearance editor warns about text contrast', () => {
  it('shows the ratio under a font colour below AA, and still saves', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.editor.font, profile.profileId, 'Site Editor');
    const group = page.getByRole('group', { name: 'Page Text p' });
    await group.getByLabel(APPEARANCE_LABEL.backgroundColor, { exact: true }).fill('#ffffff');
    const colour = group.getByLabel(APPEARANCE_LABEL.color, { exact: true });
    await colour.fill('#aaaaaa');
    const warning = 'Contrast 2.32:1 with the background is below the WCAG AA minimum of 4.5:1';
    await group.getByText(warning, { exact: true }).waitFor();
    expect(await colour.getAttribute('aria-describedby')).toContain('-warning');

    await colour.fill('#595959');
    await group.getByText(warning, { exact: true }).waitFor({ state: 'detached' });
    await colour.fill('#aaaaaa');
    await group.getByText(warning, { exact: true }).waitFor();

    await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
    await answerDialog(page, DIALOG_TEXT.successTitle);
    await page.getByRole('heading', { level: 3, name: 'Login Page', exact: true }).waitFor();
    const stored = await api.call<JournalProfile>('GET', JOURNAL_PATHS.profile(profile.profileId));
    expect(stored.cssOverride).toMatch(/p\s*\{[^}]*color:\s*#aaaaaa/);
  });
});

describe('dialogs keep the keyboard focus', () => {
  it('Tab and Shift+Tab stay in "Confirm Logout"; Cancel gives the focus back to Logout', async () => {
    await openRoute(page, suite.baseUrl, paths.mj.dashboard.path);
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    const logout = page.getByRole('button', { name: LAYOUT_TEXT.logout });
    await logout.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG_TEXT.logoutTitle });
    await dialog.waitFor();
    await waitForFocus(dialog.getByRole('button', { name: DIALOG_TEXT.ok }));

    const seen: (string | null)[] = [];
    for (let press = 0; press < 5; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusedIsInDialog()).toBe(true);
      seen.push(await focusedText());
    }
    for (let press = 0; press < 5; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusedIsInDialog()).toBe(true);
      seen.push(await focusedText());
    }
    expect(seen).toEqual([
      ...['Cancel', 'OK', 'Cancel', 'OK', 'Cancel'],
      ...['OK', 'Cancel', 'OK', 'Cancel', 'OK'],
    ]);

    await dialog.getByRole('button', { name: DIALOG_TEXT.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForFocus(logout);
  });
});

describe('focus after a step change and after an invalid save', () => {
  it('a tab focuses the new step heading; a save with errors focuses the first field in error', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.setting, profile.profileId, 'Site Setting');
    await page.getByRole('link', { name: 'Site Pages', exact: true }).click();
    // The tab just clicked, of the same text, holds the focus until the new step takes it.
    const pagesHeading = stepHeading('Site Pages');
    await pagesHeading.waitFor();
    await waitForFocus(pagesHeading);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('link', { name: 'Site Setting', exact: true }).click();
    await stepHeading('Site Setting').waitFor();
    const description = page.getByLabel(SETTINGS_LABEL.description, { exact: true });
    const title = page.getByLabel(SETTINGS_LABEL.title, { exact: true });
    await description.fill('');
    await title.fill('');
    await page.getByRole('button', { name: SAVE_AND_CONTINUE }).focus();
    await page.keyboard.press('Enter');
    await waitForFocus(title);
    expect(await fieldError(title)).toBe(FIELD_MESSAGES.required);

    // Unsaved now: leave without saving.
    await page.getByRole('link', { name: 'Site Pages', exact: true }).click();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, {
      message: UNSAVED_CHANGES_TEXT.message,
      button: UNSAVED_CHANGES_TEXT.leave,
    });
    await stepHeading('Site Pages').waitFor();
  });
});

describe('where a screen opens (the page scrolls at once)', () => {
  const scrollY = () => page.evaluate(() => window.scrollY);
  /** Scrolls the page to its bottom at once; the screen must be taller than the window. */
  async function scrollToBottom() {
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    expect(await scrollY()).toBeGreaterThan(0);
  }

  it('a tab opens its step at the top, the page scrolled down before', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.setting, profile.profileId, 'Site Setting');
    await scrollToBottom();
    // From the keyboard, so nothing scrolls the tab into view first.
    const tab = page.getByRole('link', { name: 'Site Pages', exact: true });
    await tab.evaluate((link) => {
      if (link instanceof HTMLElement) link.focus({ preventScroll: true });
    });
    await page.keyboard.press('Enter');
    await waitForFocus(stepHeading('Site Pages'));
    expect(await scrollY()).toBe(0);
  });

  it('a screen opened by its address opens at its top, not where another one so opened was left', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.editor.font, profile.profileId, 'Site Editor');
    await page.getByRole('group', { name: 'Page Text p' }).waitFor();
    await scrollToBottom();
    await openRoute(page, suite.baseUrl, paths.mj.dashboard.path);
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    expect(await scrollY()).toBe(0);
  });
});

describe('leaving with unsaved changes asks first', () => {
  it('a tab, the sidebar: Stay keeps the step and what was typed, Leave goes', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.setting, profile.profileId, 'Site Setting');
    const title = page.getByLabel(SETTINGS_LABEL.title, { exact: true });
    await title.fill('A changed title');

    await page.getByRole('link', { name: 'Site Pages', exact: true }).click();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, {
      message: UNSAVED_CHANGES_TEXT.message,
      button: UNSAVED_CHANGES_TEXT.stay,
    });
    await stepHeading('Site Setting').waitFor();
    expect(await title.inputValue()).toBe('A changed title');
    expect(page.url()).toContain(paths.mj.wizard.setting.path);

    await page
      .getByRole('navigation', { name: LAYOUT_TEXT.mainMenu })
      .getByRole('link', { name: LAYOUT_TEXT.myJournal })
      .click();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, { button: UNSAVED_CHANGES_TEXT.leave });
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    expect(
      (await api.call<JournalProfile>('GET', JOURNAL_PATHS.profile(profile.profileId))).title,
    ).toBe('Accessible site');
  });

  it('an address typed in the address bar: Stay keeps the step and what was typed, Leave goes', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.setting, profile.profileId, 'Site Setting');
    const title = page.getByLabel(SETTINGS_LABEL.title, { exact: true });
    await title.fill('A changed title');

    // Only the part after # differs: the browser moves within the page, without beforeunload.
    await openRoute(page, suite.baseUrl, paths.mj.dashboard.path);
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, {
      message: UNSAVED_CHANGES_TEXT.message,
      button: UNSAVED_CHANGES_TEXT.stay,
    });
    await stepHeading('Site Setting').waitFor();
    expect(await title.inputValue()).toBe('A changed title');
    expect(page.url()).toContain(withId(paths.mj.wizard.setting, profile.profileId));

    await openRoute(page, suite.baseUrl, paths.mj.dashboard.path);
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, { button: UNSAVED_CHANGES_TEXT.leave });
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    expect(page.url()).toContain(paths.mj.dashboard.path);
  });

  it('Back from a step opened by its address: Stay keeps the step, what was typed and its address', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.setting, profile.profileId, 'Site Setting');
    await page.getByRole('link', { name: 'Site Pages', exact: true }).click();
    await stepHeading('Site Pages').waitFor();
    // Site Setting again, by its address: an entry the router did not make.
    const settingRoute = withId(paths.mj.wizard.setting, profile.profileId);
    await openRoute(page, suite.baseUrl, settingRoute);
    await stepHeading('Site Setting').waitFor();
    const title = page.getByLabel(SETTINGS_LABEL.title, { exact: true });
    await title.fill('A changed title');

    await page.goBack();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, {
      message: UNSAVED_CHANGES_TEXT.message,
      button: UNSAVED_CHANGES_TEXT.stay,
    });
    await stepHeading('Site Setting').waitFor();
    expect(await title.inputValue()).toBe('A changed title');
    expect(page.url()).toContain(settingRoute);

    // The entry Back reached now holds the step's address: the step is left by its tabs.
    await page.getByRole('link', { name: 'Site Pages', exact: true }).click();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, { button: UNSAVED_CHANGES_TEXT.leave });
    await stepHeading('Site Pages').waitFor();
    expect(page.url()).toContain(paths.mj.wizard.page.path);
  });

  it('an image chosen but not uploaded holds the step', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.media, profile.profileId, 'Media Upload');
    await page.getByRole('link', { name: 'Site Pages', exact: true }).click();
    await stepHeading('Site Pages').waitFor();

    await openStep(paths.mj.wizard.media, profile.profileId, 'Media Upload');
    await page
      .getByRole('group', { name: 'Header logo image' })
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: solidPng(8, 8, [1, 2, 3]),
      });
    await page.getByRole('button', { name: 'logo.png is ready to be uploaded' }).waitFor();
    await page.getByRole('link', { name: 'Site Editor', exact: true }).click();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, { button: UNSAVED_CHANGES_TEXT.stay });
    await page.getByRole('button', { name: 'logo.png is ready to be uploaded' }).waitFor();

    // The slot is still empty, so Remove stays disabled (01 §2.8); Leave lets the file go.
    expect(
      await page
        .getByRole('group', { name: 'Header logo image' })
        .getByRole('button', { name: 'Remove' })
        .isDisabled(),
    ).toBe(true);
    await page.getByRole('link', { name: 'Site Editor', exact: true }).click();
    await answerDialog(page, UNSAVED_CHANGES_TEXT.title, { button: UNSAVED_CHANGES_TEXT.leave });
    await page.getByRole('heading', { level: 3, name: 'Appearance', exact: true }).waitFor();
  });

  it('closing or reloading the page asks the browser to confirm', async () => {
    const profile = await createProfile();
    await openStep(paths.mj.wizard.setting, profile.profileId, 'Site Setting');
    await page.getByLabel(SETTINGS_LABEL.keywords, { exact: true }).fill('changed, keywords');
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);
    await stepHeading('Site Setting').waitFor();
  });
});

import type { Locator, Page } from 'playwright-core';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_PATHS, THEME, type JournalProfile } from '@contracts/api/journal';
import { MERCHANT_PATHS } from '@contracts/api/merchant';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { JOURNAL_TEXT } from '@contracts/api/journal';
import type { FaultInput } from '@contracts/api/mock-faults';
import { PAGE_EDITOR_LABEL } from '@/components/site-builder/page-text-fields';
import { SAVE_AND_CONTINUE } from '@/components/wizard/profile-step';
import { LOGIN_TEXT } from '@/config/texts';
import { paths, withId } from '@/config/paths';
import { IMPORT_FILE_TEXT } from '@/features/my-journal/lib/config-file';
import {
  SETTINGS_LABEL,
  SETUP_LABEL,
  STEP_TITLE,
  SUMMARY_LABEL,
} from '@/features/my-journal/lib/journal-texts';
import { SITE_PAGES_TEXT } from '@/features/my-merchant/components/steps/site-pages-step';
import { waitForFocus } from './support/browser';
import { createPlainScheme } from './support/imports';
import { DEMO_USER, JournalApi, openRoute, signIn } from './support/journal';
import { createMerchantProfile, pagePanel, stepHeading } from './support/merchant';
import { giftProgramForSuite, SchemeApi, uniqueLetters } from './support/schemes';
import { addFault as addFaultAt } from './support/faults';
import { browserSuite } from './support/suite';

/**
 * Where the keyboard focus goes when a site builder or the login refuses a save, in Chromium
 * against the real server (docs/decisions.md, "Accessibility"): the button that saved stays
 * focusable while its call runs (it reads unavailable, it is not disabled), so the error dialog,
 * closed with OK or with Escape, gives the focus back to it. Refusals come from the developer
 * tools' faults (docs/developer-tools.md, "Faults and latency") and from a wrong password.
 */

// The browser tests' server runs with NODE_ENV=production, where the tools are off unless asked.
const suite = browserSuite({ env: { MOCK_CONTROL: 'true' } });
const api = JournalApi.forSuite(suite);
const schemes = SchemeApi.forSuite(suite);
const PROGRAM = giftProgramForSuite(schemes, 'Busyfocus');

const addFault = (input: FaultInput) => addFaultAt(suite.baseUrl, input);

/** The next save of a journal profile fails with 500 "Something went wrong". */
const failNextProfileSave = () =>
  addFault({ method: 'PUT', path: `/api${JOURNAL_PATHS.profile(':id')}`, status: 500, times: 1 });

/** A journal profile of its own, through the API. */
function newJournalProfile(): Promise<JournalProfile> {
  return api.call<JournalProfile>('POST', `${JOURNAL_PATHS.profiles}?returnBody=true`, {
    programId: PROGRAM.id,
    siteUrl: `focus-${uniqueLetters().toLowerCase()}`,
    themeId: THEME.DARK,
    expirationDateCount: 0,
    title: 'Focus kept',
    description: 'A site whose save is refused.',
  });
}

/** Signed in on a page of its own, at `route`. */
async function signedInAt(route: string): Promise<Page> {
  const { page } = await suite.newPage();
  await signIn(page, suite.baseUrl);
  await openRoute(page, suite.baseUrl, route);
  return page;
}

/** Focuses `button` and presses Enter on it, as a keyboard user does. */
async function pressEnterOn(button: Locator): Promise<void> {
  await button.focus();
  await button.press('Enter');
}

type Close = 'OK' | 'Escape';

/**
 * Waits for the dialog titled `title` with `message` and its OK focused, closes it with the OK
 * button or with Escape, and waits until it is gone.
 */
async function closeDialog(page: Page, title: string, message: string, close: Close) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.getByText(message, { exact: true }).waitFor();
  const ok = dialog.getByRole('button', { name: DIALOG_TEXT.ok, exact: true });
  await waitForFocus(ok);
  if (close === 'OK') await ok.click();
  else await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** The button has the focus and can be pressed again (the next save may be tried at once). */
async function focusedAndAvailable(button: Locator): Promise<void> {
  await waitForFocus(button);
  expect(await button.getAttribute('aria-disabled')).toBeNull();
  expect(await button.isEnabled()).toBe(true);
}

describe.each(['OK', 'Escape'] as const)(
  'a refused save, its dialog closed with %s, gives the focus back to the button',
  (close) => {
    it('Login: a wrong password', async () => {
      const { page } = await suite.newPage();
      await page.goto(`${suite.baseUrl}/`);
      await page.getByLabel(LOGIN_TEXT.username).fill(DEMO_USER.username);
      await page.getByLabel(LOGIN_TEXT.password).fill('not-the-password');
      const login = page.getByRole('button', { name: LOGIN_TEXT.submit, exact: true });
      await pressEnterOn(login);
      await closeDialog(page, 'Error: 10', 'Invalid username or password', close);
      await focusedAndAvailable(login);
      await page.context().close();
    });

    it("MyJournal Site Settings: the profile's save fails", async () => {
      const profile = await newJournalProfile();
      const page = await signedInAt(withId(paths.mj.wizard.setting, profile.profileId));
      const title = page.getByLabel(SETTINGS_LABEL.title);
      await title.fill('Focus kept, refused');
      await failNextProfileSave();
      const save = page.getByRole('button', { name: SAVE_AND_CONTINUE, exact: true });
      await pressEnterOn(save);
      await closeDialog(page, DIALOG_TEXT.errorTitle, ERROR_MESSAGE.internal, close);
      await focusedAndAvailable(save);
      expect(await title.inputValue()).toBe('Focus kept, refused');
      await page.context().close();
    });

    it('MyJournal Summary: Save fails', async () => {
      const profile = await newJournalProfile();
      const page = await signedInAt(withId(paths.mj.wizard.summary, profile.profileId));
      const save = page.getByRole('button', { name: SUMMARY_LABEL.save, exact: true });
      await save.waitFor();
      await failNextProfileSave();
      await pressEnterOn(save);
      await closeDialog(page, DIALOG_TEXT.errorTitle, ERROR_MESSAGE.internal, close);
      await focusedAndAvailable(save);
      await page.context().close();
    });

    it('MyJournal Client Setup: Import config of a file that is not a configuration', async () => {
      const profile = await newJournalProfile();
      const page = await signedInAt(withId(paths.mj.wizard.setup, profile.profileId));
      await page.getByRole('heading', { name: STEP_TITLE.setup }).waitFor();
      // The file input, chosen from with the keyboard: Space opens the file chooser.
      const input = page.getByLabel(SETUP_LABEL.importConfig);
      await input.focus();
      const chooser = page.waitForEvent('filechooser');
      await input.press('Space');
      await (
        await chooser
      ).setFiles({
        name: 'not-a-site.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"colour":"blue"}'),
      });
      await closeDialog(page, JOURNAL_TEXT.importFailedTitle, IMPORT_FILE_TEXT.notConfig, close);
      await focusedAndAvailable(input);
      await page.context().close();
    });

    it("MyMerchant Site Pages: the pages' save fails", async () => {
      const programId = await createPlainScheme(schemes, `Mfocus ${uniqueLetters()}`);
      const profile = await createMerchantProfile(api, {
        programId,
        testURL: `mm-focus-${uniqueLetters().toLowerCase()}`,
        siteTitle: 'Focus kept',
      });
      const page = await signedInAt(withId(paths.mm.wizard.page, profile.id));
      await stepHeading(page, SITE_PAGES_TEXT.title).waitFor();
      await page.getByRole('button', { name: SITE_PAGES_TEXT.editPage('Home') }).click();
      const navItem = pagePanel(page, 'Home').getByLabel(PAGE_EDITOR_LABEL.navItem);
      await navItem.fill('Start');
      await addFault({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.saveSelectedPageTypes}`,
        status: 500,
        times: 1,
      });
      const save = page.getByRole('button', { name: SAVE_AND_CONTINUE, exact: true });
      await pressEnterOn(save);
      await closeDialog(page, DIALOG_TEXT.errorTitle, ERROR_MESSAGE.internal, close);
      await focusedAndAvailable(save);
      expect(await navItem.inputValue()).toBe('Start');
      await page.context().close();
    });
  },
);

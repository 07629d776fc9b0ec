/**
 * The /__mock page's call details and fault form in Chromium, against the real server: a journal
 * profile save made in the portal is found in the page's filtered list, opened, and turned into a
 * fault with "Make this call fail"; the next save of that profile in the portal fails with the
 * spec's error dialog. axe finds no violation on the page with the details open, nor with the
 * fault form open.
 */
import type { Page } from 'playwright-core';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_PATHS, JOURNAL_TEXT, THEME, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { MOCK_PATHS } from '@contracts/api/mock';
import { MOCK_PROXY_TEXT } from '@contracts/api/mock-proxy';
import { MOCK_PAGE_TEXT, REQUEST_LOG } from '@contracts/api/mock-requests';
import { SAVE_AND_CONTINUE, SETTINGS_LABEL } from '@/features/my-journal/lib/journal-texts';
import { axeViolations } from './support/axe';
import {
  answerDialog,
  DEMO_USER,
  JournalApi,
  openRoute,
  signIn,
  unexpectedErrors,
} from './support/journal';
import { giftProgramForSuite, SchemeApi } from './support/schemes';
import { browserSuite } from './support/suite';

const T = MOCK_PAGE_TEXT;
const P = MOCK_PROXY_TEXT;

// The browser tests' server runs with NODE_ENV=production, where the tools are off unless asked.
const suite = browserSuite({ env: { MOCK_CONTROL: 'true' } });
const api = JournalApi.forSuite(suite);
/** The program of the profiles the tests make: their own, made through the API. */
const PROGRAM = giftProgramForSuite(SchemeApi.forSuite(suite), 'Mockpage');

/** Saves the profile's title in the portal's wizard (its Site Settings step), once it shows `before`. */
async function saveTitle(page: Page, profileId: number, before: string, title: string) {
  await openRoute(page, suite.baseUrl, `/my-journal/wizard/site-setting?id=${profileId}`);
  const field = page.getByLabel(SETTINGS_LABEL.title);
  await field.waitFor();
  // The form is filled in from the loaded profile: typing before that would be overwritten.
  await field.and(page.locator('input')).evaluate(
    (input, value) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if ((input as HTMLInputElement).value === value) resolve();
          else requestAnimationFrame(check);
        };
        check();
      }),
    before,
  );
  await field.fill(title);
  await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
}

describe('the /__mock page turning a logged call into a fault', () => {
  it('fails the next profile save with "Make this call fail", without axe violations', async () => {
    const profile = await api.call<JournalProfile>(
      'POST',
      `${JOURNAL_PATHS.profiles}?returnBody=true`,
      {
        programId: PROGRAM.id,
        siteUrl: 'page-fault-save',
        themeId: THEME.DARK,
        expirationDateCount: 0,
        title: 'First title',
        description: 'Saved before the fault.',
      },
    );
    const profilePath = `/api${JOURNAL_PATHS.profile(profile.profileId)}`;

    // A save in the portal: logged.
    const { page: portal, errors } = await suite.newPage();
    await signIn(portal, suite.baseUrl);
    const saved = portal.waitForResponse(
      (answer) =>
        answer.request().method() === 'PUT' && new URL(answer.url()).pathname === profilePath,
    );
    await saveTitle(portal, profile.profileId, 'First title', 'Second title');
    expect((await saved).status()).toBe(200);
    await answerDialog(portal, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.changedProfile });

    // The page (axe needs its context to bypass the page's Content-Security-Policy).
    const { page } = await suite.newPage({ bypassCSP: true });
    await page.goto(`${suite.baseUrl}${MOCK_PATHS.page}`);
    await page.getByLabel(T.signIn.username).fill(DEMO_USER.username);
    await page.getByLabel(T.signIn.password).fill(DEMO_USER.password);
    await page.keyboard.press('Enter');
    const calls = page.getByRole('table', { name: T.requests.caption(REQUEST_LOG.capacity) });
    await calls.waitFor();
    await page.getByLabel(P.calls.filterMethod, { exact: true }).selectOption('PUT');
    await page.getByLabel(P.calls.filterPath).fill(profilePath);
    const row = calls.getByRole('row').filter({ hasText: profilePath });
    await row.waitFor();
    expect(await calls.getByRole('row').count()).toBe(2);

    // Its details, from the keyboard.
    await row.getByRole('button', { name: /^Details of call / }).focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: new RegExp(`^PUT ${profilePath}`) });
    await details.waitFor();
    await details.getByRole('button', { name: P.calls.close }).waitFor();
    await details.getByText(T.requests.loading).waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);

    await details.getByRole('button', { name: P.calls.makeFail }).click();
    const form = page.getByRole('dialog', { name: P.faultForm.heading });
    await form.waitFor();
    expect(await form.getByLabel(T.faults.fields.method, { exact: true }).inputValue()).toBe('PUT');
    expect(await form.getByLabel(T.faults.fields.path, { exact: true }).inputValue()).toBe(
      profilePath,
    );
    expect(await form.getByLabel(T.faults.fields.status, { exact: true }).inputValue()).toBe('500');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel(T.faults.fields.times, { exact: true }).fill('1');
    await form.getByRole('button', { name: P.faultForm.add }).click();
    await form.waitFor({ state: 'detached' });
    const faults = page.getByRole('table', { name: T.faults.heading });
    await faults.getByRole('row').filter({ hasText: profilePath }).waitFor();

    // The next save of that profile in the portal fails with the spec's dialog.
    await saveTitle(portal, profile.profileId, 'Second title', 'Third title');
    await answerDialog(portal, DIALOG_TEXT.errorTitle, { message: ERROR_MESSAGE.internal });
    expect(await api.profileBySiteUrl('page-fault-save')).toMatchObject({ title: 'Second title' });
    expect(unexpectedErrors(errors, [500])).toEqual([
      expect.stringMatching(/^PUT \S+\/myjournal\/profiles\/\d+\S* failed .*Something went wrong/),
    ]);
    // The fault was for one call: it is gone from the page.
    await faults.getByRole('row').filter({ hasText: profilePath }).waitFor({ state: 'detached' });
    await page.context().close();
    await portal.context().close();
  });
});

/**
 * A fault of the developer tools (docs/developer-tools.md) seen in Chromium: a fault added
 * through the control API fails the journal profile save; the portal shows its "Error" dialog
 * with the server's text, and the profile is unchanged after a reload; a fault with a code the
 * portal does not know shows as "Error: 4711" at login; a delay fault slows the dashboard's
 * list call by at least its delay, as the browser times it.
 */
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_PATHS, THEME, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import type { FaultInput } from '@contracts/api/mock-faults';
import { API_PATHS } from '@contracts/api/paths';
import { LOGIN_TEXT } from '@/config/texts';
import {
  DASHBOARD_TEXT,
  SAVE_AND_CONTINUE,
  SETTINGS_LABEL,
} from '@/features/my-journal/lib/journal-texts';
import {
  answerDialog,
  DEMO_USER,
  JournalApi,
  openRoute,
  signIn,
  unexpectedErrors,
} from './support/journal';
import { giftProgramForSuite, SchemeApi } from './support/schemes';
import { addFault as addFaultAt } from './support/faults';
import { browserSuite } from './support/suite';

// The browser tests' server runs with NODE_ENV=production, where the tools are off unless asked.
const suite = browserSuite({ env: { MOCK_CONTROL: 'true' } });
const api = JournalApi.forSuite(suite);
/** The program of the profiles the tests make: their own, made through the API. */
const PROGRAM = giftProgramForSuite(SchemeApi.forSuite(suite), 'Mockfaults');

const addFault = (input: FaultInput) => addFaultAt(suite.baseUrl, input);

describe('faults of the developer tools in the portal', () => {
  it('shows the error dialog and leaves the profile unchanged', async () => {
    const profile = await api.call<JournalProfile>(
      'POST',
      `${JOURNAL_PATHS.profiles}?returnBody=true`,
      {
        programId: PROGRAM.id,
        siteUrl: 'fault-save',
        themeId: THEME.DARK,
        expirationDateCount: 0,
        title: 'Before the fault',
        description: 'Saved before the fault.',
      },
    );
    await addFault({
      method: 'PUT',
      path: `/api${JOURNAL_PATHS.profile(':id')}`,
      status: 500,
      times: 1,
    });

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    const route = `/my-journal/wizard/site-setting?id=${profile.profileId}`;
    await openRoute(page, suite.baseUrl, route);
    const title = page.getByLabel(SETTINGS_LABEL.title);
    expect(await title.inputValue()).toBe('Before the fault');
    await title.fill('After the fault');
    await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
    // 01 §8 "Something went wrong" in the builders' save-failure dialog (lib/api/save-failures).
    await answerDialog(page, DIALOG_TEXT.errorTitle, { message: ERROR_MESSAGE.internal });

    await page.reload();
    await page.getByLabel(SETTINGS_LABEL.title).waitFor();
    expect(await page.getByLabel(SETTINGS_LABEL.title).inputValue()).toBe('Before the fault');
    expect(await api.profileBySiteUrl('fault-save')).toEqual(profile);
    // The failed call is logged (01 §8: response errors are logged), and nothing else went wrong.
    expect(unexpectedErrors(errors, [500])).toEqual([
      expect.stringMatching(/^PUT \S+\/myjournal\/profiles\/\d+\S* failed .*Something went wrong/),
    ]);
    await page.context().close();
  });

  it('shows an errorCode the portal does not know as "Error: 4711"', async () => {
    const errorMessage = 'A failure the portal has no code for (fault).';
    await addFault({
      method: 'POST',
      path: `/api${API_PATHS.tokens}`,
      status: 503,
      errorCode: 4711,
      errorMessage,
      times: 1,
    });
    const { page, errors } = await suite.newPage();
    await page.goto(`${suite.baseUrl}/`);
    await page.getByLabel(LOGIN_TEXT.username).fill(DEMO_USER.username);
    await page.getByLabel(LOGIN_TEXT.password).fill(DEMO_USER.password);
    await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
    await answerDialog(page, 'Error: 4711', { message: errorMessage });
    // Only that call was faulted: signing in again works.
    await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    expect(unexpectedErrors(errors, [503])).toEqual([
      expect.stringMatching(/^POST \S+\/tokens\S* failed .*4711/),
    ]);
    await page.context().close();
  });

  it('slows a call by its delay, as the client measures it', async () => {
    const { page } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    const delayMs = 1200;
    await addFault({ method: 'GET', path: `/api${JOURNAL_PATHS.profiles}`, delayMs, times: 1 });
    const listed = page.waitForResponse((answer) =>
      new URL(answer.url()).pathname.endsWith(`/api${JOURNAL_PATHS.profiles}`),
    );
    await page.reload();
    await listed;
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    // The browser's own timing of the list call: from sending it to its last byte. Its entry is
    // added once the body has arrived, which can be after the answer's headers and the heading:
    // wait for it.
    const timing = await page.waitForFunction((listPath) => {
      const found = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith(listPath))
        .map((entry) => entry.duration);
      return found.length > 0 ? found : undefined;
    }, `/api${JOURNAL_PATHS.profiles}`);
    const durations = (await timing.jsonValue()) ?? [];
    expect(durations.length).toBeGreaterThan(0);
    // A lower bound only: a loaded machine may add to it, never take from it.
    expect(Math.max(...durations)).toBeGreaterThanOrEqual(delayMs);
    await page.context().close();
  });
});

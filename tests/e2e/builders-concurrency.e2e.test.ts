import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_PATHS, JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { URL_PATHS } from '@contracts/api/paths';
import { paths, withId } from '@/config/paths';
import { createPlainScheme } from './support/imports';
import { JournalApi, answerDialog, openRoute, signIn, unexpectedErrors } from './support/journal';
import { solidPng } from './support/png';
import { SchemeApi, uniqueLetters } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * Two operators on one journal site against the real server: A has Edit CSS open, B saves a new
 * logo, A saves the stylesheet. A's save is refused as stale and keeps what A typed; B's logo
 * stays on the profile and on disk; A's next save stores the stylesheet on top of it
 * (docs/decisions.md, "Concurrent edits of a site").
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);
const schemes = SchemeApi.forSuite(suite);

it("a stale Edit CSS save is refused and keeps both the typing and the other operator's logo", async () => {
  const programId = await createPlainScheme(schemes, `Jconc ${uniqueLetters()}`);
  const profile = await api.call<JournalProfile>(
    'POST',
    `${JOURNAL_PATHS.profiles}?returnBody=true`,
    { programId, siteUrl: `conc-${uniqueLetters().toLowerCase()}`, title: 'Concurrent' },
  );
  const read = () => api.call<JournalProfile>('GET', JOURNAL_PATHS.profile(profile.profileId));

  // A opens Edit CSS and types.
  const { page, errors } = await suite.newPage();
  await signIn(page, suite.baseUrl);
  await openRoute(page, suite.baseUrl, withId(paths.mj.wizard.editor.css, profile.profileId));
  const area = page.getByRole('textbox', { name: 'CSS override' });
  await area.waitFor();
  await area.press('ControlOrMeta+End');
  await area.pressSequentially('.mine { color: red; }');
  const typed = await area.inputValue();

  // B uploads a logo and saves it.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(solidPng(16, 16, [10, 20, 30]))]), 'logo.png');
  const { id: logo } = await api.callForm<{ id: string }>(URL_PATHS.images, form);
  await api.call('PUT', JOURNAL_PATHS.profile(profile.profileId), { ...(await read()), logo });

  // A saves: refused, nothing written, B's logo kept on the profile and on disk. The refusal
  // reads the profile again.
  const readAgain = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      response.url().endsWith(JOURNAL_PATHS.profile(profile.profileId)),
  );
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await answerDialog(page, DIALOG_TEXT.errorTitle, {
    message: `${ERROR_MESSAGE.staleRecord} ${DIALOG_TEXT.staleRecordReloaded}`,
  });
  expect(((await (await readAgain).json()) as JournalProfile).logo).toBe(logo);
  expect(await read()).toMatchObject({ logo, cssOverride: profile.cssOverride });
  expect((await fetch(`${suite.baseUrl}${URL_PATHS.image(logo)}`)).status).toBe(200);
  expect(await area.inputValue()).toBe(typed);

  // A saves again: the stylesheet is stored, the logo stays.
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await answerDialog(page, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.cssUpdated });
  expect(await read()).toMatchObject({ logo, cssOverride: typed });
  expect((await fetch(`${suite.baseUrl}${URL_PATHS.image(logo)}`)).status).toBe(200);

  // The 412 is an answer the screen handles: the browser and the client log it, nothing else.
  expect(unexpectedErrors(errors, []).filter((error) => !/\b412\b/.test(error))).toEqual([]);
});

import type { Page } from 'playwright-core';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  JOURNAL_TEXT,
  THEME,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import {
  SAVE_AND_CONTINUE,
  SETUP_LABEL,
  THEME_CHANGE_TEXT,
} from '@/features/my-journal/lib/journal-texts';
import { paths, withId } from '@/config/paths';
import { answerDialog, JournalApi, openRoute, signIn, unexpectedErrors } from './support/journal';
import { browserSuite } from './support/suite';

/**
 * Journal rules the spec leaves open (docs/decisions.md), in the browser against the real
 * server: no publishing without the Login page, and a theme change asks before it discards the
 * site's styling.
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);

const newProfile = (fields: Partial<JournalProfile> & { siteUrl: string; title: string }) =>
  api.call<JournalProfile>('POST', `${JOURNAL_PATHS.profiles}?returnBody=true`, {
    programId: 1,
    ...fields,
  });

async function signedIn(): Promise<{ page: Page; errors: string[] }> {
  const opened = await suite.newPage();
  await signIn(opened.page, suite.baseUrl);
  return opened;
}

it('refuses to publish a site without its Login page, saying what is missing', async () => {
  const profile = await newProfile({ siteUrl: 'no-login-page', title: 'No Login Page' });
  const { page, errors } = await signedIn();

  const card = page.getByRole('article', { name: profile.title ?? '' });
  await card.getByRole('button', { name: 'Publish', exact: true }).click();
  await answerDialog(page, DIALOG_TEXT.errorTitle, { message: JOURNAL_TEXT.loginPageMissing });
  expect((await api.profileBySiteUrl('no-login-page'))?.isPublished).toBe(0);

  // Once the page is there, the same button publishes.
  await api.call<JournalPage>('POST', `${JOURNAL_PATHS.pages}?returnBody=true`, {
    pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
    profileId: profile.profileId,
  });
  await card.getByRole('button', { name: 'Publish', exact: true }).click();
  await answerDialog(page, DIALOG_TEXT.successTitle, {
    message: JOURNAL_TEXT.published(profile.title ?? ''),
  });
  expect((await api.profileBySiteUrl('no-login-page'))?.isPublished).toBe(1);
  // The refusal is logged (as every stopped publish is), nothing else.
  expect(unexpectedErrors(errors, [])).toEqual([
    `Publishing journal profile ${profile.profileId} stopped No enabled Login page`,
  ]);
});

it('asks before a theme change discards the styling; Cancel keeps it, OK resets it', async () => {
  const styled = `${defaultJournalStylesheet(THEME.DARK)}\n.promo { color: gold; }\n`;
  const profile = await newProfile({
    siteUrl: 'styled-site',
    title: 'Styled Site',
    themeId: THEME.DARK,
    cssOverride: styled,
  });
  const { page, errors } = await signedIn();
  await openRoute(page, suite.baseUrl, withId(paths.mj.wizard.setup, profile.profileId));
  // The form shows once the profile is in.
  const url = page.getByLabel(SETUP_LABEL.siteUrl, { exact: true });
  await url.waitFor();
  expect(await url.inputValue()).toBe('styled-site');

  // Saving again with the same theme keeps the styling.
  await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(page, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.updateProfile });
  expect((await api.profileBySiteUrl('styled-site'))?.cssOverride).toBe(styled);

  await openRoute(page, suite.baseUrl, withId(paths.mj.wizard.setup, profile.profileId));
  await page.getByRole('radio', { name: SETUP_LABEL.light }).check();
  await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(page, THEME_CHANGE_TEXT.title, {
    message: THEME_CHANGE_TEXT.message,
    button: DIALOG_TEXT.cancel,
  });
  expect(await api.profileBySiteUrl('styled-site')).toMatchObject({
    themeId: THEME.DARK,
    cssOverride: styled,
  });

  await page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(page, THEME_CHANGE_TEXT.title, { button: THEME_CHANGE_TEXT.confirm });
  await answerDialog(page, DIALOG_TEXT.successTitle, { message: JOURNAL_TEXT.updateProfile });
  expect(await api.profileBySiteUrl('styled-site')).toMatchObject({
    themeId: THEME.LIGHT,
    cssOverride: defaultJournalStylesheet(THEME.LIGHT),
  });
  expect(unexpectedErrors(errors, [])).toEqual([]);
});

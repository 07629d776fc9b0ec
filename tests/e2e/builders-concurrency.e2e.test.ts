import type { Locator, Page } from 'playwright-core';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  JOURNAL_TEXT,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { MERCHANT_TEXT } from '@contracts/api/merchant';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { URL_PATHS } from '@contracts/api/paths';
import { PAGE_EDITOR_LABEL } from '@/components/site-builder/page-text-fields';
import { SAVE_AND_CONTINUE } from '@/components/wizard/profile-step';
import { paths, withId } from '@/config/paths';
import { SITE_PAGES_TEXT } from '@/features/my-merchant/components/steps/site-pages-step';
import { createPlainScheme } from './support/imports';
import { JournalApi, answerDialog, openRoute, signIn, unexpectedErrors } from './support/journal';
import {
  createMerchantProfile,
  pagePanel,
  selectedPages,
  selectedSubPages,
  stepHeading,
} from './support/merchant';
import { waitForFocus } from './support/browser';
import { solidPng } from './support/png';
import { SchemeApi, uniqueLetters } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * Two operators on one site against the real server (docs/decisions.md, "Concurrent edits of a
 * site"): a save from a screen opened before the other operator's save is refused as stale and
 * keeps what was typed; the screen shows the other save; the next save stores both.
 * - Journal: A has Edit CSS open, B saves a new logo, A saves the stylesheet; B's logo stays on
 *   the profile and on disk.
 * - Journal: A and B both have the Locations page editor open, each in Chromium; B saves first.
 * - Merchant: A and B both have step 3 open on the same page, each in Chromium; B saves first.
 */

const suite = browserSuite();
const api = JournalApi.forSuite(suite);
const schemes = SchemeApi.forSuite(suite);

const STALE_TEXT = `${ERROR_MESSAGE.staleRecord} ${DIALOG_TEXT.staleRecordReloaded}`;

/** An operator signed in on a page of their own (own browser context) at `route`. */
async function operatorAt(route: string): Promise<{ page: Page; errors: string[] }> {
  const operator = await suite.newPage();
  await signIn(operator.page, suite.baseUrl);
  await openRoute(operator.page, suite.baseUrl, route);
  return operator;
}

/** Waits until the input shows `value` (the screen re-initialised from a read again). */
async function showsValue(page: Page, input: Locator, value: string): Promise<void> {
  await page.waitForFunction(
    ([element, wanted]) => element instanceof HTMLInputElement && element.value === wanted,
    [await input.elementHandle(), value] as const,
  );
}

/** The browser and client logs of each operator, but for the 412 the screen handles. */
const unexpected = (...operators: { errors: string[] }[]) =>
  operators.flatMap(({ errors }) =>
    unexpectedErrors(errors, []).filter((error) => !/\b412\b/.test(error)),
  );

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
  // The dialog gives the focus back to the button that saved (it stayed focusable meanwhile).
  await waitForFocus(page.getByRole('button', { name: 'Save & Continue' }));
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

it('two operators on one journal page: the later save is refused, shows the earlier one, then stores both', async () => {
  const programId = await createPlainScheme(schemes, `Jpage ${uniqueLetters()}`);
  const profile = await api.call<JournalProfile>(
    'POST',
    `${JOURNAL_PATHS.profiles}?returnBody=true`,
    { programId, siteUrl: `pconc-${uniqueLetters().toLowerCase()}`, title: 'Concurrent pages' },
  );
  const stored = await api.call<JournalPage>('POST', `${JOURNAL_PATHS.pages}?returnBody=true`, {
    pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS,
    profileId: profile.profileId,
    navItem: 'Locations',
    title: 'Our Locations',
    content: '<p>1 George Street</p>',
  });
  const read = async () =>
    (await api.pages(profile.profileId)).find((page) => page.pageId === stored.pageId);

  // A and B open the Locations editor; A types a navigation label.
  const route = withId(paths.mj.wizard.editor.location, profile.profileId);
  const a = await operatorAt(route);
  const b = await operatorAt(route);
  const aNavItem = a.page.getByLabel(PAGE_EDITOR_LABEL.navItem);
  const aTitle = a.page.getByLabel(PAGE_EDITOR_LABEL.title);
  await showsValue(a.page, aNavItem, 'Locations');
  await aNavItem.fill('Stores');

  // B saves a new title.
  const bTitle = b.page.getByLabel(PAGE_EDITOR_LABEL.title);
  await showsValue(b.page, bTitle, 'Our Locations');
  await bTitle.fill('Find us');
  await b.page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(b.page, DIALOG_TEXT.successTitle, {
    message: JOURNAL_TEXT.locationPageUpdated,
  });
  expect(await read()).toMatchObject({ navItem: 'Locations', title: 'Find us' });

  // A saves: refused, nothing written. The editor shows B's title and keeps A's label.
  await a.page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(a.page, DIALOG_TEXT.errorTitle, { message: STALE_TEXT });
  await waitForFocus(a.page.getByRole('button', { name: SAVE_AND_CONTINUE }));
  expect(await read()).toMatchObject({ navItem: 'Locations', title: 'Find us' });
  await showsValue(a.page, aTitle, 'Find us');
  expect(await aNavItem.inputValue()).toBe('Stores');

  // A saves again: both changes are stored.
  await a.page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(a.page, DIALOG_TEXT.successTitle, {
    message: JOURNAL_TEXT.locationPageUpdated,
  });
  expect(await read()).toEqual({ ...stored, navItem: 'Stores', title: 'Find us' });
  expect(unexpected(a, b)).toEqual([]);
});

it('two operators on one merchant page: the later save is refused, shows the earlier one, then stores both', async () => {
  const programId = await createPlainScheme(schemes, `Mpage ${uniqueLetters()}`);
  const profile = await createMerchantProfile(api, {
    programId,
    testURL: `mm-conc-${uniqueLetters().toLowerCase()}`,
    siteTitle: 'Concurrent pages',
  });
  const home = async () => (await selectedPages(api, profile.id))[0];
  const opened = await home();

  // A and B open step 3 and the Home page; A types a navigation label.
  const route = withId(paths.mm.wizard.page, profile.id);
  const a = await operatorAt(route);
  const b = await operatorAt(route);
  for (const { page } of [a, b]) {
    await stepHeading(page, SITE_PAGES_TEXT.title).waitFor();
    await page.getByRole('button', { name: SITE_PAGES_TEXT.editPage('Home') }).click();
  }
  const aNavItem = pagePanel(a.page, 'Home').getByLabel(PAGE_EDITOR_LABEL.navItem);
  const aTitle = pagePanel(a.page, 'Home').getByLabel(PAGE_EDITOR_LABEL.title);
  await aNavItem.fill('Start');

  // B saves a new title and ticks an other page.
  await pagePanel(b.page, 'Home').getByLabel(PAGE_EDITOR_LABEL.title).fill('Welcome to us');
  const other = b.page.getByRole('checkbox', { name: 'About Us', exact: true });
  await other.check();
  await b.page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(b.page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.pagesUpdated });
  const theirs = await selectedPages(api, profile.id);
  expect(theirs[0]).toEqual({ ...opened, title: 'Welcome to us' });

  // A saves: refused, nothing written. The step shows B's save and keeps A's label.
  await a.page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(a.page, DIALOG_TEXT.errorTitle, { message: STALE_TEXT });
  await waitForFocus(a.page.getByRole('button', { name: SAVE_AND_CONTINUE }));
  expect(await selectedPages(api, profile.id)).toEqual(theirs);
  await showsValue(a.page, aTitle, 'Welcome to us');
  expect(await aNavItem.inputValue()).toBe('Start');
  expect(await a.page.getByRole('checkbox', { name: 'About Us', exact: true }).isChecked()).toBe(
    true,
  );

  // A saves again: the pages, then the sub-pages, both with the tags the answers gave.
  await a.page.getByRole('button', { name: SAVE_AND_CONTINUE }).click();
  await answerDialog(a.page, MERCHANT_TEXT.successTitle, { message: MERCHANT_TEXT.pagesUpdated });
  expect(await home()).toEqual({ ...opened, navItem: 'Start', title: 'Welcome to us' });
  expect((await selectedPages(api, profile.id)).map((page) => page.typeId)).toEqual(
    theirs.map((page) => page.typeId),
  );
  expect(await selectedSubPages(api, profile.id)).toEqual([]);
  expect(unexpected(a, b)).toEqual([]);
});

import type { Page } from 'playwright-core';
import { API_PATHS } from '@contracts/api/paths';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { JOURNAL_PATHS, type JournalProfile } from '@contracts/api/journal';
import {
  BIN_TYPE,
  BIN_TYPE_LABEL,
  SCHEME_PATHS,
  SCHEME_TEXT,
  type Scheme,
} from '@contracts/api/schemes';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import { LAYOUT_TEXT, LOGIN_TEXT, SESSION_DRAFT_TEXT } from '@/config/texts';
import { DASHBOARD_TEXT, SETTINGS_LABEL } from '@/features/my-journal/lib/journal-texts';
import { CLIENT_SETUP_LABEL, GENERAL_LABEL } from '@/features/schemes/lib/scheme-texts';
import {
  DEMO_USER,
  JournalApi,
  answerDialog,
  openRoute,
  signIn,
  unexpectedErrors,
} from './support/journal';
import { SchemeApi, expectValue, field, saveButton, uniqueLetters } from './support/schemes';
import { browserSuite } from './support/suite';

/**
 * Nothing typed is lost when the session ends by itself, in Chromium against the real server:
 * the master token expires (the refresh fails: "Timeout"), or the session is revoked (logged out
 * elsewhere) and the next save is answered 401 / code 11. The login screen says the session ended;
 * signing in again returns to the same screen with the values in the form, unsaved, and a notice.
 * A deliberate logout keeps nothing, another user gets nothing, and no password reaches the
 * browser's storage. A session ending in one tab leaves the newer session another tab signed in
 * to: the shared token cookie stays.
 */

/** The text of the tab's sessionStorage (every key and value). */
const sessionStorageText = (page: Page) =>
  page.evaluate(() => JSON.stringify({ ...sessionStorage }));

/** The hash route the page shows, e.g. `/my-journal/wizard/site-setting?id=3`. */
const routeOf = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');

/** Signs in on the login screen shown now (no reload: the tab keeps its storage as it is). */
async function signInHere(page: Page, user: { username: string; password: string } = DEMO_USER) {
  await page.getByLabel(LOGIN_TEXT.username).fill(user.username);
  await page.getByLabel(LOGIN_TEXT.password).fill(user.password);
  await page.getByRole('button', { name: LOGIN_TEXT.submit }).click();
}

/** The login screen, saying that the session ended. */
async function expectSessionEndedLogin(page: Page) {
  await page.getByLabel(LOGIN_TEXT.username).waitFor();
  await page.getByRole('status').getByText(LOGIN_TEXT.sessionEnded, { exact: true }).waitFor();
  expect(routeOf(page)).toBe(paths.login.path);
}

/** The restored values' notice (role status) on the screen `route`. */
async function expectRestoredOn(page: Page, route: string) {
  await page.getByRole('status').getByText(SESSION_DRAFT_TEXT.restored, { exact: true }).waitFor();
  expect(routeOf(page)).toBe(route);
}

/** Unsaved: leaving asks first; "Stay" keeps the screen. */
async function expectLeavingAsks(page: Page, route: string) {
  await page
    .getByRole('navigation', { name: LAYOUT_TEXT.mainMenu })
    .getByRole('link', { name: LAYOUT_TEXT.gift })
    .click();
  await answerDialog(page, UNSAVED_CHANGES_TEXT.title, { button: UNSAVED_CHANGES_TEXT.stay });
  expect(routeOf(page)).toBe(route);
}

describe('the master token expires while a form is filled in', () => {
  // Sessions of 25 s, and a refresh after 2 s without activity: the first refresh after the
  // master token's expiry fails.
  const suite = browserSuite({
    env: { MASTER_TOKEN_TTL_SECONDS: '25', INACTIVITY_LIMIT_SECONDS: '2' },
  });
  const schemes = SchemeApi.forSuite(suite);

  it('"Timeout", the login screen says why, and signing in again brings the values back', async () => {
    const name = `Expiry ${uniqueLetters()}`;
    const client = await schemes.createClient(name);
    const programId = await schemes.createScheme('gift', client.clientId, name);
    const journal = await JournalApi.signIn(suite.baseUrl);
    const profile = await journal.call<JournalProfile>(
      'POST',
      `${JOURNAL_PATHS.profiles}?returnBody=true`,
      {
        programId,
        siteUrl: `expiry-${uniqueLetters()}`,
        title: 'Saved title',
        description: 'Saved',
      },
    );
    const route = withId(paths.mj.wizard.setting, profile.profileId);

    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, route);
    const title = page.getByLabel(SETTINGS_LABEL.title, { exact: true });
    // The step shows its form once the profile is in.
    await expect(title.inputValue()).resolves.toBe('Saved title');
    await title.fill('Typed title');
    await page.getByLabel(SETTINGS_LABEL.keywords, { exact: true }).fill('typed, words');

    // The session runs out by itself: the spec's dialog, then the login screen saying why.
    const timeout = page.getByRole('dialog', { name: DIALOG_TEXT.timeoutTitle });
    await timeout.waitFor({ timeout: 60_000 });
    await timeout.getByText(DIALOG_TEXT.timeoutMessage, { exact: true }).waitFor();
    await expectSessionEndedLogin(page);
    await timeout.getByRole('button', { name: 'OK' }).click();
    await timeout.waitFor({ state: 'detached' });

    await signInHere(page);
    await expectRestoredOn(page, route);
    await expect(title.inputValue()).resolves.toBe('Typed title');
    await expect(
      page.getByLabel(SETTINGS_LABEL.keywords, { exact: true }).inputValue(),
    ).resolves.toBe('typed, words');
    await expect(
      page.getByLabel(SETTINGS_LABEL.description, { exact: true }).inputValue(),
    ).resolves.toBe('Saved');
    await expectLeavingAsks(page, route);
    // Used once, and nothing was saved.
    expect(await sessionStorageText(page)).not.toContain('Typed title');
    const stored = await (
      await JournalApi.signIn(suite.baseUrl)
    ).call<JournalProfile>('GET', JOURNAL_PATHS.profile(profile.profileId));
    expect(stored.title).toBe('Saved title');
    // The expired refresh and nothing else.
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await page.context().close();
  });
});

describe('the session is revoked while a form is filled in', () => {
  const suite = browserSuite();
  const schemes = SchemeApi.forSuite(suite);

  /** A scheme of its own, its General Settings open and changed (a password typed too). */
  async function fillGeneralSettings(page: Page) {
    const name = `Revoked ${uniqueLetters()}`;
    const client = await schemes.createClient(name);
    const programId = await schemes.createScheme('gift', client.clientId, name);
    const route = withId(paths.gift.wizard.general, programId);
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, route);
    const schemeName = field(page, GENERAL_LABEL.schemeName);
    // The step shows its form once the scheme is in.
    expect(await schemeName.inputValue()).toBe(`${name} Scheme`);
    await schemeName.fill('Typed Scheme Name');
    await field(page, GENERAL_LABEL.address1).fill('2 TYPED STREET');
    await field(page, GENERAL_LABEL.password).fill('Typed9Secret');
    await field(page, GENERAL_LABEL.passwordRepeat).fill('Typed9Secret');
    return { route, programId, savedName: `${name} Scheme` };
  }

  /** Logs the browser's session out behind its back (as another tab would): DELETE /tokens. */
  async function revokeSession(page: Page) {
    const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
    const { token } = JSON.parse(decodeURIComponent(cookie!.value)) as { token: string };
    const answer = await fetch(`${suite.baseUrl}/api${API_PATHS.tokens}`, {
      method: 'DELETE',
      headers: { Authorization: token },
    });
    expect(answer.status).toBe(204);
  }

  it('Save: 401, the login screen says why, and signing in again brings the values back', async () => {
    const { page, errors } = await suite.newPage();
    const { route, programId, savedName } = await fillGeneralSettings(page);
    await revokeSession(page);

    await saveButton(page).click();
    await expectSessionEndedLogin(page);
    const storage = await sessionStorageText(page);
    expect(storage).toContain('Typed Scheme Name');
    expect(storage).not.toContain('Typed9Secret');

    await signInHere(page);
    await expectRestoredOn(page, route);
    expect(await field(page, GENERAL_LABEL.schemeName).inputValue()).toBe('Typed Scheme Name');
    expect(await field(page, GENERAL_LABEL.address1).inputValue()).toBe('2 TYPED STREET');
    // Passwords are never kept.
    expect(await field(page, GENERAL_LABEL.password).inputValue()).toBe('');
    expect(await field(page, GENERAL_LABEL.passwordRepeat).inputValue()).toBe('');
    await expectLeavingAsks(page, route);
    const stored = await schemes.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
    expect(stored.schemeName).toBe(savedName);
    // The refused save, and the wizard's "none yet" reads of a new scheme (03 §7: 404).
    expect(unexpectedErrors(errors, [401, 404])).toEqual([]);
    await page.context().close();
  });

  it('text typed in a field a mode switch hides comes back: a BIN set aside with Transactor', async () => {
    const { page, errors } = await suite.newPage();
    const route = paths.gift.wizard.setup.path;
    const international = page.getByRole('radio', {
      name: BIN_TYPE_LABEL[BIN_TYPE.INTERNATIONAL],
      exact: true,
    });
    const transactor = page.getByRole('radio', {
      name: BIN_TYPE_LABEL[BIN_TYPE.TRANSACTOR],
      exact: true,
    });
    await signIn(page, suite.baseUrl);
    await openRoute(page, suite.baseUrl, route);
    await page.getByRole('radio', { name: CLIENT_SETUP_LABEL.newClient, exact: true }).check();
    await international.check();
    await field(page, CLIENT_SETUP_LABEL.binNumber).fill('123456');
    await field(page, CLIENT_SETUP_LABEL.binName).fill('Typed BIN');
    await transactor.check();
    await field(page, CLIENT_SETUP_LABEL.binNumber).waitFor({ state: 'detached' });
    const name = `Hidden ${uniqueLetters()}`;
    await field(page, CLIENT_SETUP_LABEL.newClientName).fill(name);
    await revokeSession(page);

    await saveButton(page).click();
    await expectSessionEndedLogin(page);
    expect(await sessionStorageText(page)).toContain('Typed BIN');

    await signInHere(page);
    await expectRestoredOn(page, route);
    await expectValue(page, CLIENT_SETUP_LABEL.newClientName, name);
    expect(await transactor.isChecked()).toBe(true);
    await international.check();
    expect(await field(page, CLIENT_SETUP_LABEL.binNumber).inputValue()).toBe('123456');
    expect(await field(page, CLIENT_SETUP_LABEL.binName).inputValue()).toBe('Typed BIN');
    await expectLeavingAsks(page, route);
    // The refused save, and nothing else.
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await page.context().close();
  });

  it('someone else saved meanwhile: the restored save is refused, the next one keeps both', async () => {
    const { page, errors } = await suite.newPage();
    const { route, programId } = await fillGeneralSettings(page);
    await revokeSession(page);
    await saveButton(page).click();
    await expectSessionEndedLogin(page);

    // Operator B changes the city while A is signed out.
    const other = await suite.newPage();
    await signIn(other.page, suite.baseUrl);
    await openRoute(other.page, suite.baseUrl, route);
    await field(other.page, GENERAL_LABEL.city).fill('MELBOURNE');
    await saveButton(other.page).click();
    await answerDialog(other.page, SCHEME_TEXT.successTitle);

    await signInHere(page);
    await expectRestoredOn(page, route);
    await saveButton(page).click();
    await answerDialog(page, SCHEME_TEXT.errorTitle(ERROR_CODE.CONFLICT), {
      message: `${ERROR_MESSAGE.staleRecord} ${DIALOG_TEXT.staleRecordReloaded}`,
    });
    let stored = await schemes.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
    expect({ name: stored.schemeName, city: stored.city }).toEqual({
      name: expect.not.stringMatching('Typed Scheme Name'),
      city: 'MELBOURNE',
    });

    // The form shows B's city under A's typing; saved again, both are kept.
    await expectValue(page, GENERAL_LABEL.city, 'MELBOURNE');
    expect(await field(page, GENERAL_LABEL.schemeName).inputValue()).toBe('Typed Scheme Name');
    await saveButton(page).click();
    await answerDialog(page, SCHEME_TEXT.successTitle);
    stored = await schemes.call<Scheme>('GET', SCHEME_PATHS.scheme(programId));
    expect(stored).toMatchObject({
      schemeName: 'Typed Scheme Name',
      address1: '2 TYPED STREET',
      city: 'MELBOURNE',
    });
    // The refused saves are answers the screens handle: the browser logs them, nothing else.
    expect(unexpectedErrors(errors, [401, 404]).filter((error) => !/\b412\b/.test(error))).toEqual(
      [],
    );
    await page.context().close();
    await other.page.context().close();
  });

  it('another user signing in gets neither the values nor the screen', async () => {
    const { page } = await suite.newPage();
    await fillGeneralSettings(page);
    await revokeSession(page);
    await saveButton(page).click();
    await expectSessionEndedLogin(page);

    await signInHere(page, { username: 'operator', password: 'operator123' });
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    expect(routeOf(page)).toBe(paths.mj.dashboard.path);
    expect(await sessionStorageText(page)).not.toContain('Typed Scheme Name');
    await page.context().close();
  });

  it('a session ending in one tab leaves the new session another tab has signed in to since', async () => {
    const { page: first } = await suite.newPage();
    await signIn(first, suite.baseUrl);
    // A second tab of the same browser shares the session's cookie; there the operator logs out
    // (which ends the first tab's session on the server too) and signs in again.
    const second = await first.context().newPage();
    await second.goto(`${suite.baseUrl}/`);
    await second.getByRole('button', { name: LAYOUT_TEXT.logout }).click();
    await answerDialog(second, DIALOG_TEXT.logoutTitle);
    await signInHere(second);
    await second.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    const tokenCookie = async () =>
      (await first.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
    const secondTabs = await tokenCookie();
    expect(secondTabs).toBeDefined();

    // The first tab's next call is refused: its session ends there.
    await first
      .getByRole('navigation', { name: LAYOUT_TEXT.mainMenu })
      .getByRole('link', { name: LAYOUT_TEXT.gift })
      .click();
    await expectSessionEndedLogin(first);

    expect(await tokenCookie()).toBe(secondTabs);
    await second.reload();
    await second.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    expect(routeOf(second)).toBe(paths.mj.dashboard.path);
    await first.context().close();
  });

  it('a deliberate logout keeps nothing: no message, and the next sign-in restores nothing', async () => {
    const { page } = await suite.newPage();
    await fillGeneralSettings(page);

    await page.getByRole('button', { name: LAYOUT_TEXT.logout }).click();
    await answerDialog(page, DIALOG_TEXT.logoutTitle);
    await page.getByLabel(LOGIN_TEXT.username).waitFor();
    expect(await page.getByText(LOGIN_TEXT.sessionEnded).count()).toBe(0);
    expect(await sessionStorageText(page)).not.toContain('Typed Scheme Name');

    await signInHere(page);
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    expect(routeOf(page)).toBe(paths.mj.dashboard.path);
    expect(await page.getByText(SESSION_DRAFT_TEXT.restored).count()).toBe(0);
    await page.context().close();
  });
});

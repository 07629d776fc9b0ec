import type { Page } from 'playwright-core';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { LOGIN_TEXT } from '@/config/texts';
import { waitForFocus } from './support/browser';
import { browserSuite } from './support/suite';

const DEMO = { username: 'admin', password: 'admin123' };
const JOURNAL_HEADING = 'Select a MyJournal Website';

// A short inactivity limit so the session monitor can be watched at work.
const suite = browserSuite({ env: { INACTIVITY_LIMIT_SECONDS: '3' } });

async function signIn(page: Page, user = DEMO) {
  await page.goto(`${suite.baseUrl}/`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function tokenCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'token');
}

describe('sign-in and the main layout', () => {
  it('signs in as the demo user and lands on the journal dashboard, with no console errors', async () => {
    const { page, errors } = await suite.newPage();
    await signIn(page);
    await page.getByRole('heading', { name: JOURNAL_HEADING }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/my-journal/dashboard');
    expect(await tokenCookie(page)).toBeDefined();
    // A CSP violation or a failed chunk would show up here.
    expect(errors).toEqual([]);

    // A token cookie already present skips the login screen.
    await page.goto(`${suite.baseUrl}/#/`);
    await page.getByRole('heading', { name: JOURNAL_HEADING }).waitFor();
    await page.context().close();
  });

  it('shows the user name and a live date (dd-MM-yyyy) and time (HH:mm) in the header', async () => {
    const { page } = await suite.newPage();
    await signIn(page);
    const banner = page.getByRole('banner');
    await banner.getByText('admin').first().waitFor();
    const today = () =>
      page.evaluate(() => {
        const now = new Date();
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${pad(now.getDate())}-${pad(now.getMonth() + 1)}-${now.getFullYear()}`;
      });
    // The page's day before and after the header is read: a run may span midnight.
    const dayBefore = await today();
    const date = await banner.locator('.header-date').innerText();
    const time = await banner.locator('.header-time').innerText();
    expect(date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    expect([dayBefore, await today()]).toContain(date);
    // The clock ticks every second: its machine-readable time moves on.
    const clock = banner.locator('time');
    const before = await clock.getAttribute('datetime');
    await page.waitForFunction(
      (previous) => document.querySelector('header time')?.getAttribute('datetime') !== previous,
      before,
      { timeout: 10_000 },
    );
    await page.context().close();
  });

  it('highlights the sidebar item of the current area', async () => {
    const { page } = await suite.newPage();
    await signIn(page);
    const nav = page.getByRole('navigation');
    await page.getByRole('heading', { name: JOURNAL_HEADING }).waitFor();
    expect(await nav.getByRole('link', { name: 'My Journal' }).getAttribute('aria-current')).toBe(
      'page',
    );

    const areas = [
      { link: 'Gift', heading: 'Select a Gift Scheme', hash: '#/gift-card/dashboard' },
      { link: 'Loyalty', heading: 'Select a Loyalty Scheme', hash: '#/loyalty/dashboard' },
      {
        link: 'My Merchant',
        heading: 'Select a MyMerchant Website',
        hash: '#/my-merchant/dashboard',
      },
    ];
    for (const area of areas) {
      await nav.getByRole('link', { name: area.link }).click();
      await page.getByRole('heading', { name: area.heading }).waitFor();
      expect(new URL(page.url()).hash).toBe(area.hash);
      expect(await nav.getByRole('link', { name: area.link }).getAttribute('aria-current')).toBe(
        'page',
      );
      expect(await nav.locator('[aria-current="page"]').count()).toBe(1);
    }
    await page.context().close();
  });

  it('asks before logging out, and logging out clears the session', async () => {
    const { page } = await suite.newPage();
    await signIn(page);
    await page.getByRole('heading', { name: JOURNAL_HEADING }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText(DIALOG_TEXT.logoutTitle).waitFor();
    await dialog.getByText(DIALOG_TEXT.logoutMessage).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).hash).toBe('#/my-journal/dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Username').waitFor();
    expect(await tokenCookie(page)).toBeUndefined();

    // The session is gone: the dashboard route sends you back to login.
    await page.goto(`${suite.baseUrl}/#/my-journal/dashboard`);
    await page.getByLabel('Username').waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
    await page.context().close();
  });

  it("logging out by keyboard leaves the focus on the login screen's heading, not the page", async () => {
    const { page, errors } = await suite.newPage();
    await signIn(page);
    await page.getByRole('heading', { name: JOURNAL_HEADING }).waitFor();
    const logout = page.getByRole('button', { name: 'Logout' });
    await logout.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: DIALOG_TEXT.logoutTitle });
    await waitForFocus(dialog.getByRole('button', { name: 'OK' }));
    await page.keyboard.press('Enter');
    await waitForFocus(page.getByRole('heading', { name: LOGIN_TEXT.heading }));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('signed out, any other address typed on the login screen goes to / (01 §2.1)', async () => {
    const { page, errors } = await suite.newPage();
    await page.goto(`${suite.baseUrl}/`);
    await page.getByLabel('Username').waitFor();
    for (const hash of ['#/no/such/route', '#/my-journal/dashboard']) {
      // The address bar changed by hand: the same document, a new hash.
      await page.goto(`${suite.baseUrl}/${hash}`);
      await page.waitForFunction(() => window.location.hash === '#/');
      await page.getByLabel('Username').waitFor();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the server error code and message for a wrong password', async () => {
    const { page } = await suite.newPage();
    await signIn(page, { username: 'admin', password: 'not-the-password' });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Error: 10').waitFor();
    await dialog.getByText('Invalid username or password').waitFor();
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(['OK']);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tokenCookie(page)).toBeUndefined();
    await page.context().close();
  });

  it('a refused sign-in gives the focus back to Login once its dialog is closed with Escape', async () => {
    const { page } = await suite.newPage();
    await signIn(page, { username: 'admin', password: 'not-the-password' });
    const dialog = page.getByRole('dialog', { name: 'Error: 10' });
    await dialog.getByText('Invalid username or password').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The button stayed focusable while the sign-in ran, so the dialog had it to give back.
    await waitForFocus(page.getByRole('button', { name: 'Login' }));
    await page.context().close();
  });

  it('refreshes the token after the inactivity limit, and times out when the refresh fails', async () => {
    const { page } = await suite.newPage();
    await signIn(page);
    await page.getByRole('heading', { name: JOURNAL_HEADING }).waitFor();
    const first = JSON.parse(decodeURIComponent((await tokenCookie(page))!.value)) as {
      token: string;
      masterToken: string;
    };

    // Idle past the 3 s limit: the monitor refreshes with the master token and stays signed in.
    let second = first;
    const deadline = Date.now() + 15_000;
    while (second.token === first.token && Date.now() < deadline) {
      await page.waitForTimeout(250);
      const cookie = await tokenCookie(page);
      if (cookie) second = JSON.parse(decodeURIComponent(cookie.value)) as typeof first;
    }
    expect(second.token).not.toBe(first.token);
    expect(second.masterToken).toBe(first.masterToken);
    await page.getByRole('heading', { name: JOURNAL_HEADING }).waitFor();

    // Revoke the session behind the browser's back: the next refresh fails.
    const revoked = await fetch(`${suite.baseUrl}/api/tokens`, {
      method: 'DELETE',
      headers: { Authorization: second.token },
    });
    expect(revoked.status).toBe(204);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(DIALOG_TEXT.timeoutTitle).waitFor({ timeout: 15_000 });
    await dialog.getByText(DIALOG_TEXT.timeoutMessage).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Username').waitFor();
    expect(await tokenCookie(page)).toBeUndefined();
    await page.context().close();
  });
});

/**
 * The page at /__mock in Chromium, over time and from the keyboard: with access tokens of a few
 * seconds it stays signed in (renewed with the master token), Sign out ends the session on the
 * server, and confirming Switch gives the focus back to the Switch button once the data is in
 * place, a busy status meanwhile.
 */
import { MOCK_PATHS } from '@contracts/api/mock';
import { MOCK_PAGE_TEXT, REQUEST_LOG } from '@contracts/api/mock-requests';
import { DEMO_USER, unexpectedErrors } from './support/journal';
import { browserSuite } from './support/suite';

const T = MOCK_PAGE_TEXT;
const TOKEN_TTL_SECONDS = 3;

const suite = browserSuite({
  env: { MOCK_CONTROL: 'true', TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) },
});

async function signedInPage() {
  const { page, errors } = await suite.newPage();
  await page.goto(`${suite.baseUrl}${MOCK_PATHS.page}`);
  await page.getByLabel(T.signIn.username).fill(DEMO_USER.username);
  await page.getByLabel(T.signIn.password).fill(DEMO_USER.password);
  await page.keyboard.press('Enter');
  await page.getByText(T.signedInAs(DEMO_USER.username)).waitFor();
  return { page, errors };
}

describe('the /__mock page over time', () => {
  it('stays signed in past the access token’s lifetime; Sign out ends the session', async () => {
    const { page } = await signedInPage();
    const first = await page.evaluate(() => sessionStorage.getItem('mock-page.token'));
    // Two lifetimes: the page's polls meet a 401 and renew the token.
    await page.waitForTimeout(TOKEN_TTL_SECONDS * 2 * 1000 + 500);
    const marker = `e2e-${Date.now()}`;
    await fetch(`${suite.baseUrl}/api/programs?m=${marker}`);
    const calls = page.getByRole('table', { name: T.requests.caption(REQUEST_LOG.capacity) });
    await calls.getByRole('row').filter({ hasText: marker }).waitFor();
    expect(await page.getByText(T.signIn.again).count()).toBe(0);
    const renewed = await page.evaluate(() => sessionStorage.getItem('mock-page.token'));
    expect(renewed).not.toBeNull();
    expect(renewed).not.toBe(first);

    await page.getByRole('button', { name: T.signOut }).click();
    await page.getByLabel(T.signIn.username).waitFor();
    // The session is over on the server: the token no longer works, whatever its lifetime.
    const statusWith = async (token: string | null) =>
      (
        await fetch(`${suite.baseUrl}${MOCK_PATHS.faults}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status;
    let status = await statusWith(renewed);
    for (let tries = 0; status !== 401 && tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await statusWith(renewed);
    }
    expect(status).toBe(401);
    await page.context().close();
  });

  it('gives the focus back to Switch after a confirmed switch from the keyboard', async () => {
    const { page, errors } = await signedInPage();
    await page.getByLabel(T.scenario.select).selectOption('empty');
    await page.getByRole('button', { name: T.scenario.switch }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText(T.scenario.switched('empty')).waitFor();
    await page.waitForFunction(
      (name) => document.activeElement?.textContent === name,
      T.scenario.switch,
    );
    expect(await page.locator('section[aria-busy]').count()).toBe(0);
    // A run longer than the 3-second token's lifetime meets a 401, on which the page renews the
    // token (the test above); the browser logs that answer. Nothing else may be logged.
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await page.context().close();
  });
});

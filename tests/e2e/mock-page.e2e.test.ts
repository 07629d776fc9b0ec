/**
 * The page at /__mock in Chromium: signed in on the page itself, it shows calls made
 * elsewhere (by fetch from the test, as another client would) as they happen: an API call's
 * failure announced, a file's call only with static files shown, its status there and its secret
 * query value hidden; no console error or CSP violation.
 */
import { MOCK_PATHS } from '@contracts/api/mock';
import { MOCK_PROXY_TEXT } from '@contracts/api/mock-proxy';
import { MOCK_PAGE_TEXT, REDACTED, REQUEST_LOG } from '@contracts/api/mock-requests';
import { RUNTIME_CONFIG_PATH } from '@contracts/api/paths';
import { axeViolations } from './support/axe';
import { DEMO_USER } from './support/journal';
import { browserSuite } from './support/suite';

const T = MOCK_PAGE_TEXT;

// The browser tests' server runs with NODE_ENV=production, where the tools are off unless asked.
const suite = browserSuite({ env: { MOCK_CONTROL: 'true' } });

describe('the /__mock page', () => {
  it('signs in, then shows calls made elsewhere as they happen, hiding secrets', async () => {
    const { page, errors } = await suite.newPage();
    await page.goto(`${suite.baseUrl}${MOCK_PATHS.page}`);
    await page.getByRole('heading', { name: T.signIn.heading }).waitFor();

    // From the keyboard: the user name field has the focus.
    await page.keyboard.type(DEMO_USER.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_USER.password);
    await page.keyboard.press('Enter');
    await page.getByText(T.signedInAs(DEMO_USER.username)).waitFor();
    const calls = page.getByRole('table', { name: T.requests.caption(REQUEST_LOG.capacity) });
    await calls.waitFor();

    // A call from another client for a file (static: behind the toggle), with a secret in its
    // query, then a failing API call.
    const marker = `e2e-${Date.now()}`;
    const answer = await fetch(`${suite.baseUrl}${RUNTIME_CONFIG_PATH}?m=${marker}&token=s3cr3t`);
    expect(answer.status).toBe(200);
    const failing = await fetch(`${suite.baseUrl}/api/programs?m=${marker}-401`);
    expect(failing.status).toBe(401);

    // The API call is shown and announced; the file, logged before it, is not shown.
    await calls
      .getByRole('row')
      .filter({ hasText: `${marker}-401` })
      .waitFor();
    await page
      .locator('[aria-live="polite"]')
      .filter({ hasText: `/api/programs?m=${marker}-401 401` })
      .waitFor();
    const row = calls.getByRole('row').filter({ hasText: `${marker}&` });
    expect(await row.count()).toBe(0);

    // With static files shown: the file's call, its secret hidden.
    await page.getByLabel(MOCK_PROXY_TEXT.calls.showStatic).check();
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1, 4)).toEqual([
      'GET',
      `${RUNTIME_CONFIG_PATH}?m=${marker}&token=${REDACTED}`,
      '200',
    ]);
    expect(await page.content()).not.toContain('s3cr3t');

    // Nothing the page does is in its own log.
    const paths = await calls.getByRole('row').allTextContents();
    expect(paths.filter((text) => text.includes(MOCK_PATHS.page))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has no axe violations, signed out or signed in', async () => {
    const { page } = await suite.newPage({ bypassCSP: true });
    await page.goto(`${suite.baseUrl}${MOCK_PATHS.page}`);
    await page.getByRole('heading', { name: T.signIn.heading }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel(T.signIn.username).fill(DEMO_USER.username);
    await page.getByLabel(T.signIn.password).fill(DEMO_USER.password);
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: T.requests.caption(REQUEST_LOG.capacity) }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { MOCK_PATHS } from '@contracts/api/mock';
import { MOCK_PAGE_TEXT, REQUEST_LOG } from '@contracts/api/mock-requests';
import { SCENARIO, type ScenarioList } from '@contracts/api/mock-scenarios';
import { API_PATHS } from '@contracts/api/paths';
import { DATA_REPLACED_TEXT } from '@/config/texts';
import { DASHBOARD_TEXT } from '@/features/my-journal/lib/journal-texts';
import { DEMO_USER, signIn, unexpectedErrors } from './support/journal';
import { browserSuite } from './support/suite';

/**
 * A scenario switch seen in the browser (docs/developer-tools.md): the developer
 * is signed in on the journal dashboard, switches the data through the control API, reloads and
 * sees the other data set, still signed in; and, switching on the /__mock page, a portal tab of
 * the same browser sees the new data at once, told so by a notice.
 */

// The browser tests' server runs with NODE_ENV=production, where the developer tools are off
// unless asked for.
const suite = browserSuite({ env: { MOCK_CONTROL: 'true' } });

async function token(): Promise<string> {
  const answer = await fetch(`${suite.baseUrl}/api${API_PATHS.tokens}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}`);
  return ((await answer.json()) as { token: string }).token;
}

async function switchTo(name: string): Promise<void> {
  const answer = await fetch(`${suite.baseUrl}${MOCK_PATHS.scenario.replace(':name', name)}`, {
    method: 'POST',
    headers: { Authorization: await token() },
  });
  if (answer.status !== 200) throw new Error(`switch to ${name} answered ${answer.status}`);
  expect(((await answer.json()) as ScenarioList).current).toBe(name);
}

describe('scenarios in the browser', () => {
  afterAll(async () => {
    await switchTo(SCENARIO.demo);
  });

  it('shows the switched data after a reload, still signed in', async () => {
    const { page, errors } = await suite.newPage();
    await signIn(page, suite.baseUrl);
    await page.getByText('Demo Gift Card Balance').first().waitFor();

    await switchTo(SCENARIO.empty);
    await page.reload();
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    await page.getByText(DASHBOARD_TEXT.noProfiles).waitFor();
    expect(await page.getByText('Demo Gift Card Balance').count()).toBe(0);

    await switchTo(SCENARIO.publishedJournal);
    await page.reload();
    await page.getByText('Harbour Gift Card Balance').first().waitFor();
    expect(unexpectedErrors(errors, [])).toEqual([]);
  });

  it('an open portal tab shows the new data of a switch on /__mock, with a notice, unreloaded', async () => {
    const T = MOCK_PAGE_TEXT;
    await switchTo(SCENARIO.demo);
    const { page: portal, errors } = await suite.newPage();
    await signIn(portal, suite.baseUrl);
    await portal.getByText('Demo Gift Card Balance').first().waitFor();

    // The developer tools in another tab of the same browser.
    const mock = await portal.context().newPage();
    await mock.goto(`${suite.baseUrl}${MOCK_PATHS.page}`);
    await mock.getByLabel(T.signIn.username).fill(DEMO_USER.username);
    await mock.getByLabel(T.signIn.password).fill(DEMO_USER.password);
    await mock.keyboard.press('Enter');
    await mock.getByRole('table', { name: T.requests.caption(REQUEST_LOG.capacity) }).waitFor();
    await mock.getByText(T.scenario.current(SCENARIO.demo)).waitFor();
    await mock.getByLabel(T.scenario.select).selectOption(SCENARIO.empty);
    await mock.getByRole('button', { name: T.scenario.switch }).click();
    await mock.getByRole('button', { name: T.scenario.confirm }).click();
    await mock.getByText(T.scenario.switched(SCENARIO.empty)).waitFor();

    await portal
      .getByRole('region', { name: DATA_REPLACED_TEXT.label })
      .filter({ hasText: DATA_REPLACED_TEXT.replaced(SCENARIO.empty) })
      .waitFor();
    await portal.getByText(DASHBOARD_TEXT.noProfiles).waitFor();
    expect(await portal.getByText('Demo Gift Card Balance').count()).toBe(0);
    expect(unexpectedErrors(errors, [])).toEqual([]);
    await portal.context().close();
  });
});

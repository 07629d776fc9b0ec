import { screen, within } from '@testing-library/react';
import { EMBEDDED } from '@contracts/api/paths';
import { paths, withId } from '@/config/paths';
import {
  PROGRAMS,
  currentPath,
  embeddedList,
  renderApp,
  setTokenCookie,
} from '../support/client-app';
import { installFakeFetch, type FakeFetch } from '../support/fake-fetch';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch({
    'GET /api/programs': { body: embeddedList(EMBEDDED.programs, PROGRAMS) },
  });
  setTokenCookie();
});
afterEach(() => server.restore());

const tabNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const enabledTabs = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);

// The journal dashboard's own tests are in my-journal/dashboard.test.tsx.
describe('journal wizard frame', () => {
  it('without id only Client Setup is enabled', async () => {
    renderApp({ route: paths.mj.wizard.setup.path });
    const tabs = await screen.findByRole('navigation', { name: 'Wizard steps' });
    expect(tabNames(tabs)).toEqual([
      'Client Setup',
      'Site Setting',
      'Site Pages',
      'Media Upload',
      'Site Editor',
      'Summary',
    ]);
    expect(enabledTabs(tabs)).toEqual(['Client Setup']);
    expect(within(tabs).getByText('Summary')).toHaveAttribute('aria-disabled', 'true');
    expect(within(tabs).getByRole('link', { name: 'Client Setup' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('step 1 of 6')).toBeInTheDocument();
  });

  it('with an id every tab is enabled and keeps the id; Site Editor opens Appearance', async () => {
    const { user } = renderApp({ route: withId(paths.mj.wizard.setting, 5) });
    const tabs = await screen.findByRole('navigation', { name: 'Wizard steps' });
    expect(enabledTabs(tabs)).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Site Setting' })).toBeVisible();
    expect(screen.getByText('step 2 of 6')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('link', { name: 'Site Editor' }));

    expect(window.location.hash).toBe(`#${paths.mj.wizard.editor.font.path}?id=5`);
    const editors = await screen.findByRole('navigation', { name: 'Site editor sections' });
    expect(enabledTabs(editors)).toEqual(['Appearance', 'Login Page', 'Edit CSS']);
    expect(within(editors).getByRole('link', { name: 'Appearance' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('step 4 of 6')).toBeInTheDocument();
  });

  it('the wizard path alone opens step 1', async () => {
    renderApp({ route: paths.mj.wizard.path });
    expect(await screen.findByRole('heading', { name: 'Client Setup' })).toBeVisible();
    expect(currentPath()).toBe(paths.mj.wizard.setup.path);
  });
});

// The merchant dashboard's own tests are in my-merchant/dashboard.test.tsx.
describe('merchant area', () => {
  it('dashboard heading', async () => {
    renderApp({ route: paths.mm.dashboard.path });
    expect(
      await screen.findByRole('heading', { name: 'Select a MyMerchant Website' }),
    ).toBeVisible();
  });

  it('wizard: six tabs, first only without id, step labels', async () => {
    renderApp({ route: paths.mm.wizard.summary.path });
    const tabs = await screen.findByRole('navigation', { name: 'Wizard steps' });
    expect(tabNames(tabs)).toEqual([
      'Client Setup',
      'Site Setting',
      'Site Pages',
      'Media Upload',
      'Site Editor',
      'Summary',
    ]);
    expect(enabledTabs(tabs)).toEqual(['Client Setup']);
    expect(screen.getByText('step 6 of 6')).toBeInTheDocument();
  });
});

// The scheme dashboards' own tests are in schemes/dashboard.test.tsx.
describe('scheme areas', () => {
  it('gift wizard: seven tabs; with an id, the first three open', async () => {
    renderApp({ route: withId(paths.gift.wizard.general, 11) });
    const tabs = await screen.findByRole('navigation', { name: 'Wizard steps' });
    expect(tabNames(tabs)).toEqual([
      'Client Setup',
      'General Settings',
      'Configuration',
      'Stores & Devices',
      'Financial Settlement',
      'Liability Reports',
      'Summary',
    ]);
    expect(enabledTabs(tabs)).toEqual(['Client Setup', 'General Settings', 'Configuration']);
    expect(screen.getByText('step 1 of 6')).toBeInTheDocument();
  });

  it('loyalty wizard adds Base Campaign before Summary (step 6 of 7)', async () => {
    renderApp({ route: paths.loyalty.wizard.basecampaign.path });
    const tabs = await screen.findByRole('navigation', { name: 'Wizard steps' });
    expect(tabNames(tabs).slice(-2)).toEqual(['Base Campaign', 'Summary']);
    expect(enabledTabs(tabs)).toEqual(['Client Setup']);
    expect(screen.getByText('step 6 of 7')).toBeInTheDocument();
  });
});

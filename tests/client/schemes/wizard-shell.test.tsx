import { screen, waitFor, within } from '@testing-library/react';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { SCHEME_STATUS, SCHEME_TEXT } from '@contracts/api/schemes';
import { paths, withId } from '@/config/paths';
import { CLIENT_SETUP_LABEL } from '@/features/schemes/lib/scheme-texts';
import {
  buildClient,
  buildFinancialSettlement,
  buildGiftConfig,
  buildLoyaltyConfig,
  buildScheme,
} from '../../support/builders';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer, type SchemeFake } from './scheme-fake-server';

let server: FakeFetch;
let fake: SchemeFake;

const gift = paths.gift.wizard;
const loyalty = paths.loyalty.wizard;
const CLIENT = buildClient({ clientId: 1, clientName: 'Coffee Co' });
const CONFIGURED = buildScheme({ programId: 11, clientId: 1, schemeName: 'Coffee Gift' });
const UNCONFIGURED = buildScheme({ programId: 12, clientId: 1, schemeName: 'Books Gift' });
const LOYAL = buildScheme({ programId: 21, programTypeId: 3, clientId: 1, schemeName: 'Points' });
const LOYAL_UNCONFIGURED = buildScheme({
  programId: 22,
  programTypeId: 3,
  clientId: 1,
  schemeName: 'Stamps',
});

beforeEach(() => {
  server = installFakeFetch();
  fake = installSchemeServer(server, {
    clients: [CLIENT],
    schemes: [CONFIGURED, UNCONFIGURED, LOYAL, LOYAL_UNCONFIGURED],
    configs: [buildGiftConfig({ programId: 11 }), buildLoyaltyConfig({ programId: 21 })],
    settlements: [buildFinancialSettlement({ programId: 11 })],
  });
  setTokenCookie();
});
afterEach(() => server.restore());

const stepTabs = () => screen.findByRole('navigation', { name: 'Wizard steps' });
const tabNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const enabledTabs = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);
const GIFT_TABS = [
  'Client Setup',
  'General Settings',
  'Configuration',
  'Stores & Devices',
  'Financial Settlement',
  'Liability Reports',
  'Summary',
];

describe('scheme wizard shell (03 §2)', () => {
  it('gift without an id: seven tabs, only Client Setup enabled, no step number on it', async () => {
    renderApp({ route: gift.setup.path });
    const nav = await stepTabs();
    expect(tabNames(nav)).toEqual(GIFT_TABS);
    expect(enabledTabs(nav)).toEqual(['Client Setup']);
    expect(within(nav).getByText('Summary')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('heading', { name: 'Client Setup', level: 2 })).toBeVisible();
    expect(screen.queryByText(/^step \d of/)).not.toBeInTheDocument();
  });

  it('an existing scheme with a config opens on the last tab, every tab enabled, the client named', async () => {
    renderApp({ route: withId(gift.setup, 11) });
    await waitFor(() => expect(currentPath()).toBe(gift.summary.path));
    expect(window.location.hash).toBe(`#${gift.summary.path}?id=11`);
    const nav = await stepTabs();
    await waitFor(() => expect(enabledTabs(nav)).toEqual(GIFT_TABS));
    // The hash changes before the router renders the new route: wait for the tab to follow.
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Summary' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(await screen.findByText('step 6 of 6')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Gift Scheme for Coffee Co', level: 1 }),
    ).toBeVisible();
  });

  it('an existing scheme without a config opens on Configuration, tabs 1-3 enabled', async () => {
    renderApp({ route: withId(gift.setup, 12) });
    await waitFor(() => expect(currentPath()).toBe(gift.config.path));
    expect(window.location.hash).toBe(`#${gift.config.path}?id=12`);
    const nav = await stepTabs();
    expect(await screen.findByText('step 2 of 6')).toBeInTheDocument();
    expect(enabledTabs(nav)).toEqual(['Client Setup', 'General Settings', 'Configuration']);
  });

  it('loyalty: eight tabs with Base Campaign before Summary; the last is step 7 of 7', async () => {
    const { user } = renderApp({ route: withId(loyalty.setup, 21) });
    await waitFor(() => expect(currentPath()).toBe(loyalty.summary.path));
    const nav = await stepTabs();
    expect(tabNames(nav).slice(-2)).toEqual(['Base Campaign', 'Summary']);
    await waitFor(() => expect(enabledTabs(nav)).toHaveLength(8));
    expect(await screen.findByText('step 7 of 7')).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Base Campaign' }));
    expect(await screen.findByText('step 6 of 7')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Base Campaign' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('a refresh re-selects the tab in the route (no jump), and Client Setup can be revisited', async () => {
    const { user } = renderApp({ route: withId(gift.financial, 11) });
    const nav = await stepTabs();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Financial Settlement' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(screen.getByText('step 4 of 6')).toBeInTheDocument();
    expect(currentPath()).toBe(gift.financial.path);

    await user.click(within(nav).getByRole('link', { name: 'Client Setup' }));
    await waitFor(() => expect(currentPath()).toBe(gift.setup.path));
    // Client Setup's own field, not the button the step before it also had while it unmounts.
    expect(await screen.findByRole('group', { name: CLIENT_SETUP_LABEL.cardBin })).toBeVisible();
    expect(currentPath()).toBe(gift.setup.path);
  });

  it.each([
    { area: 'gift', step: 'upload' },
    { area: 'gift', step: 'financial' },
    { area: 'gift', step: 'liability' },
    { area: 'gift', step: 'summary' },
    { area: 'loyalty', step: 'basecampaign' },
    { area: 'loyalty', step: 'summary' },
  ] as const)(
    'a typed $area $step address of a scheme without a config lands on Configuration',
    async ({ area, step }) => {
      const wizard = area === 'gift' ? gift : loyalty;
      const id = area === 'gift' ? UNCONFIGURED.programId : LOYAL_UNCONFIGURED.programId;
      const route = step === 'basecampaign' ? loyalty.basecampaign : wizard[step];
      renderApp({ route: withId(route, id) });
      await waitFor(() => expect(currentPath()).toBe(wizard.config.path));
      expect(window.location.hash).toBe(`#${wizard.config.path}?id=${id}`);
      const nav = await stepTabs();
      await waitFor(() =>
        expect(within(nav).getByRole('link', { name: 'Configuration' })).toHaveAttribute(
          'aria-current',
          'page',
        ),
      );
      expect(enabledTabs(nav)).toEqual(['Client Setup', 'General Settings', 'Configuration']);
      expect(
        await screen.findByText(area === 'gift' ? 'step 2 of 6' : 'step 2 of 7'),
      ).toBeInTheDocument();
    },
  );

  it('a typed General Settings address of a scheme without a config stays there', async () => {
    renderApp({ route: withId(gift.general, UNCONFIGURED.programId) });
    // The config is known (404: none yet) once the tabs up to Configuration are enabled.
    const nav = await stepTabs();
    await waitFor(() =>
      expect(enabledTabs(nav)).toEqual(['Client Setup', 'General Settings', 'Configuration']),
    );
    expect(await screen.findByText('step 1 of 6')).toBeInTheDocument();
    expect(currentPath()).toBe(gift.general.path);
  });

  it('a typed Summary address of a scheme with a config stays there', async () => {
    renderApp({ route: withId(gift.summary, CONFIGURED.programId) });
    const nav = await stepTabs();
    await waitFor(() => expect(enabledTabs(nav)).toEqual(GIFT_TABS));
    expect(await screen.findByText('step 6 of 6')).toBeInTheDocument();
    expect(window.location.hash).toBe(`#${gift.summary.path}?id=${CONFIGURED.programId}`);
  });

  it('shows the loading dialog while the scheme, client, config and settlement load', async () => {
    const config = deferred<{ body: unknown }>();
    server.on('GET /api/gift-card/configurations/11', () => config.promise);
    renderApp({ route: withId(gift.general, 11) });
    expect(await screen.findByRole('dialog', { name: DIALOG_TEXT.loading })).toBeInTheDocument();
    config.resolve({ body: buildGiftConfig({ programId: 11 }) });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: DIALOG_TEXT.loading })).not.toBeInTheDocument(),
    );
    expect(
      screen.getAllByRole('link').filter((l) => l.closest('nav[aria-label="Wizard steps"]')),
    ).toHaveLength(7);
  });
});

describe('Stores & Devices: Save & Continue and Skip (no file uploaded)', () => {
  it('Save & Continue sets status 3 through the scheme update and moves to Financial Settlement', async () => {
    const { user } = renderApp({ route: withId(gift.upload, 11) });
    await user.click(await screen.findByRole('button', { name: SCHEME_TEXT.buttons.saveContinue }));
    await waitFor(() => expect(currentPath()).toBe(gift.financial.path));
    expect(window.location.hash).toBe(`#${gift.financial.path}?id=11`);
    expect(fake.writes()).toEqual(['PUT /api/gift-card/schemes/11']);
    expect(fake.writeBody(0)).toMatchObject({
      programId: 11,
      schemeStatus: SCHEME_STATUS.UPLOAD,
    });
  });

  it('Skip this step asks first; "No, go back" stays, "Yes, skip" moves on without saving', async () => {
    const { user } = renderApp({ route: withId(gift.upload, 11) });
    await user.click(await screen.findByRole('button', { name: SCHEME_TEXT.buttons.skip }));
    let dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.skipTitle });
    expect(dialog).toHaveTextContent(SCHEME_TEXT.skipMessage);
    await user.click(within(dialog).getByRole('button', { name: SCHEME_TEXT.skipCancel }));
    expect(currentPath()).toBe(gift.upload.path);

    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.skip }));
    dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.skipTitle });
    await user.click(within(dialog).getByRole('button', { name: SCHEME_TEXT.skipConfirm }));
    await waitFor(() => expect(currentPath()).toBe(gift.financial.path));
    expect(fake.writes()).toEqual([]);
  });

  it('a failed save shows "Error: {errorCode}" with the server message and stays', async () => {
    server.on('PUT /api/gift-card/schemes/11', {
      status: 500,
      body: { errorCode: 99, errorMessage: 'Something broke' },
    });
    const { user } = renderApp({ route: withId(gift.upload, 11) });
    await user.click(await screen.findByRole('button', { name: SCHEME_TEXT.buttons.saveContinue }));
    const dialog = await screen.findByRole('dialog', { name: SCHEME_TEXT.errorTitle(99) });
    expect(dialog).toHaveTextContent('Something broke');
    expect(currentPath()).toBe(gift.upload.path);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { SCHEME_TEXT } from '@contracts/api/schemes';
import { paths, withId } from '@/config/paths';
import { SCHEME_STATE_TEXT } from '@/features/schemes/lib/scheme-texts';
import { buildClient, buildScheme } from '../../support/builders';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installSchemeServer } from './scheme-fake-server';

let server: FakeFetch;

const CLIENTS = [
  buildClient({ clientId: 1, clientName: 'Coffee Co' }),
  buildClient({ clientId: 2, clientName: 'Fuel Co' }),
];
const SCHEMES = [
  buildScheme({ programId: 11, clientId: 1, schemeName: 'Coffee Gift', buttonImgUrl: 'btn-11' }),
  buildScheme({ programId: 12, clientId: 1, schemeName: 'Books Gift' }),
  buildScheme({
    programId: 14,
    clientId: 1,
    schemeName: 'Review Gift',
    schemeStatus: 4,
    reviewSentAt: 1_780_000_000,
  }),
  // Activated after its review: Active comes first.
  buildScheme({
    programId: 15,
    clientId: 1,
    schemeName: 'Live Gift',
    schemeStatus: 5,
    reviewSentAt: 1_780_000_000,
  }),
  // Its client is unknown: not shown (03 §7).
  buildScheme({ programId: 13, clientId: 99, schemeName: 'Orphan Gift' }),
  buildScheme({ programId: 21, programTypeId: 3, clientId: 2, schemeName: 'Fuel Rewards' }),
];

beforeEach(() => {
  server = installFakeFetch();
  installSchemeServer(server, { clients: CLIENTS, schemes: SCHEMES });
  setTokenCookie();
});
afterEach(() => server.restore());

/** Each tile's text: the scheme's name, then its state ("Status: In setup"). */
const tileTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);
const tileNames = (list: HTMLElement) =>
  tileTexts(list).map((text) => text.slice(0, text.indexOf(SCHEME_STATE_TEXT.label)));

describe('scheme dashboards (03 §2)', () => {
  it('gift: heading, tiles of known clients with their image or the default, each opening setup with its id', async () => {
    const { user } = renderApp({ route: paths.gift.dashboard.path });
    expect(
      await screen.findByRole('heading', { name: SCHEME_TEXT.giftDashboardTitle }),
    ).toBeVisible();
    const tiles = await screen.findByRole('list', { name: 'Gift schemes' });
    expect(tileNames(tiles)).toEqual(['Coffee Gift', 'Books Gift', 'Review Gift', 'Live Gift']);
    expect(within(tiles).getByRole('img', { name: 'Button image of Coffee Gift' })).toHaveAttribute(
      'src',
      '/images/btn-11.png',
    );
    expect(
      within(tiles).getByRole('img', { name: 'Default button image of Books Gift' }),
    ).toBeInTheDocument();

    await user.click(within(tiles).getByRole('link', { name: /Books Gift/ }));
    await waitFor(() =>
      expect(window.location.hash).toMatch(new RegExp(`^#${paths.gift.wizard.path}/.+\\?id=12$`)),
    );
  });

  it("each tile shows the scheme's state: in setup, sent for review or active", async () => {
    renderApp({ route: paths.gift.dashboard.path });
    const tiles = await screen.findByRole('list', { name: 'Gift schemes' });
    const { label, setup, review, active } = SCHEME_STATE_TEXT;
    expect(tileTexts(tiles)).toEqual([
      `Coffee Gift${label} ${setup}`,
      `Books Gift${label} ${setup}`,
      `Review Gift${label} ${review}`,
      `Live Gift${label} ${active}`,
    ]);
    expect(within(tiles).getByRole('link', { name: /Review Gift/ })).toHaveAccessibleName(
      `Default button image of Review Gift Review Gift ${label} ${review}`,
    );
  });

  it('loads clients, then the area schemes (type 1 or 3), then banks, then card BINs', async () => {
    renderApp({ route: paths.loyalty.dashboard.path });
    expect(
      await screen.findByRole('heading', { name: SCHEME_TEXT.loyaltyDashboardTitle }),
    ).toBeVisible();
    const tiles = await screen.findByRole('list', { name: 'Loyalty schemes' });
    expect(tileNames(tiles)).toEqual(['Fuel Rewards']);
    await waitFor(() =>
      expect(server.requests.map((r) => `${r.path}${r.url.search}`)).toEqual(
        expect.arrayContaining(['/api/gift-card/bins']),
      ),
    );
    const order = server.requests
      .map((r) => `${r.path}${r.url.search}`)
      .filter((p) => p.startsWith('/api/gift-card/'));
    expect(order).toEqual([
      '/api/gift-card/clients',
      '/api/gift-card/schemes?programTypeId=3',
      '/api/gift-card/financial-settlements/banks',
      '/api/gift-card/bins',
    ]);
  });

  it('shows the loading indicator until the loads have answered, also when one fails', async () => {
    const clients = deferred<{ status: number; body: unknown }>();
    server.on('GET /api/gift-card/clients', () => clients.promise);
    renderApp({ route: paths.gift.dashboard.path });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    clients.resolve({ status: 500, body: { errorCode: 99, errorMessage: 'Clients are down' } });
    expect(await screen.findByText(/Clients are down/)).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The failed load did not stop the ones after it.
    expect(server.calls('GET /api/gift-card/bins')).toHaveLength(1);
  });

  it('searches by scheme name; each dashboard has its own search', async () => {
    const { user } = renderApp({ route: paths.gift.dashboard.path });
    const tiles = await screen.findByRole('list', { name: 'Gift schemes' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'BOOK');
    expect(tileNames(tiles)).toEqual(['Books Gift']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing like it');
    expect(screen.getByText('No scheme matches your search.')).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Loyalty' }));
    expect(
      await screen.findByRole('heading', { name: SCHEME_TEXT.loyaltyDashboardTitle }),
    ).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(tileNames(await screen.findByRole('list', { name: 'Loyalty schemes' }))).toEqual([
      'Fuel Rewards',
    ]);
  });

  it('"Add New" opens Client Setup without an id', async () => {
    const { user } = renderApp({ route: paths.loyalty.dashboard.path });
    await screen.findByRole('list', { name: 'Loyalty schemes' });
    await user.click(screen.getByRole('link', { name: SCHEME_TEXT.buttons.addNew }));
    await waitFor(() => expect(currentPath()).toBe(paths.loyalty.wizard.setup.path));
    expect(window.location.hash).toBe(`#${withId(paths.loyalty.wizard.setup, null)}`);
    const tabs = await screen.findByRole('navigation', { name: 'Wizard steps' });
    expect(within(tabs).getByRole('link', { name: 'Client Setup' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

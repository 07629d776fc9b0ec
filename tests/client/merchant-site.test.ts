/**
 * The published merchant site in jsdom, against a fake server: its head, menu, pages
 * with sanitised content and sub-pages, the Locations page's store locator (label, one page at a
 * time, Previous and Next, search, refusals), and a site that cannot be shown.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MERCHANT_PAGE_TYPE, MERCHANT_SITE_PATHS } from '@contracts/api/merchant';
import {
  MERCHANT_SITE_TEXT,
  STORE_SEARCH,
  type PublicStore,
  type PublishedMerchantSite,
  type StoreSearchAnswer,
} from '@contracts/api/merchant-site';
import { FONT_PATHS } from '@contracts/site/fonts';
import { startMerchantSite, type MerchantSite } from '@/sites/merchant/merchant-site';
import {
  NETWORK_ERROR,
  installFakeFetch,
  type FakeFetch,
  type RecordedRequest,
  type RouteKey,
} from '../support/fake-fetch';

const SITE: PublishedMerchantSite = {
  url: 'shop-site',
  title: 'Demo Gift Card Stores',
  description: 'Where to buy',
  keywords: 'gift, stores',
  themeId: 1,
  headerLogo: '/images/hhhh.png',
  logo: '/images/llll.png',
  favicon: '/images/ffff.png',
  background: null,
  fonts: ['Roboto'],
  pages: [
    {
      typeId: MERCHANT_PAGE_TYPE.HOME,
      name: 'Home',
      navItem: 'Welcome',
      title: 'Welcome to Demo Gift Card',
      content:
        '<p onclick="alert(1)">One card, many stores.</p><script>window.hacked = true</script>' +
        '<a href="javascript:alert(1)">Bad link</a>',
      subPages: [],
    },
    {
      typeId: 2,
      name: 'About Us',
      navItem: 'About',
      title: 'About the card',
      content: '<p>Accepted everywhere.</p>',
      subPages: [
        { id: 1, name: 'Our Story' },
        { id: 2, name: 'Our Team' },
      ],
    },
    {
      typeId: MERCHANT_PAGE_TYPE.LOCATIONS,
      name: 'Locations',
      navItem: 'Stores',
      title: 'Find a store',
      content: '<p>Search by name, city or postcode.</p>',
      subPages: [],
    },
  ],
};

/** 45 stores: 30 in Sydney, 15 in Perth. */
const STORES: PublicStore[] = Array.from({ length: 45 }, (_, i) => ({
  storeCode: `S${i + 1}`,
  storeName: `Harbour Coffee ${i + 1}`,
  address: `${i + 1} George Street`,
  city: i < 30 ? 'Sydney' : 'Perth',
  postcode: i < 30 ? '2000' : '6000',
  countryCode: 'AU',
  suburb: null,
  state: null,
  phone: i === 0 ? '+61 2 0000 0000' : null,
  latitude: null,
  longitude: null,
}));

const route = (path: string) => `GET ${path}` as RouteKey;
const SITE_ROUTE = route(MERCHANT_SITE_PATHS.site('shop-site'));
const STORES_ROUTE = route(MERCHANT_SITE_PATHS.stores('shop-site'));

/** The store search as the server answers it: a page of the matches of `q`, counted. */
function searchAnswer(request: RecordedRequest): { body: StoreSearchAnswer } {
  const q = (request.url.searchParams.get('q') ?? '').toLowerCase();
  const number = Number(request.url.searchParams.get('page'));
  const size = Number(request.url.searchParams.get('size'));
  const matches = STORES.filter((s) =>
    [s.storeName, s.city, s.postcode].some((field) => field.toLowerCase().includes(q)),
  );
  return {
    body: {
      _embedded: { stores: matches.slice((number - 1) * size, number * size) },
      page: {
        size,
        number,
        hasNext: number * size < matches.length,
        totalElements: matches.length,
        totalPages: Math.ceil(matches.length / size),
      },
    },
  };
}

let server: FakeFetch;
let site: MerchantSite | undefined;
let root: HTMLElement;

/** Sets the hash and waits for its hashchange, so no stale event reaches the next site. */
async function setHash(hash: string): Promise<void> {
  if (window.location.hash === hash) return;
  const changed = new Promise((resolve) =>
    window.addEventListener('hashchange', resolve, { once: true }),
  );
  window.location.hash = hash;
  await changed;
}

async function openSite(hash: string): Promise<void> {
  await setHash(hash);
  site = startMerchantSite(root);
  await site.ready();
}

const storeQueries = () =>
  server.calls(STORES_ROUTE).map((call) => Object.fromEntries(call.url.searchParams));
const storeNames = () =>
  within(screen.getByRole('list', { name: MERCHANT_SITE_TEXT.resultsHeading }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

beforeEach(() => {
  server = installFakeFetch({ [SITE_ROUTE]: { body: SITE }, [STORES_ROUTE]: searchAnswer });
  root = document.createElement('div');
  root.id = 'site';
  document.body.replaceChildren(root);
});

afterEach(async () => {
  site?.stop();
  site = undefined;
  server.restore();
  await setHash('');
  document.head.replaceChildren();
  document.body.className = '';
});

describe('published merchant site', () => {
  it('shows the logos, a menu of the selected pages by their labels and the first page, with the profile head', async () => {
    await openSite('#!/shop-site');

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Demo Gift Card Stores' })).toHaveAttribute(
      'src',
      '/images/hhhh.png',
    );
    expect(banner.querySelector('img.siteLogo')).toHaveAttribute('src', '/images/llll.png');
    const nav = screen.getByRole('navigation', { name: MERCHANT_SITE_TEXT.siteNavigation });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Welcome', 'About', 'Stores']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#!/shop-site/home',
      '#!/shop-site/about-us',
      '#!/shop-site/locations',
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');

    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Welcome to Demo Gift Card',
    );
    expect(within(main).getByText('One card, many stores.')).not.toHaveAttribute('onclick');
    expect(within(main).getByText('Bad link')).not.toHaveAttribute('href');
    expect(document.querySelector('script, style')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();

    expect(document.title).toBe('Welcome - Demo Gift Card Stores');
    const stylesheets = [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(stylesheets).toEqual([
      FONT_PATHS.stylesheet,
      MERCHANT_SITE_PATHS.stylesheet('shop-site'),
    ]);
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute(
      'href',
      '/images/ffff.png',
    );
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Where to buy',
    );
    expect(document.body).toHaveClass('theme-light');
    // Only the Locations page searches stores.
    expect(server.calls(STORES_ROUTE)).toHaveLength(0);
  });

  it('shows the background image through the CSSOM', async () => {
    server.on(SITE_ROUTE, { body: { ...SITE, background: '/images/bbbb.png', themeId: 2 } });
    await openSite('#!/shop-site');
    expect(document.body).toHaveClass('hasBackground');
    expect(document.body).toHaveClass('theme-dark');
    expect(document.body.style.backgroundImage).toContain('/images/bbbb.png');
  });

  it('moves by the menu to a page with sub-pages, and to a sub-page and back, focusing each heading', async () => {
    const user = userEvent.setup();
    await openSite('#!/shop-site');
    await user.click(screen.getByRole('link', { name: 'About' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'About the card' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('About - Demo Gift Card Stores');
    const sections = screen.getByRole('navigation', { name: MERCHANT_SITE_TEXT.subPages });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Our Story', 'Our Team']);

    await user.click(within(sections).getByRole('link', { name: 'Our Team' }));
    const sub = await screen.findByRole('heading', { level: 1, name: 'Our Team' });
    await waitFor(() => expect(sub).toHaveFocus());
    expect(window.location.hash).toBe('#!/shop-site/about-us/our-team');
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('link', { name: MERCHANT_SITE_TEXT.backTo('About') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About the card' })).toBeVisible();
    // The site was loaded once.
    expect(server.calls(SITE_ROUTE)).toHaveLength(1);
  });

  describe('store locator on the Locations page', () => {
    it('shows the first page of stores, never all of them, and pages with Previous and Next', async () => {
      const user = userEvent.setup();
      await openSite('#!/shop-site/locations');
      expect(screen.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
      expect(await screen.findByText('Stores 1 to 20 of 45')).toBeVisible();
      expect(storeNames()).toHaveLength(STORE_SEARCH.defaultSize);
      expect(storeNames()[0]).toBe('Harbour Coffee 1');
      expect(screen.getByText('Phone: +61 2 0000 0000')).toBeVisible();
      expect(storeQueries()).toEqual([{ page: '1', size: String(STORE_SEARCH.defaultSize) }]);

      const pages = screen.getByRole('navigation', { name: MERCHANT_SITE_TEXT.pageNavigation });
      expect(
        within(pages).getByRole('button', { name: MERCHANT_SITE_TEXT.previousPage }),
      ).toBeDisabled();
      await user.click(within(pages).getByRole('button', { name: MERCHANT_SITE_TEXT.nextPage }));
      expect(await screen.findByText('Stores 21 to 40 of 45')).toBeVisible();
      expect(storeNames()[0]).toBe('Harbour Coffee 21');
      expect(
        screen.getByRole('heading', { level: 2, name: MERCHANT_SITE_TEXT.resultsHeading }),
      ).toHaveFocus();

      await user.click(screen.getByRole('button', { name: MERCHANT_SITE_TEXT.nextPage }));
      expect(await screen.findByText('Stores 41 to 45 of 45')).toBeVisible();
      expect(screen.getByRole('button', { name: MERCHANT_SITE_TEXT.nextPage })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: MERCHANT_SITE_TEXT.previousPage }));
      expect(await screen.findByText('Stores 21 to 40 of 45')).toBeVisible();
      expect(storeQueries().map((q) => q.page)).toEqual(['1', '2', '3', '2']);
    });

    it('searches by the labelled box with the keyboard, from the first page; says when nothing matches', async () => {
      const user = userEvent.setup();
      await openSite('#!/shop-site/locations');
      await screen.findByText('Stores 1 to 20 of 45');
      await user.click(screen.getByRole('button', { name: MERCHANT_SITE_TEXT.nextPage }));
      await screen.findByText('Stores 21 to 40 of 45');

      const box = screen.getByRole('searchbox', { name: MERCHANT_SITE_TEXT.searchLabel });
      await user.type(box, '  Perth {Enter}');
      expect(await screen.findByText('Stores 1 to 15 of 15')).toBeVisible();
      expect(storeNames()[0]).toBe('Harbour Coffee 31');
      expect(storeQueries().at(-1)).toEqual({ q: 'Perth', page: '1', size: '20' });
      // One page of results: no paging.
      expect(
        screen.queryByRole('navigation', { name: MERCHANT_SITE_TEXT.pageNavigation }),
      ).toBeNull();

      await user.clear(box);
      await user.type(box, 'nowhere');
      await user.click(screen.getByRole('button', { name: MERCHANT_SITE_TEXT.searchButton }));
      expect(await screen.findByText(MERCHANT_SITE_TEXT.noStores)).toBeVisible();
      expect(screen.queryByRole('list', { name: MERCHANT_SITE_TEXT.resultsHeading })).toBeNull();
    });

    it("shows the server's refusal in an alert, and a failure as such", async () => {
      const user = userEvent.setup();
      await openSite('#!/shop-site/locations');
      await screen.findByText('Stores 1 to 20 of 45');

      server.on(STORES_ROUTE, {
        status: 429,
        body: { errorCode: 429, errorMessage: MERCHANT_SITE_TEXT.tooManySearches },
      });
      const box = screen.getByRole('searchbox', { name: MERCHANT_SITE_TEXT.searchLabel });
      await user.type(box, 'coffee{Enter}');
      // The alert region is there from the start: wait for its text.
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(MERCHANT_SITE_TEXT.tooManySearches),
      );

      server.on(STORES_ROUTE, NETWORK_ERROR);
      await user.type(box, '{Enter}');
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(MERCHANT_SITE_TEXT.searchFailed),
      );
    });

    it(`refuses more than ${STORE_SEARCH.maxWords} words before asking the server`, async () => {
      const user = userEvent.setup();
      await openSite('#!/shop-site/locations');
      await screen.findByText('Stores 1 to 20 of 45');
      const box = screen.getByRole('searchbox', { name: MERCHANT_SITE_TEXT.searchLabel });
      expect(box).toHaveAttribute('maxlength', String(STORE_SEARCH.maxQueryLength));
      await user.type(box, 'a b c d e f g{Enter}');
      expect(screen.getByRole('alert')).toHaveTextContent(MERCHANT_SITE_TEXT.tooManyWords);
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveFocus();
      expect(server.calls(STORES_ROUTE)).toHaveLength(1);
      // The stores of the search before are not left to read as this one's answer.
      expect(screen.queryByText('Stores 1 to 20 of 45')).toBeNull();
      expect(screen.queryByRole('list', { name: MERCHANT_SITE_TEXT.resultsHeading })).toBeNull();
    });
  });

  describe('a site that cannot be shown', () => {
    it('unpublished or unknown: a page saying so, with the server message', async () => {
      server.on(SITE_ROUTE, {
        status: 404,
        body: { errorCode: 404, errorMessage: MERCHANT_SITE_TEXT.notPublished },
      });
      await openSite('#!/shop-site');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        MERCHANT_SITE_TEXT.notPublishedTitle,
      );
      expect(screen.getByRole('main')).toHaveTextContent(MERCHANT_SITE_TEXT.notPublished);
      expect(document.title).toBe(MERCHANT_SITE_TEXT.notPublishedTitle);
    });

    it('an address naming no well-formed site is unknown, without asking the server', async () => {
      await openSite('#!/x');
      expect(screen.getByRole('main')).toHaveTextContent(MERCHANT_SITE_TEXT.unknownSite);
      expect(server.requests).toHaveLength(0);
    });

    it('a network failure says the site could not be loaded', async () => {
      server.on(SITE_ROUTE, NETWORK_ERROR);
      await openSite('#!/shop-site');
      expect(screen.getByRole('main')).toHaveTextContent(MERCHANT_SITE_TEXT.loadFailed);
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_SITE_PATHS,
  JOURNAL_SITE_TEXT,
  type BalanceAnswer,
  type PublishedJournalSite,
} from '@contracts/api/journal';
import { FONT_PATHS } from '@contracts/site/fonts';
import { startJournalSite, type JournalSite } from '@/sites/journal/journal-site';
import {
  NETWORK_ERROR,
  installFakeFetch,
  type FakeFetch,
  type RouteKey,
} from '../support/fake-fetch';

const SITE: PublishedJournalSite = {
  siteUrl: 'test-site',
  title: 'Demo Gift Card Balance',
  keywords: 'gift, balance',
  description: 'Check your balance',
  clientWebsite: 'www.demoretail.example',
  themeId: 2,
  logo: '/images/aaaa.png',
  headerImg: null,
  favIcon: '/images/ffff.png',
  backgroundImg: '/images/bbbb.png',
  fonts: ['Open Sans'],
  pages: [
    {
      pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
      name: 'Login',
      navItem: null,
      title: 'Check your gift card balance',
      content:
        '<p>Enter your card number and PIN.</p><img src=x onerror="alert(1)" alt="card"><script>window.hacked = true</script>',
    },
    {
      pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS,
      name: 'Locations',
      navItem: 'Find us',
      title: 'Our Locations',
      content:
        '<p style="color: red" class="balance-form" onclick="alert(1)">Styled</p>' +
        '<a href="https://stores.example" target="_blank">Store finder</a>' +
        '<a href="javascript:alert(1)">Bad link</a>' +
        '<a href="/top" target="_top">Top link</a>' +
        '<iframe src="https://evil.example"></iframe><style>body { display: none }</style>' +
        '<form action="https://evil.example"><input name="pin"></form>' +
        '<img src="" alt="Map of our locations">',
    },
    {
      pageTypeId: JOURNAL_PAGE_TYPE.FAQ,
      name: 'FAQ',
      navItem: null,
      title: 'FAQ',
      content: '<h2>Questions</h2><ul><li>One</li></ul>',
    },
  ],
};

const ANSWER: BalanceAnswer = {
  maskedCardNumber: '\u2022\u2022\u2022\u2022 0011',
  balanceCents: 5000,
  currency: 'AUD',
  expiryDate: '2030-12-31',
  status: 'active',
};

const route = (method: 'GET' | 'POST', path: string) => `${method} ${path}` as RouteKey;
const SITE_ROUTE = route('GET', JOURNAL_SITE_PATHS.site('test-site'));
const BALANCE_ROUTE = route('POST', JOURNAL_SITE_PATHS.balance('test-site'));

let server: FakeFetch;
let site: JournalSite | undefined;
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
  site = startJournalSite(root);
  await site.ready();
}

beforeEach(() => {
  server = installFakeFetch({ [SITE_ROUTE]: { body: SITE } });
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
  document.body.style.backgroundImage = '';
});

describe('published journal site', () => {
  it('shows the header, a menu of the enabled pages and the first page, with the profile head', async () => {
    await openSite('#!/test-site');

    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('img', { name: 'Demo Gift Card Balance' }),
    );
    const nav = screen.getByRole('navigation', { name: JOURNAL_SITE_TEXT.siteNavigation });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Login', 'Find us', 'FAQ']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#!/test-site/login',
      '#!/test-site/locations',
      '#!/test-site/faq',
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[0]!.closest('li')).toHaveClass('active');
    expect(links[1]!.closest('li')).not.toHaveClass('active');

    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Check your gift card balance',
    );
    expect(within(main).getByRole('heading', { level: 1 })).toHaveClass('title');
    expect(main).toHaveTextContent('Enter your card number and PIN.');
    expect(screen.getByRole('contentinfo')).toContainElement(
      screen.getByRole('link', { name: JOURNAL_SITE_TEXT.website }),
    );
    expect(screen.getByRole('link', { name: JOURNAL_SITE_TEXT.website })).toHaveAttribute(
      'href',
      'https://www.demoretail.example/',
    );

    expect(document.title).toBe('Login - Demo Gift Card Balance');
    const stylesheets = [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(stylesheets).toEqual([
      FONT_PATHS.stylesheet,
      JOURNAL_SITE_PATHS.stylesheet('test-site'),
    ]);
    expect(document.head.querySelector('link[rel="preload"]')).toHaveAttribute(
      'href',
      FONT_PATHS.file('open-sans'),
    );
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute(
      'href',
      '/images/ffff.png',
    );
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Check your balance',
    );
    expect(document.head.querySelector('meta[name="keywords"]')).toHaveAttribute(
      'content',
      'gift, balance',
    );
    expect(document.body).toHaveClass('hasBackground');
    expect(document.body).toHaveClass('theme-dark');
    expect(document.body.style.backgroundImage).toContain('/images/bbbb.png');
    // No <style> element anywhere: the profile CSS arrives as a linked file.
    expect(document.querySelector('style')).toBeNull();
  });

  it('follows the theme for text the profile does not colour, and preloads only fonts with a file', async () => {
    server.on(SITE_ROUTE, { body: { ...SITE, themeId: 1, fonts: ['dtrvag', 'Roboto'] } });
    await openSite('#!/test-site');
    expect(document.body).toHaveClass('theme-light');
    expect(document.body).not.toHaveClass('theme-dark');
    const preloads = [...document.head.querySelectorAll('link[rel="preload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloads).toEqual([FONT_PATHS.file('roboto')]);
  });

  it('never runs injected script: handlers, scripts, frames, styles, classes and javascript: links are removed', async () => {
    await openSite('#!/test-site');
    const image = screen.getByRole('img', { name: 'card' });
    expect(image).not.toHaveAttribute('onerror');
    expect(document.querySelector('script')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();

    await setHash('#!/test-site/locations');
    const main = await screen.findByRole('main');
    await waitFor(() =>
      expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('Our Locations'),
    );
    const styled = within(main).getByText('Styled');
    expect(styled).not.toHaveAttribute('style');
    expect(styled).not.toHaveAttribute('class');
    expect(styled).not.toHaveAttribute('onclick');
    expect(within(main).getByRole('link', { name: 'Store finder' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(within(main).getByText('Bad link')).not.toHaveAttribute('href');
    expect(within(main).getByRole('link', { name: 'Top link' })).not.toHaveAttribute('target');
    expect(main.querySelector('iframe, style, form, input[name="pin"]')).toBeNull();
    // The Locations default's image without an address is not shown as a broken image.
    expect(within(main).queryByRole('img', { name: 'Map of our locations' })).toBeNull();
  });

  it("content cannot take over the balance check's names or messages", async () => {
    const login = SITE.pages[0]!;
    server.on(SITE_ROUTE, {
      body: {
        ...SITE,
        pages: [
          {
            ...login,
            content:
              '<p id="balanceMessage">Operator text</p><label for="pin">Card</label>' +
              '<a id="cardNumber" name="pin">Anchor</a>',
          },
          ...SITE.pages.slice(1),
        ],
      },
    });
    await openSite('#!/test-site');
    const card = screen.getByRole('textbox', { name: JOURNAL_SITE_TEXT.cardNumberLabel });
    const pin = screen.getByLabelText(JOURNAL_SITE_TEXT.pinLabel, { exact: true });
    expect(card).toHaveAccessibleName(JOURNAL_SITE_TEXT.cardNumberLabel);
    expect(pin).toHaveAccessibleName(JOURNAL_SITE_TEXT.pinLabel);
    expect(card).toHaveAccessibleDescription('');
    // The content's own names are its own.
    expect(screen.getByText('Operator text')).toHaveAttribute('id', 'user-content-balanceMessage');
    expect(screen.getByText('Card', { exact: true })).not.toHaveAttribute('for');
    expect(screen.getByText('Anchor')).toHaveAttribute('name', 'user-content-pin');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: JOURNAL_SITE_TEXT.submit }));
    expect(card).toHaveAccessibleDescription(JOURNAL_SITE_TEXT.cardNumberInvalid);
  });

  it('moves between pages by the menu without loading the site again, focusing the heading', async () => {
    const user = userEvent.setup();
    await openSite('#!/test-site');
    await user.click(screen.getByRole('link', { name: 'Find us' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Our Locations' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Find us' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Find us' }).closest('li')).toHaveClass('active');
    expect(screen.queryByLabelText(JOURNAL_SITE_TEXT.cardNumberLabel)).toBeNull();
    expect(document.title).toBe('Find us - Demo Gift Card Balance');
    expect(server.calls(SITE_ROUTE)).toHaveLength(1);
  });

  it('opens the page the address names, also written #/{siteUrl}/{page}', async () => {
    await openSite('#/test-site/faq');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('FAQ');
    expect(screen.getByRole('heading', { level: 2, name: 'Questions' })).toBeInTheDocument();
  });

  describe('balance check on the Login page', () => {
    async function fillIn(cardNumber: string, pin: string) {
      const user = userEvent.setup();
      await openSite('#!/test-site');
      if (cardNumber !== '') {
        await user.type(screen.getByLabelText(JOURNAL_SITE_TEXT.cardNumberLabel), cardNumber);
      }
      if (pin !== '') await user.type(screen.getByLabelText(JOURNAL_SITE_TEXT.pinLabel), pin);
      return user;
    }

    it('shows the balance, the masked card and the expiry date; the PIN is cleared', async () => {
      server.on(BALANCE_ROUTE, { body: ANSWER });
      const user = await fillIn('6035990000000011', '1234');
      expect(screen.getByLabelText(JOURNAL_SITE_TEXT.pinLabel)).toHaveAttribute('type', 'password');
      await user.click(screen.getByRole('button', { name: JOURNAL_SITE_TEXT.submit }));

      expect(
        await screen.findByRole('heading', { level: 2, name: JOURNAL_SITE_TEXT.balanceTitle }),
      ).toBeInTheDocument();
      expect(screen.getByText('A$50.00')).toBeInTheDocument();
      expect(screen.getByText('\u2022\u2022\u2022\u2022 0011')).toBeInTheDocument();
      expect(screen.getByText('Dec 31, 2030')).toBeInTheDocument();
      expect(screen.queryByText(JOURNAL_SITE_TEXT.cardExpired)).toBeNull();
      expect(server.calls(BALANCE_ROUTE)[0]!.body).toEqual({
        cardNumber: '6035990000000011',
        pin: '1234',
      });
      expect(screen.getByLabelText(JOURNAL_SITE_TEXT.pinLabel)).toHaveValue('');
      expect(screen.getByRole('button', { name: JOURNAL_SITE_TEXT.submit })).toHaveClass(
        'btnPrimary',
      );
    });

    it('works by keyboard: Enter in the PIN field submits', async () => {
      server.on(BALANCE_ROUTE, {
        body: { ...ANSWER, expiryDate: '2021-06-30', status: 'expired' },
      });
      const user = await fillIn('6035990000000045', '9876');
      await user.keyboard('{Enter}');
      expect(await screen.findByText(JOURNAL_SITE_TEXT.cardExpired)).toBeInTheDocument();
      expect(screen.getByText('Jun 30, 2021')).toBeInTheDocument();
    });

    it('shows a card without expiry', async () => {
      server.on(BALANCE_ROUTE, { body: { ...ANSWER, balanceCents: 12_345, expiryDate: null } });
      const user = await fillIn('6035990000000037', '1357');
      await user.click(screen.getByRole('button', { name: JOURNAL_SITE_TEXT.submit }));
      expect(await screen.findByText('A$123.45')).toBeInTheDocument();
      expect(screen.getByText(JOURNAL_SITE_TEXT.noExpiry)).toBeInTheDocument();
    });

    it.each([
      [403, ERROR_CODE.CARD_OR_PIN_WRONG, JOURNAL_SITE_TEXT.cardOrPinWrong, 'both'],
      [429, ERROR_CODE.RATE_LIMITED, JOURNAL_SITE_TEXT.tooManyAttempts, undefined],
    ])(
      'answer %i: shows the server message in an alert',
      async (status, errorCode, text, field) => {
        server.on(BALANCE_ROUTE, { status, body: { errorCode, errorMessage: text } });
        const user = await fillIn('6035990000000011', '0000');
        await user.click(screen.getByRole('button', { name: JOURNAL_SITE_TEXT.submit }));
        // The alert region is there, empty, from the start: the message is what shows.
        await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
        const card = screen.getByLabelText(JOURNAL_SITE_TEXT.cardNumberLabel);
        const pin = screen.getByLabelText(JOURNAL_SITE_TEXT.pinLabel);
        if (field === 'both') {
          expect(card).toHaveAttribute('aria-invalid', 'true');
          expect(pin).toHaveAttribute('aria-invalid', 'true');
          expect(card).toHaveFocus();
        } else {
          expect(card).not.toHaveAttribute('aria-invalid');
          expect(pin).not.toHaveAttribute('aria-invalid');
        }
        expect(pin).toHaveValue('');
        expect(screen.queryByText(JOURNAL_SITE_TEXT.balanceTitle)).toBeNull();
      },
    );

    it('a network failure says so', async () => {
      server.on(BALANCE_ROUTE, NETWORK_ERROR);
      const user = await fillIn('6035990000000011', '1234');
      await user.click(screen.getByRole('button', { name: JOURNAL_SITE_TEXT.submit }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(JOURNAL_SITE_TEXT.networkError),
      );
    });

    it('checks the card number and PIN before sending', async () => {
      const user = await fillIn('6035 9900 0000 0011', '12');
      await user.click(screen.getByRole('button', { name: JOURNAL_SITE_TEXT.submit }));
      expect(screen.getByRole('alert')).toHaveTextContent(JOURNAL_SITE_TEXT.cardNumberInvalid);
      expect(screen.getByLabelText(JOURNAL_SITE_TEXT.cardNumberLabel)).toHaveFocus();
      expect(screen.getByLabelText(JOURNAL_SITE_TEXT.cardNumberLabel)).toHaveAttribute(
        'aria-invalid',
        'true',
      );

      await user.clear(screen.getByLabelText(JOURNAL_SITE_TEXT.cardNumberLabel));
      await user.type(screen.getByLabelText(JOURNAL_SITE_TEXT.cardNumberLabel), '6035990000000011');
      await user.click(screen.getByRole('button', { name: JOURNAL_SITE_TEXT.submit }));
      expect(screen.getByRole('alert')).toHaveTextContent(JOURNAL_SITE_TEXT.pinInvalid);
      expect(screen.getByLabelText(JOURNAL_SITE_TEXT.pinLabel)).toHaveFocus();
      expect(server.calls(BALANCE_ROUTE)).toHaveLength(0);
    });
  });

  describe('a site that cannot be shown', () => {
    it.each([
      ['unknown', JOURNAL_SITE_TEXT.unknownSite],
      ['unpublished', JOURNAL_SITE_TEXT.notPublished],
    ])('%s: a page saying so, with the server message', async (_kind, message) => {
      server.on(SITE_ROUTE, {
        status: 404,
        body: { errorCode: ERROR_CODE.NOT_FOUND, errorMessage: message },
      });
      await openSite('#!/test-site');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        JOURNAL_SITE_TEXT.notPublishedTitle,
      );
      expect(screen.getByRole('main')).toHaveTextContent(message);
      expect(document.title).toBe(JOURNAL_SITE_TEXT.notPublishedTitle);
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
    });

    it('an address naming no well-formed site is unknown, without asking the server', async () => {
      await openSite('#!/x');
      expect(screen.getByRole('main')).toHaveTextContent(JOURNAL_SITE_TEXT.unknownSite);
      expect(server.requests).toHaveLength(0);
    });

    it('a server or network failure says the site could not be loaded', async () => {
      server.on(SITE_ROUTE, { status: 500, text: '<html>proxy error</html>' });
      await openSite('#!/test-site');
      expect(screen.getByRole('main')).toHaveTextContent(JOURNAL_SITE_TEXT.loadFailed);
    });

    it('going from a shown site to an unknown one removes its stylesheet', async () => {
      await openSite('#!/test-site');
      server.on(route('GET', JOURNAL_SITE_PATHS.site('gone-site')), {
        status: 404,
        body: { errorCode: ERROR_CODE.NOT_FOUND, errorMessage: JOURNAL_SITE_TEXT.unknownSite },
      });
      await setHash('#!/gone-site');
      expect(
        await screen.findByRole('heading', { name: JOURNAL_SITE_TEXT.notPublishedTitle }),
      ).toBeInTheDocument();
      expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
      expect(document.body).not.toHaveClass('hasBackground');
    });
  });
});

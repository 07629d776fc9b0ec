/**
 * @jest-environment node
 *
 * The published journal site's public calls (no token), as the site bundle makes them: the
 * consumer `journal-site`, a pact file of its own. The site data and the balance check drive the
 * real client/src/sites/journal/site-api.ts; the stylesheet is a <link> the page builds from
 * JOURNAL_SITE_PATHS.stylesheet (journal-site.ts), fetched here the way the browser does.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE } from '../api/constants';
import { JOURNAL_PAGE_TYPE, JOURNAL_SITE_PATHS, JOURNAL_SITE_TEXT } from '../api/journal';
import { PACT_PARTICIPANTS } from '../provider/states';
import { checkBalance, loadSite } from '@/sites/journal/site-api';
import { JSON_ANSWER, newPact, STATE } from './support/pact';
import { onOrigin, sitePathFromState } from './support/site-origin';

const { eachLike, integer, string, regex, fromProviderState } = MatchersV3;

const EXAMPLE = {
  siteUrl: 'pact-published',
  missingSiteUrl: 'pact-new-site',
  unpublishedSiteUrl: 'pact-journal',
  /** A dot is outside the letters, digits, _ and - an address may have. */
  malformedSiteUrl: 'pact.site',
  cardNumber: '6035990000009911',
  pin: '1234',
  wrongPin: '4321',
  unknownCardNumber: '6035990000112345',
  cardWithoutExpiryNumber: '6035990000009929',
  /** Links of stored images on a URL base: the origin root, or another host. */
  imageLinks: {
    logo: '/images/0123456789abcdef0123456789abcdef.png',
    headerImg: '/images/123456789abcdef0123456789abcdef0.png',
    favIcon: '/images/23456789abcdef0123456789abcdef01.png',
    backgroundImg: 'https://images.example/images/3456789abcdef0123456789abcdef012.png',
  },
} as const;

const newSitePact = () => newPact(PACT_PARTICIPANTS.journalSite);

describe('published journal site (01 §9)', () => {
  it('loads a published site: texts, fonts and enabled pages', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.publishedJournalProfile)
      .uponReceiving('a request for a published site')
      .withRequest({
        method: 'GET',
        path: sitePathFromState(JOURNAL_SITE_PATHS.site, EXAMPLE.siteUrl),
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          siteUrl: fromProviderState('${siteUrl}', EXAMPLE.siteUrl),
          title: string('Gift Card Balance'),
          keywords: string('gift card, balance'),
          description: string('Check the balance of your gift card.'),
          clientWebsite: string('https://www.demoretail.example'),
          themeId: integer(2),
          logo: null,
          headerImg: null,
          favIcon: null,
          backgroundImg: null,
          fonts: eachLike(string('Roboto')),
          pages: eachLike({
            pageTypeId: integer(JOURNAL_PAGE_TYPE.LOGIN),
            name: string('Login'),
            navItem: null,
            title: string('Check your balance'),
            content: string('<p>Enter your card number and PIN.</p>'),
          }),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () => loadSite(EXAMPLE.siteUrl));
      expect(result).toMatchObject({
        kind: 'site',
        site: { siteUrl: EXAMPLE.siteUrl, fonts: ['Roboto'], pages: [{ name: 'Login' }] },
      });
    });
  });

  it("loads a published site's image links, which the page uses as they are", async () => {
    // The page puts each link as it is in an <img src>, the icon <link href> and the background's
    // url() (site-parts.ts, site-head.ts), from a page at /mj/ of the site host: a link must
    // load from anywhere, so an http(s) URL or a path from the root. A bare id or a relative
    // link would be a broken image.
    const link = (example: string) => regex(/^(https?:\/\/[^/\s]+)?\/\S*$/.source, example);
    const pact = newSitePact();
    pact
      .given(STATE.publishedJournalProfileWithImages)
      .uponReceiving('a request for a published site with stored images')
      .withRequest({
        method: 'GET',
        path: sitePathFromState(JOURNAL_SITE_PATHS.site, EXAMPLE.siteUrl),
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          siteUrl: fromProviderState('${siteUrl}', EXAMPLE.siteUrl),
          logo: link(EXAMPLE.imageLinks.logo),
          headerImg: link(EXAMPLE.imageLinks.headerImg),
          favIcon: link(EXAMPLE.imageLinks.favIcon),
          backgroundImg: link(EXAMPLE.imageLinks.backgroundImg),
          fonts: eachLike(string('Roboto'), 0),
          pages: eachLike({ name: string('Login') }),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () => loadSite(EXAMPLE.siteUrl));
      expect(result).toMatchObject({ kind: 'site', site: EXAMPLE.imageLinks });
    });
  });

  it('answers 404 saying "not published" for a site that is not published', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.journalProfile)
      .uponReceiving('a request for a site that is not published')
      .withRequest({
        method: 'GET',
        path: sitePathFromState(JOURNAL_SITE_PATHS.site, EXAMPLE.unpublishedSiteUrl),
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: {
          errorCode: ERROR_CODE.NOT_FOUND,
          // The spec's wording (README: an unpublished site answers "not published").
          errorMessage: regex('.*[Nn]ot published.*', JOURNAL_SITE_TEXT.notPublished),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () => loadSite(EXAMPLE.unpublishedSiteUrl));
      expect(result).toEqual({ kind: 'missing', message: JOURNAL_SITE_TEXT.notPublished });
    });
  });

  it('answers 400 to an address no site can have', async () => {
    const pact = newSitePact();
    pact
      .uponReceiving('a request for a site at a malformed address')
      .withRequest({ method: 'GET', path: JOURNAL_SITE_PATHS.site(EXAMPLE.malformedSiteUrl) })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        // The page shows its own text for this answer: only the status matters to it.
        body: {
          errorCode: integer(ERROR_CODE.VALIDATION),
          errorMessage: string('siteUrl: Invalid'),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () => loadSite(EXAMPLE.malformedSiteUrl));
      expect(result).toEqual({ kind: 'missing', message: undefined });
    });
  });

  it('answers 404 with the message the page shows for an address without a site', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.siteUrlUnused)
      .uponReceiving('a request for a site that does not exist')
      .withRequest({
        method: 'GET',
        path: sitePathFromState(JOURNAL_SITE_PATHS.site, EXAMPLE.missingSiteUrl),
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        // The site shows the server's own text (fetch-json.ts errorMessageOf): any text does.
        body: {
          errorCode: ERROR_CODE.NOT_FOUND,
          errorMessage: string(JOURNAL_SITE_TEXT.unknownSite),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () => loadSite(EXAMPLE.missingSiteUrl));
      expect(result).toEqual({ kind: 'missing', message: JOURNAL_SITE_TEXT.unknownSite });
    });
  });

  it("serves a published site's stylesheet as CSS", async () => {
    const pact = newSitePact();
    pact
      .given(STATE.publishedJournalProfile)
      .uponReceiving("a request for a published site's stylesheet")
      .withRequest({
        method: 'GET',
        path: sitePathFromState(JOURNAL_SITE_PATHS.stylesheet, EXAMPLE.siteUrl),
      })
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': regex(/text\/css.*/.source, 'text/css; charset=utf-8') },
      });

    await pact.executeTest(async (mock) => {
      const response = await fetch(`${mock.url}${JOURNAL_SITE_PATHS.stylesheet(EXAMPLE.siteUrl)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    });
  });

  it('checks the balance of a card of the site with its PIN', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.publishedSiteWithCard)
      .uponReceiving("a balance check of a card of the site's program")
      .withRequest({
        method: 'POST',
        path: sitePathFromState(JOURNAL_SITE_PATHS.balance, EXAMPLE.siteUrl),
        headers: { 'Content-Type': 'application/json' },
        body: {
          cardNumber: fromProviderState('${cardNumber}', EXAMPLE.cardNumber),
          pin: fromProviderState('${pin}', EXAMPLE.pin),
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          maskedCardNumber: regex(/^\u2022{4} \d{4}$/.source, '\u2022\u2022\u2022\u2022 9911'),
          balanceCents: integer(5000),
          currency: string('AUD'),
          expiryDate: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2099-12-31'),
          status: 'active',
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () =>
        checkBalance(EXAMPLE.siteUrl, { cardNumber: EXAMPLE.cardNumber, pin: EXAMPLE.pin }),
      );
      expect(result).toEqual({
        kind: 'balance',
        answer: {
          maskedCardNumber: '\u2022\u2022\u2022\u2022 9911',
          balanceCents: 5000,
          currency: 'AUD',
          expiryDate: '2099-12-31',
          status: 'active',
        },
      });
    });
  });

  it('answers a null expiry date for a card without one, which the site shows as no expiry', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.publishedSiteWithCardWithoutExpiry)
      .uponReceiving("a balance check of a card of the site's program without an expiry date")
      .withRequest({
        method: 'POST',
        path: sitePathFromState(JOURNAL_SITE_PATHS.balance, EXAMPLE.siteUrl),
        headers: { 'Content-Type': 'application/json' },
        body: {
          cardNumber: fromProviderState('${cardNumber}', EXAMPLE.cardWithoutExpiryNumber),
          pin: fromProviderState('${pin}', EXAMPLE.pin),
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          maskedCardNumber: regex(/^\u2022{4} \d{4}$/.source, '\u2022\u2022\u2022\u2022 9929'),
          balanceCents: integer(5000),
          currency: string('AUD'),
          // The form shows JOURNAL_SITE_TEXT.noExpiry for null only (balance-form.ts).
          expiryDate: null,
          status: 'active',
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () =>
        checkBalance(EXAMPLE.siteUrl, {
          cardNumber: EXAMPLE.cardWithoutExpiryNumber,
          pin: EXAMPLE.pin,
        }),
      );
      expect(result).toEqual({
        kind: 'balance',
        answer: {
          maskedCardNumber: '\u2022\u2022\u2022\u2022 9929',
          balanceCents: 5000,
          currency: 'AUD',
          expiryDate: null,
          status: 'active',
        },
      });
    });
  });

  // An unknown card and a wrong PIN: one answer, so it never confirms that a number exists.
  const REFUSAL = {
    errorCode: ERROR_CODE.CARD_OR_PIN_WRONG,
    errorMessage: string(JOURNAL_SITE_TEXT.cardOrPinWrong),
  };
  const expectRefusal = async (mockUrl: string, cardNumber: string, pin: string) => {
    const result = await onOrigin(mockUrl, () =>
      checkBalance(EXAMPLE.siteUrl, { cardNumber, pin }),
    );
    expect(result).toEqual({
      kind: 'refused',
      errorCode: ERROR_CODE.CARD_OR_PIN_WRONG,
      message: JOURNAL_SITE_TEXT.cardOrPinWrong,
    });
  };

  it('refuses a wrong PIN with the answer an unknown card gets', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.publishedSiteWithCard)
      .uponReceiving('a balance check of a card of the site with a wrong PIN')
      .withRequest({
        method: 'POST',
        path: sitePathFromState(JOURNAL_SITE_PATHS.balance, EXAMPLE.siteUrl),
        headers: { 'Content-Type': 'application/json' },
        body: {
          cardNumber: fromProviderState('${cardNumber}', EXAMPLE.cardNumber),
          pin: fromProviderState('${wrongPin}', EXAMPLE.wrongPin),
        },
      })
      .willRespondWith({ status: 403, headers: JSON_ANSWER, body: REFUSAL });

    await pact.executeTest(async (mock) => {
      await expectRefusal(mock.url, EXAMPLE.cardNumber, EXAMPLE.wrongPin);
    });
  });

  it('refuses an unknown card with the answer a wrong PIN gets', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.publishedSiteWithoutCard)
      .uponReceiving("a balance check of a number no card of the site's program has")
      .withRequest({
        method: 'POST',
        path: sitePathFromState(JOURNAL_SITE_PATHS.balance, EXAMPLE.siteUrl),
        headers: { 'Content-Type': 'application/json' },
        body: {
          cardNumber: fromProviderState('${cardNumber}', EXAMPLE.unknownCardNumber),
          pin: EXAMPLE.pin,
        },
      })
      .willRespondWith({ status: 403, headers: JSON_ANSWER, body: REFUSAL });

    await pact.executeTest(async (mock) => {
      await expectRefusal(mock.url, EXAMPLE.unknownCardNumber, EXAMPLE.pin);
    });
  });

  it('answers 429 to a caller who used up its balance checks, which the site shows as refused', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.publishedSiteBalanceChecksUsedUp)
      .uponReceiving('a balance check from a caller who used up its balance checks')
      .withRequest({
        method: 'POST',
        path: sitePathFromState(JOURNAL_SITE_PATHS.balance, EXAMPLE.siteUrl),
        headers: { 'Content-Type': 'application/json' },
        body: { cardNumber: EXAMPLE.cardNumber, pin: EXAMPLE.pin },
      })
      .willRespondWith({
        status: 429,
        headers: JSON_ANSWER,
        // The site shows the server's own text: any text does.
        body: {
          errorCode: ERROR_CODE.RATE_LIMITED,
          errorMessage: string(JOURNAL_SITE_TEXT.tooManyAttempts),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () =>
        checkBalance(EXAMPLE.siteUrl, { cardNumber: EXAMPLE.cardNumber, pin: EXAMPLE.pin }),
      );
      expect(result).toEqual({
        kind: 'refused',
        errorCode: ERROR_CODE.RATE_LIMITED,
        message: JOURNAL_SITE_TEXT.tooManyAttempts,
      });
    });
  });
});

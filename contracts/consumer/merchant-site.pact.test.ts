/**
 * @jest-environment node
 *
 * The published merchant site's public calls (no token), as the site bundle makes them: the
 * consumer `merchant-site`, a pact file of its own (built, served and cached apart from the
 * admin app, as the journal site). The site data and the store search drive the real
 * client/src/sites/merchant/site-api.ts; the stylesheet is a <link> the page builds from
 * MERCHANT_SITE_PATHS.stylesheet (merchant-site.ts), fetched here the way the browser does.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE } from '../api/constants';
import { MERCHANT_PAGE_TYPE, MERCHANT_SITE_PATHS } from '../api/merchant';
import { MERCHANT_SITE_TEXT, STORE_SEARCH } from '../api/merchant-site';
import { MERCHANT_SITE_STORES, PACT_PARTICIPANTS } from '../provider/states';
import { loadMerchantSite, searchStores } from '@/sites/merchant/site-api';
import { JSON_ANSWER, newPact, STATE } from './support/pact';
import { onOrigin, sitePathFromState } from './support/site-origin';

const { atLeastLike, eachLike, integer, string, regex, fromProviderState } = MatchersV3;

/** The addresses the states answer (`url`), as examples. */
const EXAMPLE = {
  siteUrl: 'pact-merchant-site',
  unpublishedUrl: 'pact-merchant',
  unusedUrl: 'pact-merchant-new',
} as const;

/** A path of the site with the state's `url` in it. */
const pathOf = (build: (url: string) => string, example: string) =>
  sitePathFromState(build, example, 'url');

/** The second page of two stores a page: the third store the state imported. */
const SECOND_PAGE = { q: MERCHANT_SITE_STORES.query, page: 2, size: 2 } as const;

const newSitePact = () => newPact(PACT_PARTICIPANTS.merchantSite);

/**
 * Error texts: the site shows the server's own (fetch-json.ts errorMessageOf), so any text does,
 * except that an unpublished site's says "not published" as the spec has it.
 */
const NOT_PUBLISHED = '.*[Nn]ot published.*';

describe('published merchant site', () => {
  it('loads a published site: texts, theme, images and its selected pages', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.merchantSiteWithStores)
      .uponReceiving('a request for a published merchant site')
      .withRequest({ method: 'GET', path: pathOf(MERCHANT_SITE_PATHS.site, EXAMPLE.siteUrl) })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          url: fromProviderState('${url}', EXAMPLE.siteUrl),
          title: string('Pact Merchant'),
          description: null,
          keywords: null,
          themeId: integer(1),
          headerLogo: null,
          logo: null,
          favicon: null,
          background: null,
          fonts: atLeastLike(string('Roboto'), 0, 1),
          pages: eachLike({
            typeId: integer(MERCHANT_PAGE_TYPE.LOCATIONS),
            name: string('Locations'),
            navItem: string('Locations'),
            title: string('Locations'),
            content: string('<p>Locations of Pact Merchant.</p>'),
            subPages: atLeastLike({ id: integer(1), name: string('Opening hours') }, 0, 1),
          }),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () => loadMerchantSite(EXAMPLE.siteUrl));
      expect(result).toMatchObject({
        kind: 'site',
        site: {
          url: EXAMPLE.siteUrl,
          title: 'Pact Merchant',
          pages: [{ typeId: MERCHANT_PAGE_TYPE.LOCATIONS, name: 'Locations' }],
        },
      });
    });
  });

  it("serves a published site's stylesheet as CSS", async () => {
    const pact = newSitePact();
    pact
      .given(STATE.merchantSiteWithStores)
      .uponReceiving("a request for a published merchant site's stylesheet")
      .withRequest({
        method: 'GET',
        path: pathOf(MERCHANT_SITE_PATHS.stylesheet, EXAMPLE.siteUrl),
      })
      .willRespondWith({
        status: 200,
        headers: { 'Content-Type': regex(/text\/css.*/.source, 'text/css; charset=utf-8') },
      });

    await pact.executeTest(async (mock) => {
      const response = await fetch(`${mock.url}${MERCHANT_SITE_PATHS.stylesheet(EXAMPLE.siteUrl)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    });
  });

  it("searches the program's imported stores: one page of a query", async () => {
    const pact = newSitePact();
    pact
      .given(STATE.merchantSiteWithStores)
      .uponReceiving('a store search for a query, second page of two stores')
      .withRequest({
        method: 'GET',
        path: pathOf(MERCHANT_SITE_PATHS.stores, EXAMPLE.siteUrl),
        query: {
          q: SECOND_PAGE.q,
          page: String(SECOND_PAGE.page),
          size: String(SECOND_PAGE.size),
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: {
            stores: eachLike({
              storeCode: string('PACTMS3'),
              storeName: string(MERCHANT_SITE_STORES.names[2]),
              address: string('3 Pact Street'),
              city: string('Pactville'),
              postcode: string('2000'),
              countryCode: string('AU'),
              suburb: null,
              state: null,
              phone: null,
              latitude: null,
              longitude: null,
            }),
          },
          page: {
            size: SECOND_PAGE.size,
            number: SECOND_PAGE.page,
            hasNext: false,
            totalElements: integer(MERCHANT_SITE_STORES.names.length),
            totalPages: integer(2),
          },
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () => searchStores(EXAMPLE.siteUrl, SECOND_PAGE));
      expect(result).toEqual({
        kind: 'stores',
        answer: expect.objectContaining({
          _embedded: { stores: [expect.objectContaining({ storeCode: 'PACTMS3' })] },
          page: expect.objectContaining({ number: SECOND_PAGE.page, hasNext: false }),
        }),
      });
    });
  });

  it(`refuses more than ${STORE_SEARCH.maxSize} stores a page with the text the site shows`, async () => {
    const pact = newSitePact();
    const size = STORE_SEARCH.maxSize + 1;
    const message = `size: ${MERCHANT_SITE_TEXT.sizeTooLarge}`;
    pact
      .given(STATE.merchantSiteWithStores)
      .uponReceiving(`a store search for ${size} stores a page`)
      .withRequest({
        method: 'GET',
        path: pathOf(MERCHANT_SITE_PATHS.stores, EXAMPLE.siteUrl),
        query: { page: '1', size: String(size) },
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        // The site shows the server's text: any text naming the field.
        body: { errorCode: ERROR_CODE.VALIDATION, errorMessage: regex('^size: .+', message) },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () =>
        searchStores(EXAMPLE.siteUrl, { q: '', page: 1, size }),
      );
      expect(result).toEqual({ kind: 'refused', message });
    });
  });

  it('answers 429 to a caller who used up its store searches, which the site shows as refused', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.merchantSiteSearchesUsedUp)
      .uponReceiving('a store search from a caller who used up its searches')
      .withRequest({
        method: 'GET',
        path: pathOf(MERCHANT_SITE_PATHS.stores, EXAMPLE.siteUrl),
        query: { q: MERCHANT_SITE_STORES.query, page: '1', size: '10' },
      })
      .willRespondWith({
        status: 429,
        headers: JSON_ANSWER,
        // The site shows the server's own text: any text does.
        body: {
          errorCode: ERROR_CODE.RATE_LIMITED,
          errorMessage: string(MERCHANT_SITE_TEXT.tooManySearches),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () =>
        searchStores(EXAMPLE.siteUrl, { q: MERCHANT_SITE_STORES.query, page: 1, size: 10 }),
      );
      expect(result).toEqual({ kind: 'refused', message: MERCHANT_SITE_TEXT.tooManySearches });
    });
  });

  it('answers 404 with the message the page shows for an address without a site', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.merchantUrlUnused)
      .uponReceiving('a request for a merchant site that does not exist')
      .withRequest({ method: 'GET', path: pathOf(MERCHANT_SITE_PATHS.site, EXAMPLE.unusedUrl) })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: {
          errorCode: ERROR_CODE.NOT_FOUND,
          errorMessage: string(MERCHANT_SITE_TEXT.unknownSite),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () => loadMerchantSite(EXAMPLE.unusedUrl));
      expect(result).toEqual({ kind: 'missing', message: MERCHANT_SITE_TEXT.unknownSite });
    });
  });

  it('answers 404 with the message the page shows for an unpublished site', async () => {
    const pact = newSitePact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a request for a merchant site that is not published')
      .withRequest({
        method: 'GET',
        path: pathOf(MERCHANT_SITE_PATHS.site, EXAMPLE.unpublishedUrl),
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: {
          errorCode: ERROR_CODE.NOT_FOUND,
          // The spec's wording (README: an unpublished site answers "not published").
          errorMessage: regex(NOT_PUBLISHED, MERCHANT_SITE_TEXT.notPublished),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await onOrigin(mock.url, () => loadMerchantSite(EXAMPLE.unpublishedUrl));
      expect(result).toEqual({ kind: 'missing', message: MERCHANT_SITE_TEXT.notPublished });
    });
  });
});

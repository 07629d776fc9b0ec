import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_SITE_PATHS,
  JOURNAL_SITE_TEXT,
  type JournalPage,
  type JournalProfile,
  type PublishedJournalSite,
} from '@contracts/api/journal';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import type { Data } from '../../server/db/schema';
import type { CardInput } from '../../server/records/card-store';
import { storeCards } from '../../server/records/demo-cards';
import { buildJournalPage, buildJournalProfile } from '../support/builders';
import { createTestApp, type TestApp } from './support/test-app';
import { addTestPrograms, TEST_PROGRAMS } from './support/test-programs';

/** The program of the test's sites and cards, and another program (both added in `prepare`). */
const PROGRAM_ID = TEST_PROGRAMS.gift.programId;
const OTHER_PROGRAM_ID = TEST_PROGRAMS.other.programId;

const card = (
  cardNumber: string,
  pin: string,
  balanceCents: number,
  expiryDate: string | null,
): CardInput => ({ cardNumber, pin, balanceCents, currency: 'AUD', expiryDate, status: 'active' });

/** The test's cards, stored in program PROGRAM_ID's records (`seedSites`). */
const CARDS = {
  fifty: card('6271820010000011', '1234', 5000, '2030-12-31'),
  empty: card('6271820010000029', '2468', 0, '2030-12-31'),
  noExpiry: card('6271820010000037', '1357', 12_345, null),
  expired: card('6271820010000045', '9876', 2500, '2021-06-30'),
  fiveHundred: card('6271820010000052', '4321', 50_000, '2029-01-31'),
} as const;
/** What a balance check sends for each card: its number and PIN (the site's login). */
const LOGIN = Object.fromEntries(
  Object.entries(CARDS).map(([name, { cardNumber, pin }]) => [name, { cardNumber, pin }]),
) as Record<keyof typeof CARDS, { cardNumber: string; pin: string }>;

/** A number no card of the tests' programs has. */
const UNKNOWN_CARD = '6035990000009999';

const IMAGE_ID = 'a'.repeat(32);
const MISSING_IMAGE_ID = 'b'.repeat(32);
const EVIL_CSS = `body { color: red; }\n</style><script>alert(1)</script>\n.title { font-family: 'Open Sans', sans-serif; }\np { font-family: Roboto; }\na { font-family: "Comic Neue", cursive; }\n`;

/** Our own published site of the cards' program, with every field filled in. */
const profile = (overrides: Partial<JournalProfile>): JournalProfile =>
  buildJournalProfile({
    profileId: 9001,
    programId: PROGRAM_ID,
    creationDate: '2025-02-01T00:00:00.000Z',
    isPublished: 1,
    title: 'Test Gift Site',
    keywords: 'gift, test',
    description: 'A site for tests',
    googleAnalytics: 'UA-123',
    clientWebsite: 'https://shop.example',
    siteUrl: 'test-site',
    themeId: 2,
    logo: IMAGE_ID,
    headerImg: MISSING_IMAGE_ID,
    backgroundImg: 'not-an-id',
    cssOverride: EVIL_CSS,
    ...overrides,
  });

const page = (overrides: Partial<JournalPage> & Pick<JournalPage, 'pageId' | 'pageTypeId'>) =>
  buildJournalPage({
    profileId: 9001,
    title: `Title ${overrides.pageTypeId}`,
    content: `<p>Content ${overrides.pageTypeId}</p>`,
    ...overrides,
  });

/**
 * Our own sites, added through the store: a published one, an unpublished one, one of another
 * program; and our cards, stored in the records of the sites' program.
 */
async function seedSites(t: TestApp): Promise<void> {
  await storeCards(t.config, PROGRAM_ID, Object.values(CARDS));
  await t.store.update((data: Data) => {
    data.images.push({
      id: IMAGE_ID,
      contentType: 'image/png',
      size: 10,
      createdAt: '2025-02-01T00:00:00.000Z',
      userName: 'admin',
    });
    data.journalProfiles.push(
      profile({}),
      profile({ profileId: 9002, siteUrl: 'hidden-site', isPublished: 0 }),
      profile({
        profileId: 9003,
        siteUrl: 'other-program',
        programId: OTHER_PROGRAM_ID,
        cssOverride: null,
      }),
    );
    data.journalPages.push(
      page({ pageId: 90_004, pageTypeId: JOURNAL_PAGE_TYPE.TERMS }),
      page({ pageId: 90_003, pageTypeId: JOURNAL_PAGE_TYPE.FAQ, enabled: 0 }),
      page({ pageId: 90_002, pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS, navItem: 'Find us' }),
      page({ pageId: 90_001, pageTypeId: JOURNAL_PAGE_TYPE.LOGIN, content: null }),
      page({ pageId: 90_005, pageTypeId: JOURNAL_PAGE_TYPE.LOGIN, profileId: 9002 }),
    );
  });
}

const balance = (t: TestApp, siteUrl: string, body: unknown) =>
  request(t.app)
    .post(JOURNAL_SITE_PATHS.balance(siteUrl))
    .send(body as object);

describe('published journal site', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      env: { CARD_PIN_ATTEMPTS: '3', BALANCE_RATE_LIMIT: '1000' },
      prepare: addTestPrograms,
    });
    await seedSites(t);
  });
  afterEach(async () => {
    await t.close();
  });

  describe('site', () => {
    it('answers a published site without a token: enabled pages in order, image links, fonts', async () => {
      const response = await request(t.app).get(JOURNAL_SITE_PATHS.site('test-site'));
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const expected: PublishedJournalSite = {
        siteUrl: 'test-site',
        title: 'Test Gift Site',
        keywords: 'gift, test',
        description: 'A site for tests',
        clientWebsite: 'https://shop.example',
        themeId: 2,
        logo: `/images/${IMAGE_ID}.png`,
        headerImg: null,
        favIcon: null,
        backgroundImg: null,
        fonts: ['Open Sans', 'Roboto'],
        pages: [
          {
            pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
            name: 'Login',
            navItem: null,
            title: 'Title 1',
            content: null,
          },
          {
            pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS,
            name: 'Locations',
            navItem: 'Find us',
            title: 'Title 5',
            content: '<p>Content 5</p>',
          },
          {
            pageTypeId: JOURNAL_PAGE_TYPE.TERMS,
            name: 'Terms and Conditions',
            navItem: null,
            title: 'Title 14',
            content: '<p>Content 14</p>',
          },
        ],
      };
      // Exactly this: no analytics code, stylesheet, module code or ids leave the server.
      expect(response.body).toEqual(expected);
    });

    it('prefixes image links with the configured URL base', async () => {
      const other = await createTestApp({
        env: { URL_BASE: 'https://cdn.example/base' },
        prepare: addTestPrograms,
      });
      try {
        await seedSites(other);
        const response = await request(other.app).get(JOURNAL_SITE_PATHS.site('test-site'));
        expect((response.body as PublishedJournalSite).logo).toBe(
          `https://cdn.example/base/images/${IMAGE_ID}.png`,
        );
      } finally {
        await other.close();
      }
    });

    it('says which: an unpublished site and an unknown one are distinct 404s', async () => {
      const hidden = await request(t.app).get(JOURNAL_SITE_PATHS.site('hidden-site'));
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: JOURNAL_SITE_TEXT.notPublished,
      });
      const unknown = await request(t.app).get(JOURNAL_SITE_PATHS.site('no-such-site'));
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: JOURNAL_SITE_TEXT.unknownSite,
      });
    });

    it('refuses a malformed site address with a 400 naming siteUrl', async () => {
      for (const bad of ['abc', 'x'.repeat(33), 'bad.site', 'a%20b%20c', '..%2F..%2Fetc']) {
        const response = await request(t.app).get(`/mj/api/sites/${bad}`);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ errorCode: ERROR_CODE.VALIDATION });
        expect((response.body as { errorMessage: string }).errorMessage).toMatch(/^siteUrl: /);
      }
    });
  });

  describe('stylesheet', () => {
    it('serves the stored CSS as is, as text/css, with nosniff', async () => {
      const response = await request(t.app).get(JOURNAL_SITE_PATHS.stylesheet('test-site'));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.text).toBe(EVIL_CSS);
    });

    it('answers 304 to a revalidation with its ETag, and 200 with a new ETag once the CSS changed', async () => {
      const first = await request(t.app).get(JOURNAL_SITE_PATHS.stylesheet('test-site'));
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
      await request(t.app)
        .get(JOURNAL_SITE_PATHS.stylesheet('test-site'))
        .set('If-None-Match', etag)
        .expect(304);
      await t.store.update((data: Data) => {
        const stored = data.journalProfiles.find((p) => p.profileId === 9001);
        if (stored) stored.cssOverride = 'body { color: blue; }';
      });
      const changed = await request(t.app)
        .get(JOURNAL_SITE_PATHS.stylesheet('test-site'))
        .set('If-None-Match', etag)
        .expect(200);
      expect(changed.text).toBe('body { color: blue; }');
      expect(changed.headers.etag).not.toBe(etag);
    });

    it("serves the theme's default stylesheet when the profile has none", async () => {
      const response = await request(t.app).get(JOURNAL_SITE_PATHS.stylesheet('other-program'));
      expect(response.status).toBe(200);
      expect(response.text).toBe(defaultJournalStylesheet(2));
      const site = await request(t.app).get(JOURNAL_SITE_PATHS.site('other-program'));
      expect((site.body as PublishedJournalSite).fonts).toEqual(['Roboto']);
    });

    it('is an empty text/css 404 for an unpublished, unknown or malformed site', async () => {
      for (const siteUrl of ['hidden-site', 'no-such-site', 'x']) {
        const response = await request(t.app).get(JOURNAL_SITE_PATHS.stylesheet(siteUrl));
        expect(response.status).toBe(404);
        expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
        expect(response.text).toBe('');
      }
    });
  });

  describe('balance', () => {
    it('answers the balance for the right PIN, without a token, masking the card number', async () => {
      const response = await balance(t, 'test-site', LOGIN.fifty);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toEqual({
        maskedCardNumber: '\u2022\u2022\u2022\u2022 0011',
        balanceCents: 5000,
        currency: 'AUD',
        expiryDate: '2030-12-31',
        status: 'active',
      });
      expect(JSON.stringify(response.body)).not.toContain(LOGIN.fifty.cardNumber);
    });

    it('tells an empty card, a card without expiry and an expired card', async () => {
      expect((await balance(t, 'test-site', LOGIN.empty)).body).toMatchObject({
        balanceCents: 0,
        status: 'active',
      });
      expect((await balance(t, 'test-site', LOGIN.noExpiry)).body).toMatchObject({
        balanceCents: 12_345,
        expiryDate: null,
        status: 'active',
      });
      expect((await balance(t, 'test-site', LOGIN.expired)).body).toMatchObject({
        balanceCents: 2500,
        expiryDate: '2021-06-30',
        status: 'expired',
      });
    });

    it('an unknown card and a wrong PIN get the same answer: 403 CARD_OR_PIN_WRONG', async () => {
      const REFUSED = {
        errorCode: ERROR_CODE.CARD_OR_PIN_WRONG,
        errorMessage: JOURNAL_SITE_TEXT.cardOrPinWrong,
      };
      const wrongPin = await balance(t, 'test-site', { ...LOGIN.fifty, pin: '0000' });
      const unknown = await balance(t, 'test-site', { cardNumber: UNKNOWN_CARD, pin: '1234' });
      // A card of another program is unknown to this site.
      const otherProgram = await balance(t, 'other-program', LOGIN.fifty);
      for (const response of [wrongPin, unknown, otherProgram]) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(REFUSED);
        expect(response.headers['cache-control']).toBe('no-store');
      }
      // The same headers; the same values but for those that vary with every answer.
      const VARYING = new Set(['date', 'ratelimit', 'content-security-policy']);
      const comparable = (headers: Record<string, string>) =>
        Object.entries(headers).map(([name, value]) => [name, VARYING.has(name) ? '' : value]);
      expect(comparable(unknown.headers)).toEqual(comparable(wrongPin.headers));
      expect(unknown.text).toBe(wrongPin.text);
    });

    it.each([
      ['a known card with wrong PINs', LOGIN.fifty.cardNumber],
      ['an unknown card', UNKNOWN_CARD],
    ])(
      'after CARD_PIN_ATTEMPTS refusals %s is refused with 429, even with the right PIN',
      async (_name, cardNumber) => {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          statuses.push((await balance(t, 'test-site', { cardNumber, pin: `000${i}` })).status);
        }
        const locked = await balance(t, 'test-site', { ...LOGIN.fifty, cardNumber });
        statuses.push(locked.status);
        expect(statuses).toEqual([403, 403, 403, 429]);
        expect(locked.body).toEqual({
          errorCode: ERROR_CODE.RATE_LIMITED,
          errorMessage: JOURNAL_SITE_TEXT.tooManyAttempts,
        });
        // Other cards are not affected.
        expect((await balance(t, 'test-site', LOGIN.fiveHundred)).status).toBe(200);
      },
    );

    it('a right PIN before the limit clears the wrong ones', async () => {
      await balance(t, 'test-site', { ...LOGIN.fifty, pin: '0000' });
      await balance(t, 'test-site', { ...LOGIN.fifty, pin: '0000' });
      expect((await balance(t, 'test-site', LOGIN.fifty)).status).toBe(200);
      await balance(t, 'test-site', { ...LOGIN.fifty, pin: '0000' });
      await balance(t, 'test-site', { ...LOGIN.fifty, pin: '0000' });
      expect((await balance(t, 'test-site', LOGIN.fifty)).status).toBe(200);
    });

    it('an unpublished or unknown site answers its 404 before any card is looked at', async () => {
      const hidden = await balance(t, 'hidden-site', LOGIN.fifty);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toMatchObject({ errorMessage: JOURNAL_SITE_TEXT.notPublished });
      const unknown = await balance(t, 'no-such-site', LOGIN.fifty);
      expect(unknown.body).toMatchObject({ errorMessage: JOURNAL_SITE_TEXT.unknownSite });
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const cases: [unknown, string][] = [
        [{ cardNumber: '6035 9900 0000 0011', pin: '1234' }, 'cardNumber'],
        [{ cardNumber: '6035-9900-0000-0011', pin: '1234' }, 'cardNumber'],
        [{ cardNumber: '12345', pin: '1234' }, 'cardNumber'],
        [{ cardNumber: 6271820010000011, pin: '1234' }, 'cardNumber'],
        [{ cardNumber: LOGIN.fifty.cardNumber, pin: '12' }, 'pin'],
        [{ cardNumber: LOGIN.fifty.cardNumber, pin: 'abcd' }, 'pin'],
        [{ cardNumber: LOGIN.fifty.cardNumber }, 'pin'],
        [{}, 'cardNumber'],
      ];
      for (const [body, field] of cases) {
        const response = await balance(t, 'test-site', body);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ errorCode: ERROR_CODE.VALIDATION });
        expect((response.body as { errorMessage: string }).errorMessage).toMatch(
          new RegExp(`^${field}: `),
        );
      }
      const malformed = await request(t.app)
        .post(JOURNAL_SITE_PATHS.balance('test-site'))
        .set('Content-Type', 'application/json')
        .send('{"cardNumber":');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ errorCode: ERROR_CODE.MALFORMED_JSON });
      const noBody = await request(t.app).post(JOURNAL_SITE_PATHS.balance('test-site'));
      expect(noBody.status).toBe(400);
    });

    it('writes nothing: neither the data file nor the card records change', async () => {
      const before = await t.dataFileBytes();
      const recordsDir = t.config.recordsDir;
      // The SQLite file and its write-ahead log once it holds anything (the -shm index is
      // shared memory readers use; opening the file creates an empty log).
      const listing = async () => {
        const names = (await readdir(recordsDir)).filter((n) => !n.endsWith('-shm')).sort();
        const files = await Promise.all(
          names.map(
            async (n) => `${n}:${(await readFile(path.join(recordsDir, n))).toString('base64')}`,
          ),
        );
        return files.filter((entry) => !entry.endsWith(':'));
      };
      const cardsBefore = await listing();
      await balance(t, 'test-site', LOGIN.fifty);
      await balance(t, 'test-site', { ...LOGIN.fifty, pin: '0000' });
      await balance(t, 'test-site', { cardNumber: UNKNOWN_CARD, pin: '1234' });
      expect(await t.dataFileBytes()).toEqual(before);
      expect(await listing()).toEqual(cardsBefore);
    });
  });

  it('counts an unknown card and a wrong PIN alike toward the per-address limit', async () => {
    for (const refusal of [
      { cardNumber: UNKNOWN_CARD, pin: '1234' },
      { ...LOGIN.fifty, pin: '0000' },
    ]) {
      const app = await createTestApp({
        env: { BALANCE_RATE_LIMIT: '2' },
        prepare: addTestPrograms,
      });
      try {
        await seedSites(app);
        expect((await balance(app, 'test-site', refusal)).status).toBe(403);
        expect((await balance(app, 'test-site', refusal)).status).toBe(403);
        expect((await balance(app, 'test-site', LOGIN.fiveHundred)).status).toBe(429);
      } finally {
        await app.close();
      }
    }
  });

  it('limits balance checks per address (BALANCE_RATE_LIMIT per 15 minutes)', async () => {
    const limited = await createTestApp({
      env: { BALANCE_RATE_LIMIT: '2' },
      prepare: addTestPrograms,
    });
    try {
      await seedSites(limited);
      expect((await balance(limited, 'test-site', LOGIN.fifty)).status).toBe(200);
      expect((await balance(limited, 'test-site', { cardNumber: 'x', pin: 'y' })).status).toBe(400);
      const refused = await balance(limited, 'test-site', LOGIN.fiveHundred);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        errorCode: ERROR_CODE.RATE_LIMITED,
        errorMessage: JOURNAL_SITE_TEXT.tooManyAttempts,
      });
      // Reading the site is not a balance check.
      expect((await request(limited.app).get(JOURNAL_SITE_PATHS.site('test-site'))).status).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('the site page /mj/', () => {
  const PAGE = '<!doctype html><html><head><title>site</title></head><body></body></html>';

  it('serves the built page, never cached, under the strict CSP; /mj redirects to /mj/', async () => {
    const t = await createTestApp();
    const clientDir = t.config.clientDir;
    await mkdir(path.join(clientDir, 'mj'), { recursive: true });
    await writeFile(path.join(clientDir, 'mj', 'index.html'), PAGE);
    try {
      const response = await request(t.app).get(JOURNAL_SITE_PATHS.page);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text).toBe(PAGE);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');

      const bare = await request(t.app).get('/mj');
      expect(bare.status).toBe(302);
      expect(bare.headers.location).toBe(JOURNAL_SITE_PATHS.page);
    } finally {
      await t.close();
    }
  });

  it('is a JSON 404 when the client is not built', async () => {
    const t = await createTestApp();
    try {
      const response = await request(t.app).get(JOURNAL_SITE_PATHS.page);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ errorCode: ERROR_CODE.NOT_FOUND });
    } finally {
      await t.close();
    }
  });
});

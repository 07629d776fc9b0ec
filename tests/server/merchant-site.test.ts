/**
 * The published merchant site's store search over HTTP: stores imported through the
 * engine into the program's records file, searched by name, city and postcode, paged; the
 * query's signs never act as SQL or LIKE wildcards; unknown and unpublished sites; a version 1
 * records file migrated with its stores searchable. The site's data, stylesheet and page.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pino from 'pino';
import request from 'supertest';
import { ERROR_CODE } from '@contracts/api/constants';
import { MERCHANT_SITE_PATHS, type MerchantProfile } from '@contracts/api/merchant';
import {
  MERCHANT_SITE_TEXT,
  STORE_SEARCH,
  type PublishedMerchantSite,
  type StoreSearchAnswer,
} from '@contracts/api/merchant-site';
import { defaultMerchantStylesheet } from '@contracts/site/style-model';
import { queryWords } from '@contracts/site/store-query';
import { ImportService } from '../../server/imports/import-service';
import { programDbFile, SCHEMA_VERSION } from '../../server/records/records-db';
import { matchExpression, type StoreInput } from '../../server/records/store-search';
import { createTestApp, type TestApp } from './support/test-app';

const PROGRAM = 2;
const OTHER_PROGRAM = 3;
/** Stores written directly (StoreSearch.putStores) for the tests of how words are cut. */
const SCRIPT_PROGRAM = 5;
/** A program whose index is rebuilt with another tokenizer by the test. */
const ODD_PROGRAM = 6;
const STORE_HEADER =
  'storeCode|storeName|address|city|postcode|countryCode|suburb|state|phone|latitude|longitude';
/** The required columns only. */
const SHORT_HEADER = 'storeCode|storeName|address|city|postcode|countryCode';

const merchantProfile = (overrides: Partial<MerchantProfile>): MerchantProfile => ({
  id: 9100,
  programId: PROGRAM,
  liveURL: 'store-site',
  testURL: 'store-site-test',
  primaryLanguageId: 1,
  secundaryLanguageId: null,
  siteThemeId: 1,
  overrideCSS: null,
  siteTitle: 'Store Site',
  description: null,
  siteKeywords: null,
  analyticsTrackingCode: null,
  headerLogoPath: null,
  logoPath: null,
  faviconPath: null,
  backgroundPath: null,
  moduleCode: null,
  publishLive: 1,
  publishTest: 0,
  ...overrides,
});

/** Our sites: published live, published on test only, unpublished, and another program's. */
const PROFILES = [
  merchantProfile({}),
  merchantProfile({
    id: 9101,
    liveURL: 'test-only-live',
    testURL: 'test-only',
    publishLive: 0,
    publishTest: 1,
  }),
  merchantProfile({ id: 9102, liveURL: 'hidden-stores', testURL: null, publishLive: 0 }),
  merchantProfile({ id: 9103, programId: OTHER_PROGRAM, liveURL: 'other-stores', testURL: null }),
  merchantProfile({ id: 9104, programId: SCRIPT_PROGRAM, liveURL: 'script-stores', testURL: null }),
  merchantProfile({ id: 9105, programId: ODD_PROGRAM, liveURL: 'odd-index', testURL: null }),
];

/** 120 stores of ours: 60 in Sydney, 60 in Perth; names with signs a query could abuse. */
function storeLines(): string[] {
  const lines = [STORE_HEADER];
  for (let i = 1; i <= 120; i += 1) {
    const code = `T${String(i).padStart(4, '0')}`;
    const city = i <= 60 ? 'Sydney' : 'Perth';
    const postcode = i <= 60 ? '2000' : '6000';
    lines.push(`${code}|Harbour Coffee ${i}|${i} George Street|${city}|${postcode}|AU|||||`);
  }
  lines.push(
    'Q0001|Café Zoë|1 Rue Street|Nouméa|98800|NC|||+687 000|-22.27|166.45',
    "Q0002|O'Brien's 100% Pure_Juice|2 Pitt Street|Brisbane|4000|AU|Fortitude Valley|QLD|||",
    'Q0003|Kiwi Fuel Ponsonby|3 Ponsonby Road|Auckland|1011|NZ|||||',
  );
  return lines;
}

let t: TestApp;
let imports: ImportService;

async function importStores(programId: number, lines: readonly string[]): Promise<void> {
  const fileName = imports.newUploadName();
  const content = `${lines.join('\n')}\n`;
  mkdirSync(imports.uploadsDir, { recursive: true });
  writeFileSync(path.join(imports.uploadsDir, fileName), content);
  await imports.registerUpload({
    fileName,
    programId,
    userFileName: 'stores.txt',
    kind: 'store',
    bytes: Buffer.byteLength(content),
    createdDate: 1_700_000_000,
  });
  const answer = await imports.process('store', {
    programId,
    fileName,
    userFileName: 'stores.txt',
  });
  const errorFile = answer.outFileName === null ? undefined : imports.errorFile(answer.outFileName);
  const errors = errorFile === undefined ? '' : readFileSync(errorFile, 'utf8');
  expect({ ...answer, errors }).toMatchObject({ currentStep: 'completed', errors: '' });
}

const search = (url: string, query: Record<string, string | number> = {}) =>
  request(t.app).get(MERCHANT_SITE_PATHS.stores(url)).query(query);

async function found(query: Record<string, string | number>, url = 'store-site') {
  const response = await search(url, query);
  expect(response.status).toBe(200);
  return response.body as StoreSearchAnswer;
}
const codes = (answer: StoreSearchAnswer) => answer._embedded.stores.map((s) => s.storeCode);

beforeAll(async () => {
  t = await createTestApp({ prepare: (data) => data.merchantProfiles.push(...PROFILES) });
  imports = ImportService.open({
    recordsDir: t.config.recordsDir,
    importsDir: t.config.importsDir,
    keysDir: t.config.keysDir,
    logger: pino({ level: 'silent' }),
  });
  await importStores(PROGRAM, storeLines());
  await importStores(OTHER_PROGRAM, [
    SHORT_HEADER,
    'X0001|Harbour Elsewhere|1 A St|Hobart|7000|AU',
  ]);
});
afterAll(async () => {
  await imports.close();
  await t.close();
});

describe('store search of a published merchant site', () => {
  it('finds by name, city or postcode, any case, with the public fields only', async () => {
    const byName = await found({ q: 'kiwi' });
    expect(byName._embedded.stores).toEqual([
      {
        storeCode: 'Q0003',
        storeName: 'Kiwi Fuel Ponsonby',
        address: '3 Ponsonby Road',
        city: 'Auckland',
        postcode: '1011',
        countryCode: 'NZ',
        suburb: null,
        state: null,
        phone: null,
        latitude: null,
        longitude: null,
      },
    ]);
    expect(byName.page).toEqual({
      size: STORE_SEARCH.defaultSize,
      number: 1,
      hasNext: false,
      totalElements: 1,
      totalPages: 1,
    });
    expect(codes(await found({ q: 'BRISBANE' }))).toEqual(['Q0002']);
    expect(codes(await found({ q: '1011' }))).toEqual(['Q0003']);
    // Words begin words: a prefix of a word finds it, every word must be found.
    expect(codes(await found({ q: 'aUCK' }))).toEqual(['Q0003']);
    expect((await found({ q: 'perth harb', size: 50 })).page.totalElements).toBe(60);
    expect(codes(await found({ q: 'perth kiwi' }))).toEqual([]);
    // Diacritics are ignored both ways.
    expect(codes(await found({ q: 'cafe zoe' }))).toEqual(['Q0001']);
    expect(codes(await found({ q: 'NOUMÉA' }))).toEqual(['Q0001']);
  });

  it('pages in import order, at most 50 a page, saying whether more follow', async () => {
    const first = await found({ q: 'sydney', size: 25 });
    expect(codes(first)).toEqual(
      Array.from({ length: 25 }, (_, i) => `T${String(i + 1).padStart(4, '0')}`),
    );
    expect(first.page).toEqual({
      size: 25,
      number: 1,
      hasNext: true,
      totalElements: 60,
      totalPages: 3,
    });
    const last = await found({ q: 'sydney', size: 25, page: 3 });
    expect(codes(last)).toEqual(
      Array.from({ length: 10 }, (_, i) => `T${String(i + 51).padStart(4, '0')}`),
    );
    expect(last.page.hasNext).toBe(false);
    expect((await found({ q: 'sydney', size: 25, page: 4 }))._embedded.stores).toEqual([]);

    const max = await found({ size: STORE_SEARCH.maxSize });
    expect(max._embedded.stores).toHaveLength(50);
    const tooLarge = await search('store-site', { size: STORE_SEARCH.maxSize + 1 });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toEqual({
      errorCode: ERROR_CODE.VALIDATION,
      errorMessage: `size: ${MERCHANT_SITE_TEXT.sizeTooLarge}`,
    });
    const bads: Record<string, string | number>[] = [{ page: 0 }, { page: 'x' }, { size: -1 }];
    for (const bad of bads) {
      expect((await search('store-site', bad)).status).toBe(400);
    }
    const beyond = await search('store-site', { page: STORE_SEARCH.countLimit / 50 + 1, size: 50 });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ errorMessage: MERCHANT_SITE_TEXT.pageBeyondCount });
  });

  it('lists every store of the program for an empty query, never another program’s', async () => {
    const all = await found({ q: '  ', size: 50 });
    expect(all.page).toMatchObject({ totalElements: 123, totalPages: 3, hasNext: true });
    expect(codes(await found({}))).toHaveLength(STORE_SEARCH.defaultSize);
    expect(codes(await found({ q: 'hobart' }))).toEqual([]);
    expect(codes(await found({ q: 'hobart' }, 'other-stores'))).toEqual(['X0001']);
  });

  it('reads %, _, quotes and FTS or SQL syntax as text, never as wildcards or code', async () => {
    for (const q of ['%', '_', '%%', "'", '"', '*', '\\', '(', 'NEAR', '-', '^']) {
      expect({ q, codes: codes(await found({ q })) }).toEqual({ q, codes: [] });
    }
    expect(codes(await found({ q: "o'brien" }))).toEqual(['Q0002']);
    expect(codes(await found({ q: 'brien 100%' }))).toEqual(['Q0002']);
    expect(codes(await found({ q: 'pure_juice' }))).toEqual(['Q0002']);
    expect(codes(await found({ q: '"harbour" OR "kiwi"' }))).toEqual([]);
    expect(codes(await found({ q: 'kiwi OR harbour' }))).toEqual([]);
    expect(codes(await found({ q: "kiwi'); DROP TABLE stores; --" }))).toEqual([]);
    expect(codes(await found({ q: 'kiwi' }))).toEqual(['Q0003']);
    const long = await search('store-site', { q: 'x'.repeat(STORE_SEARCH.maxQueryLength + 1) });
    expect(long.status).toBe(400);
    const words = await search('store-site', { q: 'a b c d e f g' });
    expect(words.body).toMatchObject({
      errorMessage: `q: ${MERCHANT_SITE_TEXT.tooManyWords}`,
    });
  });

  it('answers a site published on the test host by its test URL only', async () => {
    expect((await found({ q: 'kiwi' }, 'test-only')).page.totalElements).toBe(1);
    const live = await search('test-only-live', { q: 'kiwi' });
    expect(live.status).toBe(404);
    expect(live.body).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MERCHANT_SITE_TEXT.notPublished,
    });
  });

  it('says so for an unpublished or unknown site, without a token needed', async () => {
    const hidden = await search('hidden-stores');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MERCHANT_SITE_TEXT.notPublished,
    });
    const unknown = await search('no-such-site');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MERCHANT_SITE_TEXT.unknownSite,
    });
    expect((await search('a b')).status).toBe(400);
  });

  it('sees a re-import at once: changed names are found by the new words only', async () => {
    await importStores(PROGRAM, [
      SHORT_HEADER,
      'Q0003|Metro Books Ponsonby|3 Ponsonby Road|Auckland|1011|NZ',
    ]);
    expect(codes(await found({ q: 'kiwi' }))).toEqual([]);
    expect(codes(await found({ q: 'metro books' }))).toEqual(['Q0003']);
    expect(codes(await found({ q: 'ponsonby' }))).toEqual(['Q0003']);
  });
});

describe('stores written outside the engine (StoreSearch.putStores)', () => {
  it('are found at once, and a replaced store by its new words only', async () => {
    const store = {
      storeCode: 'D1',
      storeName: 'Direct Deli',
      address: '1 Side St',
      city: 'Geelong',
      postcode: '3220',
      countryCode: 'AU',
      suburb: null,
      state: null,
      phone: null,
      latitude: null,
      longitude: null,
    };
    imports.stores.putStores(OTHER_PROGRAM, [store, { ...store, storeCode: 'D2' }]);
    const search = (q: string) =>
      imports.stores.search(OTHER_PROGRAM, { q, page: 1, size: 10 }).stores.map((s) => s.storeCode);
    expect(search('direct deli')).toEqual(['D1', 'D2']);
    imports.stores.putStores(OTHER_PROGRAM, [{ ...store, storeName: 'Renamed Bakery' }]);
    expect(search('deli')).toEqual(['D2']);
    expect(search('renamed')).toEqual(['D1']);
    expect(codes(await found({ q: 'geelong' }, 'other-stores'))).toEqual(['D1', 'D2']);
  });
});

/** A store of our own with only the fields that matter here. */
const directStore = (storeCode: string, storeName: string, city: string): StoreInput => ({
  storeCode,
  storeName,
  address: '1 Side St',
  city,
  postcode: '5000',
  countryCode: 'TH',
  suburb: null,
  state: null,
  phone: null,
  latitude: null,
  longitude: null,
});

/**
 * The characters that are letters to Unicode 17 (and so to JavaScript's \p{L}) but separators
 * to SQLite's unicode61, whose tables class them as marks: New Tai Lue vowel and tone signs and
 * two Vedic signs. All there are with Node 26 and SQLite 3.53 (the scan of every code point
 * below finds any other).
 */
const SEPARATED_LETTERS = [
  ...Array.from({ length: 0x19c0 - 0x19b0 + 1 }, (_, i) => 0x19b0 + i),
  0x19c8,
  0x19c9,
  0x1cf2,
  0x1cf3,
].map((codePoint) => String.fromCodePoint(codePoint));

describe('query words are cut where the index cuts words', () => {
  beforeAll(() => {
    imports.stores.putStores(SCRIPT_PROGRAM, [
      directStore('S1', 'Alpha Beta', 'Chiang Rai'),
      // New Tai Lue: two consonants with a vowel sign between them (U+1980 U+19B1 U+1981).
      directStore('S2', '\u1980\u19b1\u1981 Market', 'Jinghong'),
      directStore('S3', 'Abc Deli', 'Lampang'),
    ]);
  });
  const scriptSearch = (q: string) => found({ q }, 'script-stores');

  it('a word holding a letter the index separates on is two words, found as such: never a failure', async () => {
    for (const letter of SEPARATED_LETTERS) {
      const q = `a${letter}b`;
      const response = await search('script-stores', { q });
      expect({ q, status: response.status }).toEqual({ q, status: 200 });
      expect(codes(response.body as StoreSearchAnswer)).toEqual(['S1']);
    }
    expect(codes(await scriptSearch('\u1980\u19b1\u1981'))).toEqual(['S2']);
    expect(codes(await scriptSearch('\u1980\u19b1\u1981 market'))).toEqual(['S2']);
  });

  it('a diacritic the index keeps inside a word stays inside the query word', async () => {
    // b with an acute accent has no composed form: NFC leaves the mark, which the index folds away.
    expect(codes(await scriptSearch('ab\u0301c'))).toEqual(['S3']);
    expect(codes(await scriptSearch('Ab\u0301c del\u0301i'))).toEqual(['S3']);
  });

  it('every code point: each query word is one word to the index, which never refuses the query', () => {
    const db = new DatabaseSync(programDbFile(t.config.recordsDir, SCRIPT_PROGRAM), {
      readOnly: true,
    });
    try {
      const match = db.prepare('SELECT count(*) FROM stores_search WHERE stores_search MATCH ?');
      const refused: string[] = [];
      const asked = new Set<string>();
      for (let codePoint = 0x80; codePoint <= 0x10ffff; codePoint += 1) {
        if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
        const expression = matchExpression(queryWords(`a${String.fromCodePoint(codePoint)}b`));
        if (asked.has(expression)) continue;
        asked.add(expression);
        try {
          match.get(expression);
        } catch {
          refused.push(`U+${codePoint.toString(16).toUpperCase()}`);
        }
      }
      expect(refused).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('a query the index still refuses is a 400 with the site’s text, not a server failure', async () => {
    imports.stores.putStores(ODD_PROGRAM, [directStore('X1', 'Axe Shop', 'Udon')]);
    // An index that cuts words where queryWords does not (here also at x), as one built by a
    // SQLite with other tables would.
    const db = new DatabaseSync(programDbFile(t.config.recordsDir, ODD_PROGRAM));
    try {
      db.exec(`DROP TABLE stores_search;
        CREATE VIRTUAL TABLE stores_search USING fts5(store_name, city, postcode,
          content='stores', content_rowid='id',
          tokenize="unicode61 remove_diacritics 2 separators 'x'", detail=none);
        INSERT INTO stores_search (stores_search) VALUES ('rebuild');`);
    } finally {
      db.close();
    }
    expect(codes(await found({ q: 'shop' }, 'odd-index'))).toEqual(['X1']);
    const refused = await search('odd-index', { q: 'axe' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errorCode: ERROR_CODE.VALIDATION,
      errorMessage: MERCHANT_SITE_TEXT.queryRefused,
    });
  });
});

describe('the search limit', () => {
  it(`refuses an address's searches past ${STORE_SEARCH.perMinute} a minute, with the site's text`, async () => {
    // A fresh app: its counter starts at zero. Should a minute pass midway, the next window
    // refuses the search past the limit too (twice the limit is tried at most).
    const limited = await createTestApp({
      prepare: (data) => data.merchantProfiles.push(...PROFILES),
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= 2 * STORE_SEARCH.perMinute; i += 1) {
        const response = await request(limited.app).get(MERCHANT_SITE_PATHS.stores('store-site'));
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.body).toEqual({
            errorCode: ERROR_CODE.RATE_LIMITED,
            errorMessage: MERCHANT_SITE_TEXT.tooManySearches,
          });
          break;
        }
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

/** The records file of version 1 (before the store search), as that server created it. */
const VERSION_1_SCHEMA = `
CREATE TABLE cards (card_number TEXT PRIMARY KEY, pin_hash BLOB NOT NULL, balance_cents INTEGER NOT NULL, currency TEXT NOT NULL, expiry_date TEXT, status TEXT NOT NULL, import_id INTEGER NOT NULL, line INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE stores (store_code TEXT PRIMARY KEY, store_name TEXT NOT NULL, address TEXT NOT NULL, city TEXT NOT NULL, postcode TEXT NOT NULL, country_code TEXT NOT NULL, suburb TEXT, state TEXT, phone TEXT, latitude REAL, longitude REAL, import_id INTEGER NOT NULL, line INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE devices (device_id TEXT PRIMARY KEY, store_code TEXT NOT NULL, device_type TEXT NOT NULL, serial_number TEXT NOT NULL, password_sealed BLOB NOT NULL, import_id INTEGER NOT NULL, line INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE uploads (file_name TEXT PRIMARY KEY, kind TEXT NOT NULL, user_file_name TEXT NOT NULL, bytes INTEGER NOT NULL, created_date INTEGER NOT NULL);
CREATE TABLE imports (id INTEGER PRIMARY KEY, file_name TEXT NOT NULL, kind TEXT NOT NULL, user_file_name TEXT NOT NULL, step TEXT NOT NULL, total_lines INTEGER NOT NULL DEFAULT 0, current_line INTEGER NOT NULL DEFAULT 0, error_lines INTEGER NOT NULL DEFAULT 0, inserted_lines INTEGER NOT NULL DEFAULT 0, replaced_lines INTEGER NOT NULL DEFAULT 0, out_file_name TEXT, message TEXT, started_at INTEGER NOT NULL, ended_at INTEGER);
CREATE INDEX imports_by_file ON imports (file_name, id);
PRAGMA user_version = 1;
`;

describe('a version 1 records file', () => {
  let old: TestApp;
  const MIGRATED_PROGRAM = 4;

  beforeAll(async () => {
    old = await createTestApp({
      prepare: (data) =>
        data.merchantProfiles.push(
          merchantProfile({ id: 9200, programId: MIGRATED_PROGRAM, liveURL: 'old-stores' }),
        ),
    });
    mkdirSync(old.config.recordsDir, { recursive: true });
    const db = new DatabaseSync(programDbFile(old.config.recordsDir, MIGRATED_PROGRAM));
    db.exec(VERSION_1_SCHEMA);
    const insert = db.prepare(
      "INSERT INTO stores VALUES (?, ?, '1 Main St', ?, ?, 'AU', NULL, NULL, NULL, NULL, NULL, ?, ?)",
    );
    // Written in another order than imported: the migration keeps the import order.
    insert.run('OLD2', 'Golden Bakery', 'Hobart', '7000', 1, 3);
    insert.run('OLD1', 'Golden Grocer', 'Darwin', '0800', 1, 2);
    insert.run('OLD3', 'Royal Deli', 'Hobart', '7001', 2, 2);
    db.close();
  });
  afterAll(() => old.close());

  it('is migrated on first use: its stores are found, in import order', async () => {
    const answer = await request(old.app)
      .get(MERCHANT_SITE_PATHS.stores('old-stores'))
      .query({ q: 'golden' });
    expect(answer.status).toBe(200);
    expect(codes(answer.body as StoreSearchAnswer)).toEqual(['OLD1', 'OLD2']);
    const hobart = await request(old.app)
      .get(MERCHANT_SITE_PATHS.stores('old-stores'))
      .query({ q: '700' });
    expect(codes(hobart.body as StoreSearchAnswer)).toEqual(['OLD2', 'OLD3']);

    const db = new DatabaseSync(programDbFile(old.config.recordsDir, MIGRATED_PROGRAM), {
      readOnly: true,
    });
    try {
      expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
      expect(db.prepare('SELECT count(*) AS n FROM stores').get()).toEqual({ n: 3 });
    } finally {
      db.close();
    }
  });
});

describe('the published merchant site: data, stylesheet and page', () => {
  const IMAGE_ID = 'a'.repeat(32);
  /** CSS that tries to close a <style> element: served as is, as text/css, never inside HTML. */
  const EVIL_CSS =
    ".title { font-family: 'Roboto', sans-serif; }\n</style><script>alert(1)</script>";
  const SHOP = merchantProfile({
    id: 9200,
    liveURL: 'shop-site',
    testURL: null,
    siteTitle: 'Shop Site',
    description: 'Where to shop',
    siteKeywords: 'shop, gift',
    analyticsTrackingCode: 'UA-SECRET',
    moduleCode: 'MMC_2XX9200',
    overrideCSS: EVIL_CSS,
    logoPath: `/images/${IMAGE_ID}.png`,
    // Not a stored image: no link.
    headerLogoPath: `/images/${'b'.repeat(32)}.png`,
  });
  let site: TestApp;

  beforeAll(async () => {
    site = await createTestApp({
      prepare: (data) => {
        data.images.push({
          id: IMAGE_ID,
          contentType: 'image/png',
          size: 10,
          createdAt: '2026-01-01T00:00:00.000Z',
          userName: 'admin',
        });
        data.merchantProfiles.push(
          SHOP,
          merchantProfile({ id: 9201, liveURL: 'shop-hidden', testURL: null, publishLive: 0 }),
          merchantProfile({
            id: 9202,
            liveURL: 'shop-live-off',
            testURL: 'shop-on-test',
            siteThemeId: 2,
            publishLive: 0,
            publishTest: 1,
          }),
        );
        const page = (typeId: number, profileId = 9200) => ({
          profileId,
          typeId,
          navItem: `Nav ${typeId}`,
          title: `Title ${typeId}`,
          content: `<p>Content ${typeId}</p>`,
        });
        // Stored out of order; another profile's page and sub-page stay out.
        data.merchantSelectedPages.push(page(4), page(1), page(2), page(3, 9201));
        data.merchantSelectedSubPages.push(
          { profileId: 9200, subtypeId: 2, pageTypeFk: 2 },
          { profileId: 9200, subtypeId: 1, pageTypeFk: 2 },
          { profileId: 9200, subtypeId: 5, pageTypeFk: 4 },
          { profileId: 9201, subtypeId: 3, pageTypeFk: 3 },
        );
      },
    });
  });
  afterAll(() => site.close());

  it('answers a published site without a token: pages in type order with their sub-pages, image links, fonts', async () => {
    const response = await request(site.app).get(MERCHANT_SITE_PATHS.site('shop-site'));
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const page = (typeId: number, name: string, subPages: { id: number; name: string }[]) => ({
      typeId,
      name,
      navItem: `Nav ${typeId}`,
      title: `Title ${typeId}`,
      content: `<p>Content ${typeId}</p>`,
      subPages,
    });
    const expected: PublishedMerchantSite = {
      url: 'shop-site',
      title: 'Shop Site',
      description: 'Where to shop',
      keywords: 'shop, gift',
      themeId: 1,
      headerLogo: null,
      logo: `/images/${IMAGE_ID}.png`,
      favicon: null,
      background: null,
      fonts: ['Roboto'],
      pages: [
        page(1, 'Home', []),
        page(2, 'About Us', [
          { id: 1, name: 'Our Story' },
          { id: 2, name: 'Our Team' },
        ]),
        page(4, 'Locations', [{ id: 5, name: 'Store Finder' }]),
      ],
    };
    // Exactly this: no tracking code, stylesheet, module code, program or ids leave the server.
    expect(response.body).toEqual(expected);
  });

  it('answers a site published on the test host by its testURL only', async () => {
    const onTest = await request(site.app).get(MERCHANT_SITE_PATHS.site('shop-on-test'));
    expect(onTest.status).toBe(200);
    expect((onTest.body as PublishedMerchantSite).url).toBe('shop-on-test');
    const live = await request(site.app).get(MERCHANT_SITE_PATHS.site('shop-live-off'));
    expect(live.status).toBe(404);
    expect(live.body).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MERCHANT_SITE_TEXT.notPublished,
    });
  });

  it('says which: an unpublished site and an unknown one are distinct 404s; a malformed address is a 400', async () => {
    const hidden = await request(site.app).get(MERCHANT_SITE_PATHS.site('shop-hidden'));
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MERCHANT_SITE_TEXT.notPublished,
    });
    const unknown = await request(site.app).get(MERCHANT_SITE_PATHS.site('no-such-shop'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MERCHANT_SITE_TEXT.unknownSite,
    });
    for (const bad of ['abc', 'x'.repeat(33), 'bad.site']) {
      const response = await request(site.app).get(`/mm/api/sites/${bad}`);
      expect(response.status).toBe(400);
      expect((response.body as { errorMessage: string }).errorMessage).toMatch(/^url: /);
    }
  });

  it('serves the stored CSS as is, as text/css with nosniff; the merchant theme default when none; an empty 404 otherwise', async () => {
    const own = await request(site.app).get(MERCHANT_SITE_PATHS.stylesheet('shop-site'));
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.text).toBe(EVIL_CSS);

    const dark = await request(site.app).get(MERCHANT_SITE_PATHS.stylesheet('shop-on-test'));
    expect(dark.text).toBe(defaultMerchantStylesheet(2));

    for (const url of ['shop-hidden', 'no-such-shop', 'x']) {
      const response = await request(site.app).get(MERCHANT_SITE_PATHS.stylesheet(url));
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(response.text).toBe('');
    }
  });

  it('serves the built page /mm/, never cached, under the strict CSP; /mm redirects to /mm/', async () => {
    const PAGE = '<!doctype html><html><head><title>shop</title></head><body></body></html>';
    const response0 = await request(site.app).get(MERCHANT_SITE_PATHS.page);
    // Not built yet: the API's JSON 404.
    expect(response0.status).toBe(404);
    expect(response0.body).toMatchObject({ errorCode: ERROR_CODE.NOT_FOUND });

    mkdirSync(path.join(site.config.clientDir, 'mm'), { recursive: true });
    writeFileSync(path.join(site.config.clientDir, 'mm', 'index.html'), PAGE);
    const response = await request(site.app).get(MERCHANT_SITE_PATHS.page);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toBe(PAGE);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');

    const bare = await request(site.app).get('/mm');
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe(MERCHANT_SITE_PATHS.page);
  });
});

/**
 * The review of an import's error lines over HTTP (contracts/api/import-review.ts), through the
 * real app and its import worker: the summary and its counts, pages, one-line and bulk
 * corrections re-checked with the import's own rules and the stored records, the corrections
 * imported through the engine, Files Uploaded, and every refusal with nothing written.
 */
import { createHmac } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pino from 'pino';
import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE, TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import type { EmbeddedList } from '@contracts/api/entities';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  correctionsFileName,
  REVIEW_PATHS,
  REVIEW_SECRET_MASK,
  REVIEW_SERVER_MESSAGE,
  REVIEW_TEXT,
  type BulkAnswer,
  type ReviewLine,
  type ReviewPage,
  type ReviewSummary,
} from '@contracts/api/import-review';
import {
  IMPORT_FILE_FIELD,
  IMPORT_KIND_PATHS,
  IMPORT_LIMITS,
  IMPORT_PATHS,
  type ImportAnswer,
  type ImportKind,
  type ImportProgress,
  type UploadAnswer,
} from '@contracts/api/imports';
import { MOCK_PATHS } from '@contracts/api/mock';
import type { FaultAdded } from '@contracts/api/mock-faults';
import { SCHEME_PATHS, type UploadedFile } from '@contracts/api/schemes';
import { createApp } from '../../../server/app';
import { ImportService } from '../../../server/imports/import-service';
import { isSealed } from '../../../server/imports/sealed-file';
import { fieldCountProblem } from '../../../server/imports/rules';
import { PIN_KEY_FILE, readKey } from '../../../server/records/record-crypto';
import { programDbFile } from '../../../server/records/records-db';
import { ReviewStore } from '../../../server/imports/review-store';
import { buildGiftConfig } from '../../support/builders';
import {
  createSchemeTestApp,
  expectError,
  TEST_SCHEMES,
  type SchemeTestApp,
} from '../schemes/core-test-app';

const GIFT = TEST_SCHEMES.gift.programId;
const OTHER = TEST_SCHEMES.loyalty.programId;
const BIN = '627182';
const SUFFIX = '001';
const CARD = { binNumber: BIN, extension: SUFFIX, cardLength: 16 } as const;
const cardNumber = (serial: number) => `${BIN}${SUFFIX}${String(serial).padStart(7, '0')}`;
const wrongSuffix = (serial: number) => `${BIN}002${String(serial).padStart(7, '0')}`;

const CARD_HEADER = 'cardNumber|pin|balance|expiryDate';
const STORE_HEADER = 'storeCode|storeName|address|city|postcode|countryCode';
const DEVICE_HEADER = 'deviceId|storeCode|deviceType|serialNumber|password';
const file = (...all: string[]) => Buffer.from(`${all.join('\n')}\n`);

/**
 * Lines are numbered as in the file (the header is line 1): good lines 2, 7 and 10; a short PIN
 * (3), two wrong suffixes (4, 8), two bad balances (5, 9), a key met again (6).
 */
const CARDS = file(
  CARD_HEADER,
  `${cardNumber(1)}|1234|50.00|2030-12-31`,
  `${cardNumber(2)}|12|20.00|2030-12-31`,
  `${wrongSuffix(3)}|3333|30.00|`,
  `${cardNumber(4)}|4444|abc|`,
  `${cardNumber(1)}|5555|55.00|`,
  `${cardNumber(6)}|6666|60.00|`,
  `${wrongSuffix(7)}|7777|70.00|`,
  `${cardNumber(8)}|8888|x|`,
  `${cardNumber(9)}|9999|90.00|`,
);

const PIN_RULE = 'pin: must be 4 to 8 digits';
const SUFFIX_RULE = `cardNumber: must be 16 digits starting with the BIN ${BIN} followed by the extension ${SUFFIX}`;
const BALANCE_RULE = 'balance: must be an amount such as 25.00';
const AGAIN_RULE = 'cardNumber: appears again in the file';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
const missing = (errorMessage: string) => ({ errorCode: ERROR_CODE.NOT_FOUND, errorMessage });
const conflicting = (errorMessage: string) => ({ errorCode: ERROR_CODE.CONFLICT, errorMessage });
const stale = conflicting(ERROR_MESSAGE.staleRecord);
const reviewNotFound = missing(REVIEW_SERVER_MESSAGE.reviewNotFound);

describe('the review of an import\u2019s error lines', () => {
  let t: SchemeTestApp;
  let token: string;

  beforeEach(async () => {
    t = await createSchemeTestApp((data) => {
      data.configurations = [buildGiftConfig({ programId: GIFT, suffixStand: SUFFIX })];
    });
    token = (await t.login()).token;
  });
  afterEach(async () => {
    await t.close();
  });

  async function imported(kind: ImportKind, bytes: Buffer, name: string): Promise<ImportAnswer> {
    const uploadPath =
      kind === 'device' ? IMPORT_PATHS.uploadDevice(GIFT) : IMPORT_PATHS.upload(GIFT);
    const uploaded = await t.post(uploadPath).attach(IMPORT_FILE_FIELD, bytes, name).expect(200);
    const { fileName } = uploaded.body as UploadAnswer;
    const answer = await t
      .post(IMPORT_KIND_PATHS[kind].process, {
        programId: GIFT,
        fileName,
        userFileName: name,
        ...(kind === 'card' ? CARD : {}),
      })
      .expect(200);
    return answer.body as ImportAnswer;
  }

  /** Imports CARDS; answers its error file's name. */
  async function cardReview(): Promise<string> {
    const answer = await imported('card', CARDS, 'cards.txt');
    expect(answer.totalErrorLines).toBe(6);
    if (answer.outFileName === null) throw new Error('no error file');
    return answer.outFileName;
  }

  const summary = async (name: string, programId = GIFT) =>
    (await t.get(REVIEW_PATHS.review(programId, name)).expect(200)).body as ReviewSummary;
  const page = async (name: string, query = '') =>
    (await t.get(`${REVIEW_PATHS.lines(GIFT, name)}${query}`).expect(200)).body as ReviewPage;
  const correct = (name: string, line: number | string, values: Record<string, string>) =>
    t.put(REVIEW_PATHS.line(GIFT, name, line), { values });
  const bulk = (name: string, body: object) => t.post(REVIEW_PATHS.bulk(GIFT, name), body);
  const importCorrections = (name: string) => t.post(REVIEW_PATHS.importCorrections(GIFT, name));
  const ruleOf = (s: ReviewSummary, text: string) => {
    const count = s.counts.find((c) => c.text === text);
    if (count === undefined) throw new Error(`no count ${text}`);
    return count;
  };
  const download = async (name: string) => {
    const answer = await t.get(IMPORT_PATHS.downloadFile(name)).buffer(true).expect(200);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.text));
    return answer.text;
  };
  const listed = async () =>
    (
      (await t.get(SCHEME_PATHS.uploadedFiles(GIFT)).expect(200)).body as EmbeddedList<
        'files',
        UploadedFile
      >
    )._embedded.files;
  /** The program's stored card (read from its records file), or undefined. */
  /**
   * Imports the review's corrections through a server that stops (its request fails) at `hook`,
   * over the same data folder as the test's server.
   */
  async function importCorrectionsStoppingAt(
    name: string,
    hook: 'afterCorrectionsCommitted' | 'afterCorrectionsMarked',
  ): Promise<void> {
    const { recordsDir, importsDir, keysDir } = t.config;
    const stopping = ImportService.open({
      recordsDir,
      importsDir,
      keysDir,
      logger: pino({ level: 'silent' }),
      testHooks: {
        [hook]: () => {
          throw new Error('the server stopped');
        },
      },
    });
    try {
      const stopped = await request(createApp({ db: t.store, config: t.config, imports: stopping }))
        .post(`/api${REVIEW_PATHS.importCorrections(GIFT, name)}`)
        .set(AUTH_HEADER, token);
      expect(stopped.status).toBe(500);
    } finally {
      await stopping.close();
    }
  }

  function storedCard(number: string): { balance_cents: number } | undefined {
    const db = new DatabaseSync(programDbFile(t.config.recordsDir, GIFT), { readOnly: true });
    try {
      return db.prepare('SELECT balance_cents FROM cards WHERE card_number = ?').get(number) as
        { balance_cents: number } | undefined;
    } finally {
      db.close();
    }
  }

  it('answers the columns, the counts by rule and field, and pages of the error lines', async () => {
    const name = await cardReview();
    // Files Uploaded names the error file and counts its lines without building the review.
    expect((await listed()).map((f) => [f.fileName, f.outFileName, f.failingLines])).toEqual([
      ['cards.txt', name, 6],
    ]);
    expect(await readdir(path.join(t.config.importsDir, 'reviews')).catch(() => [])).toEqual([]);
    const s = await summary(name);
    expect(s).toMatchObject({
      outFileName: name,
      userFileName: 'cards.txt',
      kind: 'card',
      columns: ['cardNumber', 'pin', 'balance', 'expiryDate'],
      secretColumn: 'pin',
      totalLines: 6,
      failingLines: 6,
      fixedLines: 0,
      importedLines: 0,
      importing: false,
    });
    expect(s.counts.map(({ text, field, lines }) => [text, field, lines])).toEqual([
      [SUFFIX_RULE, 'cardNumber', 2],
      [BALANCE_RULE, 'balance', 2],
      [PIN_RULE, 'pin', 1],
      [AGAIN_RULE, 'cardNumber', 1],
    ]);

    const all = await page(name);
    expect(all.total).toBe(6);
    expect(all.lines.map((l) => l.line)).toEqual([3, 4, 5, 6, 8, 9]);
    expect(all.lines[0]).toEqual({
      line: 3,
      values: [cardNumber(2), REVIEW_SECRET_MASK, '20.00', '2030-12-31'],
      reasons: [{ rule: ruleOf(s, PIN_RULE).rule, field: 'pin', text: PIN_RULE }],
      status: 'failing',
      corrected: false,
      etag: '"0"',
    });
    expect(all.lines[3]?.reasons).toEqual([
      {
        rule: ruleOf(s, AGAIN_RULE).rule,
        field: 'cardNumber',
        text: 'cardNumber: appears again, first at line 2',
      },
    ]);

    const suffixes = await page(name, `?rule=${ruleOf(s, SUFFIX_RULE).rule}`);
    expect(suffixes.lines.map((l) => l.line)).toEqual([4, 8]);
    const second = await page(name, '?offset=1&limit=2');
    expect(second).toMatchObject({ total: 6, offset: 1, limit: 2 });
    expect(second.lines.map((l) => l.line)).toEqual([4, 5]);
    expect((await page(name, '?status=fixed')).total).toBe(0);
  });

  it('answers the last page, and an offset past the end with no lines; a bad offset is a 400', async () => {
    const name = await cardReview();
    const last = await page(name, '?offset=4&limit=2');
    expect(last).toMatchObject({ total: 6, offset: 4, limit: 2 });
    expect(last.lines.map((l) => l.line)).toEqual([8, 9]);
    const partial = await page(name, '?offset=5&limit=100');
    expect(partial.lines.map((l) => l.line)).toEqual([9]);
    // Past the end (the filter's lines may have left since the screen counted them): no lines,
    // with the total to find the last page by.
    for (const offset of [6, 999_999_999]) {
      expect(await page(name, `?offset=${offset}`)).toEqual({
        lines: [],
        total: 6,
        offset,
        limit: 100,
      });
    }
    const s = await summary(name);
    expect(await page(name, `?rule=${ruleOf(s, PIN_RULE).rule}&offset=1`)).toMatchObject({
      lines: [],
      total: 1,
    });
    const wholeNumber = invalid('offset: Must be a whole number');
    for (const offset of ['-1', '1.5', 'abc', '', '1000000000', '1e3']) {
      expectError(
        await t.get(`${REVIEW_PATHS.lines(GIFT, name)}?offset=${offset}`),
        400,
        wholeNumber,
      );
    }
    expectError(
      await t.get(`${REVIEW_PATHS.lines(GIFT, name)}?limit=0`),
      400,
      invalid('limit: Must be at least 1'),
    );
  });

  it('re-checks a corrected line with the import\u2019s rules: fixed once it passes', async () => {
    const name = await cardReview();
    const stillBad = await correct(name, 3, { PIN: '12a' }).expect(200);
    expect((stillBad.body as ReviewLine).reasons.map((r) => r.text)).toEqual([PIN_RULE]);
    const fixed = (await correct(name, 3, { pin: '2222' }).expect(200)).body as ReviewLine;
    expect(fixed).toEqual({
      line: 3,
      values: [cardNumber(2), REVIEW_SECRET_MASK, '20.00', '2030-12-31'],
      reasons: [],
      status: 'fixed',
      corrected: true,
      etag: expect.stringMatching(/^"\d+"$/) as string,
    });
    const s = await summary(name);
    expect([s.failingLines, s.fixedLines]).toEqual([5, 1]);
    expect(s.counts.find((c) => c.text === PIN_RULE)).toBeUndefined();
    // Kept on the server: a later page has it.
    expect((await page(name, '?status=fixed')).lines).toEqual([fixed]);
  });

  it('refuses a key already stored and a key of another corrected line', async () => {
    const name = await cardReview();
    // Line 6 repeats card 1, stored from line 2: a new card number passes.
    // Checked again without a change: not a corrected line.
    const stored = (await correct(name, 6, {}).expect(200)).body as ReviewLine;
    expect(stored.reasons.map((r) => r.text)).toEqual([
      REVIEW_SERVER_MESSAGE.keyStored('cardNumber'),
    ]);
    expect(stored.corrected).toBe(false);
    expect((await correct(name, 6, { cardNumber: cardNumber(5) }).expect(200)).body).toMatchObject({
      status: 'fixed',
    });
    // Line 4 corrected to line 6's new number: a duplicate of a corrected line.
    const twice = (await correct(name, 4, { cardNumber: cardNumber(5) }).expect(200))
      .body as ReviewLine;
    expect(twice.status).toBe('failing');
    expect(twice.reasons.map((r) => r.text)).toEqual([
      REVIEW_SERVER_MESSAGE.keyOnLine('cardNumber', 6),
    ]);
    // Line 6 takes another number: line 4 no longer repeats it.
    await correct(name, 6, { cardNumber: cardNumber(15) }).expect(200);
    expect((await page(name, '?status=fixed')).lines.map((l) => l.line)).toEqual([4, 6]);
  });

  it('corrects a filter in bulk: a value set, a text replaced, with counts', async () => {
    const name = await cardReview();
    const s = await summary(name);
    const balance = (
      await bulk(name, {
        rule: ruleOf(s, BALANCE_RULE).rule,
        field: 'balance',
        set: '12.50',
      }).expect(200)
    ).body as BulkAnswer;
    expect(balance).toEqual({ matched: 2, changed: 2, nowPassing: 2, failingLines: 4 });

    const suffix = (
      await bulk(name, {
        rule: ruleOf(s, SUFFIX_RULE).rule,
        field: 'cardNumber',
        find: `${BIN}002`,
        replace: `${BIN}${SUFFIX}`,
      }).expect(200)
    ).body as BulkAnswer;
    expect(suffix).toEqual({ matched: 2, changed: 2, nowPassing: 2, failingLines: 2 });
    expect((await page(name, '?status=fixed')).lines.map((l) => [l.line, l.values[0]])).toEqual([
      [4, cardNumber(3)],
      [5, cardNumber(4)],
      [8, cardNumber(7)],
      [9, cardNumber(8)],
    ]);

    // Every failing line, a value that changes nothing on one of them.
    const pins = (await bulk(name, { field: 'pin', set: '12' }).expect(200)).body as BulkAnswer;
    expect(pins).toEqual({ matched: 2, changed: 1, nowPassing: 0, failingLines: 2 });
  });

  it('a bulk Set of the mask over the PINs keeps every kept PIN, as a line correction sending it back does', async () => {
    const name = await cardReview();
    const kept = (await bulk(name, { field: 'pin', set: REVIEW_SECRET_MASK }).expect(200))
      .body as BulkAnswer;
    expect(kept).toEqual({ matched: 6, changed: 0, nowPassing: 0, failingLines: 6 });
    // Line 5 fails on its balance only: corrected there, it passes with the PIN of its file.
    const fixed = (await correct(name, 5, { balance: '44.00' }).expect(200)).body as ReviewLine;
    expect(fixed).toMatchObject({
      status: 'fixed',
      values: [cardNumber(4), REVIEW_SECRET_MASK, '44.00', ''],
    });
  });

  it('refuses a line correction sent with the ETag of a line changed since (412), nothing written', async () => {
    const name = await cardReview();
    const read = (await page(name)).lines.find((l) => l.line === 5);
    if (read === undefined) throw new Error('no line 5');
    expect(read.etag).toMatch(/^"\d+"$/);

    // Operator A corrects line 5 with the tag as read: written, its new tag answered.
    const byA = await correct(name, 5, { balance: '11.00' }).set('If-Match', read.etag).expect(200);
    const afterA = byA.body as ReviewLine;
    expect(afterA).toMatchObject({
      status: 'fixed',
      values: [cardNumber(4), REVIEW_SECRET_MASK, '11.00', ''],
    });
    expect(byA.headers.etag).toBe(afterA.etag);
    expect(afterA.etag).not.toBe(read.etag);

    // Operator B's tab still shows line 5 as read: refused, A's value kept.
    expectError(
      await correct(name, 5, { balance: '99.00' }).set('If-Match', read.etag),
      412,
      stale,
    );
    // A weak tag never matches, not even the current one's.
    expectError(
      await correct(name, 5, { balance: '99.00' }).set('If-Match', `W/${afterA.etag}`),
      412,
      stale,
    );
    expect((await page(name, '?status=fixed')).lines).toEqual([afterA]);
    expect((await summary(name)).version).toBeGreaterThan(0);

    // Read again, B's correction goes with the line's new tag (one of a list matches).
    const byB = (
      await correct(name, 5, { balance: '99.00' })
        .set('If-Match', `"unknown", ${afterA.etag}`)
        .expect(200)
    ).body as ReviewLine;
    expect(byB.values[2]).toBe('99.00');
    // An imported line is refused as imported, whatever its tag.
    await importCorrections(name).expect(200);
    expectError(
      await correct(name, 5, { balance: '1.00' }).set('If-Match', byB.etag),
      409,
      conflicting(REVIEW_SERVER_MESSAGE.alreadyImported),
    );
    expect(storedCard(cardNumber(4))).toEqual({ balance_cents: 9900 });
    // Without If-Match a correction is not checked.
    await correct(name, 9, { balance: '9.00' }).expect(200);
    await correct(name, 9, { balance: '19.00' }).expect(200);
  });

  it('refuses a bulk correction that would change a line changed since its version (412), nothing written', async () => {
    const name = await cardReview();
    const read = await summary(name);
    const balanceRule = ruleOf(read, BALANCE_RULE).rule;
    // Operator A corrects line 5, still failing its balance rule.
    await correct(name, 5, { balance: 'eleven' }).expect(200);

    // Operator B's bulk correction of that rule, from the review as read before: refused.
    expectError(
      await bulk(name, {
        rule: balanceRule,
        field: 'balance',
        set: '12.50',
        version: read.version,
      }),
      412,
      stale,
    );
    expect(
      (await page(name, `?rule=${balanceRule}`)).lines.map((l) => [l.line, l.values[2]]),
    ).toEqual([
      [5, 'eleven'],
      [9, 'x'],
    ]);
    // A bulk correction of lines not changed since goes through.
    const suffixes = (
      await bulk(name, {
        rule: ruleOf(read, SUFFIX_RULE).rule,
        field: 'cardNumber',
        find: `${BIN}002`,
        replace: `${BIN}${SUFFIX}`,
        version: read.version,
      }).expect(200)
    ).body as BulkAnswer;
    expect(suffixes.changed).toBe(2);
    // Read again: it goes through.
    const again = await summary(name);
    expect(again.version).toBeGreaterThan(read.version);
    expect(
      (
        await bulk(name, {
          rule: balanceRule,
          field: 'balance',
          set: '12.50',
          version: again.version,
        }).expect(200)
      ).body,
    ).toMatchObject({ matched: 2, changed: 2, nowPassing: 2 });
  });

  it('writes nothing for a line correction that changes nothing: the line keeps its ETag, the review its version', async () => {
    const name = await cardReview();
    const lineOf = async (line: number) => {
      const found = (await page(name)).lines.find((l) => l.line === line);
      if (found === undefined) throw new Error(`no line ${line}`);
      return found;
    };
    // Line 5 corrected, still failing its balance; both tabs read it so.
    const read = (
      await correct(name, 5, { balance: 'eleven' })
        .set('If-Match', (await lineOf(5)).etag)
        .expect(200)
    ).body as ReviewLine;
    const { version } = await summary(name);

    // Tab A saves the line as stored: its values, the PIN sent back masked, the column names in
    // any case.
    const asStored: Record<string, string>[] = [
      { balance: 'eleven' },
      { cardNumber: cardNumber(4), PIN: REVIEW_SECRET_MASK, balance: 'eleven', expiryDate: '' },
      {},
    ];
    for (const values of asStored) {
      const same = await correct(name, 5, values).set('If-Match', read.etag).expect(200);
      expect(same.body).toEqual(read);
      expect(same.headers.etag).toBe(read.etag);
    }
    expect((await summary(name)).version).toBe(version);
    expect(await lineOf(5)).toEqual(read);

    // Tab B's save over the line as it read it goes through.
    const byB = (
      await correct(name, 5, { balance: '15.00' }).set('If-Match', read.etag).expect(200)
    ).body as ReviewLine;
    expect(byB).toMatchObject({
      status: 'fixed',
      values: [cardNumber(4), REVIEW_SECRET_MASK, '15.00', ''],
    });
    expect(byB.etag).not.toBe(read.etag);
    expect((await summary(name)).version).toBe(version + 1);

    // A fixed line sent back as it is: nothing written either.
    const again = await correct(name, 5, { balance: '15.00' })
      .set('If-Match', byB.etag)
      .expect(200);
    expect(again.body).toEqual(byB);
    expect((await summary(name)).version).toBe(version + 1);

    // A line the re-check finds otherwise (line 6's card was stored from line 2 meanwhile: its
    // reason is now that) is written, once.
    const line6 = await lineOf(6);
    const rechecked = (await correct(name, 6, {}).set('If-Match', line6.etag).expect(200))
      .body as ReviewLine;
    expect(rechecked.reasons.map((r) => r.text)).toEqual([
      REVIEW_SERVER_MESSAGE.keyStored('cardNumber'),
    ]);
    expect(rechecked.etag).not.toBe(line6.etag);
    expect((await summary(name)).version).toBe(version + 2);
    expect((await correct(name, 6, {}).set('If-Match', rechecked.etag).expect(200)).body).toEqual(
      rechecked,
    );
    expect((await summary(name)).version).toBe(version + 2);
  });

  it('writes nothing for a bulk correction that changes no line: the review keeps its version', async () => {
    const name = await cardReview();
    // A line written, so the version is not where it started.
    await correct(name, 5, { balance: 'eleven' }).expect(200);
    const read = await summary(name);
    const before = await page(name);

    const unchanged = [
      { field: 'pin', set: REVIEW_SECRET_MASK, version: read.version },
      { field: 'balance', find: 'nowhere', replace: '1.00', version: read.version },
      { rule: ruleOf(read, BALANCE_RULE).rule, field: 'balance', find: 'e', replace: 'e' },
    ];
    for (const body of unchanged) {
      expect((await bulk(name, body).expect(200)).body).toMatchObject({ changed: 0 });
    }
    expect((await summary(name)).version).toBe(read.version);
    expect(await page(name)).toEqual(before);

    // Still the version the screen read: a bulk correction that changes lines goes through.
    expect(
      (
        await bulk(name, {
          rule: ruleOf(read, BALANCE_RULE).rule,
          field: 'balance',
          set: '12.50',
          version: read.version,
        }).expect(200)
      ).body,
    ).toMatchObject({ changed: 2, nowPassing: 2 });
    expect((await summary(name)).version).toBe(read.version + 1);
  });

  it('never refuses a bulk correction for a line it re-checked itself as another one changed', async () => {
    const name = await cardReview();
    // Line 3 (card 2) is corrected and still fails its PIN; line 5 takes card 2 too: it fails
    // as its duplicate, besides its balance.
    await correct(name, 3, { pin: '12x' }).expect(200);
    const duplicate = (await correct(name, 5, { cardNumber: cardNumber(2) }).expect(200))
      .body as ReviewLine;
    expect(duplicate.reasons.map((r) => r.text)).toEqual([
      BALANCE_RULE,
      REVIEW_SERVER_MESSAGE.keyOnLine('cardNumber', 3),
    ]);
    // Changing line 3's card re-checks line 5 in the same bulk correction, before it changes it.
    const { version } = await summary(name);
    const answer = (
      await bulk(name, {
        field: 'cardNumber',
        find: `${BIN}${SUFFIX}0000002`,
        replace: `${BIN}${SUFFIX}0000032`,
        version,
      }).expect(200)
    ).body as BulkAnswer;
    expect(answer).toMatchObject({ changed: 2 });
    const line5 = (await page(name)).lines.find((l) => l.line === 5);
    expect(line5?.reasons.map((r) => r.text)).toEqual([
      BALANCE_RULE,
      REVIEW_SERVER_MESSAGE.keyOnLine('cardNumber', 3),
    ]);
  });

  it('counts a line fixed by a correction with no change among the corrected ones: no card fixed twice', async () => {
    // Line 3 lacks its (optional) expiry field; line 4 has the same card and a bad PIN.
    const answer = await imported(
      'card',
      file(
        CARD_HEADER,
        `${cardNumber(50)}|5050|50.00|`,
        `${cardNumber(51)}|5151|51.00`,
        `${cardNumber(51)}|12|51.00|`,
      ),
      'short.txt',
    );
    const name = answer.outFileName;
    if (name === null) throw new Error('no error file');
    // Sent back unchanged, line 3 passes: fixed.
    expect((await correct(name, 3, {}).expect(200)).body).toMatchObject({
      status: 'fixed',
      corrected: true,
    });
    const second = (await correct(name, 4, { pin: '4321' }).expect(200)).body as ReviewLine;
    expect(second.status).toBe('failing');
    expect(second.reasons.map((r) => r.text)).toEqual([
      REVIEW_SERVER_MESSAGE.keyOnLine('cardNumber', 3),
    ]);
    expect((await summary(name)).fixedLines).toBe(1);
  });

  it("names the operator's line in a corrections import's duplicate reason, not the corrections file's", async () => {
    const name = await cardReview();
    await correct(name, 3, { pin: '2222' }).expect(200);
    await correct(name, 5, { balance: '44.00' }).expect(200);
    // As a store written before fixed lines were kept from sharing a card: line 5 holds line 3's.
    const db = new DatabaseSync(
      ReviewStore.fileOf(path.join(t.config.importsDir, 'reviews'), name),
    );
    try {
      db.prepare("UPDATE lines SET vals = json_set(vals, '$[0]', ?) WHERE line = 5").run(
        cardNumber(2),
      );
    } finally {
      db.close();
    }
    expect((await importCorrections(name).expect(200)).body).toMatchObject({
      totalSuccessLines: 1,
      totalErrorLines: 1,
    });
    const line5 = (await page(name)).lines.find((l) => l.line === 5);
    // The corrections file's line 2 is the review's line 3.
    expect(line5?.reasons.map((r) => r.text)).toEqual([
      'cardNumber: appears again, first at line 3',
    ]);
  });

  it('imports the corrections through the engine: cards stored, the error file holds the rest', async () => {
    const name = await cardReview();
    await correct(name, 3, { pin: '2222' }).expect(200);
    await correct(name, 5, { balance: '44.00' }).expect(200);

    const answer = (await importCorrections(name).expect(200)).body as ImportAnswer;
    expect(answer).toEqual({
      totalSuccessLines: 2,
      totalErrorLines: 0,
      outFileName: name,
      currentStep: 'completed',
      insertedLines: 2,
      replacedLines: 0,
    });
    expect(storedCard(cardNumber(2))).toEqual({ balance_cents: 2000 });
    expect(storedCard(cardNumber(4))).toEqual({ balance_cents: 4400 });

    const s = await summary(name);
    expect([s.failingLines, s.fixedLines, s.importedLines]).toEqual([4, 0, 2]);
    expect((await page(name, '?status=imported')).lines.map((l) => l.line)).toEqual([3, 5]);
    expect((await page(name)).lines.map((l) => l.line)).toEqual([4, 6, 8, 9]);
    const progress = (await t.get(REVIEW_PATHS.progress(GIFT, name)).expect(200))
      .body as ImportProgress;
    expect(progress).toEqual({
      currentStep: 'completed',
      currentLine: 2,
      totalLines: 2,
      numErrorLines: 0,
    });

    expect(await download(name)).toBe(
      [
        'cardNumber|pin|balance|expiryDate|error',
        `${wrongSuffix(3)}|3333|30.00||line 4: ${SUFFIX_RULE}`,
        `${cardNumber(1)}|5555|55.00||line 6: cardNumber: appears again, first at line 2`,
        `${wrongSuffix(7)}|7777|70.00||line 8: ${SUFFIX_RULE}`,
        `${cardNumber(8)}|8888|x||line 9: ${BALANCE_RULE}`,
        '',
      ].join('\n'),
    );
    // On disk the rewritten error file is sealed, as the engine writes a card import's.
    const onDisk = await readFile(path.join(t.config.importsDir, 'errors', name));
    expect(isSealed(onDisk)).toBe(true);
    expect(onDisk.includes('|3333|')).toBe(false);
    const files = await listed();
    expect(
      files.map(({ fileName, outFileName, failingLines }) => [fileName, outFileName, failingLines]),
    ).toEqual([
      ['cards.txt', name, 4],
      [correctionsFileName('cards.txt'), null, 0],
    ]);

    // An imported line is not corrected again; nothing is left to import.
    expectError(
      await correct(name, 3, { pin: '1111' }),
      409,
      conflicting(REVIEW_SERVER_MESSAGE.alreadyImported),
    );
    expectError(
      await importCorrections(name),
      409,
      conflicting(REVIEW_SERVER_MESSAGE.nothingToImport),
    );
  });

  it('refuses a fixed line whose key was stored since it was corrected: it fails again, the record kept', async () => {
    const name = await cardReview();
    await correct(name, 3, { pin: '2222' }).expect(200);
    await correct(name, 5, { balance: '44.00' }).expect(200);
    // An ordinary import stores line 5's card after its correction.
    await imported('card', file(CARD_HEADER, `${cardNumber(4)}|1234|1.00|`), 'later.txt');
    const answer = (await importCorrections(name).expect(200)).body as ImportAnswer;
    expect(answer).toMatchObject({
      insertedLines: 1,
      replacedLines: 0,
      totalErrorLines: 1,
      outFileName: name,
    });
    expect(storedCard(cardNumber(4))).toEqual({ balance_cents: 100 });
    expect(storedCard(cardNumber(2))).toEqual({ balance_cents: 2000 });
    // Line 5 is back in the review with the reason a correction gets for a stored key.
    const stored = REVIEW_SERVER_MESSAGE.keyStored('cardNumber');
    const s = await summary(name);
    expect([s.failingLines, s.fixedLines, s.importedLines]).toEqual([5, 0, 1]);
    expect(ruleOf(s, stored).lines).toBe(1);
    const [back] = (await page(name, `?rule=${ruleOf(s, stored).rule}`)).lines;
    expect(back).toMatchObject({
      line: 5,
      status: 'failing',
      values: [cardNumber(4), REVIEW_SECRET_MASK, '44.00', ''],
    });
    expect(back?.reasons.map((r) => r.text)).toEqual([stored]);
    expect(await download(name)).toContain(`${cardNumber(4)}|4444|44.00||line 5: ${stored}\n`);
    // Given a new number it imports.
    await correct(name, 5, { cardNumber: cardNumber(14) }).expect(200);
    expect((await importCorrections(name).expect(200)).body).toMatchObject({ insertedLines: 1 });
    expect(storedCard(cardNumber(14))).toEqual({ balance_cents: 4400 });
  });

  it('never replaces a card another review\u2019s corrections stored with the same number', async () => {
    const first = await cardReview();
    const second = await imported(
      'card',
      file(CARD_HEADER, `${cardNumber(31)}|12|5.00|`, `${cardNumber(32)}|3232|x|`),
      'more.txt',
    );
    const other = second.outFileName;
    if (other === null) throw new Error('no error file');
    // Both reviews correct a line to one new card number: each passes on its own.
    expect(
      (await correct(first, 5, { cardNumber: cardNumber(99), balance: '1.00' }).expect(200)).body,
    ).toMatchObject({ status: 'fixed' });
    const fixedHere = (
      await t
        .put(REVIEW_PATHS.line(GIFT, other, 3), {
          values: { cardNumber: cardNumber(99), balance: '999.00' },
        })
        .expect(200)
    ).body as ReviewLine;
    expect(fixedHere.status).toBe('fixed');
    expect(
      (await t.post(REVIEW_PATHS.importCorrections(GIFT, other)).expect(200)).body,
    ).toMatchObject({ insertedLines: 1 });
    const answer = (await importCorrections(first).expect(200)).body as ImportAnswer;
    expect(answer).toMatchObject({ insertedLines: 0, replacedLines: 0, totalErrorLines: 1 });
    expect(storedCard(cardNumber(99))).toEqual({ balance_cents: 99900 });
    expect((await summary(first)).fixedLines).toBe(0);
    expect((await page(first, '?status=failing')).lines.find((l) => l.line === 5)?.reasons).toEqual(
      [expect.objectContaining({ text: REVIEW_SERVER_MESSAGE.keyStored('cardNumber') })],
    );
  });

  it('answers 409 to corrections imported twice at once, and the progress meanwhile', async () => {
    const name = await cardReview();
    await correct(name, 3, { pin: '2222' }).expect(200);
    const fault = await request(t.app)
      .post(MOCK_PATHS.faults)
      .set(AUTH_HEADER, token)
      .send({
        method: 'POST',
        path: `/api${REVIEW_PATHS.importCorrections(GIFT, name)}`,
        stallAtLine: 1,
        times: 1,
      })
      .expect(201);
    const first = importCorrections(name).then((response) => response);
    // The first import stalls at its line 1 until the fault is deleted.
    for (;;) {
      const progress = (await t.get(REVIEW_PATHS.progress(GIFT, name)).expect(200))
        .body as ImportProgress;
      if (progress.currentStep === 'importing' && progress.currentLine === 1) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await summary(name)).importing).toBe(true);
    await t.expectNothingWritten(async () => {
      expectError(
        await importCorrections(name),
        409,
        conflicting(REVIEW_SERVER_MESSAGE.importRunning),
      );
      expectError(
        await correct(name, 4, { pin: '1' }),
        409,
        conflicting(REVIEW_SERVER_MESSAGE.importRunning),
      );
    });
    await request(t.app)
      .delete(MOCK_PATHS.fault.replace(':id', (fault.body as FaultAdded).fault.id))
      .set(AUTH_HEADER, token)
      .expect(204);
    expect((await first).status).toBe(200);
    expect(storedCard(cardNumber(2))).toEqual({ balance_cents: 2000 });
    expect((await summary(name)).importedLines).toBe(1);
  });

  it('refuses bad corrections with a clear 4xx and nothing written', async () => {
    const name = await cardReview();
    const before = { summary: await summary(name), page: await page(name) };
    const s = before.summary;
    const unchanged = async () => {
      expect(await summary(name)).toEqual(before.summary);
      expect(await page(name)).toEqual(before.page);
    };
    await t.expectNothingWritten(async () => {
      // Another program's import, an unknown program, an unknown import.
      expectError(await t.get(REVIEW_PATHS.review(OTHER, name)), 404, reviewNotFound);
      expectError(
        await t.put(REVIEW_PATHS.line(OTHER, name, 2), { values: { pin: '2222' } }),
        404,
        reviewNotFound,
      );
      expectError(
        await t.post(REVIEW_PATHS.bulk(OTHER, name), { field: 'pin', set: '2222' }),
        404,
        reviewNotFound,
      );
      expectError(await t.post(REVIEW_PATHS.importCorrections(OTHER, name)), 404, reviewNotFound);
      expectError(await t.get(REVIEW_PATHS.lines(999, name)), 404, reviewNotFound);
      const unknown = '00000000-0000-4000-8000-000000000000.errors.txt';
      expectError(await t.get(REVIEW_PATHS.progress(GIFT, unknown)), 404, reviewNotFound);
      // A column the header does not have.
      expectError(
        await correct(name, 3, { currency: 'AUD' }),
        400,
        invalid(`currency: ${REVIEW_SERVER_MESSAGE.unknownColumn('currency')}`),
      );
      expectError(
        await bulk(name, { field: 'status', set: 'active' }),
        400,
        invalid(`status: ${REVIEW_SERVER_MESSAGE.unknownColumn('status')}`),
      );
      // A value making the line too long (each value within the limit by itself).
      const half = '1'.repeat(IMPORT_LIMITS.maxLineChars / 2);
      const tooLong = invalid(REVIEW_SERVER_MESSAGE.lineTooLong(IMPORT_LIMITS.maxLineChars));
      expectError(await correct(name, 3, { pin: half, balance: half }), 400, tooLong);
      expectError(await bulk(name, { field: 'expiryDate', set: `${half}${half}` }), 400, tooLong);
      // A bulk correction with no matching line, or neither or both of set and find.
      expectError(
        await bulk(name, { rule: '99999', field: 'pin', set: '1234' }),
        404,
        missing(REVIEW_SERVER_MESSAGE.noMatchingLine),
      );
      const setOrFind = invalid(REVIEW_SERVER_MESSAGE.setOrFind);
      expectError(await bulk(name, { field: 'pin' }), 400, setOrFind);
      expectError(await bulk(name, { field: 'pin', set: '1', find: '2' }), 400, setOrFind);
      expectError(await bulk(name, { field: 'pin', set: '1', replace: '2' }), 400, setOrFind);
      // Named as the bulk form labels its inputs; a member it has no input for by its name.
      expectError(
        await bulk(name, { field: 'pin', find: '', replace: '2' }),
        400,
        invalid(`${REVIEW_TEXT.bulkFind}: ${FIELD_MESSAGES.required}`),
      );
      expectError(
        await bulk(name, { field: '', set: '2' }),
        400,
        invalid(`${REVIEW_TEXT.bulkField}: ${FIELD_MESSAGES.required}`),
      );
      expectError(
        await bulk(name, { field: 'balance', set: '1'.repeat(IMPORT_LIMITS.maxLineChars + 1) }),
        400,
        invalid(
          `${REVIEW_TEXT.bulkValue}: Must be at most ${IMPORT_LIMITS.maxLineChars} characters`,
        ),
      );
      expectError(
        await bulk(name, { rule: 'x', field: 'pin', set: '2' }),
        400,
        invalid('rule: Must be a rule of the review'),
      );
      // A value that would split the line.
      expect((await correct(name, 3, { pin: '12|34' })).status).toBe(400);
      expect((await correct(name, 3, { pin: '12\n34' })).status).toBe(400);
      // No such line; nothing fixed to import.
      expectError(
        await correct(name, 1, { pin: '1234' }),
        404,
        missing(REVIEW_SERVER_MESSAGE.lineNotFound(1)),
      );
      expectError(
        await importCorrections(name),
        409,
        conflicting(REVIEW_SERVER_MESSAGE.nothingToImport),
      );
      // A filter that is not one.
      expect((await t.get(`${REVIEW_PATHS.lines(GIFT, name)}?rule=..%2Fx`)).status).toBe(400);
      expect((await t.get(`${REVIEW_PATHS.lines(GIFT, name)}?limit=201`)).status).toBe(400);
    });
    await unchanged();
    expect(ruleOf(s, PIN_RULE).lines).toBe(1);
  });

  it('refuses a traversal in every name before touching the disk', async () => {
    const name = await cardReview();
    const raw = (method: 'get' | 'put' | 'post', url: string) =>
      request(t.app)[method](`/api${url}`).set(AUTH_HEADER, token).send({ values: {} });
    const base = '/gift-card/giftSchemeFiles';
    await t.expectNothingWritten(async () => {
      for (const bad of [
        '..%2F..%2Fdb.json',
        '..',
        '%2E%2E',
        `..%2Ferrors%2F${name}`,
        `${name}%00`,
      ]) {
        expectError(await raw('get', `${base}/${GIFT}/reviews/${bad}`), 404, reviewNotFound);
        expectError(
          await raw('put', `${base}/${GIFT}/reviews/${bad}/lines/2`),
          404,
          reviewNotFound,
        );
      }
      // A download of the error file first completes its review's rewrite, if owed: only a
      // name of the pattern is looked for (a program's records file is a SQLite file too).
      const records = path.relative(
        path.join(t.config.importsDir, 'reviews'),
        programDbFile(t.config.recordsDir, GIFT),
      );
      for (const bad of [encodeURIComponent(records), '..%2F..%2Fdb.json', `${name}%00`]) {
        expect((await raw('get', IMPORT_PATHS.downloadFile(bad))).status).toBe(404);
      }
      for (const bad of ['..%2F1', '1%2F..', '-1', '0']) {
        const answer = await raw('get', `${base}/${bad}/reviews/${name}`);
        expect(answer.status).toBe(400);
      }
      for (const bad of ['..%2F2', '2%2F..', '0', '2.5']) {
        const answer = await raw('put', `${base}/${GIFT}/reviews/${name}/lines/${bad}`);
        expect(answer.status).toBe(400);
      }
    });
    // Behind the token check like the other giftSchemeFiles calls.
    const anonymous = await request(t.app).get(`/api${REVIEW_PATHS.review(GIFT, name)}`);
    expect(anonymous.status).toBe(401);
    const reviews = await readdir(path.join(t.config.importsDir, 'reviews')).catch(() => []);
    expect(reviews).toEqual([]);
    expect((await summary(name)).failingLines).toBe(6);
  });

  it('never answers a device password; a typed one is imported', async () => {
    await imported(
      'store',
      file(STORE_HEADER, 'S001|Main Store|1 Test Street|Sydney|2000|AU'),
      'stores.txt',
    );
    const answer = await imported(
      'device',
      file(DEVICE_HEADER, 'D-1|S001|POS|SN-1|secret123', 'D-2|NOPE|POS|SN-2|hidden456'),
      'devices.txt',
    );
    const name = answer.outFileName;
    if (name === null) throw new Error('no error file');
    const s = await summary(name);
    expect(s).toMatchObject({ kind: 'device', secretColumn: 'password', failingLines: 1 });
    expect(s.counts.map((c) => c.text)).toEqual([
      'storeCode: no store with this code was imported for the scheme',
      REVIEW_SERVER_MESSAGE.passwordAgain,
    ]);
    const [line] = (await page(name)).lines;
    expect(line?.values).toEqual(['D-2', 'NOPE', 'POS', 'SN-2', REVIEW_SECRET_MASK]);

    const storeFixed = (await correct(name, 3, { storeCode: 'S001' }).expect(200))
      .body as ReviewLine;
    expect(storeFixed.reasons.map((r) => r.text)).toEqual([REVIEW_SERVER_MESSAGE.passwordAgain]);
    const typed = await correct(name, 3, { password: 'typed-again-77' }).expect(200);
    expect(typed.text).not.toContain('typed-again-77');
    expect(typed.body as ReviewLine).toMatchObject({
      status: 'fixed',
      values: ['D-2', 'S001', 'POS', 'SN-2', REVIEW_SECRET_MASK],
    });
    const listedPage = await t.get(REVIEW_PATHS.lines(GIFT, name)).expect(200);
    expect(listedPage.text).not.toContain('typed-again-77');
    expect(listedPage.text).not.toContain('hidden456');
    await importCorrections(name).expect(200);
    // The error file rewritten is sealed, as the engine writes a device import's.
    expect(isSealed(await readFile(path.join(t.config.importsDir, 'errors', name)))).toBe(true);

    const db = new DatabaseSync(programDbFile(t.config.recordsDir, GIFT), { readOnly: true });
    try {
      expect(db.prepare('SELECT store_code FROM devices WHERE device_id = ?').get('D-2')).toEqual({
        store_code: 'S001',
      });
    } finally {
      db.close();
    }
    // Nothing of the typed password on disk in plain text: not in the review, not in uploads.
    for (const folder of ['reviews', 'uploads', 'errors']) {
      const dir = path.join(t.config.importsDir, folder);
      for (const entry of await readdir(dir).catch(() => [] as string[])) {
        const bytes = await readFile(path.join(dir, entry));
        expect(bytes.includes('typed-again-77')).toBe(false);
        expect(bytes.includes('hidden456')).toBe(false);
      }
    }
  });

  it('never answers a card PIN, valid or not; a line corrected elsewhere imports with its own PIN, a new one typed replaces it', async () => {
    const name = await cardReview();
    const s = await summary(name);
    expect(s.secretColumn).toBe('pin');
    // The PINs of the error lines (line 3's is "12"), and PINs typed in the review.
    const filePins = ['3333', '4444', '5555', '7777', '8888'];
    const typedPins = ['24680', '13579'];
    const neverAnswered = (answer: { text: string }) => {
      for (const pin of [...filePins, ...typedPins]) expect(answer.text).not.toContain(pin);
    };
    const first = await t.get(REVIEW_PATHS.lines(GIFT, name)).expect(200);
    neverAnswered(first);
    expect((first.body as ReviewPage).lines.map((l) => l.values[1])).toEqual(
      Array<string>(6).fill(REVIEW_SECRET_MASK),
    );

    // Line 5 fails its balance only: corrected there, it keeps its PIN.
    const balance = await correct(name, 5, { balance: '44.00' }).expect(200);
    neverAnswered(balance);
    expect(balance.body as ReviewLine).toMatchObject({
      status: 'fixed',
      values: [cardNumber(4), REVIEW_SECRET_MASK, '44.00', ''],
    });
    // The mask sent back as answered keeps the PIN too.
    const resent = await correct(name, 9, { pin: REVIEW_SECRET_MASK, balance: '88.00' }).expect(
      200,
    );
    neverAnswered(resent);
    expect((resent.body as ReviewLine).status).toBe('fixed');
    // A new PIN typed replaces it, and is not answered either.
    const typed = await correct(name, 3, { pin: '24680' }).expect(200);
    neverAnswered(typed);
    expect(typed.body as ReviewLine).toMatchObject({
      status: 'fixed',
      values: [cardNumber(2), REVIEW_SECRET_MASK, '20.00', '2030-12-31'],
    });
    // In bulk: a PIN set, then the card numbers fixed; the bulk answers no value.
    const suffixRule = ruleOf(s, SUFFIX_RULE).rule;
    const pins = await bulk(name, { rule: suffixRule, field: 'pin', set: '13579' }).expect(200);
    neverAnswered(pins);
    expect(pins.body).toEqual({ matched: 2, changed: 2, nowPassing: 0, failingLines: 6 - 3 });
    await bulk(name, {
      rule: suffixRule,
      field: 'cardNumber',
      find: `${BIN}002`,
      replace: `${BIN}${SUFFIX}`,
    }).expect(200);
    for (const status of ['fixed', 'failing']) {
      const listed = await t.get(`${REVIEW_PATHS.lines(GIFT, name)}?status=${status}`).expect(200);
      neverAnswered(listed);
    }

    expect((await importCorrections(name).expect(200)).body).toMatchObject({ insertedLines: 5 });
    // The records hold each card's PIN HMAC (over `cardNumber:pin`, under the PIN key).
    const key = readKey(t.config.keysDir, PIN_KEY_FILE);
    if (key === undefined) throw new Error('no PIN key');
    const hmac = (number: string, pin: string) =>
      createHmac('sha256', key).update(`${number}:${pin}`).digest('hex');
    const db = new DatabaseSync(programDbFile(t.config.recordsDir, GIFT), { readOnly: true });
    try {
      const stored = (number: string) => {
        const row = db.prepare('SELECT pin_hash FROM cards WHERE card_number = ?').get(number) as
          { pin_hash: Uint8Array } | undefined;
        return row === undefined ? undefined : Buffer.from(row.pin_hash).toString('hex');
      };
      expect(stored(cardNumber(4))).toBe(hmac(cardNumber(4), '4444'));
      expect(stored(cardNumber(8))).toBe(hmac(cardNumber(8), '8888'));
      expect(stored(cardNumber(2))).toBe(hmac(cardNumber(2), '24680'));
      expect(stored(cardNumber(3))).toBe(hmac(cardNumber(3), '13579'));
      expect(stored(cardNumber(7))).toBe(hmac(cardNumber(7), '13579'));
    } finally {
      db.close();
    }
  });

  it('refuses a value that is not valid Unicode text (a lone surrogate), nothing written', async () => {
    const answer = await imported(
      'store',
      file(STORE_HEADER, 'S900|Store 900|1 George St|Sydney|2000|A1'),
      'stores.txt',
    );
    const name = answer.outFileName;
    if (name === null) throw new Error('no error file');
    const cards = await cardReview();
    const before = { stores: await page(name), cards: await page(cards) };
    const malformed = (field: string) => invalid(`${field}: ${TEXT_INPUT_MESSAGE.malformed}`);
    await t.expectNothingWritten(async () => {
      expectError(
        await correct(name, 2, { countryCode: 'AU', storeName: '\ud800 Cafe' }),
        400,
        malformed('storeName'),
      );
      expectError(
        await bulk(name, { field: 'storeName', set: 'Cafe \udc00' }),
        400,
        malformed(REVIEW_TEXT.bulkValue),
      );
      expectError(
        await bulk(name, { field: 'storeName', find: 'Store', replace: '\ud800' }),
        400,
        malformed(REVIEW_TEXT.bulkReplaceWith),
      );
      // A secret goes into the same UTF-8 file: a PIN is refused alike. A value is named by its
      // column, as the file's header names it.
      expectError(await correct(cards, 3, { pin: '\ud800' }), 400, malformed('pin'));
      expectError(await correct(cards, 3, { PIN: '\ud800' }), 400, malformed('PIN'));
    });
    expect(await page(name)).toEqual(before.stores);
    expect(await page(cards)).toEqual(before.cards);
    // The same text well formed is a correction like any other.
    const fixed = (
      await correct(name, 2, { countryCode: 'AU', storeName: '\ud83d\ude00 Cafe' }).expect(200)
    ).body as ReviewLine;
    expect(fixed).toMatchObject({
      status: 'fixed',
      values: expect.arrayContaining(['\u{1F600} Cafe']),
    });
  });

  it('refuses a control character in a value written, and finds one to remove it', async () => {
    const answer = await imported(
      'store',
      file(STORE_HEADER, 'S900|Store\t900|1 George St|Sydney|2000|A1'),
      'stores.txt',
    );
    const name = answer.outFileName;
    if (name === null) throw new Error('no error file');
    const before = await page(name);
    const controls = (field: string) =>
      invalid(`${field}: ${TEXT_INPUT_MESSAGE.controlCharacters}`);
    await t.expectNothingWritten(async () => {
      expectError(await correct(name, 2, { storeName: 'Cafe\tBar' }), 400, controls('storeName'));
      // A bulk correction's text in error is named by the form's label of the input it is
      // typed in (Value, Find, Replace with), not by its member of the body.
      expectError(
        await bulk(name, { field: 'city', set: 'Sydney\u0000' }),
        400,
        controls(REVIEW_TEXT.bulkValue),
      );
      expectError(
        await bulk(name, { field: 'storeName', find: 'Store', replace: 'Shop\u0085' }),
        400,
        controls(REVIEW_TEXT.bulkReplaceWith),
      );
    });
    expect(await page(name)).toEqual(before);
    await bulk(name, { field: 'storeName', find: '\t', replace: ' ' }).expect(200);
    const line = (await correct(name, 2, { countryCode: 'AU' }).expect(200)).body as ReviewLine;
    expect(line).toMatchObject({ status: 'fixed', values: expect.arrayContaining(['Store 900']) });
  });

  it('re-checks the field count as the import does: extra fields fail until corrected away', async () => {
    const stores = await imported(
      'store',
      file(STORE_HEADER, 'S900|Store 900|1 George St|Sydney|2000|AU|Level 2'),
      'stores.txt',
    );
    const name = stores.outFileName;
    if (name === null) throw new Error('no error file');
    const tooMany = fieldCountProblem(6, 7);
    // Checked again without a change, or with a value that keeps the extra field: still failing.
    const unchanged: Record<string, string>[] = [{}, { postcode: '2000' }, { city: 'Sydney' }];
    for (const values of unchanged) {
      const line = (await correct(name, 2, values).expect(200)).body as ReviewLine;
      expect(line).toMatchObject({
        status: 'failing',
        values: ['S900', 'Store 900', '1 George St', 'Sydney', '2000', 'AU|Level 2'],
      });
      expect(line.reasons.map((r) => r.text)).toEqual([tooMany]);
    }
    expectError(
      await importCorrections(name),
      409,
      conflicting(REVIEW_SERVER_MESSAGE.nothingToImport),
    );
    // The extra field corrected away: fixed, and imported as fixed.
    const fixed = (await correct(name, 2, { countryCode: 'AU' }).expect(200)).body as ReviewLine;
    expect(fixed).toMatchObject({ status: 'fixed', reasons: [] });
    expect((await importCorrections(name).expect(200)).body).toMatchObject({
      insertedLines: 1,
      totalErrorLines: 0,
      outFileName: null,
    });

    // A device line of too many fields: its masked password is no correction of it.
    const devices = await imported(
      'device',
      file(DEVICE_HEADER, 'D-9|S900|POS|SN-9|pass-9999|extra'),
      'devices.txt',
    );
    const deviceReview = devices.outFileName;
    if (deviceReview === null) throw new Error('no error file');
    const device = (await correct(deviceReview, 2, { password: REVIEW_SECRET_MASK }).expect(200))
      .body as ReviewLine;
    expect(device.status).toBe('failing');
    expect(device.reasons.map((r) => r.text)).toEqual([
      fieldCountProblem(5, 6),
      REVIEW_SERVER_MESSAGE.passwordAgain,
    ]);
  });

  it('keeps no PIN in clear for a card line sealed whole, not even as its key, and answers none of its values until typed', async () => {
    const pin = '80417263';
    const answer = await imported(
      'card',
      file(CARD_HEADER, `${pin}|10.00|2030-12-31`, `${cardNumber(7)}|12|1.00|`),
      'cards.txt',
    );
    const name = answer.outFileName;
    if (name === null) throw new Error('no error file');
    const reviewFiles = async () => {
      const dir = path.join(t.config.importsDir, 'reviews');
      const names = await readdir(dir);
      expect(names.length).toBeGreaterThan(0);
      return Promise.all(names.map((entry) => readFile(path.join(dir, entry))));
    };
    expect((await summary(name)).failingLines).toBe(2);
    // Its field count off, the PIN may be in any field: every value is masked (an empty one
    // hides nothing).
    const [line2] = (await page(name)).lines;
    expect(line2?.values).toEqual([REVIEW_SECRET_MASK, REVIEW_SECRET_MASK, REVIEW_SECRET_MASK, '']);
    // Corrected in part: the PIN still stands where the card number belongs, masked; the value
    // typed is shown, a masked one sent back as answered is kept.
    const partly = (await correct(name, 2, { expiryDate: '2031-01-31' }).expect(200))
      .body as ReviewLine;
    expect(partly).toMatchObject({ status: 'failing', corrected: true });
    expect(partly.values).toEqual([
      REVIEW_SECRET_MASK,
      REVIEW_SECRET_MASK,
      REVIEW_SECRET_MASK,
      '2031-01-31',
    ]);
    const resent = await correct(name, 2, {
      cardNumber: REVIEW_SECRET_MASK,
      balance: REVIEW_SECRET_MASK,
    }).expect(200);
    expect((resent.body as ReviewLine).values).toEqual(partly.values);
    expect((resent.body as ReviewLine).reasons).toEqual(partly.reasons);
    const pages = await t.get(REVIEW_PATHS.lines(GIFT, name)).expect(200);
    expect(pages.text).not.toContain(pin);
    for (const bytes of await reviewFiles()) expect(bytes.includes(pin)).toBe(false);

    // Its key is still compared with the other corrected lines'.
    await correct(name, 3, { pin: '1234' }).expect(200);
    const twice = (
      await correct(name, 2, {
        cardNumber: cardNumber(7),
        pin,
        balance: '10.00',
        expiryDate: '2030-12-31',
      }).expect(200)
    ).body as ReviewLine;
    expect(twice.reasons.map((r) => r.text)).toEqual([
      REVIEW_SERVER_MESSAGE.keyOnLine('cardNumber', 3),
    ]);
    // Typed again, its values are shown, but its PIN.
    expect(twice.values).toEqual([cardNumber(7), REVIEW_SECRET_MASK, '10.00', '2030-12-31']);
    const fixed = (await correct(name, 2, { cardNumber: cardNumber(8) }).expect(200))
      .body as ReviewLine;
    expect(fixed.status).toBe('fixed');
    expect(JSON.stringify(fixed)).not.toContain(pin);
    for (const bytes of await reviewFiles()) expect(bytes.includes(pin)).toBe(false);
  });

  it('settles corrections committed just before the server stopped when next opened: imported once', async () => {
    const name = await cardReview();
    await correct(name, 3, { pin: '2222' }).expect(200);
    await correct(name, 5, { balance: '44.00' }).expect(200);
    await correct(name, 9, { balance: '9.00' }).expect(200);
    // Line 9's card is stored after its correction: the corrections import refuses it.
    await imported('card', file(CARD_HEADER, `${cardNumber(8)}|1234|1.00|`), 'later.txt');

    // A server that stops right after the corrections import committed, before the review
    // marked its lines.
    await importCorrectionsStoppingAt(name, 'afterCorrectionsCommitted');
    expect(storedCard(cardNumber(2))).toEqual({ balance_cents: 2000 });
    expect(storedCard(cardNumber(4))).toEqual({ balance_cents: 4400 });

    // The server starts again over the same data folder: nothing of the review in memory.
    const restarted = createApp({ db: t.store, config: t.config });
    const call = (method: 'get' | 'post', url: string) =>
      request(restarted)[method](`/api${url}`).set(AUTH_HEADER, token);
    const s = (await call('get', REVIEW_PATHS.review(GIFT, name)).expect(200))
      .body as ReviewSummary;
    expect([s.failingLines, s.fixedLines, s.importedLines]).toEqual([4, 0, 2]);
    const refused = (
      await call('get', `${REVIEW_PATHS.lines(GIFT, name)}?status=failing`).expect(200)
    ).body as ReviewPage;
    expect(refused.lines.find((l) => l.line === 9)?.reasons.map((r) => r.text)).toEqual([
      REVIEW_SERVER_MESSAGE.keyStored('cardNumber'),
    ]);
    expectError(
      await call('post', REVIEW_PATHS.importCorrections(GIFT, name)),
      409,
      conflicting(REVIEW_SERVER_MESSAGE.nothingToImport),
    );
    // Listed once; the error file holds the failing lines only, its own error file is gone.
    const files = (
      (await call('get', SCHEME_PATHS.uploadedFiles(GIFT)).expect(200)).body as EmbeddedList<
        'files',
        UploadedFile
      >
    )._embedded.files;
    expect(files.map((f) => [f.fileName, f.outFileName, f.failingLines])).toEqual([
      ['cards.txt', name, 4],
      ['later.txt', null, 0],
      [correctionsFileName('cards.txt'), null, 0],
    ]);
    const download = await call('get', IMPORT_PATHS.downloadFile(name)).buffer(true).expect(200);
    expect(download.text.split('\n').map((line) => line.split('|')[4]?.split(':')[0])).toEqual([
      'error',
      'line 4',
      'line 6',
      'line 8',
      'line 9',
      undefined,
    ]);
    expect(await readdir(path.join(t.config.importsDir, 'errors'))).toEqual([name]);
    // The card stored after line 9's correction is kept.
    expect(storedCard(cardNumber(8))).toEqual({ balance_cents: 100 });
  });

  it('rewrites the error file a server stopped before rewriting when next used: never imported twice', async () => {
    const name = await cardReview();
    await correct(name, 3, { pin: '2222' }).expect(200);
    await correct(name, 5, { balance: '44.00' }).expect(200);

    // A server that stops right after the review marked the imported lines, before it rewrote
    // the error file.
    await importCorrectionsStoppingAt(name, 'afterCorrectionsMarked');
    expect(storedCard(cardNumber(4))).toEqual({ balance_cents: 4400 });

    // The server starts again over the same data folder; the first call is the file's download.
    const restarted = createApp({ db: t.store, config: t.config });
    const call = (url: string) => request(restarted).get(`/api${url}`).set(AUTH_HEADER, token);
    const errorLines = [
      'cardNumber|pin|balance|expiryDate|error',
      `${wrongSuffix(3)}|3333|30.00||line 4: ${SUFFIX_RULE}`,
      `${cardNumber(1)}|5555|55.00||line 6: cardNumber: appears again, first at line 2`,
      `${wrongSuffix(7)}|7777|70.00||line 8: ${SUFFIX_RULE}`,
      `${cardNumber(8)}|8888|x||line 9: ${BALANCE_RULE}`,
      '',
    ].join('\n');
    const downloaded = await call(IMPORT_PATHS.downloadFile(name)).buffer(true).expect(200);
    expect(downloaded.text).toBe(errorLines);
    const s = (await call(REVIEW_PATHS.review(GIFT, name)).expect(200)).body as ReviewSummary;
    expect([s.failingLines, s.fixedLines, s.importedLines]).toEqual([4, 0, 2]);
  });

  it('rewrites an owed error file when Files Uploaded first reads its review after a restart', async () => {
    const name = await cardReview();
    await correct(name, 3, { pin: '2222' }).expect(200);
    await importCorrectionsStoppingAt(name, 'afterCorrectionsMarked');

    const { recordsDir, importsDir, keysDir } = t.config;
    const again = ImportService.open({
      recordsDir,
      importsDir,
      keysDir,
      logger: pino({ level: 'silent' }),
    });
    try {
      expect(
        again.importedFiles(GIFT).map((f) => [f.fileName, f.outFileName, f.failingLines]),
      ).toEqual([
        ['cards.txt', name, 5],
        [correctionsFileName('cards.txt'), null, 0],
      ]);
      await again.reviews.idle();
      const text = await new Promise<string>((resolve, reject) => {
        const read = again.readErrorFile(name);
        if (read === undefined) {
          reject(new Error('no error file'));
          return;
        }
        const parts: Buffer[] = [];
        read.stream.on('data', (chunk: Buffer) => parts.push(chunk));
        read.stream.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        read.stream.on('error', reject);
      });
      expect(text.split('\n').map((line) => line.split('|').at(-1)?.split(':')[0])).toEqual([
        'error',
        'line 4',
        'line 5',
        'line 6',
        'line 8',
        'line 9',
        '',
      ]);
    } finally {
      await again.close();
    }
  });

  it('stays reachable from Files Uploaded while its fixed lines wait to be imported', async () => {
    const answer = await imported(
      'card',
      file(
        CARD_HEADER,
        `${cardNumber(41)}|4141|41.00|`,
        `${cardNumber(42)}|12|42.00|`,
        `${cardNumber(43)}|4343|x|`,
      ),
      'two-bad.txt',
    );
    const name = answer.outFileName;
    if (name === null) throw new Error('no error file');
    const entry = async () => {
      const found = (await listed()).find((f) => f.fileName === 'two-bad.txt');
      return [found?.outFileName, found?.failingLines, found?.fixedLines];
    };
    expect(await entry()).toEqual([name, 2, 0]);
    await correct(name, 3, { pin: '4242' }).expect(200);
    expect(await entry()).toEqual([name, 1, 1]);
    await correct(name, 4, { balance: '43.00' }).expect(200);
    // Every line fixed, none imported: the review is still offered, with its fixed lines.
    expect(await entry()).toEqual([name, 0, 2]);
    expect((await importCorrections(name).expect(200)).body).toMatchObject({
      insertedLines: 2,
      outFileName: null,
    });
    expect(await entry()).toEqual([null, 0, 0]);
  });
});

/**
 * The sample files of a scheme (GET giftSchemeFiles/samples/{kind}?programId=…&extension=…):
 * what the Stores & Devices step offers imports into the scheme it is offered on with no error
 * line. The scheme here is built with the test builders on a BIN that is not the demo one
 * (627182): a different BIN number, card length and extension length.
 */
import { readFile } from 'node:fs/promises';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  IMPORT_FILE_FIELD,
  IMPORT_KIND_PATHS,
  IMPORT_PATHS,
  IMPORT_SAMPLE_FILE,
  IMPORT_SERVER_MESSAGE,
  type ImportAnswer,
  type ImportKind,
  type SampleFileQuery,
  type UploadAnswer,
} from '@contracts/api/imports';
import { SCHEME_SERVER_MESSAGE } from '@contracts/api/schemes';
import { sampleFileOf } from '../../../server/imports/sample-files';
import { buildCardBin, buildLoyaltyConfig } from '../../support/builders';
import {
  createSchemeTestApp,
  expectError,
  TEST_SCHEMES,
  type SchemeTestApp,
} from '../schemes/core-test-app';

/** A master BIN unlike the demo's: 9 digits of BIN and extension, 19-digit cards. */
const BIN = buildCardBin({
  id: 41,
  number: '50123',
  name: 'Sample Test BIN',
  cardLength: 19,
  extensionLength: 4,
});
const LOYALTY = TEST_SCHEMES.loyalty.programId;
const STAND = '0007';
const VIRTUAL = '0009';
/** Configured on BIN with a standard and a virtual suffix, a 6-month term, balances 2-40. */
const CONFIG = buildLoyaltyConfig({
  programId: LOYALTY,
  liveCardBinId: BIN.id,
  suffixLength: BIN.extensionLength,
  suffixStand: STAND,
  suffixVirtual: VIRTUAL,
  expiryTerm: 6,
  loyaltyBalanceMin: 2,
  loyaltyBalanceMax: 40,
});
/** Without a configuration. */
const UNCONFIGURED = TEST_SCHEMES.gift.programId;

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });

let t: SchemeTestApp;
beforeEach(async () => {
  t = await createSchemeTestApp((data) => {
    data.cardBins.push(structuredClone(BIN));
    data.configurations = [structuredClone(CONFIG)];
  });
});
afterEach(async () => {
  await t.close();
});

/** The query is SampleFileQuery's, written as the client sends it. */
const sample = (kind: string, query: { [Name in keyof SampleFileQuery]?: string | number }) =>
  t.get(IMPORT_PATHS.sampleFile(kind)).query(query).buffer(true);

/** Uploads `text` to the scheme and imports it with the card fields the step pre-fills. */
async function importInto(kind: ImportKind, text: string, extension = STAND) {
  const uploadPath =
    kind === 'device' ? IMPORT_PATHS.uploadDevice(LOYALTY) : IMPORT_PATHS.upload(LOYALTY);
  const upload = await t
    .post(uploadPath)
    .attach(IMPORT_FILE_FIELD, Buffer.from(text), IMPORT_SAMPLE_FILE[kind])
    .expect(200);
  const card = { binNumber: BIN.number, extension, cardLength: BIN.cardLength };
  const answer = await t
    .post(IMPORT_KIND_PATHS[kind].process, {
      programId: LOYALTY,
      fileName: (upload.body as UploadAnswer).fileName,
      userFileName: IMPORT_SAMPLE_FILE[kind],
      ...(kind === 'card' ? card : {}),
    })
    .expect(200);
  return answer.body as ImportAnswer;
}

/** The data lines of a sample, split into fields by its header's names. */
function rowsOf(text: string): Record<string, string>[] {
  const [header = '', ...lines] = text.split('\n').filter((line) => line !== '');
  const names = header.split('|');
  return lines.map((line) => {
    const fields = line.split('|');
    return Object.fromEntries(names.map((name, index) => [name, fields[index] ?? '']));
  });
}

describe('the card sample of a scheme', () => {
  it('imports into the scheme with no failed line, where the plain sample fails every line', async () => {
    const plain = await readFile(sampleFileOf('card'), 'utf8');
    const plainAnswer = await importInto('card', plain);
    expect(plainAnswer.totalSuccessLines).toBe(0);
    expect(plainAnswer.totalErrorLines).toBeGreaterThan(0);

    const response = await sample('card', { programId: LOYALTY }).expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename=${IMPORT_SAMPLE_FILE.card}`,
    );
    const text = String(response.text);
    const answer = await importInto('card', text);
    expect(answer).toMatchObject({
      totalSuccessLines: plainAnswer.totalErrorLines,
      totalErrorLines: 0,
      outFileName: null,
    });
  });

  it("numbers its cards with the scheme's BIN and extension, within its balance range and expiry term", async () => {
    const before = new Date();
    const text = String((await sample('card', { programId: LOYALTY }).expect(200)).text);
    const after = new Date();
    // The plain sample's header and PINs; only what the scheme decides differs.
    const plain = await readFile(sampleFileOf('card'), 'utf8');
    expect(text.split('\n')[0]).toBe(plain.split('\n')[0]);
    expect(rowsOf(text).map((row) => row.pin)).toEqual(rowsOf(plain).map((row) => row.pin));
    const rows = rowsOf(text);
    expect(new Set(rows.map((row) => row.cardNumber)).size).toBe(rows.length);
    /** The last day of the month six months after `date`'s. */
    const termEnd = (date: Date) =>
      new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + CONFIG.expiryTerm + 1, 0))
        .toISOString()
        .slice(0, 10);
    for (const row of rows) {
      expect(row.cardNumber).toMatch(new RegExp(`^${BIN.number}${STAND}\\d{10}$`));
      expect(row.cardNumber).toHaveLength(BIN.cardLength);
      const balance = Number(row.balance);
      expect(balance).toBeGreaterThanOrEqual(CONFIG.loyaltyBalanceMin);
      expect(balance).toBeLessThanOrEqual(CONFIG.loyaltyBalanceMax);
      expect([termEnd(before), termEnd(after)]).toContain(row.expiryDate);
    }
  });

  it('uses the extension asked for, one of the configured suffixes', async () => {
    const text = String(
      (await sample('card', { programId: LOYALTY, extension: VIRTUAL }).expect(200)).text,
    );
    for (const row of rowsOf(text)) {
      expect(row.cardNumber?.startsWith(`${BIN.number}${VIRTUAL}`)).toBe(true);
    }
    const answer = await importInto('card', text, VIRTUAL);
    expect(answer).toMatchObject({ totalErrorLines: 0, outFileName: null });
  });

  it('refuses an unknown scheme, a scheme without a configuration and a suffix not configured', async () => {
    expectError(await sample('card', { programId: 999 }), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: SCHEME_SERVER_MESSAGE.schemeNotFound(999),
    });
    expectError(await sample('card', { programId: UNCONFIGURED }), 409, {
      errorCode: ERROR_CODE.CONFLICT,
      errorMessage: IMPORT_SERVER_MESSAGE.configureFirst,
    });
    expectError(
      await sample('card', { programId: LOYALTY, extension: '0008' }),
      400,
      invalid(`extension: ${IMPORT_SERVER_MESSAGE.extensionNotConfigured}`),
    );
    expectError(
      await sample('card', { programId: LOYALTY, extension: '7x' }),
      400,
      invalid(`extension: ${IMPORT_SERVER_MESSAGE.extensionDigits}`),
    );
    // A programId that is not an id is a field error like any other.
    const notAnId = await sample('card', { programId: 'one' });
    expect(notAnId.status).toBe(400);
    expect((notAnId.body as { errorMessage: string }).errorMessage).toMatch(/^programId: /);
  });

  it('takes an extension only for the card sample of a scheme', async () => {
    for (const [kind, query] of [
      ['card', { extension: STAND }],
      ['store', { programId: LOYALTY, extension: STAND }],
      ['device', { programId: LOYALTY, extension: STAND }],
    ] as const) {
      expectError(
        await sample(kind, query),
        400,
        invalid(`extension: ${IMPORT_SERVER_MESSAGE.sampleExtensionCardOnly}`),
      );
    }
  });
});

describe('the store and device samples of a scheme', () => {
  it('are the plain samples, and import into the scheme in turn with no failed line', async () => {
    for (const kind of ['store', 'device'] as const) {
      const text = String((await sample(kind, { programId: LOYALTY }).expect(200)).text);
      expect(text).toBe(await readFile(sampleFileOf(kind), 'utf8'));
      const answer = await importInto(kind, text);
      expect(answer).toMatchObject({ totalErrorLines: 0, outFileName: null });
      expect(answer.totalSuccessLines).toBeGreaterThan(0);
    }
    // A scheme without a configuration has them too (they depend on none of it).
    await sample('store', { programId: UNCONFIGURED }).expect(200);
  });
});

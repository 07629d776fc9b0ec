/**
 * The card, store and device file import calls over HTTP (03 §7 "Files and import", §3):
 * upload, process, progress, error file download and the summary's file list, through the
 * real app. The engine's line rules are engine.test.ts's; here: what a caller sees.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import type { EmbeddedList } from '@contracts/api/entities';
import {
  IMPORT_FILE_FIELD,
  IMPORT_KIND_PATHS,
  IMPORT_KINDS,
  IMPORT_PATHS,
  IMPORT_SAMPLE_FILE,
  IMPORT_SERVER_MESSAGE,
  type ImportAnswer,
  type ImportKind,
  type ImportProgress,
  type ImportRequest,
  type UploadAnswer,
} from '@contracts/api/imports';
import { SCHEME_PATHS, SCHEME_SERVER_MESSAGE, type UploadedFile } from '@contracts/api/schemes';
import { readHeader, sniffUpload } from '../../../server/imports/file-header';
import { fieldCountProblem } from '../../../server/imports/rules';
import { sampleFileOf } from '../../../server/imports/sample-files';
import { buildGiftConfig } from '../../support/builders';
import { createTestApp } from '../support/test-app';
import {
  createSchemeTestApp,
  expectError,
  TEST_SCHEMES,
  type SchemeTestApp,
} from '../schemes/core-test-app';

const GIFT = TEST_SCHEMES.gift.programId;
/** Loyalty scheme without a configuration. */
const UNCONFIGURED = TEST_SCHEMES.loyalty.programId;
const UNKNOWN_ID = 999;

/** Card BIN 1 of the test data: 627182, extension length 3; the gift scheme's suffixes. */
const BIN = '627182';
const SUFFIX = '001';
const CARD = { binNumber: BIN, extension: SUFFIX, cardLength: 16 } as const;
const cardNumber = (serial: number) => `${BIN}${SUFFIX}${String(serial).padStart(7, '0')}`;

const CARD_HEADER = 'cardNumber|pin|balance|expiryDate';
const STORE_HEADER = 'storeCode|storeName|address|city|postcode|countryCode';
const DEVICE_HEADER = 'deviceId|storeCode|deviceType|serialNumber|password';
const lines = (...all: string[]) => Buffer.from(`${all.join('\n')}\n`);

const GOOD_CARDS = lines(
  CARD_HEADER,
  `${cardNumber(1)}|1234|50.00|2030-12-31`,
  `${cardNumber(2)}|5678|20.50|`,
);
const MIXED_CARDS = lines(
  CARD_HEADER,
  `${cardNumber(1)}|1234|50.00|2030-12-31`,
  `${BIN}002${'0'.repeat(7)}|1234|50.00|2030-12-31`,
  `${cardNumber(3)}|12|50.00|2030-12-31`,
);
const STORES = lines(
  STORE_HEADER,
  'S001|Main Store|1 Test Street|Sydney|2000|au',
  'S 02|Bad Code|1 Test Street|Sydney|2000|AU',
);
const DEVICES = lines(DEVICE_HEADER, 'D-1|S001|POS|SN-1|secret123', 'D-2|NOPE|POS|SN-2|hidden456');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
const notFound = (errorMessage: string) => ({ errorCode: ERROR_CODE.NOT_FOUND, errorMessage });

describe('upload size cap (IMPORT_MAX_BYTES)', () => {
  it('answers 413 above the cap, nothing left; a file of exactly the cap is taken', async () => {
    const cap = 300;
    const t = await createTestApp({
      env: { IMPORT_MAX_BYTES: String(cap) },
      prepare: (data) => {
        data.programs = [structuredClone(TEST_SCHEMES.gift)];
      },
    });
    try {
      const { token } = await t.login();
      const send = (bytes: Buffer) =>
        request(t.app)
          .post(`/api${IMPORT_PATHS.upload(GIFT)}`)
          .set(AUTH_HEADER, token)
          .attach(IMPORT_FILE_FIELD, bytes, 'cards.txt');
      const line = `${cardNumber(1)}|1234|50.00|2030-12-31\n`;
      const fill = (size: number) =>
        Buffer.from(`${CARD_HEADER}\n${line.repeat(size)}`.slice(0, size));
      const uploadsDir = path.join(t.config.importsDir, 'uploads');
      const uploads = () => readdir(uploadsDir).catch(() => [] as string[]);

      expectError(await send(fill(cap + 1)), 413, {
        errorCode: ERROR_CODE.TOO_LARGE,
        errorMessage: IMPORT_SERVER_MESSAGE.tooLarge(cap),
      });
      // Far over the cap, and over the 64 KB checked before writing.
      expectError(await send(fill(200_000)), 413, {
        errorCode: ERROR_CODE.TOO_LARGE,
        errorMessage: IMPORT_SERVER_MESSAGE.tooLarge(cap),
      });
      expect(await uploads()).toEqual([]);
      const taken = await send(fill(cap)).expect(200);
      expect(await uploads()).toEqual([(taken.body as UploadAnswer).fileName]);
    } finally {
      await t.close();
    }
  });
});

describe('file import calls', () => {
  let t: SchemeTestApp;

  beforeEach(async () => {
    t = await createSchemeTestApp((data) => {
      data.configurations = [
        buildGiftConfig({ programId: GIFT, suffixStand: SUFFIX, suffixVirtual: '003' }),
      ];
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const uploadsDir = () => path.join(t.config.importsDir, 'uploads');
  const uploads = () => readdir(uploadsDir()).catch(() => [] as string[]);

  const upload = (programId: number | string, bytes: Buffer, name = 'cards.txt') =>
    t.post(IMPORT_PATHS.upload(programId)).attach(IMPORT_FILE_FIELD, bytes, name);
  const uploadDevices = (programId: number | string, bytes: Buffer, name = 'devices.txt') =>
    t.post(IMPORT_PATHS.uploadDevice(programId)).attach(IMPORT_FILE_FIELD, bytes, name);

  async function uploaded(kind: ImportKind, bytes: Buffer, programId = GIFT): Promise<string> {
    const response = await (kind === 'device' ? uploadDevices : upload)(programId, bytes);
    expect(response.status).toBe(200);
    return (response.body as UploadAnswer).fileName;
  }

  const body = (kind: ImportKind, fileName: string, overrides: Partial<ImportRequest> = {}) => ({
    programId: GIFT,
    fileName,
    userFileName: `${kind}s.txt`,
    ...(kind === 'card' ? CARD : {}),
    ...overrides,
  });
  const processFile = (kind: ImportKind, requestBody: object) =>
    t.post(IMPORT_KIND_PATHS[kind].process, requestBody);
  const progress = (kind: ImportKind, fileName: string) =>
    t.get(IMPORT_KIND_PATHS[kind].progress(fileName));

  async function imported(kind: ImportKind, bytes: Buffer): Promise<ImportAnswer> {
    const fileName = await uploaded(kind, bytes);
    const response = await processFile(kind, body(kind, fileName));
    expect(response.status).toBe(200);
    return response.body as ImportAnswer;
  }

  const listed = async (programId: number) =>
    (
      (await t.get(SCHEME_PATHS.uploadedFiles(programId)).expect(200)).body as EmbeddedList<
        'files',
        UploadedFile
      >
    )._embedded.files;

  describe('upload', () => {
    it('stores a card, a store and a device file under server-made names', async () => {
      const card = await upload(GIFT, GOOD_CARDS).expect(200);
      const store = await upload(GIFT, STORES, 'stores.txt').expect(200);
      const device = await uploadDevices(GIFT, DEVICES).expect(200);
      const names = [card, store, device].map((r) => (r.body as UploadAnswer).fileName);
      expect(new Set(names).size).toBe(3);
      for (const name of names) expect(name).toMatch(/^[0-9a-f-]{36}\.txt$/);
      expect((await uploads()).sort()).toEqual([...names].sort());
    });

    it('needs a token', async () => {
      const response = await request(t.app)
        .post(`/api${IMPORT_PATHS.upload(GIFT)}`)
        .attach(IMPORT_FILE_FIELD, GOOD_CARDS, 'cards.txt');
      expect(response.status).toBe(401);
      expect(await uploads()).toEqual([]);
    });

    it('answers 404 for an unknown scheme before reading the body', async () => {
      expectError(
        await upload(UNKNOWN_ID, GOOD_CARDS),
        404,
        notFound(SCHEME_SERVER_MESSAGE.schemeNotFound(UNKNOWN_ID)),
      );
      // A body announced at 10 MB of which only the start is ever sent: the answer comes anyway.
      const { token } = await t.login();
      const server = t.app.listen(0);
      try {
        const { port } = server.address() as AddressInfo;
        const status = await new Promise<number>((resolve, reject) => {
          const req = http.request({
            port,
            method: 'POST',
            path: `/api${IMPORT_PATHS.uploadDevice(UNKNOWN_ID)}`,
            headers: {
              [AUTH_HEADER]: token,
              'Content-Type': 'multipart/form-data; boundary=x',
              'Content-Length': String(10 * 1024 * 1024),
            },
          });
          req.on('response', (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
            req.destroy();
          });
          req.on('error', (error) => {
            if (!req.destroyed) reject(error);
          });
          req.write(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`);
        });
        expect(status).toBe(404);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      expect(await uploads()).toEqual([]);
    });

    it('answers 400 without a file, nothing stored', async () => {
      const noFile = invalid(IMPORT_SERVER_MESSAGE.noFile);
      expectError(await t.post(IMPORT_PATHS.upload(GIFT)).field('other', 'x'), 400, noFile);
      expectError(await t.post(IMPORT_PATHS.upload(GIFT), { file: 'x' }), 400, noFile);
      expectError(await t.post(IMPORT_PATHS.uploadDevice(GIFT)), 400, noFile);
      expect(await uploads()).toEqual([]);
    });

    it('refuses empty, binary and headerless files and the wrong kind with the reason, nothing stored', async () => {
      const reason = (bytes: Buffer, kinds: readonly ImportKind[]) => {
        const sniffed = sniffUpload(bytes, kinds);
        if (sniffed.ok) throw new Error('expected a refusal');
        return `${IMPORT_FILE_FIELD}: ${sniffed.reason}`;
      };
      const cardOrStore = ['card', 'store'] as const;
      await t.expectNothingWritten(async () => {
        expectError(
          await upload(GIFT, Buffer.alloc(0)),
          400,
          invalid(`${IMPORT_FILE_FIELD}: ${IMPORT_SERVER_MESSAGE.emptyFile}`),
        );
        expectError(
          await upload(GIFT, PNG, 'cards.png'),
          400,
          invalid(`${IMPORT_FILE_FIELD}: ${IMPORT_SERVER_MESSAGE.notText}`),
        );
        const headerless = lines('6271820010000001|1234|50.00|2030-12-31');
        const refused = await upload(GIFT, headerless);
        expectError(refused, 400, invalid(reason(headerless, cardOrStore)));
        expect((refused.body as { errorMessage: string }).errorMessage).toMatch(/header/i);
        // A device file on the card/store upload, a card file on the device upload.
        expectError(await upload(GIFT, DEVICES), 400, invalid(reason(DEVICES, cardOrStore)));
        expectError(
          await uploadDevices(GIFT, GOOD_CARDS),
          400,
          invalid(reason(GOOD_CARDS, ['device'])),
        );
        expectError(await uploadDevices(GIFT, PNG), 400, invalid(reason(PNG, ['device'])));
      });
      expect(await uploads()).toEqual([]);
    });

    it('removes the partial file when the client goes away mid-upload', async () => {
      const { token } = await t.login();
      const server = t.app.listen(0);
      try {
        const { port } = server.address() as AddressInfo;
        const req = http.request({
          port,
          method: 'POST',
          path: `/api${IMPORT_PATHS.upload(GIFT)}`,
          headers: {
            [AUTH_HEADER]: token,
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': String(10 * 1024 * 1024),
          },
        });
        req.on('error', () => undefined);
        req.write(
          `--x\r\nContent-Disposition: form-data; name="file"; filename="cards.txt"\r\n\r\n`,
        );
        req.write(`${CARD_HEADER}\n${`${cardNumber(1)}|1234|50.00|2030-12-31\n`.repeat(5000)}`);
        // Written on once the first 64 KB passed the check.
        while ((await uploads()).length === 0) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        req.destroy();
        while ((await uploads()).length > 0) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        expect(await uploads()).toEqual([]);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('records the user file name without its path parts, never as a path', async () => {
      const fileName = (
        (await upload(GIFT, GOOD_CARDS, '../../evil/..\\x/cards 1.txt').expect(200))
          .body as UploadAnswer
      ).fileName;
      expect(await uploads()).toEqual([fileName]);
      await processFile(
        'card',
        body('card', fileName, { userFileName: '../../evil/..\\x/cards 1.txt' }),
      ).expect(200);
      const [file] = await listed(GIFT);
      expect(file?.fileName).toBe('cards 1.txt');
    });

    it('records the user file name without control characters, C1 ones included', async () => {
      const fileName = ((await upload(GIFT, GOOD_CARDS).expect(200)).body as UploadAnswer).fileName;
      await processFile(
        'card',
        body('card', fileName, { userFileName: 'cards\t\u0000\u0085\u009b 2.txt' }),
      ).expect(200);
      const [file] = await listed(GIFT);
      expect(file?.fileName).toBe('cards 2.txt');
    });
  });

  describe('process and progress', () => {
    it('imports a card file: good lines kept, bad lines in the error file', async () => {
      const answer = await imported('card', MIXED_CARDS);
      expect(answer).toEqual({
        totalSuccessLines: 1,
        totalErrorLines: 2,
        outFileName: expect.stringMatching(/\.txt$/) as string,
        currentStep: 'completed',
        insertedLines: 1,
        replacedLines: 0,
      });
      const download = await t.get(IMPORT_PATHS.downloadFile(answer.outFileName ?? '')).expect(200);
      expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename=/);
      const errorLines = download.text.split(/\r?\n/).filter((line) => line !== '');
      expect(errorLines[0]).toBe(`${CARD_HEADER}|error`);
      expect(errorLines).toHaveLength(3);
      expect(errorLines[1]).toMatch(
        new RegExp(`^${BIN}002\\d{7}\\|1234\\|50.00\\|2030-12-31\\|line 3: cardNumber: `),
      );
      expect(errorLines[2]).toMatch(new RegExp(`^${cardNumber(3)}\\|12\\|.*\\|line 4: .*pin`));
    });

    it('imports an error file again as it is once its field-count line is corrected', async () => {
      const answer = await imported(
        'card',
        lines(CARD_HEADER, `${cardNumber(1)}|1234|50.00|2030-12-31`, `${cardNumber(2)}|5678|20.50`),
      );
      expect(answer).toMatchObject({ insertedLines: 1, totalErrorLines: 1 });
      const download = await t.get(IMPORT_PATHS.downloadFile(answer.outFileName ?? '')).expect(200);
      const reason = fieldCountProblem(4, 3);
      expect(download.text).toBe(
        `${CARD_HEADER}|error\n${cardNumber(2)}|5678|20.50|line 3: ${reason}\n`,
      );
      // The reason holds no field delimiter: the corrected line has the header's fields.
      const corrected = download.text.replace('|20.50|', '|20.50|2031-01-31|');
      expect(await imported('card', Buffer.from(corrected))).toMatchObject({
        insertedLines: 1,
        totalErrorLines: 0,
        outFileName: null,
      });
      // An error file holding the reason with its delimiter imports again as it is too.
      const piped = lines(
        `${CARD_HEADER}|error`,
        `${cardNumber(3)}|4321|30.00|2031-01-31|line 3: expected 4 fields separated by |, found 3`,
      );
      expect(await imported('card', piped)).toMatchObject({
        insertedLines: 1,
        totalErrorLines: 0,
      });
    });

    it('answers no error file when every line is good; a second import replaces', async () => {
      expect(await imported('card', GOOD_CARDS)).toEqual({
        totalSuccessLines: 2,
        totalErrorLines: 0,
        outFileName: null,
        currentStep: 'completed',
        insertedLines: 2,
        replacedLines: 0,
      });
      expect(await imported('card', GOOD_CARDS)).toMatchObject({
        insertedLines: 0,
        replacedLines: 2,
      });
    });

    it('imports stores, then devices of those stores; the password never shows', async () => {
      expect(await imported('store', STORES)).toMatchObject({
        totalSuccessLines: 1,
        totalErrorLines: 1,
        currentStep: 'completed',
      });
      const devices = await imported('device', DEVICES);
      expect(devices).toMatchObject({ totalSuccessLines: 1, totalErrorLines: 1 });
      const errorFile = await t
        .get(IMPORT_PATHS.downloadFile(devices.outFileName ?? ''))
        .expect(200);
      expect(errorFile.text).toContain('D-2|NOPE|POS|SN-2|***|line 3: storeCode: ');
      expect(errorFile.text).not.toContain('hidden456');
      expect(JSON.stringify(devices)).not.toContain('secret123');
    });

    it('refuses the wrong kind of file for the call', async () => {
      const stores = await uploaded('store', STORES);
      const refused = await processFile('card', body('card', stores));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errorCode: ERROR_CODE.VALIDATION });
      const cards = await uploaded('card', GOOD_CARDS);
      expect((await processFile('store', body('store', cards))).status).toBe(400);
      // The refused imports leave the uploads importable with the right call.
      await processFile('store', body('store', stores)).expect(200);
    });

    it('checks the card parameters against the scheme, naming the field', async () => {
      const fileName = await uploaded('card', GOOD_CARDS);
      const refusal = async (overrides: Record<string, unknown>) => {
        const response = await processFile('card', { ...body('card', fileName), ...overrides });
        return { status: response.status, body: response.body as unknown };
      };
      const refused = (message: string) => ({ status: 400, body: invalid(message) });
      expect(await refusal({ binNumber: '62718A' })).toEqual(
        refused(`binNumber: ${IMPORT_SERVER_MESSAGE.binNumberDigits}`),
      );
      expect(await refusal({ binNumber: '1234567890' })).toEqual(
        refused(`binNumber: ${IMPORT_SERVER_MESSAGE.binNumberDigits}`),
      );
      expect(await refusal({ binNumber: null })).toEqual(
        refused('binNumber: This field is required'),
      );
      expect(await refusal({ extension: '002' })).toEqual(
        refused("extension: Must be one of the scheme's configured suffixes"),
      );
      expect(await refusal({ extension: '1' })).toEqual(
        refused("extension: Must be one of the scheme's configured suffixes"),
      );
      for (const cardLength of [11, 20, 16.5]) {
        expect(await refusal({ cardLength })).toEqual(
          refused(`cardLength: ${IMPORT_SERVER_MESSAGE.cardLengthRange}`),
        );
      }
      expect(await refusal({ cardLength: '16' })).toEqual(refused('cardLength: Expected a number'));
      expect(await refusal({ unknown: 1 })).toEqual(refused('unknown: Unknown field'));
      // The virtual suffix is one of the scheme's too.
      expect((await refusal({ extension: '003' })).status).toBe(200);
    });

    it('refuses card fields on a store import and a card import of an unconfigured scheme', async () => {
      const stores = await uploaded('store', STORES);
      expectError(
        await processFile('store', body('store', stores, { binNumber: BIN })),
        400,
        invalid(`binNumber: ${IMPORT_SERVER_MESSAGE.cardFieldOnly}`),
      );
      const cards = await uploaded('card', GOOD_CARDS, UNCONFIGURED);
      expectError(
        await processFile('card', body('card', cards, { programId: UNCONFIGURED })),
        409,
        { errorCode: ERROR_CODE.CONFLICT, errorMessage: IMPORT_SERVER_MESSAGE.configureFirst },
      );
    });

    it('answers 404 for an unknown scheme, an unknown upload, another scheme’s upload and a traversal', async () => {
      const fileName = await uploaded('card', GOOD_CARDS);
      expectError(
        await processFile('card', body('card', fileName, { programId: UNKNOWN_ID })),
        404,
        notFound(SCHEME_SERVER_MESSAGE.schemeNotFound(UNKNOWN_ID)),
      );
      const unknown = `${randomUUID()}.txt`;
      expectError(
        await processFile('card', body('card', unknown)),
        404,
        notFound(IMPORT_SERVER_MESSAGE.uploadNotFound(unknown)),
      );
      expect(
        (await processFile('store', body('store', fileName, { programId: UNCONFIGURED }))).status,
      ).toBe(404);
      for (const traversal of [
        '../db.json',
        `../uploads/${fileName}`,
        '..%2Fdb.json',
        '/etc/passwd',
      ]) {
        expectError(
          await processFile('card', body('card', traversal)),
          404,
          notFound(IMPORT_SERVER_MESSAGE.uploadNotFound(traversal)),
        );
      }
      expect(await listed(GIFT)).toEqual([]);
    });

    it('shows progress while an import runs and after; the same file twice at once is 409', async () => {
      const count = 100_000;
      const big = [CARD_HEADER];
      for (let serial = 1; serial <= count; serial += 1) {
        big.push(`${cardNumber(serial)}|1234|10.00|2030-12-31`);
      }
      const fileName = await uploaded('card', lines(...big));
      const first = processFile('card', body('card', fileName)).then((response) => response);
      // Until the import has started, then while it runs.
      const running = async (): Promise<ImportProgress> => {
        for (;;) {
          const response = await progress('card', fileName);
          if (response.status === 200) {
            const step = (response.body as ImportProgress).currentStep;
            expect(step).not.toBe('failed');
            if (step !== 'uploaded') return response.body as ImportProgress;
          } else {
            expect(response.status).toBe(404);
          }
        }
      };
      // 100,000 lines take far longer than a poll: the import is seen while it runs.
      const seen = await running();
      expect(['validating', 'importing']).toContain(seen.currentStep);
      expect(seen.currentLine).toBeLessThanOrEqual(count);
      expect(seen.numErrorLines).toBe(0);
      expectError(await processFile('card', body('card', fileName)), 409, {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: `fileName: ${IMPORT_SERVER_MESSAGE.importRunning(fileName)}`,
      });
      const answer = (await first).body as ImportAnswer;
      expect(answer).toMatchObject({ totalSuccessLines: count, totalErrorLines: 0 });
      expect((await progress('card', fileName).expect(200)).body).toEqual({
        currentStep: 'completed',
        currentLine: count,
        totalLines: count,
        numErrorLines: 0,
      });
      // Progress of the other kinds' calls and of names that are not uploads.
      expect((await progress('store', `${randomUUID()}.txt`)).status).toBe(404);
      expectError(
        await progress('device', '..%2Fdb.json'),
        404,
        notFound(IMPORT_SERVER_MESSAGE.importNotFound('../db.json')),
      );
    });
  });

  describe('error file download', () => {
    it('serves only the server’s own error files', async () => {
      const { outFileName } = await imported('card', MIXED_CARDS);
      const upload = (await readdir(uploadsDir()))[0] ?? '';
      for (const name of [
        '..%2F..%2Fdb.json',
        '..%2fuploads%2f' + upload,
        '%2e%2e%2fdb.json',
        '..%5Cdb.json',
        'db.json',
        upload,
        `${randomUUID()}.errors.txt`,
        encodeURIComponent(`../errors/${outFileName ?? ''}`),
      ]) {
        expectError(
          await t.get(IMPORT_PATHS.downloadFile(name)),
          404,
          notFound(IMPORT_SERVER_MESSAGE.fileNotFound),
        );
      }
      await t.get(IMPORT_PATHS.downloadFile(outFileName ?? '')).expect(200);
    });
  });

  describe('sample files', () => {
    it.each(IMPORT_KINDS)(
      'serves the %s sample as a text attachment whose header is of its kind and that uploads as it is',
      async (kind) => {
        const response = await t.get(IMPORT_PATHS.sampleFile(kind)).buffer(true).expect(200);
        expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.headers['content-disposition']).toBe(
          `attachment; filename=${IMPORT_SAMPLE_FILE[kind]}`,
        );
        const text = String(response.text);
        expect(text).toBe(await readFile(sampleFileOf(kind), 'utf8'));
        // The header check the uploads go through takes it as this kind, and no other.
        const header = text.split('\n')[0] ?? '';
        expect(readHeader(header, [kind])).toMatchObject({ ok: true, kind });
        for (const other of IMPORT_KINDS.filter((each) => each !== kind)) {
          expect(readHeader(header, [other]).ok).toBe(false);
        }
        expect(text.split('\n').filter((line) => line !== '').length).toBeGreaterThan(1);
        const uploadedSample = await (kind === 'device' ? uploadDevices : upload)(
          GIFT,
          Buffer.from(text),
          IMPORT_SAMPLE_FILE[kind],
        );
        expect(uploadedSample.status).toBe(200);
      },
    );

    it('answers a range past its end or a failed precondition by its own status', async () => {
      const range = await t.get(IMPORT_PATHS.sampleFile('card')).set('Range', 'bytes=99999-');
      expectError(range, 416, {
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: ERROR_MESSAGE.rangeNotSatisfiable,
      });
      const precondition = await t
        .get(IMPORT_PATHS.sampleFile('card'))
        .set('If-Match', '"not-the-file"');
      expectError(precondition, 412, {
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: ERROR_MESSAGE.preconditionFailed,
      });
    });

    it('imports the card sample whole into a scheme numbered as the demo program is (BIN 627182, 001)', async () => {
      const fileName = await uploaded('card', await readFile(sampleFileOf('card')));
      const answer = (await processFile('card', body('card', fileName)).expect(200))
        .body as ImportAnswer;
      expect(answer).toMatchObject({ totalSuccessLines: 5, totalErrorLines: 0, outFileName: null });
    });

    it('needs a token', async () => {
      const response = await request(t.app).get(`/api${IMPORT_PATHS.sampleFile('card')}`);
      expect(response.status).toBe(401);
    });

    it('answers 404 for anything but a kind, never reading a path from the request', async () => {
      for (const [name, kind] of [
        ['cards', 'cards'],
        ['cards.txt', 'cards.txt'],
        ['..%2Fsamples%2Fcards.txt', '../samples/cards.txt'],
        ['..%2F..%2Fdb.json', '../../db.json'],
        ['CARD', 'CARD'],
      ]) {
        expectError(
          await t.get(IMPORT_PATHS.sampleFile(name ?? '')),
          404,
          notFound(IMPORT_SERVER_MESSAGE.sampleNotFound(kind ?? '')),
        );
      }
    });
  });

  describe('summary file list', () => {
    it("lists the program's completed imports with the user's file name and the import's end", async () => {
      expect(await listed(GIFT)).toEqual([]);
      const before = Math.floor(Date.now() / 1000);
      await imported('card', GOOD_CARDS);
      const stores = await uploaded('store', STORES);
      await processFile('store', body('store', stores, { userFileName: 'stores.txt' })).expect(200);
      // Uploaded but not imported: not listed.
      await uploaded('card', GOOD_CARDS);
      const after = Math.ceil(Date.now() / 1000);
      const files = await listed(GIFT);
      expect(files.map((file) => file.fileName)).toEqual(['cards.txt', 'stores.txt']);
      for (const file of files) {
        expect(file.createdDate).toBeGreaterThanOrEqual(before);
        expect(file.createdDate).toBeLessThanOrEqual(after);
      }
      expect(await listed(UNCONFIGURED)).toEqual([]);
    });
  });
});

/**
 * The import engine through ImportService: each kind's good and bad lines with the exact error
 * file, the file format's edge cases, all or nothing, recovery after a kill, concurrency.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pino from 'pino';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  IMPORT_LIMITS,
  IMPORT_SERVER_MESSAGE,
  type ImportAnswer,
  type ImportKind,
} from '@contracts/api/imports';
import { HttpError } from '../../../server/http/errors';
import { BATCH_LINES, INSERT_ROWS } from '../../../server/imports/engine';
import {
  ImportService,
  type CardImportParams,
  type ImportTestHooks,
} from '../../../server/imports/import-service';
import { isSealed, plainTextStream, writeImportFile } from '../../../server/imports/sealed-file';

const CARD_PARAMS: CardImportParams = { binNumber: '603599', extension: '01', cardLength: 16 };
const CARD_HEADER = 'cardNumber|pin|balance|expiryDate';
const STORE_HEADER = 'storeCode|storeName|address|city|postcode|countryCode';
const DEVICE_HEADER = 'deviceId|storeCode|deviceType|serialNumber|password';

let dir: string;
let service: ImportService;
const dirs = () => ({
  recordsDir: path.join(dir, 'records'),
  importsDir: path.join(dir, 'imports'),
  keysDir: path.join(dir, 'keys'),
});
const open = (testHooks?: ImportTestHooks) =>
  ImportService.open({ ...dirs(), logger: pino({ level: 'silent' }), testHooks });

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-test-'));
  service = open();
});
afterEach(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

/** Stores `content` as an upload of the program; returns its server name. */
async function upload(
  content: string | Buffer,
  kind: ImportKind,
  programId = 1,
  on: ImportService = service,
): Promise<string> {
  const fileName = on.newUploadName();
  // As the upload route writes it: sealed when its kind holds secrets.
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  await writeImportFile(path.join(on.uploadsDir, fileName), [bytes], on.uploadKeyFor(kind));
  await on.registerUpload({
    fileName,
    programId,
    userFileName: `${kind}s.txt`,
    kind,
    bytes: Buffer.byteLength(content),
    createdDate: 1_700_000_000,
  });
  return fileName;
}

async function run(
  kind: ImportKind,
  content: string | Buffer,
  programId = 1,
): Promise<{ answer: ImportAnswer; errors: string | undefined; fileName: string }> {
  const fileName = await upload(content, kind, programId);
  const answer = await service.process(kind, {
    programId,
    fileName,
    userFileName: `${kind}s.txt`,
    card: kind === 'card' ? CARD_PARAMS : undefined,
  });
  const file = answer.outFileName === null ? undefined : service.errorFile(answer.outFileName);
  return {
    answer,
    errors: file === undefined ? undefined : await plainText(file),
    fileName,
  };
}

/** An error file's text, read through decryption when it is sealed (a card import's). */
async function plainText(file: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of plainTextStream({ file, key: service.uploadKeyFor('card') })) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const lines = (...all: string[]) => `${all.join('\n')}\n`;

describe('card imports', () => {
  it('keeps good lines and writes every bad one, as it was, with its line and reasons', async () => {
    const { answer, errors, fileName } = await run(
      'card',
      lines(
        CARD_HEADER,
        '6035990100000011|1234|50.00|2030-12-31',
        '6035990200000011|12|abc|2030-02-30',
        '',
        '6035990100000029|5678|1.5|',
        '6035990100000011|9999|1.00|',
        '6035990100000037|1234|1.00',
        '123|1234|1.00|',
      ),
    );
    expect(answer).toEqual({
      totalSuccessLines: 2,
      totalErrorLines: 4,
      outFileName: expect.stringMatching(/\.errors\.txt$/) as string,
      currentStep: 'completed',
      insertedLines: 2,
      replacedLines: 0,
    });
    expect(errors).toBe(
      lines(
        `${CARD_HEADER}|error`,
        '6035990200000011|12|abc|2030-02-30|line 3: cardNumber: must be 16 digits starting with the BIN 603599 followed by the extension 01; pin: must be 4 to 8 digits; balance: must be an amount such as 25.00; expiryDate: must be a date written yyyy-MM-dd, or empty',
        '6035990100000011|9999|1.00||line 6: cardNumber: appears again, first at line 2',
        '6035990100000037|1234|1.00|line 7: expected 4 fields, found 3',
        '123|1234|1.00||line 8: cardNumber: must be 12 to 19 digits',
      ),
    );
    expect(service.progress('card', fileName)).toEqual({
      currentStep: 'completed',
      currentLine: 7,
      totalLines: 7,
      numErrorLines: 4,
    });
    const card = await service.cards.find(1, '6035990100000011');
    expect(card?.balanceCents).toBe(5000);
    expect(await service.cards.findWithPin(1, '6035990100000011', '1234')).toBeDefined();
    expect((await service.cards.find(1, '6035990100000029'))?.balanceCents).toBe(150);
    // The PINs of its lines are not on the disk in plain text: the file is sealed.
    const onDisk = await readFile(service.errorFile(answer.outFileName ?? '') ?? '');
    expect(isSealed(onDisk)).toBe(true);
    expect(onDisk.includes('6035990200000011|12|abc')).toBe(false);
    expect(service.importedFiles(1)).toEqual([
      {
        fileName: 'cards.txt',
        createdDate: 1_700_000_000,
        outFileName: answer.outFileName,
        failingLines: 4,
        fixedLines: 0,
      },
    ]);
  });

  it('reads CRLF, a BOM, columns in any order and case, and an error column it ignores', async () => {
    const text = `\uFEFFPIN|CardNumber|expirydate|BALANCE|error\r\n1234|6035990100000011|2030-12-31|5.00|line 9: old\r\n`;
    const { answer, errors } = await run('card', text);
    expect(answer).toMatchObject({ totalSuccessLines: 1, totalErrorLines: 0, outFileName: null });
    expect(errors).toBeUndefined();
    expect((await service.cards.find(1, '6035990100000011'))?.balanceCents).toBe(500);
  });

  it('an error file imports again as is, once corrected', async () => {
    const first = await run('card', lines(CARD_HEADER, '6035990100000011|12|5.00|'));
    expect(first.errors).toBe(
      lines(`${CARD_HEADER}|error`, '6035990100000011|12|5.00||line 2: pin: must be 4 to 8 digits'),
    );
    const fixed = (first.errors ?? '').replace('|12|', '|1212|');
    const second = await run('card', fixed);
    expect(second.answer).toMatchObject({ totalSuccessLines: 1, totalErrorLines: 0 });
  });

  it('refuses a 10,000-character line and quotes in numbers; a pipe always separates', async () => {
    const long = `6035990100000011|1234|1.00|${'x'.repeat(10_000)}`;
    const { answer, errors } = await run(
      'card',
      lines(CARD_HEADER, long, '"6035990100000029"|1234|1.00|', '6035990100000037|"12|34"|1.00|'),
    );
    expect(answer).toMatchObject({ totalSuccessLines: 0, totalErrorLines: 3 });
    expect(errors).toBe(
      lines(
        `${CARD_HEADER}|error`,
        `${long}|line 2: longer than 4096 characters`,
        '"6035990100000029"|1234|1.00||line 3: cardNumber: must be 12 to 19 digits',
        '6035990100000037|"12|34"|1.00||line 4: expected 4 fields, found 5',
      ),
    );
  });

  it('replaces cards imported before and counts inserted and replaced', async () => {
    await run('card', lines(CARD_HEADER, '6035990100000011|1234|1.00|'));
    const { answer } = await run(
      'card',
      lines(CARD_HEADER, '6035990100000011|4321|2.00|', '6035990100000029|1234|3.00|'),
    );
    expect(answer).toMatchObject({ totalSuccessLines: 2, insertedLines: 1, replacedLines: 1 });
    expect(await service.cards.findWithPin(1, '6035990100000011', '4321')).toBeDefined();
  });

  it('settles repeated and earlier keys in line order however long the file', async () => {
    // Lines are written in batches of BATCH_LINES, in INSERTs of INSERT_ROWS (engine.ts
    // BatchWriter): the keys below repeat within a statement, across statements, across batches
    // and after a replacement, and every answer must be as if line by line.
    const card = (n: number) => `60359901${String(n).padStart(8, '0')}`;
    await run('card', lines(CARD_HEADER, `${card(1)}|1111|1.00|`));
    const last = BATCH_LINES + 300;
    const data = Array.from({ length: last - 1 }, (_, index) => `${card(index + 100)}|1234|1.00|`);
    const line = (n: number, text: string) => {
      data[n - 2] = text; // data line n of the file (the header is line 1)
    };
    line(3, `${card(2)}|1234|2.00|`);
    line(5, `${card(2)}|1234|2.50|`); // again in the same batch
    line(10, `${card(1)}|2222|3.00|`); // replaces the first import's card
    line(60, `${card(3)}|1234|4.00|`);
    line(INSERT_ROWS + 70, `${card(3)}|1234|4.50|`); // again, in a later statement
    line(150, `${card(1)}|3333|5.00|`); // again after replacing it
    line(200, `${card(4)}|12ab|6.00|`); // a bad line between
    line(BATCH_LINES + 250, `${card(2)}|1234|7.00|`); // again, in the next batch
    const { answer, errors } = await run('card', lines(CARD_HEADER, ...data));
    expect(answer).toMatchObject({
      totalSuccessLines: last - 6,
      totalErrorLines: 5,
      insertedLines: last - 7,
      replacedLines: 1,
    });
    expect(errors).toBe(
      lines(
        `${CARD_HEADER}|error`,
        `${card(2)}|1234|2.50||line 5: cardNumber: appears again, first at line 3`,
        `${card(3)}|1234|4.50||line ${INSERT_ROWS + 70}: cardNumber: appears again, first at line 60`,
        `${card(1)}|3333|5.00||line 150: cardNumber: appears again, first at line 10`,
        `${card(4)}|12ab|6.00||line 200: pin: must be 4 to 8 digits`,
        `${card(2)}|1234|7.00||line ${BATCH_LINES + 250}: cardNumber: appears again, first at line 3`,
      ),
    );
    expect(await service.cards.findWithPin(1, card(1), '2222')).toBeDefined();
    expect(await service.cards.find(1, card(3))).toMatchObject({ balanceCents: 400 });
    expect(await service.cards.find(1, card(last + 98))).toMatchObject({ balanceCents: 100 });
  });

  it('is all or nothing: an import failing midway leaves no line and no error file', async () => {
    const failing = open({ failAfterLine: 2 });
    try {
      const fileName = await upload(
        lines(CARD_HEADER, '6035990100000011|1234|1.00|', 'bad', '6035990100000029|1234|1.00|'),
        'card',
        2,
        failing,
      );
      await expect(
        failing.process('card', { programId: 2, fileName, userFileName: 'c' }),
      ).rejects.toMatchObject({
        status: 500,
        errorCode: ERROR_CODE.INTERNAL,
        message: IMPORT_SERVER_MESSAGE.importFailed,
      });
      expect(await failing.cards.find(2, '6035990100000011')).toBeUndefined();
      expect(failing.progress('card', fileName).currentStep).toBe('failed');
      expect(await readdir(path.join(dirs().importsDir, 'errors'))).toEqual([]);
      expect(failing.importedFiles(2)).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});

describe('store and device imports', () => {
  it('imports stores, then devices whose store exists; passwords only sealed and masked', async () => {
    const stores = await run(
      'store',
      lines(
        `${STORE_HEADER}|latitude|longitude`,
        'S1|Main <b>|1 Road|Sydney|2000|au|-33.8|151.2',
        'S1|Main|1 Road|Sydney|2000|au|-33.8|151.2',
        'S 2|Two|2 Road|Perth|6000|AUS|91|0',
        'S3|Main\tStreet|3\u0085Road|Sydney|2000|au||',
      ),
    );
    expect(stores.answer).toMatchObject({ totalSuccessLines: 1, totalErrorLines: 3 });
    expect(stores.errors).toBe(
      lines(
        `${STORE_HEADER}|latitude|longitude|error`,
        'S1|Main <b>|1 Road|Sydney|2000|au|-33.8|151.2|line 2: storeName: must not contain < or >',
        'S 2|Two|2 Road|Perth|6000|AUS|91|0|line 4: storeCode: must be 1 to 20 letters or digits; countryCode: must be a two-letter country code such as AU; latitude: must be a number from -90 to 90',
        'S3|Main\tStreet|3\u0085Road|Sydney|2000|au|||line 5: storeName: must not contain control characters such as tabs; address: must not contain control characters such as tabs',
      ),
    );
    const devices = await run(
      'device',
      lines(
        DEVICE_HEADER,
        'POS-1|S1|Terminal|SN-1|secret-pass-1',
        'POS-2|S9|Terminal|SN-2|secret-pass-2',
        'POS-3|S1|Terminal|SN-3|no',
        'POS-4|S1|Terminal|secret-pass-4',
      ),
    );
    expect(devices.answer).toMatchObject({ totalSuccessLines: 1, totalErrorLines: 3 });
    expect(devices.errors).toBe(
      lines(
        `${DEVICE_HEADER}|error`,
        'POS-2|S9|Terminal|SN-2|***|line 3: storeCode: no store with this code was imported for the scheme',
        'POS-3|S1|Terminal|SN-3|***|line 4: password: must be 4 to 64 characters',
        '***|***|***|***|line 5: expected 5 fields, found 4',
      ),
    );
    await service.close();
    const db = new DatabaseSync(path.join(dirs().recordsDir, '1.sqlite'), { readOnly: true });
    try {
      expect(db.prepare('SELECT country_code FROM stores').all()).toEqual([{ country_code: 'AU' }]);
      expect(db.prepare('SELECT device_id FROM devices').all()).toEqual([{ device_id: 'POS-1' }]);
    } finally {
      db.close();
    }
    const bytes = Buffer.concat(
      await Promise.all(
        (await readdir(dirs().recordsDir)).map((n) => readFile(path.join(dirs().recordsDir, n))),
      ),
    );
    expect(bytes.includes(Buffer.from('secret-pass'))).toBe(false);
    service = open();
  });
});

describe('the service', () => {
  it('answers 404 for an unknown or foreign upload, 400 for the wrong kind', async () => {
    const fileName = await upload(lines(STORE_HEADER, 'S1|A|B|C|1|AU'), 'store', 1);
    const expectError = async (call: Promise<unknown>, status: number, code: number) => {
      const error: unknown = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status, errorCode: code });
    };
    await expectError(
      service.process('store', { programId: 2, fileName, userFileName: 'x' }),
      404,
      ERROR_CODE.NOT_FOUND,
    );
    await expectError(
      service.process('store', { programId: 1, fileName: '../1.sqlite', userFileName: 'x' }),
      404,
      ERROR_CODE.NOT_FOUND,
    );
    await expectError(
      service.process('card', { programId: 1, fileName, userFileName: 'x', card: CARD_PARAMS }),
      400,
      ERROR_CODE.VALIDATION,
    );
    expect(() => service.progress('card', fileName)).toThrow(HttpError);
    expect(service.progress('store', fileName).currentStep).toBe('uploaded');
    expect(service.errorFile('../records/1.sqlite')).toBeUndefined();
  });

  it('answers 409 for the same upload twice at once; runs two programs at once', async () => {
    const card = (n: number) => `60359901${String(n).padStart(8, '0')}|1234|1.00|`;
    const big = lines(CARD_HEADER, ...Array.from({ length: 20_000 }, (_, n) => card(n)));
    const one = await upload(big, 'card', 1);
    const two = await upload(big, 'card', 2);
    const first = service.process('card', {
      programId: 1,
      fileName: one,
      userFileName: 'a',
      card: CARD_PARAMS,
    });
    const second = service.process('card', {
      programId: 2,
      fileName: two,
      userFileName: 'b',
      card: CARD_PARAMS,
    });
    const again = service.process('card', {
      programId: 1,
      fileName: one,
      userFileName: 'a',
      card: CARD_PARAMS,
    });
    await expect(again).rejects.toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.insertedLines)).toEqual([20_000, 20_000]);
  });

  it('imports a card file with its PIN HMACs on a thread of their own as without one', async () => {
    // The same file into two programs: with the PIN hash thread (every card file gets one
    // here), and hashed on the import's thread (a file this small, by default). Repeated keys
    // across batches, bad lines and a replaced card must come out the same.
    const card = (n: number) => `60359901${String(n).padStart(8, '0')}`;
    const data = Array.from({ length: 5000 }, (_, n) => {
      if (n === 4321) return `${card(n)}|12ab|1.00|`;
      if (n % 700 === 699) return `${card(n - 650)}|${2000 + n}|2.00|`;
      return `${card(n)}|${1000 + (n % 9000)}|1.00|`;
    });
    const content = lines(CARD_HEADER, ...data);
    const outcomes: { answer: ImportAnswer; errors: string | undefined }[] = [];
    for (const [programId, hooks] of [
      [1, { pinHashThreadMinBytes: 0 }],
      [2, {}],
    ] as const) {
      await service.close();
      service = open(hooks);
      await run('card', lines(CARD_HEADER, `${card(1)}|9999|9.00|`), programId);
      const { answer, errors } = await run('card', content, programId);
      outcomes.push({ answer: { ...answer, outFileName: 'errors' }, errors });
      expect(await service.cards.findWithPin(programId, card(1), '1001')).toBeDefined();
      expect(await service.cards.findWithPin(programId, card(1), '9999')).toBeUndefined();
      for (const n of [0, 2500, 4999]) {
        expect(await service.cards.findWithPin(programId, card(n), String(1000 + n))).toBeDefined();
      }
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]?.answer).toMatchObject({
      totalSuccessLines: 4992,
      totalErrorLines: 8,
      insertedLines: 4991,
      replacedLines: 1,
    });
    expect(outcomes[0]?.errors).toContain(
      `${card(49)}|2699|2.00||line 701: cardNumber: appears again, first at line 51`,
    );
    expect(outcomes[0]?.errors).toContain(
      `${card(4321)}|12ab|1.00||line 4323: pin: must be 4 to 8 digits`,
    );
  });

  it("imports a file of long lines within the import thread's memory", async () => {
    // 4,000 lines of 20,000 characters (80 MB of text, all refused as too long) but a short good
    // line every 100: batches end at BATCH_CHARS, so the import thread's capped heap holds them.
    const long = 'x'.repeat(IMPORT_LIMITS.maxLineChars * 2);
    const card = (n: number) => `60359901${String(n).padStart(8, '0')}|1234|1.00|`;
    const data = Array.from({ length: 4000 }, (_, n) => (n % 100 === 0 ? card(n) : long));
    const { answer } = await run('card', lines(CARD_HEADER, ...data));
    expect(answer).toMatchObject({
      currentStep: 'completed',
      totalSuccessLines: 40,
      totalErrorLines: 3960,
    });
  });

  it('recovers an import killed midway: none of its lines, reported failed', async () => {
    const card = (n: number) => `60359901${String(n).padStart(8, '0')}|1234|1.00|`;
    const fileName = await upload(
      lines(CARD_HEADER, ...Array.from({ length: 50_000 }, (_, n) => card(n))),
      'card',
      3,
    );
    await service.close();
    const { recordsDir, importsDir, keysDir } = dirs();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(__dirname, 'support', 'import-child.ts'),
        recordsDir,
        importsDir,
        keysDir,
        '3',
        fileName,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Killed once it has imported some lines.
    for await (const line of createInterface({ input: child.stdout })) {
      const match = /^step importing (\d+)$/.exec(line);
      if (match !== null && Number(match[1]) > 50) {
        child.kill('SIGKILL');
        break;
      }
    }
    await exited;
    service = open();
    expect(service.progress('card', fileName)).toMatchObject({ currentStep: 'failed' });
    expect(await service.cards.find(3, '6035990100000001')).toBeUndefined();
    expect(await readdir(path.join(importsDir, 'errors'))).toEqual([]);
    const again = await service.process('card', {
      programId: 3,
      fileName,
      userFileName: 'big',
      card: CARD_PARAMS,
    });
    expect(again).toMatchObject({ currentStep: 'completed', insertedLines: 50_000 });
  });
});

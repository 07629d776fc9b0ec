/**
 * The review's store and its life beside the import service: a review goes with its import's
 * error file (swept past its retention), a line the corrections import refused goes back to
 * failing with the engine's reasons, and no PIN of a card line is on the disk in plain text.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pino from 'pino';
import { REVIEW_SERVER_MESSAGE } from '@contracts/api/import-review';
import { HttpError } from '../../../server/http/errors';
import { readKey, UPLOAD_KEY_FILE } from '../../../server/records/record-crypto';
import { ImportService, type CardImportParams } from '../../../server/imports/import-service';
import {
  parseErrorLine,
  ReviewStore,
  type LineChecker,
} from '../../../server/imports/review-store';
import { fieldCountProblem } from '../../../server/imports/rules';
import { writeImportFile } from '../../../server/imports/sealed-file';

const CARD_PARAMS: CardImportParams = { binNumber: '603599', extension: '01', cardLength: 16 };
const HOUR = 60 * 60 * 1000;
const PROGRAM = 1;
const SECRET_PIN = '80417';

let dir: string;
let service: ImportService;

/** The import service on the test's folder, uploads and error files kept 24 hours. */
const openService = () =>
  ImportService.open({
    recordsDir: path.join(dir, 'records'),
    importsDir: path.join(dir, 'imports'),
    keysDir: path.join(dir, 'keys'),
    logger: pino({ level: 'silent' }),
    fileRetentionMs: 24 * HOUR,
  });

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'review-store-test-'));
  service = openService();
});
afterEach(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

const card = (serial: number) => `60359901${String(serial).padStart(8, '0')}`;

/** Imports a sealed card file of `lines` (after its header) as the wizard does; its answer. */
async function importCardLines(lines: readonly string[]) {
  const fileName = service.newUploadName();
  await writeImportFile(
    path.join(service.uploadsDir, fileName),
    [Buffer.from(`cardNumber|pin|balance|expiryDate\n${lines.join('\n')}\n`)],
    service.uploadKeyFor('card'),
  );
  await service.registerUpload({
    fileName,
    programId: PROGRAM,
    userFileName: 'cards.txt',
    kind: 'card',
    bytes: 1,
    createdDate: 1_700_000_000,
  });
  return service.process('card', {
    programId: PROGRAM,
    fileName,
    userFileName: 'cards.txt',
    card: CARD_PARAMS,
  });
}

/** Imports a card file of one good line and two bad ones; answers its error file's name. */
async function importedWithErrors(): Promise<string> {
  const answer = await importCardLines([
    `${card(1)}|1234|10.00|2030-12-31`,
    `${card(2)}|${SECRET_PIN}|bad|`,
    `${card(3)}|${SECRET_PIN}|bad|`,
  ]);
  if (answer.outFileName === null) throw new Error('no error file');
  return answer.outFileName;
}

const reviewFile = (outFileName: string) =>
  ReviewStore.fileOf(path.join(dir, 'imports', 'reviews'), outFileName);

it('goes when the import\u2019s files are swept', async () => {
  const name = await importedWithErrors();
  expect(service.reviews.summary(PROGRAM, name).failingLines).toBe(2);
  expect(existsSync(reviewFile(name))).toBe(true);
  expect((await stat(reviewFile(name))).mode & 0o777).toBe(0o600);

  const now = Date.now();
  const old = new Date(now - 25 * HOUR);
  await utimes(path.join(service.errorsDir, name), old, old);
  await service.sweepFiles(now);

  expect(existsSync(reviewFile(name))).toBe(false);
  expect(() => service.reviews.summary(PROGRAM, name)).toThrow(
    new HttpError(404, 3, REVIEW_SERVER_MESSAGE.reviewNotFound),
  );
  expect(service.importedFiles(PROGRAM)).toEqual([
    {
      fileName: 'cards.txt',
      createdDate: 1_700_000_000,
      outFileName: null,
      failingLines: 0,
      fixedLines: 0,
    },
  ]);
});

it('keeps no PIN of a card line in plain text on the disk', async () => {
  const name = await importedWithErrors();
  service.reviews.correct(PROGRAM, name, 3, { balance: '5.00' });
  const reviews = path.join(dir, 'imports', 'reviews');
  const files = await readdir(reviews);
  expect(files.length).toBeGreaterThan(0);
  for (const entry of files) {
    expect((await readFile(path.join(reviews, entry))).includes(SECRET_PIN)).toBe(false);
  }
});

it('puts the lines the corrections import refused back to failing with its reasons', async () => {
  const name = await importedWithErrors();
  const file = reviewFile(name);
  service.reviews.summary(PROGRAM, name);
  const key = readKey(path.join(dir, 'keys'), UPLOAD_KEY_FILE);
  if (key === undefined) throw new Error('no upload key');
  // The review is closed by the service only when it is swept: a second handle reads the same.
  const store = ReviewStore.open(file, key);
  const checker: LineChecker = { check: () => [], keyStored: () => false };
  try {
    store.correct(3, new Map([[2, '1.00']]), checker);
    store.correct(4, new Map([[2, '2.00']]), checker);
    expect(store.beginImport('upload.txt')).toBe(2);
    expect([...store.correctionLines()]).toEqual([
      `${card(2)}|${SECRET_PIN}|1.00|`,
      `${card(3)}|${SECRET_PIN}|2.00|`,
    ]);
    // The corrections file's line 3 (its second data line: the review's line 4) was refused as
    // a duplicate of its line 2 (the review's line 3): the reason names the operator's line.
    store.finishImport(new Map([[3, ['cardNumber: appears again, first at line 2']]]));
    expect(store.statusCounts()).toEqual({ failing: 1, fixed: 0, imported: 1 });
    expect(store.line(4)).toMatchObject({
      status: 'failing',
      reasons: [{ field: 'cardNumber', text: 'cardNumber: appears again, first at line 3' }],
    });
    expect(store.counts().map((count) => count.text)).toEqual([
      'cardNumber: appears again in the file',
    ]);
    expect([...store.failingErrorLines()]).toEqual([
      `${card(3)}|${SECRET_PIN}|2.00||line 4: cardNumber: appears again, first at line 3`,
    ]);
  } finally {
    store.close();
  }
});

it('reads a field-count error line, and one whose reason held the field delimiter, alike', () => {
  const line = `${card(1)}|1234|10.00`;
  const expected = {
    line: 7,
    values: [card(1), '1234', '10.00', ''],
    problems: [fieldCountProblem(4, 3)],
    fieldCountOff: true,
  };
  expect(parseErrorLine(`${line}|line 7: ${fieldCountProblem(4, 3)}`, 4)).toEqual(expected);
  expect(parseErrorLine(`${line}|line 7: expected 4 fields separated by |, found 3`, 4)).toEqual(
    expected,
  );
});

it('migrates an older store: a card key kept in clear is digested, the piped reasons lose their |', async () => {
  const pin = '80417263';
  const answer = await importCardLines([`${pin}|10.00|2030-12-31`]);
  const name = answer.outFileName ?? '';
  expect(service.reviews.summary(PROGRAM, name).counts.map((c) => c.text)).toEqual([
    'expected 4 fields',
  ]);
  await service.close();
  // As a store of version 0 kept it: the whole line's key (its PIN) in clear, the reasons piped.
  const old = new DatabaseSync(reviewFile(name));
  old.exec(
    `PRAGMA user_version = 0; ALTER TABLE meta DROP COLUMN corrections_settled; UPDATE lines SET key = '${pin}', corrected = 1; UPDATE rules SET text = 'expected 4 fields separated by |'; UPDATE reasons SET text = 'expected 4 fields separated by |, found 3'`,
  );
  old.close();
  expect((await readFile(reviewFile(name))).includes(pin)).toBe(true);

  service = openService();
  const migrated = service.reviews.summary(PROGRAM, name);
  expect(migrated.counts.map((c) => c.text)).toEqual(['expected 4 fields']);
  expect(service.reviews.page(PROGRAM, name, { offset: 0, limit: 10 }).lines).toMatchObject([
    { line: 2, reasons: [{ text: fieldCountProblem(4, 3) }] },
  ]);
  const reviews = path.join(dir, 'imports', 'reviews');
  for (const entry of await readdir(reviews)) {
    expect((await readFile(path.join(reviews, entry))).includes(pin)).toBe(false);
  }
});

it('migrates a store that did not note its changes: kept a whole retention from then', async () => {
  const name = await importedWithErrors();
  service.reviews.correct(PROGRAM, name, 3, { balance: '5.00' });
  await service.close();
  // As a store of version 2 kept it: no time of its last change.
  const old = new DatabaseSync(reviewFile(name));
  old.exec('PRAGMA user_version = 2; ALTER TABLE meta DROP COLUMN changed_at');
  old.close();
  const errorFile = path.join(dir, 'imports', 'errors', name);
  const longAgo = new Date(Date.now() - 25 * HOUR);
  await utimes(errorFile, longAgo, longAgo);

  const before = Date.now();
  service = openService();
  await service.sweepFiles(before);
  expect(service.reviews.lastChange(name)).toBeGreaterThanOrEqual(before);
  expect(existsSync(errorFile)).toBe(true);
  expect(service.reviews.summary(PROGRAM, name).fixedLines).toBe(1);
});

it('migrates a store that did not note its error file owed a rewrite: one with lines imported is rewritten', async () => {
  const name = await importedWithErrors();
  const errorFile = path.join(service.errorsDir, name);
  const asImported = await readFile(errorFile);
  service.reviews.correct(PROGRAM, name, 3, { balance: '5.00' });
  await service.reviews.importCorrections(PROGRAM, name);
  await service.close();
  // As a store of version 3 kept it, its error file left as the import wrote it (the server
  // stopped before the rewrite).
  const old = new DatabaseSync(reviewFile(name));
  old.exec(
    'PRAGMA user_version = 3; ALTER TABLE meta DROP COLUMN version; ALTER TABLE meta DROP COLUMN error_file_owed; ALTER TABLE lines DROP COLUMN rev',
  );
  old.close();
  await writeFile(errorFile, asImported);

  service = openService();
  const errorLines = async () => {
    await service.reviews.rewritten(name);
    const read = service.readErrorFile(name);
    if (read === undefined) throw new Error('no error file');
    const parts: Buffer[] = [];
    for await (const chunk of read.stream) parts.push(chunk as Buffer);
    return Buffer.concat(parts)
      .toString('utf8')
      .split('\n')
      .map((line) => line.split('|').at(-1)?.split(':')[0]);
  };
  expect(await errorLines()).toEqual(['error', 'line 4', '']);
  expect(service.reviews.summary(PROGRAM, name)).toMatchObject({
    failingLines: 1,
    importedLines: 1,
  });
});

it('lists an import whose review cannot be read by its error lines, the others as they are', async () => {
  const name = await importedWithErrors();
  const other = await importedWithErrors();
  service.reviews.summary(PROGRAM, name);
  service.reviews.summary(PROGRAM, other);
  await service.close();
  // As a store of a newer build would be after going back to this one.
  const newer = new DatabaseSync(reviewFile(name));
  newer.exec('PRAGMA user_version = 99');
  newer.close();

  service = openService();
  const files = service.importedFiles(PROGRAM);
  expect(files.map((file) => [file.outFileName, file.failingLines, file.fixedLines])).toEqual([
    [name, 2, 0],
    [other, 2, 0],
  ]);
});

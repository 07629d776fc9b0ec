/**
 * Old uploads and error files are deleted (IMPORT_FILE_RETENTION_HOURS): a 512 MB card file
 * must not stay on the disk for ever. The import history stays; a deleted file answers as an
 * unknown one; only the service's own names are touched; a file being imported is kept.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { IMPORT_SERVER_MESSAGE } from '@contracts/api/imports';
import { ImportService, type CardImportParams } from '../../../server/imports/import-service';
import { writeImportFile } from '../../../server/imports/sealed-file';

const CARD_PARAMS: CardImportParams = { binNumber: '603599', extension: '01', cardLength: 16 };
const HOUR = 60 * 60 * 1000;
const RETENTION = 24 * HOUR;

let dir: string;
const services: ImportService[] = [];
const open = (fileRetentionMs?: number) => {
  const service = ImportService.open({
    recordsDir: path.join(dir, 'records'),
    importsDir: path.join(dir, 'imports'),
    keysDir: path.join(dir, 'keys'),
    logger: pino({ level: 'silent' }),
    fileRetentionMs,
  });
  services.push(service);
  return service;
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'retention-test-'));
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
  await rm(dir, { recursive: true, force: true });
});

/** A card upload of program 1 with one good and one bad line; returns its server name. */
async function cardUpload(service: ImportService, lines = 1): Promise<string> {
  const fileName = service.newUploadName();
  const good = Array.from(
    { length: lines },
    (_, n) => `60359901${String(n).padStart(8, '0')}|1234|10.00|2030-12-31`,
  );
  const content = ['cardNumber|pin|balance|expiryDate', ...good, '123|1234|10.00|2030-12-31'];
  await writeImportFile(
    path.join(service.uploadsDir, fileName),
    [Buffer.from(`${content.join('\n')}\n`)],
    service.uploadKeyFor('card'),
  );
  await service.registerUpload({
    fileName,
    programId: 1,
    userFileName: 'cards.txt',
    kind: 'card',
    bytes: 1,
    createdDate: 1_700_000_000,
  });
  return fileName;
}

const importCards = (service: ImportService, fileName: string, hold?: Int32Array) =>
  service.process('card', {
    programId: 1,
    fileName,
    userFileName: 'cards.txt',
    card: CARD_PARAMS,
    // The developer tools' stall: the import waits at line 1 while hold[0] is not 0.
    faults: hold === undefined ? undefined : { stallAtLine: 1, hold },
  });

/** Sets a file's times to `ageMs` before `now`. */
async function age(file: string, ageMs: number, now: number): Promise<void> {
  const when = new Date(now - ageMs);
  await utimes(file, when, when);
}

describe('old import files', () => {
  it('deletes uploads and error files past the retention, keeps newer ones and the history', async () => {
    const service = open(RETENTION);
    const now = Date.now();
    const old = await cardUpload(service);
    const answer = await importCards(service, old);
    const errorName = answer.outFileName ?? '';
    expect(service.errorFile(errorName)).toBeDefined();
    const recent = await cardUpload(service);
    await age(path.join(service.uploadsDir, old), RETENTION + HOUR, now);
    await age(path.join(service.errorsDir, errorName), RETENTION + HOUR, now);
    await age(path.join(service.uploadsDir, recent), RETENTION - HOUR, now);

    await expect(service.sweepFiles(now)).resolves.toBe(2);

    expect(existsSync(path.join(service.uploadsDir, old))).toBe(false);
    expect(service.errorFile(errorName)).toBeUndefined();
    expect(existsSync(path.join(service.uploadsDir, recent))).toBe(true);
    // The summary still lists the imported file.
    expect(service.importedFiles(1)).toEqual([
      expect.objectContaining({ fileName: 'cards.txt' }) as unknown,
    ]);
    // Processing the deleted upload answers as for an unknown upload.
    await expect(importCards(service, old)).rejects.toMatchObject({
      status: 404,
      message: IMPORT_SERVER_MESSAGE.uploadNotFound(old),
    });
  });

  it('touches only the names the service makes', async () => {
    const service = open(RETENTION);
    const now = Date.now();
    service.newUploadName(); // makes the folder
    const foreign = path.join(service.uploadsDir, 'notes.txt');
    await writeFile(foreign, 'kept');
    await age(foreign, RETENTION * 10, now);
    await expect(service.sweepFiles(now)).resolves.toBe(0);
    expect(existsSync(foreign)).toBe(true);
  });

  it('keeps everything when the retention is 0', async () => {
    const service = open(0);
    const now = Date.now();
    const fileName = await cardUpload(service);
    await age(path.join(service.uploadsDir, fileName), RETENTION * 100, now);
    await expect(service.sweepFiles(now)).resolves.toBe(0);
    expect(existsSync(path.join(service.uploadsDir, fileName))).toBe(true);
  });

  it('keeps the upload of an import that is running, however old', async () => {
    const service = open(RETENTION);
    const fileName = await cardUpload(service, 3);
    const upload = path.join(service.uploadsDir, fileName);
    const hold = new Int32Array(new SharedArrayBuffer(4));
    hold[0] = 1;
    const importing = importCards(service, fileName, hold);
    await age(upload, RETENTION * 2, Date.now());
    await expect(service.sweepFiles()).resolves.toBe(0);
    expect(existsSync(upload)).toBe(true);
    Atomics.store(hold, 0, 0);
    Atomics.notify(hold, 0);
    await expect(importing).resolves.toMatchObject({ totalSuccessLines: 3, totalErrorLines: 1 });
  });

  it('deletes old files when the service opens', async () => {
    const first = open();
    const fileName = await cardUpload(first);
    const upload = path.join(first.uploadsDir, fileName);
    await age(upload, RETENTION + HOUR, Date.now());
    await first.close();

    open(RETENTION);
    // The sweep at open runs in the background: wait for its outcome (no timing assumption).
    while (existsSync(upload)) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(existsSync(upload)).toBe(false);
  });
});

describe('an error file with a review', () => {
  const PROGRAM = 1;
  /** The bad line of cardUpload(service, 1): its card number is too short. */
  const BAD_LINE = 3;
  const goodCard = '6035990100000099';

  /** An import with one error line whose error file was written `RETENTION + HOUR` ago. */
  async function oldErrorFile(service: ImportService): Promise<string> {
    const answer = await importCards(service, await cardUpload(service));
    const name = answer.outFileName ?? '';
    expect(service.reviews.summary(PROGRAM, name).failingLines).toBe(1);
    await age(path.join(service.errorsDir, name), RETENTION + HOUR, Date.now());
    return name;
  }

  const lineStatus = (service: ImportService, name: string) =>
    service.reviews.page(PROGRAM, name, { offset: 0, limit: 10 }).lines.map((l) => l.status);

  it('is kept with its review a whole retention after a correction, then goes with it', async () => {
    const service = open(RETENTION);
    const name = await oldErrorFile(service);
    // Corrected now, the day after the import: acknowledged, so it must last.
    expect(service.reviews.correct(PROGRAM, name, BAD_LINE, { cardNumber: goodCard }).status).toBe(
      'fixed',
    );

    await service.sweepFiles(Date.now());
    expect(service.errorFile(name)).toBeDefined();
    expect(lineStatus(service, name)).toEqual(['fixed']);
    expect(service.importedFiles(PROGRAM)).toMatchObject([{ outFileName: name, fixedLines: 1 }]);

    // A retention after the correction, with nothing changed since: both go.
    await service.sweepFiles(Date.now() + RETENTION);
    expect(service.errorFile(name)).toBeUndefined();
    expect(() => service.reviews.summary(PROGRAM, name)).toThrow(
      expect.objectContaining({ status: 404 }) as Error,
    );
    const reviews = path.join(dir, 'imports', 'reviews');
    expect(existsSync(path.join(reviews, name.replace(/\.errors\.txt$/, '.sqlite')))).toBe(false);
  });

  it('counts a bulk correction as a change, read from the store after a restart', async () => {
    const first = open();
    const name = await oldErrorFile(first);
    expect(
      first.reviews.bulk(PROGRAM, name, undefined, 'cardNumber', { set: goodCard }),
    ).toMatchObject({ changed: 1, nowPassing: 1 });
    await first.close();

    // A new server over the same folders: the review is not open, its store tells its age.
    const service = open(RETENTION);
    await service.sweepFiles(Date.now());
    expect(service.errorFile(name)).toBeDefined();
    expect(lineStatus(service, name)).toEqual(['fixed']);
  });

  it('counts an import of its corrections as a change', async () => {
    const service = open(RETENTION);
    const answer = await importCards(service, await cardUpload(service));
    const name = answer.outFileName ?? '';
    service.reviews.correct(PROGRAM, name, BAD_LINE, { cardNumber: goodCard });
    const imported = await service.reviews.importCorrections(PROGRAM, name);
    expect(imported).toMatchObject({ totalSuccessLines: 1, outFileName: null });
    // The error file, rewritten by the import, as if written long ago: the review's change counts.
    await age(path.join(service.errorsDir, name), RETENTION + HOUR, Date.now());
    await service.sweepFiles(Date.now());
    expect(service.errorFile(name)).toBeDefined();
    expect(service.reviews.summary(PROGRAM, name).importedLines).toBe(1);
  });

  it('is aged by its own write alone while its review was never changed', async () => {
    const service = open(RETENTION);
    const name = await oldErrorFile(service);
    await service.sweepFiles(Date.now());
    expect(service.errorFile(name)).toBeUndefined();
  });
});

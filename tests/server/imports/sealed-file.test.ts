/**
 * Sealed import files (server/imports/sealed-file.ts) as the import reads them, and what the
 * import service deletes at open: uploads a crash left behind, and card or device files in plain
 * text.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { countDataLines, forEachDataLine } from '../../../server/imports/import-file';
import { ImportService } from '../../../server/imports/import-service';
import { isSealed, writeImportFile } from '../../../server/imports/sealed-file';

const DEVICE_HEADER = 'deviceId|storeCode|deviceType|serialNumber|password';
const STORE_HEADER = 'storeCode|storeName|address|city|postcode|countryCode';
const CARD_HEADER = 'cardNumber|pin|balance|expiryDate';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sealed-file-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The data lines of an import file as the import reads them. */
function dataLines(file: string, key?: Buffer): string[] {
  const lines: string[] = [];
  forEachDataLine(
    key === undefined ? file : { file, key },
    'device',
    () => undefined,
    (buffer, start, stop) => lines.push(buffer.toString('utf8', start, stop)),
  );
  return lines;
}

describe('sealed import files', () => {
  const key = randomBytes(32);
  const lines = Array.from({ length: 3000 }, (_, n) => `D-${n}|S1|POS|SN-${n}|secret-${n}`);
  const text = `${DEVICE_HEADER}\r\n${lines.join('\n')}\n`;
  /** In chunks of odd sizes, as an upload arrives. */
  const chunks = () => {
    const bytes = Buffer.from(text);
    const parts: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 4093) parts.push(bytes.subarray(at, at + 4093));
    return parts;
  };

  it('holds none of the plain text, and reads back line by line, counted alike', async () => {
    const file = path.join(dir, 'sealed.txt');
    await writeImportFile(file, chunks(), key);
    const bytes = await readFile(file);
    expect(isSealed(bytes)).toBe(true);
    expect(bytes.includes(Buffer.from('secret-1'))).toBe(false);
    expect(bytes.includes(Buffer.from(DEVICE_HEADER))).toBe(false);
    expect(dataLines(file, key)).toEqual(lines);
    expect(countDataLines({ file, key })).toBe(lines.length);
  });

  it('reads a plain file as it is, with or without a key', async () => {
    const file = path.join(dir, 'plain.txt');
    await writeImportFile(file, chunks(), undefined);
    expect(await readFile(file, 'utf8')).toBe(text);
    expect(dataLines(file)).toEqual(lines);
    expect(dataLines(file, key)).toEqual(lines);
  });

  it('refuses a sealed file altered, cut short, under another key or without one', async () => {
    const file = path.join(dir, 'sealed.txt');
    await writeImportFile(file, chunks(), key);
    const sealed = await readFile(file);
    expect(() => dataLines(file)).toThrow('The file is sealed and no key was given');
    expect(() => dataLines(file, randomBytes(32))).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 100] = (altered[altered.length - 100] ?? 0) ^ 1;
    await writeFile(file, altered);
    expect(() => dataLines(file, key)).toThrow();
    await writeFile(file, sealed.subarray(0, sealed.length - 1));
    expect(() => dataLines(file, key)).toThrow();
    await writeFile(file, sealed.subarray(0, 20));
    expect(() => dataLines(file, key)).toThrow('The sealed file is cut short');
  });
});

describe('the import service at open', () => {
  const dirs = () => ({
    recordsDir: path.join(dir, 'records'),
    importsDir: path.join(dir, 'imports'),
    keysDir: path.join(dir, 'keys'),
  });
  const open = (fileRetentionMs?: number) =>
    ImportService.open({ ...dirs(), logger: pino({ level: 'silent' }), fileRetentionMs });

  it('deletes uploads a crash left: card and device files in plain text, sealed and never registered, a sealed device file with an import; and an error file being rewritten', async () => {
    const first = open();
    const dataLines = [`D-1|S1|POS|SN-1|secret`];
    const write = async (kind: 'device' | 'store' | 'card', header: string, register: boolean) => {
      const fileName = first.newUploadName();
      const content = Buffer.from(`${[header, ...dataLines].join('\n')}\n`);
      await writeImportFile(
        path.join(first.uploadsDir, fileName),
        [content],
        first.uploadKeyFor(kind),
      );
      if (register) {
        await first.registerUpload({
          fileName,
          programId: 1,
          userFileName: `${kind}s.txt`,
          kind,
          bytes: content.length,
          createdDate: 1_700_000_000,
        });
      }
      return fileName;
    };
    const waiting = await write('device', DEVICE_HEADER, true);
    const unregistered = await write('device', DEVICE_HEADER, false);
    const imported = await write('device', DEVICE_HEADER, true);
    const store = await write('store', STORE_HEADER, true);
    const cards = await write('card', CARD_HEADER, true);
    const cardsUnregistered = await write('card', CARD_HEADER, false);
    // Imports that started (their rows written): a device upload's never ended, the process was
    // killed; a card upload stays, sealed, whether its import ended or not.
    await first.process('device', { programId: 1, fileName: imported, userFileName: 'd.txt' });
    await first.process('card', { programId: 1, fileName: cards, userFileName: 'c.txt' });
    await writeImportFile(
      path.join(first.uploadsDir, imported),
      [Buffer.from('kept after a crash')],
      first.uploadKeyFor('device'),
    );
    await first.close();
    const plain = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.txt`;
    await mkdir(first.uploadsDir, { recursive: true });
    await writeFile(path.join(first.uploadsDir, plain), `${DEVICE_HEADER}\nD-9|S1|POS|SN-9|pw\n`);
    const plainCards = `${'1'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.txt`;
    await writeFile(
      path.join(first.uploadsDir, plainCards),
      `${CARD_HEADER}\n6035990000000011|1234|1|\n`,
    );
    const other = 'notes.txt';
    await writeFile(path.join(first.uploadsDir, other), 'not an upload name: not touched');
    // An error file a review was rewriting when the process was killed: the rewrite goes, the
    // error file stays.
    const errorFile = `${'2'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.errors.txt`;
    await mkdir(first.errorsDir, { recursive: true });
    await writeFile(path.join(first.errorsDir, errorFile), `${CARD_HEADER}|error\n`);
    await writeFile(path.join(first.errorsDir, `${errorFile}.rewrite`), 'cut short');

    const second = open();
    try {
      expect((await readdir(second.uploadsDir)).sort()).toEqual(
        [other, store, waiting, cards].sort(),
      );
      expect([unregistered, cardsUnregistered]).not.toContain(waiting);
      const errorFiles = await readdir(second.errorsDir);
      expect(errorFiles).toContain(errorFile);
      expect(errorFiles).not.toContain(`${errorFile}.rewrite`);
    } finally {
      await second.close();
    }
  });

  it('deletes a plain upload no program registered, whole, cut off or empty, even with retention 0', async () => {
    const first = open();
    const stores = Buffer.from(`${STORE_HEADER}\nS1|Shop|1 Main St|Town|1000|AU\n`);
    const stored = async (content: Buffer, register: boolean) => {
      const fileName = first.newUploadName();
      await writeFile(path.join(first.uploadsDir, fileName), content);
      if (register) {
        await first.registerUpload({
          fileName,
          programId: 1,
          userFileName: 'stores.txt',
          kind: 'store',
          bytes: content.length,
          createdDate: 1_700_000_000,
        });
      }
      return fileName;
    };
    const registered = await stored(stores, true);
    // Killed between the write and the registration, midway through the write, right after the
    // file was created.
    await stored(stores, false);
    await stored(stores.subarray(0, 30), false);
    await stored(Buffer.alloc(0), false);
    await first.close();

    // 0 keeps uploads and error files: what never became an upload is not one of them.
    const second = open(0);
    try {
      expect(await readdir(second.uploadsDir)).toEqual([registered]);
    } finally {
      await second.close();
    }
  });

  it('keeps every upload when the programs\u2019 records cannot be read', async () => {
    const first = open();
    const fileName = first.newUploadName();
    await writeFile(path.join(first.uploadsDir, fileName), `${STORE_HEADER}\n`);
    await first.close();
    await mkdir(dirs().recordsDir, { recursive: true });
    await writeFile(path.join(dirs().recordsDir, '7.sqlite'), 'not a database');

    const second = open();
    try {
      expect(await readdir(second.uploadsDir)).toEqual([fileName]);
    } finally {
      await second.close();
    }
  });
});

/**
 * A records folder written by an earlier server opens, is migrated to the current schema, and
 * its cards, stores, devices and import history read back through the import service, at each
 * schema version a server wrote (PRAGMA user_version 1 and 2).
 *
 * The files are made here with raw SQL as those servers made them: the same SQLite file format
 * and settings (16 KiB pages, WAL), each version's schema as it shipped (frozen below, not taken
 * from records-db.ts, so a change there cannot quietly change what is checked), the PIN HMACs
 * and sealed passwords in their stored formats, computed here from the keys in the folder.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pino from 'pino';
import { IMPORT_COLUMNS, type ImportKind } from '@contracts/api/imports';
import { ImportService } from '../../../server/imports/import-service';
import { writeImportFile } from '../../../server/imports/sealed-file';
import {
  DEVICE_KEY_FILE,
  PIN_KEY_FILE,
  UPLOAD_KEY_FILE,
} from '../../../server/records/record-crypto';
import { programDbFile, SCHEMA_VERSION } from '../../../server/records/records-db';

const PROGRAM = 7;
const PIN_KEY = randomBytes(32);
const DEVICE_KEY = randomBytes(32);

const CARDS_TABLE = `CREATE TABLE cards (card_number TEXT PRIMARY KEY, pin_hash BLOB NOT NULL, balance_cents INTEGER NOT NULL, currency TEXT NOT NULL, expiry_date TEXT, status TEXT NOT NULL, import_id INTEGER NOT NULL, line INTEGER NOT NULL) WITHOUT ROWID;`;
const DEVICES_TABLE = `CREATE TABLE devices (device_id TEXT PRIMARY KEY, store_code TEXT NOT NULL, device_type TEXT NOT NULL, serial_number TEXT NOT NULL, password_sealed BLOB NOT NULL, import_id INTEGER NOT NULL, line INTEGER NOT NULL) WITHOUT ROWID;`;
const UPLOADS_AND_IMPORTS = `
CREATE TABLE uploads (file_name TEXT PRIMARY KEY, kind TEXT NOT NULL, user_file_name TEXT NOT NULL, bytes INTEGER NOT NULL, created_date INTEGER NOT NULL);
CREATE TABLE imports (id INTEGER PRIMARY KEY, file_name TEXT NOT NULL, kind TEXT NOT NULL, user_file_name TEXT NOT NULL, step TEXT NOT NULL, total_lines INTEGER NOT NULL DEFAULT 0, current_line INTEGER NOT NULL DEFAULT 0, error_lines INTEGER NOT NULL DEFAULT 0, inserted_lines INTEGER NOT NULL DEFAULT 0, replaced_lines INTEGER NOT NULL DEFAULT 0, out_file_name TEXT, message TEXT, started_at INTEGER NOT NULL, ended_at INTEGER);
CREATE INDEX imports_by_file ON imports (file_name, id);`;

/** Each schema version as the servers that wrote it created it. */
const SCHEMAS: Record<1 | 2, string> = {
  1: `${CARDS_TABLE}
CREATE TABLE stores (store_code TEXT PRIMARY KEY, store_name TEXT NOT NULL, address TEXT NOT NULL, city TEXT NOT NULL, postcode TEXT NOT NULL, country_code TEXT NOT NULL, suburb TEXT, state TEXT, phone TEXT, latitude REAL, longitude REAL, import_id INTEGER NOT NULL, line INTEGER NOT NULL) WITHOUT ROWID;
${DEVICES_TABLE}
${UPLOADS_AND_IMPORTS}`,
  2: `${CARDS_TABLE}
CREATE TABLE stores (id INTEGER PRIMARY KEY, store_code TEXT NOT NULL UNIQUE, store_name TEXT NOT NULL, address TEXT NOT NULL, city TEXT NOT NULL, postcode TEXT NOT NULL, country_code TEXT NOT NULL, suburb TEXT, state TEXT, phone TEXT, latitude REAL, longitude REAL, import_id INTEGER NOT NULL, line INTEGER NOT NULL);
${DEVICES_TABLE}
${UPLOADS_AND_IMPORTS}
CREATE VIRTUAL TABLE stores_search USING fts5(store_name, city, postcode, content='stores', content_rowid='id', tokenize='unicode61 remove_diacritics 2', detail=none);
CREATE TABLE stores_search_state (id INTEGER PRIMARY KEY CHECK (id = 1), indexed_through INTEGER NOT NULL);
INSERT INTO stores_search_state VALUES (1, 0);
CREATE TABLE stores_unindexed (id INTEGER PRIMARY KEY, store_name TEXT, city TEXT, postcode TEXT);
CREATE TRIGGER stores_updated AFTER UPDATE OF store_name, city, postcode ON stores
WHEN old.id <= (SELECT indexed_through FROM stores_search_state)
  AND (old.store_name IS NOT new.store_name OR old.city IS NOT new.city OR old.postcode IS NOT new.postcode)
BEGIN
  INSERT OR IGNORE INTO stores_unindexed VALUES (old.id, old.store_name, old.city, old.postcode);
END;
CREATE TRIGGER stores_deleted AFTER DELETE ON stores
WHEN old.id <= (SELECT indexed_through FROM stores_search_state)
BEGIN
  INSERT OR IGNORE INTO stores_unindexed VALUES (old.id, old.store_name, old.city, old.postcode);
END;
CREATE TRIGGER stores_indexed_on_import AFTER UPDATE OF step ON imports
WHEN new.step = 'completed' AND old.step IS NOT 'completed'
BEGIN
INSERT INTO stores_search (stores_search, rowid, store_name, city, postcode)
  SELECT 'delete', id, store_name, city, postcode FROM stores_unindexed;
INSERT INTO stores_search (rowid, store_name, city, postcode)
  SELECT s.id, s.store_name, s.city, s.postcode FROM stores_unindexed u JOIN stores s ON s.id = u.id;
DELETE FROM stores_unindexed;
INSERT INTO stores_search (rowid, store_name, city, postcode)
  SELECT id, store_name, city, postcode FROM stores
  WHERE id > (SELECT indexed_through FROM stores_search_state);
UPDATE stores_search_state SET indexed_through = (SELECT coalesce(max(id), 0) FROM stores);
END;`,
};

/** The stores' search index as a version 2 server left it after an import: complete. */
const INDEX_ALL_STORES = `
INSERT INTO stores_search (rowid, store_name, city, postcode) SELECT id, store_name, city, postcode FROM stores;
UPDATE stores_search_state SET indexed_through = (SELECT max(id) FROM stores);`;

const CARD = {
  number: '6035990100000011',
  pin: '4321',
  balanceCents: 2550,
  currency: 'AUD',
  expiry: '2030-12-31',
};
const STORES = [
  ['HB1', 'Harbour Café', '1 Quay St', 'Sydney', '2000'],
  ['HB2', 'Hill Bakery', '2 Main Rd', 'Hobart', '7000'],
] as const;
const DEVICE = {
  id: 'POS-1',
  store: 'HB1',
  type: 'Terminal',
  serial: 'SN-1',
  password: 'old-p4ss',
};

/** AES-256-GCM as the records keep a device password: iv (12) | tag (16) | ciphertext. */
function seal(plain: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', DEVICE_KEY, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function unseal(sealed: Uint8Array): string {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', DEVICE_KEY, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** The folders of a server that ran at `version`: keys, and one program's records file. */
function writeOldFolders(root: string, version: 1 | 2): void {
  const keysDir = path.join(root, 'keys');
  mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(keysDir, PIN_KEY_FILE), `${PIN_KEY.toString('hex')}\n`, { mode: 0o600 });
  writeFileSync(path.join(keysDir, DEVICE_KEY_FILE), `${DEVICE_KEY.toString('hex')}\n`, {
    mode: 0o600,
  });
  writeFileSync(path.join(keysDir, UPLOAD_KEY_FILE), `${randomBytes(32).toString('hex')}\n`, {
    mode: 0o600,
  });
  const recordsDir = path.join(root, 'records');
  mkdirSync(recordsDir, { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(programDbFile(recordsDir, PROGRAM));
  try {
    db.exec('PRAGMA page_size = 16384; PRAGMA journal_mode = WAL;');
    db.exec(SCHEMAS[version]);
    const pinHash = createHmac('sha256', PIN_KEY).update(`${CARD.number}:${CARD.pin}`).digest();
    db.prepare("INSERT INTO cards VALUES (?, ?, ?, ?, ?, 'active', 1, 2)").run(
      CARD.number,
      pinHash,
      CARD.balanceCents,
      CARD.currency,
      CARD.expiry,
    );
    const store = db.prepare(
      "INSERT INTO stores (store_code, store_name, address, city, postcode, country_code, import_id, line) VALUES (?, ?, ?, ?, ?, 'AU', 2, ?)",
    );
    STORES.forEach((s, index) => store.run(...s, index + 2));
    if (version === 2) db.exec(INDEX_ALL_STORES);
    db.prepare('INSERT INTO devices VALUES (?, ?, ?, ?, ?, 3, 2)').run(
      DEVICE.id,
      DEVICE.store,
      DEVICE.type,
      DEVICE.serial,
      seal(DEVICE.password),
    );
    const uploadName = 'b1f3c0de-0000-4000-8000-000000000001.txt';
    db.prepare("INSERT INTO uploads VALUES (?, 'card', 'cards-2024.txt', 120, 1700000000)").run(
      uploadName,
    );
    db.prepare(
      "INSERT INTO imports (id, file_name, kind, user_file_name, step, total_lines, current_line, inserted_lines, started_at, ended_at) VALUES (1, ?, 'card', 'cards-2024.txt', 'completed', 1, 1, 1, 1700000001, 1700000002)",
    ).run(uploadName);
    db.exec(`PRAGMA user_version = ${version}`);
  } finally {
    db.close();
  }
}

describe.each([1, 2] as const)(
  'a records folder a server wrote at schema version %i',
  (version) => {
    let root: string;
    let service: ImportService;

    beforeEach(async () => {
      root = await mkdtemp(path.join(os.tmpdir(), `records-v${version}-`));
      writeOldFolders(root, version);
      service = ImportService.open({
        recordsDir: path.join(root, 'records'),
        importsDir: path.join(root, 'imports'),
        keysDir: path.join(root, 'keys'),
        logger: pino({ level: 'silent' }),
      });
    });
    afterEach(async () => {
      await service.close();
      await rm(root, { recursive: true, force: true });
    });

    it('opens at the current schema with its cards, stores and import history', async () => {
      expect(await service.cards.findWithPin(PROGRAM, CARD.number, CARD.pin)).toMatchObject({
        cardNumber: CARD.number,
        balanceCents: CARD.balanceCents,
        currency: CARD.currency,
        expiryDate: CARD.expiry,
        status: 'active',
      });
      expect(await service.cards.findWithPin(PROGRAM, CARD.number, '9999')).toBeUndefined();

      const found = service.stores.search(PROGRAM, { q: 'harb syd', page: 1, size: 10 });
      expect(found.stores.map((store) => [store.storeCode, store.storeName])).toEqual([
        ['HB1', 'Harbour Café'],
      ]);
      const all = service.stores.search(PROGRAM, { page: 1, size: 10 });
      expect(all.stores.map((store) => store.storeCode)).toEqual(['HB1', 'HB2']);
      expect(all.total).toBe(2);

      expect(service.importedFiles(PROGRAM)).toEqual([
        {
          fileName: 'cards-2024.txt',
          createdDate: 1_700_000_000,
          outFileName: null,
          failingLines: 0,
          fixedLines: 0,
        },
      ]);

      const db = new DatabaseSync(programDbFile(path.join(root, 'records'), PROGRAM), {
        readOnly: true,
      });
      try {
        expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
        expect(db.prepare('PRAGMA page_size').get()).toEqual({ page_size: 16_384 });
        const device = db
          .prepare('SELECT device_id, store_code, password_sealed FROM devices')
          .get() as { device_id: string; store_code: string; password_sealed: Uint8Array };
        expect([device.device_id, device.store_code]).toEqual([DEVICE.id, DEVICE.store]);
        expect(unseal(device.password_sealed)).toBe(DEVICE.password);
      } finally {
        db.close();
      }
    });

    it('takes new imports on top: a device file replaces the stored device, a store search finds new stores', async () => {
      const importFile = async (kind: ImportKind, rows: readonly string[]) => {
        const fileName = service.newUploadName();
        const header = IMPORT_COLUMNS[kind].filter((column) => column.required);
        const content = [header.map((column) => column.name).join('|'), ...rows, ''].join('\n');
        await writeImportFile(
          path.join(service.uploadsDir, fileName),
          [Buffer.from(content)],
          service.uploadKeyFor(kind),
        );
        await service.registerUpload({
          fileName,
          programId: PROGRAM,
          userFileName: `${kind}s.txt`,
          kind,
          bytes: Buffer.byteLength(content),
          createdDate: 1_800_000_000,
        });
        return service.process(kind, {
          programId: PROGRAM,
          fileName,
          userFileName: `${kind}s.txt`,
        });
      };

      // The stored store HB1 is what the device line names, and POS-1 is there already.
      expect(await importFile('device', ['POS-1|HB1|Terminal|SN-9|new-p4ss'])).toMatchObject({
        currentStep: 'completed',
        insertedLines: 0,
        replacedLines: 1,
      });
      expect(
        await importFile('store', ['HB3|Harbour Deli|3 Quay St|Sydney|2000|AU']),
      ).toMatchObject({ currentStep: 'completed', insertedLines: 1 });
      const found = service.stores.search(PROGRAM, { q: 'harbour', page: 1, size: 10 });
      expect(found.stores.map((store) => store.storeCode)).toEqual(['HB1', 'HB3']);
      expect(service.importedFiles(PROGRAM).map((file) => file.fileName)).toEqual([
        'cards-2024.txt',
        'devices.txt',
        'stores.txt',
      ]);
      // The folder keeps its layout: the program's file (WAL) and nothing else.
      expect(
        (await readdir(path.join(root, 'records'))).filter((name) => !/-(wal|shm)$/.test(name)),
      ).toEqual([`${PROGRAM}.sqlite`]);
    });
  },
);

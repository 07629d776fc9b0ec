/**
 * The records store: one SQLite file per program, `<recordsDir>/<programId>.sqlite` (WAL), so
 * imports of different programs never wait on each other. Schema versioned by PRAGMA
 * user_version (SCHEMA below; a newer file than this code knows stops the open).
 *
 *   cards    imported gift cards (PIN as an HMAC only)
 *   stores   imported stores, keyed by store code (rowid `id`: import order, the search's key)
 *   stores_search, stores_search_state, stores_unindexed  the store search's word index
 *   devices  imported devices (password AES-256-GCM sealed only)
 *   uploads  files uploaded for the program (server-made name, kind from the header)
 *   imports  one row per import of an upload: step, counts, error file
 *
 * Each record keeps the import that wrote it and its line there (import_id, line): a key met
 * twice in one file is found by that, without holding every key of the file in memory.
 *
 * Opening a program's file in a process the first time recovers it: imports left in validating
 * or importing (the server stopped during them; their transaction never committed, so none of
 * their lines are visible) become failed.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  DatabaseSync,
  type SQLInputValue,
  type SQLOutputValue,
  type StatementSync,
} from 'node:sqlite';
import { IMPORT_SERVER_MESSAGE } from '@contracts/api/imports';

export type Db = DatabaseSync;
export type Statement = StatementSync;

/**
 * Runs `work` in one write transaction and commits it, or rolls it back when `work` throws.
 * BEGIN IMMEDIATE takes the write lock first, so a file another connection is writing waits
 * (busy_timeout) or fails at the start, never midway.
 */
export function inWriteTransaction<T>(db: Db, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** The first column of a statement's first row (undefined: no row). */
export function firstValue(
  statement: Statement,
  ...params: SQLInputValue[]
): SQLOutputValue | undefined {
  const row = statement.get(...params);
  return row === undefined ? undefined : Object.values(row)[0];
}

/** The value of a PRAGMA that answers one (`user_version`). */
export function pragmaValue(db: Db, pragma: string): SQLOutputValue | undefined {
  return firstValue(db.prepare(`PRAGMA ${pragma}`));
}

/** True for SQLite's "database is locked" (SQLITE_BUSY, or one of its extended codes). */
export function isBusyError(error: unknown): boolean {
  const SQLITE_BUSY = 5;
  return (
    typeof error === 'object' &&
    error !== null &&
    'errcode' in error &&
    typeof error.errcode === 'number' &&
    (error.errcode & 0xff) === SQLITE_BUSY
  );
}

export const SCHEMA_VERSION = 3;

/**
 * Version 3: an import keeps the card parameters it ran with (its BIN, extension and card
 * length), so the review of its error lines re-checks them with the import's own rules.
 */
const MIGRATE_2_TO_3 = `
ALTER TABLE imports ADD COLUMN card_bin TEXT;
ALTER TABLE imports ADD COLUMN card_extension TEXT;
ALTER TABLE imports ADD COLUMN card_length INTEGER;`;

/**
 * Version 2: stores get a rowid (`id`, for the search index; the store code stays unique).
 * Version 1 had `store_code TEXT PRIMARY KEY ... WITHOUT ROWID` and no search index.
 */
const STORES_TABLE = `CREATE TABLE stores (
  id INTEGER PRIMARY KEY,
  store_code TEXT NOT NULL UNIQUE,
  store_name TEXT NOT NULL,
  address TEXT NOT NULL,
  city TEXT NOT NULL,
  postcode TEXT NOT NULL,
  country_code TEXT NOT NULL,
  suburb TEXT,
  state TEXT,
  phone TEXT,
  latitude REAL,
  longitude REAL,
  import_id INTEGER NOT NULL,
  line INTEGER NOT NULL
);`;

/**
 * Brings the search index up to date with `stores`, all at once: the index entries of indexed
 * stores changed or removed since the last call are dropped (their old values, as indexed) and
 * their current values added, then the stores added since (ids above `indexed_through`) are
 * indexed in one statement.
 */
export const INDEX_UNINDEXED_STORES = `
INSERT INTO stores_search (stores_search, rowid, store_name, city, postcode)
  SELECT 'delete', id, store_name, city, postcode FROM stores_unindexed;
INSERT INTO stores_search (rowid, store_name, city, postcode)
  SELECT s.id, s.store_name, s.city, s.postcode FROM stores_unindexed u JOIN stores s ON s.id = u.id;
DELETE FROM stores_unindexed;
INSERT INTO stores_search (rowid, store_name, city, postcode)
  SELECT id, store_name, city, postcode FROM stores
  WHERE id > (SELECT indexed_through FROM stores_search_state);
UPDATE stores_search_state SET indexed_through = (SELECT coalesce(max(id), 0) FROM stores);`;

/**
 * The store search (store-search.ts): an FTS5 word index of name, city and postcode over
 * `stores` (external content, no copy of the text; unicode61 folds case and diacritics;
 * detail=none: words only, the smallest and fastest to write).
 *
 * Kept in step by triggers, but never row by row on insert: an FTS5 write in a trigger flushes
 * the index at every statement (one index segment per store line: a 100,000-line import took 10
 * times as long), and even a trigger that only notes the row makes every insert keep a statement
 * journal (3 times as long). So new stores (rowids above `indexed_through`) are indexed by range
 * when the import moves to 'completed', in the import's own transaction; triggers fire only when
 * an already indexed store changes its name, city or postcode or goes (a re-import), noting its
 * old values in `stores_unindexed`. Writers outside the engine run INDEX_UNINDEXED_STORES
 * themselves in their transaction (store-search.ts putStores).
 */
const STORE_SEARCH_SCHEMA = `
CREATE VIRTUAL TABLE stores_search USING fts5(
  store_name, city, postcode,
  content='stores', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2', detail=none
);
CREATE TABLE stores_search_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  indexed_through INTEGER NOT NULL
);
INSERT INTO stores_search_state VALUES (1, 0);
CREATE TABLE stores_unindexed (
  id INTEGER PRIMARY KEY,
  store_name TEXT,
  city TEXT,
  postcode TEXT
);
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
${INDEX_UNINDEXED_STORES}
END;`;

/** Version 1 to 2: the stores copied in import order into the new table, then indexed at once. */
const MIGRATE_1_TO_2 = `
ALTER TABLE stores RENAME TO stores_v1;
${STORES_TABLE}
INSERT INTO stores (store_code, store_name, address, city, postcode, country_code, suburb, state,
    phone, latitude, longitude, import_id, line)
  SELECT store_code, store_name, address, city, postcode, country_code, suburb, state, phone,
    latitude, longitude, import_id, line
  FROM stores_v1 ORDER BY import_id, line;
DROP TABLE stores_v1;
${STORE_SEARCH_SCHEMA}
INSERT INTO stores_search (stores_search) VALUES ('rebuild');
UPDATE stores_search_state SET indexed_through = (SELECT coalesce(max(id), 0) FROM stores);`;

const SCHEMA = `
CREATE TABLE cards (
  card_number TEXT PRIMARY KEY,
  pin_hash BLOB NOT NULL,
  balance_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  expiry_date TEXT,
  status TEXT NOT NULL,
  import_id INTEGER NOT NULL,
  line INTEGER NOT NULL
) WITHOUT ROWID;
${STORES_TABLE}
CREATE TABLE devices (
  device_id TEXT PRIMARY KEY,
  store_code TEXT NOT NULL,
  device_type TEXT NOT NULL,
  serial_number TEXT NOT NULL,
  password_sealed BLOB NOT NULL,
  import_id INTEGER NOT NULL,
  line INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE uploads (
  file_name TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  user_file_name TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  created_date INTEGER NOT NULL
);
CREATE TABLE imports (
  id INTEGER PRIMARY KEY,
  file_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  user_file_name TEXT NOT NULL,
  step TEXT NOT NULL,
  total_lines INTEGER NOT NULL DEFAULT 0,
  current_line INTEGER NOT NULL DEFAULT 0,
  error_lines INTEGER NOT NULL DEFAULT 0,
  inserted_lines INTEGER NOT NULL DEFAULT 0,
  replaced_lines INTEGER NOT NULL DEFAULT 0,
  out_file_name TEXT,
  message TEXT,
  started_at INTEGER NOT NULL,
  ended_at INTEGER,
  card_bin TEXT,
  card_extension TEXT,
  card_length INTEGER
);
CREATE INDEX imports_by_file ON imports (file_name, id);
${STORE_SEARCH_SCHEMA}
`;

export function assertProgramId(programId: number): void {
  if (!Number.isSafeInteger(programId) || programId < 1) {
    throw new TypeError(`Not a program id: ${programId}`);
  }
}

export function programDbFile(recordsDir: string, programId: number): string {
  assertProgramId(programId);
  return path.join(recordsDir, `${programId}.sqlite`);
}

export interface OpenOptions {
  /** Page cache in KiB (PRAGMA cache_size = -n). */
  cacheKiB?: number;
}

/** Opens (creating when missing) a program's file with the schema in place. No recovery. */
export function openProgramDb(
  recordsDir: string,
  programId: number,
  options: OpenOptions = {},
): Db {
  mkdirSync(recordsDir, { recursive: true, mode: 0o700 });
  const file = programDbFile(recordsDir, programId);
  const db = new DatabaseSync(file);
  try {
    // 16 KiB pages (on a new file; SQLite keeps a file's page size): about 10% less CPU for a
    // million-card import than the default 4 KiB, fewer page splits of the card B-tree.
    db.exec(`PRAGMA page_size = 16384;
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA busy_timeout = 10000;
      PRAGMA cache_size = -${options.cacheKiB ?? 8192};`);
    const version = Number(pragmaValue(db, 'user_version'));
    if (version > SCHEMA_VERSION) {
      throw new Error(
        `${file}: schema version ${version} is newer than this server's ${SCHEMA_VERSION}`,
      );
    }
    if (version < SCHEMA_VERSION) {
      inWriteTransaction(db, () => {
        // Read again inside the write lock: another connection may have migrated meanwhile.
        const current = Number(pragmaValue(db, 'user_version'));
        if (current === 0) db.exec(SCHEMA);
        if (current === 1) db.exec(MIGRATE_1_TO_2);
        if (current === 1 || current === 2) db.exec(MIGRATE_2_TO_3);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      });
    }
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Marks the imports of a program that were running when the server stopped as failed; returns
 * their error files (to remove).
 */
export function recoverInterrupted(db: Db, now: number): string[] {
  const rows = db
    .prepare(
      "SELECT out_file_name AS outFileName FROM imports WHERE step IN ('validating', 'importing')",
    )
    .all() as unknown as { outFileName: string | null }[];
  if (rows.length === 0) return [];
  db.prepare(
    "UPDATE imports SET step = 'failed', message = ?, ended_at = ?, out_file_name = NULL WHERE step IN ('validating', 'importing')",
  ).run(IMPORT_SERVER_MESSAGE.interrupted, now);
  return rows.flatMap((row) => (row.outFileName === null ? [] : [row.outFileName]));
}

/**
 * The program files opened by this process (main thread), with their prepared statements.
 * The first open of a program recovers interrupted imports (see recoverInterrupted).
 */
export class RecordsDb {
  readonly dir: string;
  readonly #errorsDir: string;
  readonly #handles = new Map<number, { db: Db; statements: Map<string, Statement> }>();

  constructor(recordsDir: string, errorsDir: string) {
    this.dir = recordsDir;
    this.#errorsDir = errorsDir;
  }

  /** The program's handle; undefined when its file does not exist and createIfMissing is false. */
  db(programId: number, options: { createIfMissing?: boolean } = {}): Db | undefined {
    const open = this.#handles.get(programId);
    if (open !== undefined) return open.db;
    const file = programDbFile(this.dir, programId);
    if (options.createIfMissing === false && !existsSync(file)) return undefined;
    const db = openProgramDb(this.dir, programId);
    for (const name of recoverInterrupted(db, Math.floor(Date.now() / 1000))) {
      rmSync(path.join(this.#errorsDir, path.basename(name)), { force: true });
    }
    this.#handles.set(programId, { db, statements: new Map() });
    return db;
  }

  /** A handle that must exist (created when missing). */
  require(programId: number): Db {
    const db = this.db(programId, { createIfMissing: true });
    if (db === undefined) throw new Error(`No records file for program ${programId}`);
    return db;
  }

  /** A cached prepared statement of the program (undefined: no file and createIfMissing false). */
  statement(
    programId: number,
    name: string,
    sql: string,
    options: { createIfMissing?: boolean } = {},
  ): Statement | undefined {
    if (this.db(programId, options) === undefined) return undefined;
    const open = this.#handles.get(programId);
    if (open === undefined) return undefined;
    let statement = open.statements.get(name);
    if (statement === undefined) {
      statement = open.db.prepare(sql);
      open.statements.set(name, statement);
    }
    return statement;
  }

  /** The program ids that have a records file. */
  programIds(): number[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const match = /^([1-9]\d*)\.sqlite$/.exec(name);
      return match?.[1] === undefined ? [] : [Number(match[1])];
    });
  }

  close(): void {
    for (const { db } of this.#handles.values()) db.close();
    this.#handles.clear();
  }
}

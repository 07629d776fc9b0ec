/**
 * The store of one review of an import's error lines (contracts/api/import-review.ts): a SQLite
 * file of its own, `<importsDir>/reviews/<uuid>.sqlite` (owner only), built once from the
 * import's error file and deleted with it. Lines are read a page at a time and corrected in
 * place; nothing of a review is held in memory between calls.
 *
 *   meta     the import it belongs to, the file's columns, when the review last changed, its
 *            version (raised by every write of lines) and the version whose error file is still
 *            owed a rewrite (0: none; set as an import of its corrections is settled)
 *   lines    one row per error line (its number in the imported file): its values in the file's
 *            column order (JSON) but its secret one (a card's PIN, a device's typed password; a
 *            card line whose field count was off: only the values typed in the review),
 *            status, corrected, its key (for duplicates among corrected lines: set once the line
 *            is checked again; in a card review a keyed digest, KeyDigest, never the key itself),
 *            rev (the review's version at its last write: its ETag, lineEtag)
 *   secrets  the secret values, CHUNK_SLOTS lines' to a row, sealed with the upload key
 *   rules    one row per distinct reason (the counts' filters): its text and field
 *   reasons  the reasons of the failing lines (fixed and imported lines have none)
 *
 * Its version is PRAGMA user_version (REVIEW_VERSION); an older store is migrated when opened.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  IMPORT_COLUMNS,
  IMPORT_ERROR_COLUMN,
  IMPORT_LIMITS,
  MASKED_PASSWORD,
  type ImportKind,
} from '@contracts/api/imports';
import {
  REVIEW_LINE_STATUSES,
  REVIEW_SECRET_MASK,
  REVIEW_SERVER_MESSAGE,
  type BulkAnswer,
  type ReviewCount,
  type ReviewLine,
  type ReviewLineStatus,
  type ReviewReason,
} from '@contracts/api/import-review';
import { inWriteTransaction, type Db, type Statement } from '../records/records-db';
import { FIELD_DELIMITER } from './file-header';
import { forEachDataLine } from './import-file';
import { lineLayout, placeFields, type LineLayout } from './line-fields';
import { fieldCountProblem } from './rules';
import type { ImportInput } from './sealed-file';
import { TABLES } from './engine';

/** Status codes as stored (REVIEW_LINE_STATUSES order). */
const STATUS = { failing: 0, fixed: 1, imported: 2 } as const;

/**
 * The count of a reason naming another line (a key met twice) stands for every such line: the
 * per-line texts would make one count per line.
 */
const GENERAL_RULES: readonly { pattern: RegExp; text: (match: RegExpExecArray) => string }[] = [
  {
    pattern: /^(\w+): appears again, first at line \d+$/,
    text: (match) => `${match[1]}: appears again in the file`,
  },
  {
    pattern: /^(\w+): also on corrected line \d+$/,
    text: (match) => `${match[1]}: also on another corrected line`,
  },
  {
    pattern: /^expected (\d+) fields, found \d+$/,
    text: (match) => `expected ${match[1]} fields`,
  },
];

/** A reason's count text: the reason's own, or the general one of a per-line reason. */
function ruleTextOf(text: string): string {
  for (const { pattern, text: general } of GENERAL_RULES) {
    const match = pattern.exec(text);
    if (match !== null) return general(match);
  }
  return text;
}

/** The error column of an error line: `line <n>: <reason>; <reason>` (engine.ts writeError). */
const ERROR_COLUMN = /^line (\d+): (.*)$/;
/** The reason of a line without the header's field count (rules.ts fieldCountProblem). */
const FIELD_COUNT_PROBLEM = /^expected \d+ fields, found \d+$/;
/**
 * The error column of a field-count error line in an error file written while that reason held
 * a `|` (`line 7: expected 4 fields separated by |, found 3`): read as the reason it is now.
 */
const PIPED_FIELD_COUNT_REASON =
  /\|line (\d+): expected (\d+) fields separated by \|, found (\d+)$/;

/** An error line of the error file: its number, values (file order), the import's reasons. */
export interface ParsedErrorLine {
  line: number;
  values: string[];
  problems: string[];
  /** The line did not have the header's field count. */
  fieldCountOff: boolean;
}

/** Splits an error file's line; undefined when it has no error column (a cut-off line). */
export function parseErrorLine(text: string, width: number): ParsedErrorLine | undefined {
  let body: string;
  let line: number;
  let problems: string[];
  const piped = PIPED_FIELD_COUNT_REASON.exec(text);
  if (piped !== null) {
    body = text.slice(0, piped.index);
    line = Number(piped[1]);
    problems = [fieldCountProblem(Number(piped[2]), Number(piped[3]))];
  } else {
    const cut = text.lastIndexOf(FIELD_DELIMITER);
    const column = ERROR_COLUMN.exec(cut < 0 ? text : text.slice(cut + 1));
    if (column === null) return undefined;
    body = cut < 0 ? '' : text.slice(0, cut);
    line = Number(column[1]);
    problems = (column[2] ?? '').split('; ').filter((problem) => problem !== '');
  }
  const fieldCountOff = problems.some((problem) => FIELD_COUNT_PROBLEM.test(problem));
  return { line, values: fitValues(body.split(FIELD_DELIMITER), width), problems, fieldCountOff };
}

/** `width` values: missing ones empty, extra ones joined into the last (ReviewLine.values). */
export function fitValues(parts: readonly string[], width: number): string[] {
  if (parts.length === width) return [...parts];
  if (parts.length < width) return [...parts, ...Array<string>(width - parts.length).fill('')];
  return [...parts.slice(0, width - 1), parts.slice(width - 1).join(FIELD_DELIMITER)];
}

/**
 * Sealing of a card or device line's values: AES-256-GCM as record-crypto.ts's encryptSecret
 * (iv 12 | tag 16 | ciphertext, a random IV each), with the key imported once and the IVs drawn
 * from a batch of random bytes: 50,000 lines sealed in 0.22 s instead of 0.33 s (measured here),
 * most of the review's build and of its corrections' import.
 */
export class LineSeal {
  readonly #key: KeyObject;
  #ivs = Buffer.alloc(0);
  #at = 0;

  constructor(key: Buffer) {
    this.#key = createSecretKey(key);
  }

  seal(text: string): Buffer {
    if (this.#at + IV_BYTES > this.#ivs.length) {
      this.#ivs = randomBytes(IV_BYTES * 4096);
      this.#at = 0;
    }
    const iv = this.#ivs.subarray(this.#at, this.#at + IV_BYTES);
    this.#at += IV_BYTES;
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Uint8Array): string {
    const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.length);
    const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const body = bytes.subarray(IV_BYTES + TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A card review's keys as kept (lines.key): HMAC-SHA-256 under a key derived from the upload
 * key (HKDF), 16 bytes in base64url. A card line whose field count was off is sealed whole, as
 * its PIN may sit in any field, the key's among them; its key is never kept in clear either.
 * Equal keys give equal digests, so duplicates are found by digest; a key of 4 to 8 digits (a
 * PIN) cannot be found from its digest without the key, which lives apart (`<keysDir>`).
 */
class KeyDigest {
  readonly #key: KeyObject;

  constructor(uploadKey: Buffer) {
    const derived = hkdfSync('sha256', uploadKey, Buffer.alloc(0), 'import review line keys', 32);
    this.#key = createSecretKey(Buffer.from(derived));
  }

  of(key: string): string {
    if (key === '') return '';
    return createHmac('sha256', this.#key)
      .update(key)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}

/** The kinds whose lines whose field count was off are sealed whole (their key kept digested). */
const SEALED_WHOLE: Readonly<Record<ImportKind, boolean>> = {
  card: true,
  store: false,
  device: false,
};

/**
 * The column of a kind whose values are kept sealed and never answered (REVIEW_SECRET_MASK): a
 * card's PIN, a device's password.
 */
const HIDDEN_COLUMN: Readonly<Record<ImportKind, string | undefined>> = {
  card: 'pin',
  store: undefined,
  device: 'password',
};

/**
 * Lines whose secrets share a row of `secrets` (sealed together): a page reads one or two, the
 * import of 50,000 fixed lines opens about 200 instead of 50,000 (each opening costs about 5 µs,
 * whatever its size).
 */
const CHUNK_SLOTS = 256;
/** Chunks kept open at once while reading (a bulk flushes its changed ones as it goes). */
const OPEN_CHUNKS = 16;

/** A line's secret: the hidden column's value, or every value (ReviewStore `whole`). */
type Secret = string | string[];

/**
 * A line's values split: JSON with the secret blank, and the secret (undefined: none). A line
 * kept whole has every value in its secret; its JSON holds only the values `shown` (typed in the
 * review: ReviewStore #masked), never the hidden column's.
 */
function splitSecret(
  values: readonly string[],
  hidden: number,
  whole: boolean,
  shown: (index: number) => boolean = () => false,
): { plain: string; secret: Secret | undefined } {
  if (whole) {
    const plain = values.map((value, index) => (index !== hidden && shown(index) ? value : ''));
    return { plain: JSON.stringify(plain), secret: [...values] };
  }
  if (hidden < 0) return { plain: JSON.stringify(values), secret: undefined };
  const copy = [...values];
  const secret = copy[hidden] ?? '';
  copy[hidden] = '';
  return { plain: JSON.stringify(copy), secret };
}

/** The sealed rows of `secrets`, opened on demand and sealed again when changed (flush). */
class SecretChunks {
  readonly #read: Statement;
  readonly #write: Statement;
  readonly #seal: LineSeal;
  readonly #open = new Map<number, { entries: Record<number, Secret>; dirty: boolean }>();

  constructor(db: Db, seal: LineSeal) {
    this.#read = db.prepare('SELECT sealed FROM secrets WHERE chunk = ?');
    this.#write = db.prepare('INSERT OR REPLACE INTO secrets (chunk, sealed) VALUES (?, ?)');
    this.#seal = seal;
  }

  #chunk(slot: number) {
    const id = Math.floor(slot / CHUNK_SLOTS);
    let chunk = this.#open.get(id);
    if (chunk === undefined) {
      if (this.#open.size >= OPEN_CHUNKS) {
        for (const [other, open] of this.#open) if (!open.dirty) this.#open.delete(other);
      }
      const row = this.#read.get(id) as { sealed: Uint8Array } | undefined;
      const entries =
        row === undefined
          ? {}
          : (JSON.parse(this.#seal.open(row.sealed)) as Record<number, Secret>);
      chunk = { entries, dirty: false };
      this.#open.set(id, chunk);
    }
    return chunk;
  }

  get(slot: number): Secret | undefined {
    return this.#chunk(slot).entries[slot];
  }

  set(slot: number, secret: Secret): void {
    const chunk = this.#chunk(slot);
    chunk.entries[slot] = secret;
    chunk.dirty = true;
  }

  /** Seals and writes the changed chunks, and closes every one. */
  flush(): void {
    for (const [id, chunk] of this.#open) {
      if (chunk.dirty) this.#write.run(id, this.#seal.seal(JSON.stringify(chunk.entries)));
    }
    this.#open.clear();
  }

  /** Closes every chunk, dropping changes not flushed (a write rolled back). */
  clear(): void {
    this.#open.clear();
  }
}

export interface ReviewMeta {
  programId: number;
  importId: number;
  kind: ImportKind;
  userFileName: string;
  outFileName: string;
  /** The file's own column names, in its order (no `error`). */
  columns: string[];
}

/** A reason as kept: its text, the text of its count, its field (the file's column name). */
interface Reason {
  text: string;
  rule: string;
  field: string | null;
}

/** What the review's owner checks a line with (the import's own rules, the stored records). */
export interface LineChecker {
  /** The import's problems of a line's fields (IMPORT_COLUMNS order), `field: reason`. */
  check(fields: readonly string[]): string[];
  /** True when a record of the program has this key. */
  keyStored(key: string): boolean;
}

interface LineRow {
  line: number;
  /**
   * Its values as JSON, its secret ones blank (kept in `secrets`); a line kept whole: the values
   * typed in the review, the others blank.
   */
  vals: string;
  /** Its place among the review's lines (its secrets' chunk and entry). */
  slot: number;
  /** 1: every value is kept with the secrets (a card line whose field count was off). */
  whole: number;
  status: number;
  corrected: number;
  typed: number;
  key: string | null;
  /** The review's version at its last write (lineEtag). */
  rev: number;
}

/** A line re-checked, as it would be written (ReviewStore #recheckLine). */
interface LineWrite {
  /** Every value, in file order. */
  values: readonly string[];
  /** lines.vals as it would be. */
  plain: string;
  secret: Secret | undefined;
  status: number;
  corrected: number;
  typed: number;
  key: string;
  reasons: Reason[];
}

/** A change to one column of lines: a value set, or a text replaced within it. */
export type ColumnChange = { set: string } | { find: string; replace: string };

export interface PageQuery {
  rule?: number;
  status?: ReviewLineStatus;
  offset: number;
  limit: number;
}

/**
 * The key look-ups name lines_by_key (INDEXED BY): left to choose, SQLite took lines_by_status and
 * read every failing line for each one (a bulk of 1,000 lines: 0.47 s against 0.05 s).
 */
const SCHEMA = `
CREATE TABLE meta (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  program_id INTEGER NOT NULL,
  import_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  user_file_name TEXT NOT NULL,
  out_file_name TEXT NOT NULL,
  columns TEXT NOT NULL,
  corrections_upload TEXT,
  corrections_settled TEXT,
  changed_at INTEGER,
  version INTEGER NOT NULL DEFAULT 0,
  error_file_owed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE rules (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE,
  field TEXT
);
CREATE TABLE lines (
  line INTEGER PRIMARY KEY,
  slot INTEGER NOT NULL,
  vals TEXT NOT NULL,
  whole INTEGER NOT NULL DEFAULT 0,
  status INTEGER NOT NULL,
  corrected INTEGER NOT NULL DEFAULT 0,
  typed INTEGER NOT NULL DEFAULT 0,
  key TEXT,
  rev INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX lines_by_status ON lines (status, line);
CREATE INDEX lines_by_key ON lines (key) WHERE corrected = 1;
CREATE TABLE secrets (
  chunk INTEGER PRIMARY KEY,
  sealed BLOB NOT NULL
);
CREATE TABLE reasons (
  rule INTEGER NOT NULL,
  line INTEGER NOT NULL,
  pos INTEGER NOT NULL,
  text TEXT,
  PRIMARY KEY (rule, line)
) WITHOUT ROWID;
CREATE INDEX reasons_by_line ON reasons (line, pos);
`;

/**
 * The stores' version (PRAGMA user_version): 1, a card review's keys digested (KeyDigest); 2,
 * meta.corrections_settled (the corrections import the review has settled: pendingCorrections);
 * 3, meta.changed_at (when the review last changed: lastChange); 4, meta.version and lines.rev
 * (the lines' ETags: lineEtag), meta.error_file_owed (errorFileOwed), every fixed line corrected.
 */
export const REVIEW_VERSION = 4;

/** How lines.key keeps a key of a review of `kind`. */
function storedKeyOf(kind: ImportKind, uploadKey: Buffer): (key: string) => string {
  if (!SEALED_WHOLE[kind]) return (key) => key;
  const digest = new KeyDigest(uploadKey);
  return (key) => digest.of(key);
}

/** The field-count reasons as error files held them while they had a `|` (parseErrorLine). */
const PIPED_RULE = "text GLOB 'expected * fields separated by |'";
const PIPED_REASON = "text GLOB 'expected * fields separated by |, found *'";

/**
 * Brings a store up to REVIEW_VERSION (a newer one than this code knows stops the open), in one
 * transaction with SQLite's secure delete, then truncates the WAL: no replaced value is left in
 * the file's free space or in the WAL.
 *
 * To 1: a card review's keys (its whole lines' may be PINs) are digested; a device review's line
 * whose field count was off, never corrected, has its first value masked (its error file kept
 * that field in clear, and it may be the password); the field-count reasons lose their `|`
 * (rules.ts fieldCountProblem), so a rewritten error file imports again as it is.
 * To 2: meta.corrections_settled, the latest corrections import taken as settled (a store of
 * version 1 marked its lines when that import ended).
 * To 3: meta.changed_at, set to the time of the migration: when the store last changed before it
 * is not known, so the review is kept a whole retention from then (lastChange).
 * To 4: meta.version and lines.rev, 0 (every line's ETag `"0"`); meta.error_file_owed, set when
 * some line is imported (whether its error file was rewritten since is not known: it is, once);
 * a fixed line not marked corrected (fixed by a correction with no change) is marked, so its key
 * counts among the corrected lines'.
 */
function migrate(db: Db, uploadKey: Buffer): void {
  const version = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
  if (version > REVIEW_VERSION) {
    throw new Error(`The review's version ${version} is newer than ${REVIEW_VERSION}`);
  }
  if (version === REVIEW_VERSION) return;
  const meta = db.prepare('SELECT kind FROM meta').get() as { kind: ImportKind } | undefined;
  if (meta === undefined) throw new Error('The review has no meta row');
  db.exec('PRAGMA secure_delete = ON');
  try {
    inWriteTransaction(db, () => {
      if (version < 1) migrateTo1(db, meta.kind, uploadKey);
      if (version < 2) {
        db.exec(
          'ALTER TABLE meta ADD COLUMN corrections_settled TEXT; UPDATE meta SET corrections_settled = corrections_upload',
        );
      }
      if (version < 3) {
        const has = db.prepare("SELECT 1 FROM pragma_table_info('meta') WHERE name = 'changed_at'");
        if (has.get() === undefined) db.exec('ALTER TABLE meta ADD COLUMN changed_at INTEGER');
        db.prepare('UPDATE meta SET changed_at = ?').run(Date.now());
      }
      if (version < 4) migrateTo4(db);
      db.exec(`PRAGMA user_version = ${REVIEW_VERSION}`);
    });
    try {
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } catch {
      // Another handle reads the store: its next checkpoint copies the changed pages.
    }
  } finally {
    db.exec('PRAGMA secure_delete = OFF');
  }
}

/** Version 0 to 1 (see migrate), in migrate's transaction. */
function migrateTo1(db: Db, kind: ImportKind, uploadKey: Buffer): void {
  if (SEALED_WHOLE[kind]) {
    const stored = storedKeyOf(kind, uploadKey);
    const update = db.prepare('UPDATE lines SET key = ? WHERE line = ?');
    const keyed = db.prepare("SELECT line, key FROM lines WHERE key IS NOT NULL AND key <> ''");
    for (const row of keyed.all() as { line: number; key: string }[]) {
      update.run(stored(row.key), row.line);
    }
  }
  if (kind === 'device') {
    const offLines = db
      .prepare(
        `SELECT l.line AS line, l.vals AS vals FROM lines l JOIN reasons r ON r.line = l.line JOIN rules u ON u.id = r.rule WHERE l.corrected = 0 AND u.${PIPED_RULE}`,
      )
      .all() as { line: number; vals: string }[];
    const mask = db.prepare('UPDATE lines SET vals = ? WHERE line = ?');
    for (const row of offLines) {
      const values = JSON.parse(row.vals) as string[];
      if (values.length > 0 && values[0] !== '') values[0] = MASKED_PASSWORD;
      mask.run(JSON.stringify(values), row.line);
    }
  }
  db.exec(
    `UPDATE rules SET text = replace(text, ' separated by |', '') WHERE ${PIPED_RULE}; UPDATE reasons SET text = replace(text, ' separated by |,', ',') WHERE ${PIPED_REASON}`,
  );
}

/** Version 3 to 4 (see migrate), in migrate's transaction. */
function migrateTo4(db: Db): void {
  const columns = (table: string) =>
    new Set(
      (
        db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]
      ).map((column) => column.name),
    );
  const added = [
    ['meta', 'version'],
    ['meta', 'error_file_owed'],
    ['lines', 'rev'],
  ] as const;
  for (const [table, column] of added) {
    if (columns(table).has(column)) continue;
    db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} INTEGER NOT NULL DEFAULT 0`);
  }
  db.exec('UPDATE lines SET corrected = 1 WHERE status = 1 AND corrected = 0');
  const imported = db.prepare('SELECT 1 FROM lines WHERE status = 2 LIMIT 1').get();
  if (imported !== undefined) {
    db.exec('UPDATE meta SET version = version + 1, error_file_owed = version + 1');
  }
}

/** The ETag of a line whose last write was at the review's version `rev` (ReviewLine.etag). */
export function lineEtag(rev: number): string {
  return `"${rev}"`;
}

/** Lines read or written per statement round in bulk work. */
const CHUNK_LINES = 1000;

export class ReviewStore {
  readonly meta: ReviewMeta;
  readonly #db: Db;
  readonly #secrets: SecretChunks;
  readonly #layout: LineLayout;
  /** File index of the column whose values are secret (PIN, password), or -1. */
  readonly #hiddenIndex: number;
  /** File index of the key column, or -1. */
  readonly #keyIndex: number;
  /**
   * File index of the column typed again (a device password, which an error line never keeps),
   * or -1. Its value is answered masked whatever it holds.
   */
  readonly #secretIndex: number;
  readonly #keyField: string;
  /** A key as lines.key keeps it: digested in a card review (KeyDigest), else as it is. */
  readonly #storedKey: (key: string) => string;
  /** Documented name -> the file's own column name. */
  readonly #fileNames: ReadonlyMap<string, string>;
  readonly #statements = new Map<string, Statement>();

  private constructor(db: Db, key: Buffer) {
    this.#db = db;
    this.#secrets = new SecretChunks(db, new LineSeal(key));
    const row = db.prepare('SELECT * FROM meta').get() as Record<string, unknown> | undefined;
    if (row === undefined) throw new Error('The review has no meta row');
    const kind = String(row.kind) as ImportKind;
    this.meta = {
      programId: Number(row.program_id),
      importId: Number(row.import_id),
      kind,
      userFileName: String(row.user_file_name),
      outFileName: String(row.out_file_name),
      columns: JSON.parse(String(row.columns)) as string[],
    };
    const specs = IMPORT_COLUMNS[kind];
    const documented = this.meta.columns.map((name) =>
      specs.findIndex((spec) => spec.name.toLowerCase() === name.toLowerCase()),
    );
    this.#layout = lineLayout(kind, documented);
    const hidden = specs.findIndex((spec) => spec.name === HIDDEN_COLUMN[kind]);
    this.#hiddenIndex = hidden < 0 ? -1 : documented.indexOf(hidden);
    this.#keyField = TABLES[kind].keyField;
    this.#keyIndex = documented.indexOf(specs.findIndex((spec) => spec.name === this.#keyField));
    this.#storedKey = storedKeyOf(kind, key);
    const password = specs.findIndex((spec) => spec.name === 'password');
    this.#secretIndex = password < 0 ? -1 : documented.indexOf(password);
    this.#fileNames = new Map(
      documented.flatMap((index, at) => {
        const spec = specs[index];
        const name = this.meta.columns[at];
        return spec === undefined || name === undefined ? [] : [[spec.name, name]];
      }),
    );
  }

  /** The file of the review of `outFileName` (a checked error file name). */
  static fileOf(reviewsDir: string, outFileName: string): string {
    return path.join(reviewsDir, outFileName.replace(/\.errors\.txt$/, '.sqlite'));
  }

  /** Removes a review's file and SQLite's files beside it. */
  static remove(file: string): void {
    for (const suffix of ['', '-wal', '-shm', '.building'])
      rmSync(`${file}${suffix}`, { force: true });
  }

  static open(file: string, key: Buffer): ReviewStore {
    const db = new DatabaseSync(file);
    try {
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000');
      migrate(db, key);
      return new ReviewStore(db, key);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /**
   * Builds the review of an error file into `file` (in one transaction, under a temporary
   * name moved into place once complete) and opens it.
   */
  static build(
    file: string,
    meta: Omit<ReviewMeta, 'columns'>,
    errorFile: ImportInput,
    key: Buffer,
  ): ReviewStore {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const building = `${file}.building`;
    rmSync(building, { force: true });
    const db = new DatabaseSync(building);
    try {
      db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 16384');
      db.exec(SCHEMA);
      db.exec('BEGIN');
      const specs = IMPORT_COLUMNS[meta.kind];
      let columns: string[] = [];
      let width = 0;
      const fileNames = new Map<string, string>();
      const ruleIds = new Map<string, number>();
      const secrets = new SecretChunks(db, new LineSeal(key));
      let hiddenIndex = -1;
      let slot = 0;
      const insertRule = db.prepare('INSERT INTO rules (text, field) VALUES (?, ?)');
      const insertLine = db.prepare(
        'INSERT OR IGNORE INTO lines (line, slot, vals, whole, status) VALUES (?, ?, ?, ?, 0)',
      );
      const insertReason = db.prepare(
        'INSERT OR IGNORE INTO reasons (rule, line, pos, text) VALUES (?, ?, ?, ?)',
      );
      const ruleId = (reason: Reason): number => {
        let id = ruleIds.get(reason.rule);
        if (id === undefined) {
          id = Number(insertRule.run(reason.rule, reason.field).lastInsertRowid);
          ruleIds.set(reason.rule, id);
        }
        return id;
      };
      forEachDataLine(
        errorFile,
        meta.kind,
        (header) => {
          const names = header.text.split(FIELD_DELIMITER).map((name) => name.trim());
          columns = names.filter((name) => name.toLowerCase() !== IMPORT_ERROR_COLUMN);
          width = columns.length;
          columns.forEach((name) => {
            const spec = specs.find((s) => s.name.toLowerCase() === name.toLowerCase());
            if (spec !== undefined) fileNames.set(spec.name, name);
          });
          hiddenIndex = columns.indexOf(fileNames.get(HIDDEN_COLUMN[meta.kind] ?? '') ?? '');
        },
        (buffer, start, stop) => {
          if (stop === start) return;
          const parsed = parseErrorLine(buffer.toString('utf8', start, stop), width);
          if (parsed === undefined) return;
          // A card line whose field count was off may hold its PIN in any field. Its key, as
          // every line's, is set once the line is checked again (only corrected lines' keys
          // are looked up).
          const whole = SEALED_WHOLE[meta.kind] && parsed.fieldCountOff;
          const { plain, secret } = splitSecret(parsed.values, hiddenIndex, whole);
          const inserted = insertLine.run(parsed.line, slot, plain, whole ? 1 : 0);
          if (inserted.changes === 0) return;
          if (secret !== undefined) secrets.set(slot, secret);
          slot += 1;
          if (slot % CHUNK_SLOTS === 0) secrets.flush();
          parsed.problems.forEach((text, pos) => {
            const reason = reasonOf(text, fileNames);
            insertReason.run(ruleId(reason), parsed.line, pos, textIfOwn(reason));
          });
          if (meta.kind === 'device') {
            const reason = reasonOf(REVIEW_SERVER_MESSAGE.passwordAgain, fileNames);
            insertReason.run(ruleId(reason), parsed.line, parsed.problems.length, null);
          }
        },
      );
      secrets.flush();
      db.prepare(
        'INSERT INTO meta (id, program_id, import_id, kind, user_file_name, out_file_name, columns) VALUES (1, ?, ?, ?, ?, ?, ?)',
      ).run(
        meta.programId,
        meta.importId,
        meta.kind,
        meta.userFileName,
        meta.outFileName,
        JSON.stringify(columns),
      );
      db.exec(`PRAGMA user_version = ${REVIEW_VERSION}`);
      db.exec('COMMIT');
      db.close();
      chmodSync(building, 0o600);
      renameSync(building, file);
    } catch (error) {
      if (db.isOpen) db.close();
      rmSync(building, { force: true });
      throw error;
    }
    return ReviewStore.open(file, key);
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** The upload of the latest corrections import, or null. */
  correctionsUpload(): string | null {
    const row = this.#statement('SELECT corrections_upload AS upload FROM meta').get() as {
      upload: string | null;
    };
    return row.upload;
  }

  /**
   * When the review last changed (epoch ms): a correction, a bulk correction, or an import of its
   * corrections begun or settled; null while none was made. Building it is no change.
   */
  lastChange(): number | null {
    const row = this.#statement('SELECT changed_at AS changed FROM meta').get() as {
      changed: number | null;
    };
    return row.changed;
  }

  /** Notes a change now (lastChange), in the write that makes it. */
  #changed(): void {
    this.#statement('UPDATE meta SET changed_at = ?').run(Date.now());
  }

  /** The review's version (ReviewSummary.version): raised by every write of its lines. */
  version(): number {
    const row = this.#statement('SELECT version FROM meta').get() as { version: number };
    return row.version;
  }

  /** Raises the version, in a write of lines: answers it, the `rev` of the lines it writes. */
  #raiseVersion(): number {
    const raise = this.#statement('UPDATE meta SET version = version + 1 RETURNING version');
    return (raise.get() as { version: number }).version;
  }

  /**
   * True while the error file does not hold the failing lines as they are: an import of the
   * corrections was settled (finishImport) and the file not rewritten since (errorFileWritten).
   */
  errorFileOwed(): boolean {
    const row = this.#statement('SELECT error_file_owed AS owed FROM meta').get() as {
      owed: number;
    };
    return row.owed > 0;
  }

  /**
   * The error file was rewritten from the lines as they were at `version` (read before the
   * rewrite began): it is owed nothing, unless an import was settled after that version.
   */
  errorFileWritten(version: number): void {
    this.#statement('UPDATE meta SET error_file_owed = 0 WHERE error_file_owed <= ?').run(version);
  }

  /** The column whose values are never answered (a card's PIN, a device's password), or null. */
  get secretColumn(): string | null {
    return this.#hiddenIndex < 0 ? null : (this.meta.columns[this.#hiddenIndex] ?? null);
  }

  /** The file index of a column named in any case, or -1. */
  columnIndex(name: string): number {
    const lower = name.toLowerCase();
    return this.meta.columns.findIndex((column) => column.toLowerCase() === lower);
  }

  // ------------------------------------------------------------------------------- reading

  statusCounts(): Record<ReviewLineStatus, number> {
    const counts = { failing: 0, fixed: 0, imported: 0 };
    const rows = this.#statement(
      'SELECT status, count(*) AS n FROM lines GROUP BY status',
    ).all() as { status: number; n: number }[];
    for (const { status, n } of rows) {
      const name = REVIEW_LINE_STATUSES[status];
      if (name !== undefined) counts[name] = n;
    }
    return counts;
  }

  failingLines(): number {
    const row = this.#statement('SELECT count(*) AS n FROM lines WHERE status = 0').get() as {
      n: number;
    };
    return row.n;
  }

  /** The counts by rule and field, most lines first (failing lines only: only they have reasons). */
  counts(): ReviewCount[] {
    const rows = this.#statement(
      'SELECT r.id AS rule, r.field AS field, r.text AS text, c.n AS lines FROM (SELECT rule, count(*) AS n FROM reasons GROUP BY rule) c JOIN rules r ON r.id = c.rule ORDER BY c.n DESC, r.id',
    ).all() as { rule: number; field: string | null; text: string; lines: number }[];
    return rows.map((row) => ({ ...row, rule: String(row.rule) }));
  }

  /** A page of lines, in line order, and how many match. */
  page(query: PageQuery): { lines: ReviewLine[]; total: number } {
    return this.#reading(() => this.#page(query));
  }

  #page(query: PageQuery): { lines: ReviewLine[]; total: number } {
    const { rule, status, offset, limit } = query;
    const statuses = status === undefined ? [STATUS.failing, STATUS.fixed] : [STATUS[status]];
    const inStatus = `l.status IN (${statuses.join(', ')})`;
    let rows: LineRow[];
    let total: number;
    if (rule === undefined) {
      total = (
        this.#statement(`SELECT count(*) AS n FROM lines l WHERE ${inStatus}`).get() as {
          n: number;
        }
      ).n;
      rows = this.#statement(
        `SELECT * FROM lines l WHERE ${inStatus} ORDER BY line LIMIT ? OFFSET ?`,
      ).all(limit, offset) as unknown as LineRow[];
    } else {
      total = (
        this.#statement(
          `SELECT count(*) AS n FROM reasons r JOIN lines l ON l.line = r.line WHERE r.rule = ? AND ${inStatus}`,
        ).get(rule) as { n: number }
      ).n;
      rows = this.#statement(
        `SELECT l.* FROM reasons r JOIN lines l ON l.line = r.line WHERE r.rule = ? AND ${inStatus} ORDER BY r.line LIMIT ? OFFSET ?`,
      ).all(rule, limit, offset) as unknown as LineRow[];
    }
    return { lines: rows.map((row) => this.#answer(row)), total };
  }

  #row(line: number): LineRow | undefined {
    return this.#statement('SELECT * FROM lines WHERE line = ?').get(line) as unknown as
      LineRow | undefined;
  }

  /** A line as answered (undefined: not an error line of this import). */
  line(line: number): ReviewLine | undefined {
    return this.#reading(() => {
      const row = this.#row(line);
      return row === undefined ? undefined : this.#answer(row);
    });
  }

  #values(row: Pick<LineRow, 'vals' | 'slot'>): string[] {
    const values = JSON.parse(row.vals) as string[];
    const secret = this.#hiddenIndex < 0 ? undefined : this.#secrets.get(row.slot);
    if (Array.isArray(secret)) return [...secret];
    if (secret !== undefined) values[this.#hiddenIndex] = secret;
    return values;
  }

  #reasons(line: number): ReviewReason[] {
    const rows = this.#statement(
      'SELECT r.rule AS rule, u.field AS field, coalesce(r.text, u.text) AS text FROM reasons r JOIN rules u ON u.id = r.rule WHERE r.line = ? ORDER BY r.pos',
    ).all(line) as { rule: number; field: string | null; text: string }[];
    return rows.map((row) => ({ ...row, rule: String(row.rule) }));
  }

  /**
   * Which of a line's values are answered masked (REVIEW_SECRET_MASK): the hidden column's (a
   * PIN, a password) and, in a line kept whole, every value not typed in the review, as its PIN
   * may be in any field. An empty value hides nothing (but a password, which is never known).
   */
  #masked(row: Pick<LineRow, 'vals' | 'whole'>, values: readonly string[]): boolean[] {
    const shown = row.whole === 1 ? (JSON.parse(row.vals) as string[]) : undefined;
    return values.map((value, index) => {
      if (index === this.#secretIndex) return true;
      if (value === '') return false;
      if (index === this.#hiddenIndex) return true;
      return shown !== undefined && (shown[index] ?? '') === '';
    });
  }

  #answer(row: LineRow): ReviewLine {
    const values = this.#values(row);
    const masked = this.#masked(row, values);
    return {
      line: row.line,
      values: values.map((value, index) => (masked[index] ? REVIEW_SECRET_MASK : value)),
      reasons: row.status === STATUS.failing ? this.#reasons(row.line) : [],
      status: REVIEW_LINE_STATUSES[row.status] ?? 'failing',
      corrected: row.corrected === 1,
      etag: lineEtag(row.rev),
    };
  }

  // ----------------------------------------------------------------------------- correcting

  /** A write in one transaction, the secrets changed sealed before it commits. */
  #write<T>(work: () => T): T {
    try {
      return inWriteTransaction(this.#db, () => {
        const result = work();
        this.#secrets.flush();
        return result;
      });
    } finally {
      this.#secrets.clear();
    }
  }

  /** A read; the secrets it opened are closed after it. */
  #reading<T>(work: () => T): T {
    try {
      return work();
    } finally {
      this.#secrets.clear();
    }
  }

  /** The line's text as a file would hold it: too long is refused (nothing written). */
  #checkLength(values: readonly string[]): void {
    const length = values.reduce((sum, value) => sum + value.length, values.length - 1);
    if (length > IMPORT_LIMITS.maxLineChars) {
      throw new LineTooLong();
    }
  }

  /** The reasons a line fails, re-checked (its own rules, then its key's). */
  #recheck(
    line: number,
    values: readonly string[],
    typed: boolean,
    checker: LineChecker,
  ): { reasons: Reason[]; key: string } {
    // `key` is the line's key as lines.key keeps it (#storedKey).
    const parts = [...values];
    const passwordTyped = this.#secretIndex < 0 || typed;
    // An untyped password is replaced by a valid stand-in: the line fails for it anyway.
    if (!passwordTyped) parts[this.#secretIndex] = 'typed';
    const plainKey = this.#keyIndex < 0 ? '' : (values[this.#keyIndex] ?? '').trim();
    const key = this.#storedKey(plainKey);
    // The import's first rule: the line as the corrections file holds it (its values joined
    // with `|`) has the header's fields. The extra fields of a line that had too many are kept
    // joined with `|` in its last value (fitValues), so they count until corrected away; the
    // import then checks nothing else of the line, and neither does this.
    const found = values.reduce(
      (count, value) => count + value.split(FIELD_DELIMITER).length - 1,
      values.length,
    );
    if (found !== values.length) {
      const reasons = [reasonOf(fieldCountProblem(values.length, found), this.#fileNames)];
      if (!passwordTyped) {
        reasons.push(reasonOf(REVIEW_SERVER_MESSAGE.passwordAgain, this.#fileNames));
      }
      return { reasons, key };
    }
    const fields = Array<string>(this.#layout.width).fill('');
    placeFields(this.#layout, parts, fields);
    const reasons = checker.check(fields).map((text) => reasonOf(text, this.#fileNames));
    const keyName = this.#keyField;
    const keyFails = reasons.some((reason) => reason.text.startsWith(`${keyName}: `));
    if (plainKey !== '' && !keyFails) {
      if (checker.keyStored(plainKey)) {
        reasons.push(reasonOf(REVIEW_SERVER_MESSAGE.keyStored(keyName), this.#fileNames));
      }
      const other = this.#statement(
        'SELECT line FROM lines INDEXED BY lines_by_key WHERE key = ? AND corrected = 1 AND status IN (0, 1) AND line <> ? ORDER BY line LIMIT 1',
      ).get(key, line) as { line: number } | undefined;
      if (other !== undefined) {
        reasons.push(
          reasonOf(REVIEW_SERVER_MESSAGE.keyOnLine(keyName, other.line), this.#fileNames),
        );
      }
    }
    if (!passwordTyped) {
      reasons.push(reasonOf(REVIEW_SERVER_MESSAGE.passwordAgain, this.#fileNames));
    }
    return { reasons, key };
  }

  #ruleId(reason: Reason): number {
    const found = this.#statement('SELECT id FROM rules WHERE text = ?').get(reason.rule) as
      { id: number } | undefined;
    if (found !== undefined) return found.id;
    return Number(
      this.#statement('INSERT INTO rules (text, field) VALUES (?, ?)').run(
        reason.rule,
        reason.field,
      ).lastInsertRowid,
    );
  }

  /**
   * A line re-checked as it would be written: its values, status, reasons, and `corrected` once a
   * correction changed it (`changed`) or it passes (a fixed line's key always counts among the
   * corrected lines', so no two fixed lines share one). `typedNow`: the columns whose whole value
   * the correction typed (a line kept whole shows them from then on, #masked). Nothing written.
   */
  #recheckLine(
    row: LineRow,
    values: readonly string[],
    typed: boolean,
    checker: LineChecker,
    changed = true,
    typedNow: ReadonlySet<number> = new Set(),
  ): LineWrite {
    const { reasons, key } = this.#recheck(row.line, values, typed, checker);
    const passes = reasons.length === 0;
    const whole = row.whole === 1;
    const shownBefore = whole ? (JSON.parse(row.vals) as string[]) : [];
    const { plain, secret } = splitSecret(
      values,
      this.#hiddenIndex,
      whole,
      (index) => typedNow.has(index) || (shownBefore[index] ?? '') !== '',
    );
    return {
      values,
      plain,
      secret,
      status: passes ? STATUS.fixed : STATUS.failing,
      corrected: changed || passes ? 1 : row.corrected,
      typed: typed ? 1 : 0,
      key,
      reasons,
    };
  }

  /**
   * True when writing `write` would leave the line as stored: the same values (shown and kept),
   * status, flags and reasons, and the same key where one counts (a corrected line's).
   */
  #leavesAsStored(row: LineRow, write: LineWrite): boolean {
    const stored = this.#values(row);
    if (
      write.plain !== row.vals ||
      write.status !== row.status ||
      write.corrected !== row.corrected ||
      write.typed !== row.typed ||
      (write.corrected === 1 && write.key !== row.key) ||
      stored.length !== write.values.length ||
      stored.some((value, index) => value !== write.values[index])
    ) {
      return false;
    }
    // As #writeLine keeps them: one reason of each rule, in order.
    const rules = new Set<string>();
    const texts = write.reasons.flatMap((reason) => {
      if (rules.has(reason.rule)) return [];
      rules.add(reason.rule);
      return [reason.text];
    });
    const kept = this.#reasons(row.line).map((reason) => reason.text);
    return kept.length === texts.length && kept.every((text, index) => text === texts[index]);
  }

  /** Writes a line re-checked (#recheckLine) at the review's `version`. */
  #writeLine(row: LineRow, write: LineWrite, version: number): void {
    const { line } = row;
    if (write.secret !== undefined) this.#secrets.set(row.slot, write.secret);
    this.#statement(
      'UPDATE lines SET vals = ?, status = ?, corrected = max(corrected, ?), typed = ?, key = ?, rev = ? WHERE line = ?',
    ).run(write.plain, write.status, write.corrected, write.typed, write.key, version, line);
    this.#statement('DELETE FROM reasons WHERE line = ?').run(line);
    write.reasons.forEach((reason, pos) => {
      this.#statement(
        'INSERT OR IGNORE INTO reasons (rule, line, pos, text) VALUES (?, ?, ?, ?)',
      ).run(this.#ruleId(reason), line, pos, textIfOwn(reason));
    });
  }

  /**
   * Writes a line re-checked at the review's `version` (#recheckLine, #writeLine). Answers
   * whether it passes now, and its key as kept (#storedKey).
   */
  #store(
    row: LineRow,
    values: readonly string[],
    typed: boolean,
    checker: LineChecker,
    version: number,
    changed = true,
    typedNow: ReadonlySet<number> = new Set(),
  ): { passes: boolean; key: string } {
    const write = this.#recheckLine(row, values, typed, checker, changed, typedNow);
    this.#writeLine(row, write, version);
    return { passes: write.status === STATUS.fixed, key: write.key };
  }

  /**
   * After a line's key changed from `oldKey`: the corrected lines that failed only as its
   * duplicate are checked again (their reason named a line that no longer has the key).
   */
  #recheckDuplicatesOf(
    oldKey: string | null,
    line: number,
    checker: LineChecker,
    version: number,
  ): void {
    if (oldKey === null || oldKey === '') return;
    const others = this.#statement(
      'SELECT * FROM lines INDEXED BY lines_by_key WHERE key = ? AND corrected = 1 AND status = 0 AND line <> ?',
    ).all(oldKey, line) as unknown as LineRow[];
    for (const other of others) {
      this.#store(other, this.#values(other), other.typed === 1, checker, version, false);
    }
  }

  /**
   * Corrects one line: `changes` by file column index (a secret column's value is a new PIN or
   * password; a masked value sent as answered, REVIEW_SECRET_MASK, keeps the value kept). Answers
   * the line re-checked; undefined when it is not a line of the review. A correction that leaves
   * the line as stored (the same values, and a re-check that finds it as it was) writes nothing:
   * the line keeps its ETag and the review its version. `admits` (the request's If-Match) is
   * asked the line's current ETag, in the write: false throws StaleLine. Throws LineTooLong,
   * AlreadyImported or StaleLine with nothing written.
   */
  correct(
    line: number,
    changes: ReadonlyMap<number, string>,
    checker: LineChecker,
    admits: (etag: string) => boolean = () => true,
  ): ReviewLine | undefined {
    return this.#write(() => {
      const row = this.#row(line);
      if (row === undefined) return undefined;
      if (row.status === STATUS.imported) throw new AlreadyImported();
      if (!admits(lineEtag(row.rev))) throw new StaleLine();
      const values = this.#values(row);
      const masked = this.#masked(row, values);
      let typed = row.typed === 1;
      let changed = false;
      const typedNow = new Set<number>();
      for (const [index, value] of changes) {
        if (masked[index] && value === REVIEW_SECRET_MASK) continue;
        if (index === this.#secretIndex) {
          typed = true;
          changed = true;
        }
        if (values[index] !== value) changed = true;
        values[index] = value;
        typedNow.add(index);
      }
      this.#checkLength(values);
      // Without a change the line is only checked again (the records may have changed).
      const write = this.#recheckLine(row, values, typed, checker, changed, typedNow);
      // Nothing to write: the line keeps its ETag, the review its version.
      if (this.#leavesAsStored(row, write)) return this.#answer(row);
      const version = this.#raiseVersion();
      this.#writeLine(row, write, version);
      this.#changed();
      if (row.key !== write.key) this.#recheckDuplicatesOf(row.key, line, checker, version);
      const updated = this.#row(line);
      if (updated === undefined) throw new Error(`Line ${line} vanished`);
      return this.#answer(updated);
    });
  }

  /**
   * Corrects every failing line (of `rule` when given) by one change to one column. With
   * `readAt` (the review's version as the screen read it), a line it would change that was
   * written after that version (by another write than this one) throws StaleLine. One that
   * changes no line (`changed` 0) writes nothing: the review keeps its version. Throws
   * NoMatchingLine, LineTooLong or StaleLine with nothing written.
   */
  bulk(
    rule: number | undefined,
    index: number,
    change: ColumnChange,
    checker: LineChecker,
    readAt?: number,
  ): BulkAnswer {
    return this.#write(() => {
      // The line numbers first (a few bytes each): the lines change while they are worked.
      const rows = (
        rule === undefined
          ? this.#statement('SELECT line FROM lines WHERE status = 0 ORDER BY line').all()
          : this.#statement(
              'SELECT r.line AS line FROM reasons r JOIN lines l ON l.line = r.line WHERE r.rule = ? AND l.status = 0 ORDER BY r.line',
            ).all(rule)
      ) as { line: number }[];
      const lines = Int32Array.from(rows, (row) => row.line);
      if (lines.length === 0) throw new NoMatchingLine();
      // Raised by the first line changed: a bulk correction that changes none writes nothing.
      let version: number | undefined;
      let changed = 0;
      let nowPassing = 0;
      const secret = index === this.#secretIndex;
      // A value set is typed whole (a line kept whole shows it); a text replaced is not.
      const typedNow = new Set<number>('set' in change ? [index] : []);
      for (let first = 0; first < lines.length; first += CHUNK_LINES) {
        for (const line of lines.subarray(first, first + CHUNK_LINES)) {
          const row = this.#row(line);
          if (row === undefined) continue;
          const values = this.#values(row);
          let typed = row.typed === 1;
          const before = values[index] ?? '';
          let after: string;
          if ('set' in change) {
            // The mask set over a value that reads masked keeps that value, as a line
            // correction sending it back does: it is never taken for a new PIN or password.
            if (change.set === REVIEW_SECRET_MASK && this.#masked(row, values)[index]) continue;
            after = change.set;
          } else {
            // An untyped password is not known: there is nothing to replace in it.
            if (secret && !typed) continue;
            after = before.split(change.find).join(change.replace);
          }
          if (after === before && !(secret && !typed)) continue;
          // Written since the screen read the review, and not by this correction (a duplicate
          // it re-checked): another operator's value is not overwritten unseen.
          if (readAt !== undefined && row.rev > readAt && row.rev !== version) {
            throw new StaleLine();
          }
          version ??= this.#raiseVersion();
          if (secret) typed = true;
          values[index] = after;
          this.#checkLength(values);
          changed += 1;
          const { passes, key } = this.#store(row, values, typed, checker, version, true, typedNow);
          if (passes) nowPassing += 1;
          if (row.key !== key) this.#recheckDuplicatesOf(row.key, line, checker, version);
        }
        // The changed secrets sealed as the bulk goes: only a group's chunks are held.
        this.#secrets.flush();
      }
      if (changed > 0) this.#changed();
      return { matched: lines.length, changed, nowPassing, failingLines: this.failingLines() };
    });
  }

  // ---------------------------------------------------------------------- importing fixes

  /**
   * Starts an import of the fixed lines (the corrections file's lines are the fixed lines in
   * line order; the review is not corrected while they are imported): answers how many. Until
   * finishImport or abandonImport, `upload` is pending (pendingCorrections), on disk: a server
   * stopped meanwhile finds it so when the review is next opened.
   */
  beginImport(upload: string): number {
    this.#statement('UPDATE meta SET corrections_upload = ?, changed_at = ?').run(
      upload,
      Date.now(),
    );
    return this.statusCounts().fixed;
  }

  /**
   * The upload of a corrections import begun and not settled (by finishImport or
   * abandonImport), or null.
   */
  pendingCorrections(): string | null {
    const row = this.#statement(
      'SELECT corrections_upload AS upload, corrections_settled AS settled FROM meta',
    ).get() as { upload: string | null; settled: string | null };
    return row.upload !== null && row.upload !== row.settled ? row.upload : null;
  }

  /** Settles the pending corrections import as one that kept nothing: the lines stay fixed. */
  abandonImport(): void {
    this.#statement('UPDATE meta SET corrections_settled = corrections_upload, changed_at = ?').run(
      Date.now(),
    );
  }

  /** The corrections file's data lines (plain text: written sealed by the caller), in order. */
  *correctionLines(): Generator<string> {
    const rows = this.#statement(
      'SELECT vals, slot FROM lines WHERE status = 1 ORDER BY line',
    ).iterate() as Iterable<Pick<LineRow, 'vals' | 'slot'>>;
    try {
      for (const row of rows) {
        yield this.#values(row).join(FIELD_DELIMITER);
      }
    } finally {
      this.#secrets.clear();
    }
  }

  /**
   * After the corrections import completed: its lines (the fixed ones) are imported, except
   * those it refused (`refused`: the corrections file's line as the engine numbers it, its
   * header being line 1 -> the engine's reasons), failing again, with a line a reason names
   * ("first at line N") named as in the imported file; in the same transaction the import is
   * settled and the error file owed a rewrite (errorFileOwed).
   */
  finishImport(refused: ReadonlyMap<number, readonly string[]>): void {
    inWriteTransaction(this.#db, () => {
      // The refused lines' numbers first, while the fixed lines are still the file's lines.
      const nth = this.#statement(
        'SELECT line FROM lines WHERE status = 1 ORDER BY line LIMIT 1 OFFSET ?',
      );
      // Line 2 of the file is its first data line: the first fixed line.
      const reviewLineOf = (fileLine: number) =>
        (nth.get(fileLine - 2) as { line: number } | undefined)?.line;
      const failing = [...refused].flatMap(([fileLine, problems]) => {
        const line = reviewLineOf(fileLine);
        if (line === undefined) return [];
        return [{ line, problems: problems.map((text) => renumbered(text, reviewLineOf)) }];
      });
      const version = this.#raiseVersion();
      for (const { line, problems } of failing) {
        this.#statement('UPDATE lines SET status = 0, rev = ? WHERE line = ?').run(version, line);
        this.#statement('DELETE FROM reasons WHERE line = ?').run(line);
        problems.forEach((text, pos) => {
          const reason = reasonOf(text, this.#fileNames);
          this.#statement(
            'INSERT OR IGNORE INTO reasons (rule, line, pos, text) VALUES (?, ?, ?, ?)',
          ).run(this.#ruleId(reason), line, pos, textIfOwn(reason));
        });
      }
      this.#statement('UPDATE lines SET status = 2, rev = ? WHERE status = 1').run(version);
      this.#statement(
        'UPDATE meta SET corrections_settled = corrections_upload, error_file_owed = ?',
      ).run(version);
      this.#changed();
    });
  }

  /**
   * The error file's lines of the lines still failing, as the engine writes them: values (a
   * device password masked), then `line <n>: <reasons>`.
   */
  *failingErrorLines(): Generator<string> {
    const rows = this.#statement(
      'SELECT * FROM lines WHERE status = 0 ORDER BY line',
    ).iterate() as Iterable<LineRow>;
    const reasons = this.#db.prepare(
      'SELECT coalesce(r.text, u.text) AS text FROM reasons r JOIN rules u ON u.id = r.rule WHERE r.line = ? ORDER BY r.pos',
    );
    try {
      for (const row of rows) {
        const values = this.#values(row);
        if (this.#secretIndex >= 0) values[this.#secretIndex] = REVIEW_SECRET_MASK;
        const texts = (reasons.all(row.line) as { text: string }[]).map((reason) => reason.text);
        yield [...values, `line ${row.line}: ${texts.join('; ')}`].join(FIELD_DELIMITER);
      }
    } finally {
      this.#secrets.clear();
    }
  }

  /** The error file's header: the file's columns and `error`. */
  errorHeader(): string {
    return [...this.meta.columns, IMPORT_ERROR_COLUMN].join(FIELD_DELIMITER);
  }
}

/** A reason of `text`: its field is the file's column its `field: ` prefix names. */
function reasonOf(text: string, fileNames: ReadonlyMap<string, string>): Reason {
  const prefix = /^(\w+): /.exec(text);
  const field = prefix === null ? null : (fileNames.get(prefix[1] ?? '') ?? null);
  return { text, rule: ruleTextOf(text), field };
}

/** The engine's reason naming the line a key was first met on (engine.ts). */
const FIRST_AT_LINE = /^(\w+: appears again, first at line )(\d+)$/;

/**
 * A corrections import's reason as the review shows it: the line it names ("first at line N",
 * a line of the corrections file) named as in the imported file (`lineOf`), when known.
 */
function renumbered(text: string, lineOf: (fileLine: number) => number | undefined): string {
  const match = FIRST_AT_LINE.exec(text);
  const line = match === null ? undefined : lineOf(Number(match[2]));
  return match === null || line === undefined ? text : `${match[1]}${line}`;
}

/** The text kept with a line's reason: null when it is its count's text. */
function textIfOwn(reason: Reason): string | null {
  return reason.text === reason.rule ? null : reason.text;
}

export class LineTooLong extends Error {}
export class AlreadyImported extends Error {}
/** A line changed since the screen that corrects it read it (If-Match, a bulk's version). */
export class StaleLine extends Error {}
export class NoMatchingLine extends Error {}

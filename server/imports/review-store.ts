/**
 * The store of one review of an import's error lines (contracts/api/import-review.ts): a SQLite
 * file of its own, `<importsDir>/reviews/<uuid>.sqlite` (owner only), built once from the
 * import's error file and deleted with it. Lines are read a page at a time and corrected in
 * place; nothing of a review is held in memory between calls.
 *
 *   meta     the import it belongs to and the file's columns
 *   lines    one row per error line (its number in the imported file): its values in the file's
 *            column order (JSON; sealed with the upload key for card and device files, whose
 *            lines hold PINs and typed passwords), status, corrected, its key (for duplicates)
 *   rules    one row per distinct reason (the counts' filters): its text and field
 *   reasons  the reasons of the failing lines (fixed and imported lines have none)
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  IMPORT_COLUMNS,
  IMPORT_ERROR_COLUMN,
  IMPORT_LIMITS,
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
import { decryptSecret, encryptSecret } from '../records/record-crypto';
import { inWriteTransaction, type Db, type Statement } from '../records/records-db';
import { FIELD_DELIMITER } from './file-header';
import { forEachDataLine } from './import-file';
import { lineLayout, placeFields, type LineLayout } from './line-fields';
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
    pattern: /^expected (\d+) fields separated by \|, found \d+$/,
    text: (match) => `expected ${match[1]} fields separated by |`,
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
const FIELD_COUNT_REASON = /\|line (\d+): (expected \d+ fields separated by \|, found \d+)$/;
const ERROR_COLUMN = /^line (\d+): (.*)$/;

/** An error line of the error file: its number, values (file order), the import's reasons. */
export interface ParsedErrorLine {
  line: number;
  values: string[];
  problems: string[];
}

/** Splits an error file's line; undefined when it has no error column (a cut-off line). */
export function parseErrorLine(text: string, width: number): ParsedErrorLine | undefined {
  let body: string;
  let line: number;
  let problems: string[];
  const fieldCount = FIELD_COUNT_REASON.exec(text);
  if (fieldCount !== null) {
    body = text.slice(0, fieldCount.index);
    line = Number(fieldCount[1]);
    problems = [fieldCount[2] ?? ''];
  } else {
    const cut = text.lastIndexOf(FIELD_DELIMITER);
    const column = ERROR_COLUMN.exec(cut < 0 ? text : text.slice(cut + 1));
    if (column === null) return undefined;
    body = cut < 0 ? '' : text.slice(0, cut);
    line = Number(column[1]);
    problems = (column[2] ?? '').split('; ').filter((problem) => problem !== '');
  }
  return { line, values: fitValues(body.split(FIELD_DELIMITER), width), problems };
}

/** `width` values: missing ones empty, extra ones joined into the last (ReviewLine.values). */
export function fitValues(parts: readonly string[], width: number): string[] {
  if (parts.length === width) return [...parts];
  if (parts.length < width) return [...parts, ...Array<string>(width - parts.length).fill('')];
  return [...parts.slice(0, width - 1), parts.slice(width - 1).join(FIELD_DELIMITER)];
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
  vals: Uint8Array | string;
  status: number;
  corrected: number;
  typed: number;
  key: string | null;
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
  corrections_upload TEXT
);
CREATE TABLE rules (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE,
  field TEXT
);
CREATE TABLE lines (
  line INTEGER PRIMARY KEY,
  vals BLOB NOT NULL,
  status INTEGER NOT NULL,
  corrected INTEGER NOT NULL DEFAULT 0,
  typed INTEGER NOT NULL DEFAULT 0,
  key TEXT,
  batch INTEGER
);
CREATE INDEX lines_by_status ON lines (status, line);
CREATE INDEX lines_by_key ON lines (key) WHERE corrected = 1;
CREATE INDEX lines_by_batch ON lines (batch) WHERE batch IS NOT NULL;
CREATE TABLE reasons (
  rule INTEGER NOT NULL,
  line INTEGER NOT NULL,
  pos INTEGER NOT NULL,
  text TEXT,
  PRIMARY KEY (rule, line)
) WITHOUT ROWID;
CREATE INDEX reasons_by_line ON reasons (line, pos);
`;

/** Lines read or written per statement round in bulk work. */
const CHUNK_LINES = 1000;

export class ReviewStore {
  readonly meta: ReviewMeta;
  readonly #db: Db;
  readonly #key: Buffer;
  readonly #sealed: boolean;
  readonly #layout: LineLayout;
  /** File index of the key column, of the secret column (a device password), or -1. */
  readonly #keyIndex: number;
  readonly #secretIndex: number;
  readonly #keyField: string;
  /** Documented name -> the file's own column name. */
  readonly #fileNames: ReadonlyMap<string, string>;
  readonly #statements = new Map<string, Statement>();

  private constructor(db: Db, key: Buffer) {
    this.#db = db;
    this.#key = key;
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
    this.#sealed = kind !== 'store';
    this.#keyField = TABLES[kind].keyField;
    this.#keyIndex = documented.indexOf(specs.findIndex((spec) => spec.name === this.#keyField));
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
      let keyIndex = -1;
      const fileNames = new Map<string, string>();
      const ruleIds = new Map<string, number>();
      const insertRule = db.prepare('INSERT INTO rules (text, field) VALUES (?, ?)');
      const insertLine = db.prepare(
        'INSERT OR IGNORE INTO lines (line, vals, status, key) VALUES (?, ?, 0, ?)',
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
          keyIndex = columns.indexOf(fileNames.get(TABLES[meta.kind].keyField) ?? '');
        },
        (buffer, start, stop) => {
          if (stop === start) return;
          const parsed = parseErrorLine(buffer.toString('utf8', start, stop), width);
          if (parsed === undefined) return;
          const json = JSON.stringify(parsed.values);
          const vals = meta.kind === 'store' ? json : encryptSecret(key, json);
          const lineKey = keyIndex < 0 ? null : (parsed.values[keyIndex] ?? '').trim();
          if (insertLine.run(parsed.line, vals, lineKey).changes === 0) return;
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
      db.exec('COMMIT');
      db.close();
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

  /** The column a device password is in (the file's name), or null. */
  get secretColumn(): string | null {
    return this.#secretIndex < 0 ? null : (this.meta.columns[this.#secretIndex] ?? null);
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
    const row = this.#row(line);
    return row === undefined ? undefined : this.#answer(row);
  }

  #values(row: LineRow): string[] {
    const json =
      typeof row.vals === 'string'
        ? row.vals
        : decryptSecret(
            this.#key,
            Buffer.from(row.vals.buffer, row.vals.byteOffset, row.vals.length),
          );
    return JSON.parse(json) as string[];
  }

  #encode(values: readonly string[]): Uint8Array | string {
    const json = JSON.stringify(values);
    return this.#sealed ? encryptSecret(this.#key, json) : json;
  }

  #reasons(line: number): ReviewReason[] {
    const rows = this.#statement(
      'SELECT r.rule AS rule, u.field AS field, coalesce(r.text, u.text) AS text FROM reasons r JOIN rules u ON u.id = r.rule WHERE r.line = ? ORDER BY r.pos',
    ).all(line) as { rule: number; field: string | null; text: string }[];
    return rows.map((row) => ({ ...row, rule: String(row.rule) }));
  }

  #answer(row: LineRow): ReviewLine {
    const values = this.#values(row);
    if (this.#secretIndex >= 0) values[this.#secretIndex] = REVIEW_SECRET_MASK;
    return {
      line: row.line,
      values,
      reasons: row.status === STATUS.failing ? this.#reasons(row.line) : [],
      status: REVIEW_LINE_STATUSES[row.status] ?? 'failing',
      corrected: row.corrected === 1,
    };
  }

  // ----------------------------------------------------------------------------- correcting

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
    const parts = [...values];
    const passwordTyped = this.#secretIndex < 0 || typed;
    // An untyped password is replaced by a valid stand-in: the line fails for it anyway.
    if (!passwordTyped) parts[this.#secretIndex] = 'typed';
    const fields = Array<string>(this.#layout.width).fill('');
    placeFields(this.#layout, parts, fields);
    const reasons = checker.check(fields).map((text) => reasonOf(text, this.#fileNames));
    const key = this.#keyIndex < 0 ? '' : (values[this.#keyIndex] ?? '').trim();
    const keyName = this.#keyField;
    const keyFails = reasons.some((reason) => reason.text.startsWith(`${keyName}: `));
    if (key !== '' && !keyFails) {
      if (checker.keyStored(key)) {
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

  /** Writes a line re-checked: its values, status, reasons. Answers whether it passes now. */
  #store(line: number, values: readonly string[], typed: boolean, checker: LineChecker): boolean {
    const { reasons, key } = this.#recheck(line, values, typed, checker);
    const passes = reasons.length === 0;
    this.#statement(
      'UPDATE lines SET vals = ?, status = ?, corrected = 1, typed = ?, key = ? WHERE line = ?',
    ).run(this.#encode(values), passes ? STATUS.fixed : STATUS.failing, typed ? 1 : 0, key, line);
    this.#statement('DELETE FROM reasons WHERE line = ?').run(line);
    reasons.forEach((reason, pos) => {
      this.#statement(
        'INSERT OR IGNORE INTO reasons (rule, line, pos, text) VALUES (?, ?, ?, ?)',
      ).run(this.#ruleId(reason), line, pos, textIfOwn(reason));
    });
    return passes;
  }

  /**
   * After a line's key changed from `oldKey`: the corrected lines that failed only as its
   * duplicate are checked again (their reason named a line that no longer has the key).
   */
  #recheckDuplicatesOf(oldKey: string | null, line: number, checker: LineChecker): void {
    if (oldKey === null || oldKey === '') return;
    const others = this.#statement(
      'SELECT * FROM lines INDEXED BY lines_by_key WHERE key = ? AND corrected = 1 AND status = 0 AND line <> ?',
    ).all(oldKey, line) as unknown as LineRow[];
    for (const other of others) {
      this.#store(other.line, this.#values(other), other.typed === 1, checker);
    }
  }

  /**
   * Corrects one line: `changes` by file column index (a secret column's value is a typed
   * password). Answers the line re-checked; undefined when it is not a line of the review.
   * Throws LineTooLong or AlreadyImported with nothing written.
   */
  correct(
    line: number,
    changes: ReadonlyMap<number, string>,
    checker: LineChecker,
  ): ReviewLine | undefined {
    return inWriteTransaction(this.#db, () => {
      const row = this.#row(line);
      if (row === undefined) return undefined;
      if (row.status === STATUS.imported) throw new AlreadyImported();
      const values = this.#values(row);
      let typed = row.typed === 1;
      for (const [index, value] of changes) {
        if (index === this.#secretIndex) {
          if (value === REVIEW_SECRET_MASK) continue;
          typed = true;
        }
        values[index] = value;
      }
      this.#checkLength(values);
      this.#store(line, values, typed, checker);
      if (row.key !== values[this.#keyIndex]?.trim())
        this.#recheckDuplicatesOf(row.key, line, checker);
      const updated = this.#row(line);
      if (updated === undefined) throw new Error(`Line ${line} vanished`);
      return this.#answer(updated);
    });
  }

  /**
   * Corrects every failing line (of `rule` when given) by one change to one column. Throws
   * NoMatchingLine or LineTooLong with nothing written.
   */
  bulk(
    rule: number | undefined,
    index: number,
    change: ColumnChange,
    checker: LineChecker,
  ): BulkAnswer {
    return inWriteTransaction(this.#db, () => {
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
      let changed = 0;
      let nowPassing = 0;
      const secret = index === this.#secretIndex;
      for (let first = 0; first < lines.length; first += CHUNK_LINES) {
        for (const line of lines.subarray(first, first + CHUNK_LINES)) {
          const row = this.#row(line);
          if (row === undefined) continue;
          const values = this.#values(row);
          let typed = row.typed === 1;
          const before = values[index] ?? '';
          let after: string;
          if ('set' in change) {
            after = change.set;
          } else {
            // An untyped password is not known: there is nothing to replace in it.
            if (secret && !typed) continue;
            after = before.split(change.find).join(change.replace);
          }
          if (after === before && !(secret && !typed)) continue;
          if (secret) typed = true;
          values[index] = after;
          this.#checkLength(values);
          changed += 1;
          if (this.#store(line, values, typed, checker)) nowPassing += 1;
          if (row.key !== values[this.#keyIndex]?.trim()) {
            this.#recheckDuplicatesOf(row.key, line, checker);
          }
        }
      }
      return { matched: lines.length, changed, nowPassing, failingLines: this.failingLines() };
    });
  }

  // ---------------------------------------------------------------------- importing fixes

  /** Numbers the fixed lines 1.. in line order (the corrections file's lines); answers how many. */
  beginImport(upload: string): number {
    return inWriteTransaction(this.#db, () => {
      this.#statement('UPDATE lines SET batch = NULL WHERE batch IS NOT NULL').run();
      const numbered = this.#statement(
        'UPDATE lines SET batch = n.pos FROM (SELECT line, row_number() OVER (ORDER BY line) AS pos FROM lines WHERE status = 1) AS n WHERE lines.line = n.line',
      ).run();
      this.#statement('UPDATE meta SET corrections_upload = ?').run(upload);
      return Number(numbered.changes);
    });
  }

  /** The corrections file's data lines (plain text: written sealed by the caller), in order. */
  *correctionLines(): Generator<string> {
    const rows = this.#statement(
      'SELECT vals FROM lines WHERE batch IS NOT NULL ORDER BY batch',
    ).iterate() as Iterable<{ vals: Uint8Array | string }>;
    for (const row of rows) {
      yield this.#values({ vals: row.vals } as LineRow).join(FIELD_DELIMITER);
    }
  }

  /**
   * After the corrections import completed: its lines are imported, except those it refused
   * (`refused`: corrections file line -> the engine's reasons), which fail again.
   */
  finishImport(refused: ReadonlyMap<number, readonly string[]>): void {
    inWriteTransaction(this.#db, () => {
      const byBatch = this.#statement('SELECT line FROM lines WHERE batch = ?');
      for (const [batch, problems] of refused) {
        const row = byBatch.get(batch) as { line: number } | undefined;
        if (row === undefined) continue;
        this.#statement('UPDATE lines SET status = 0, batch = NULL WHERE line = ?').run(row.line);
        this.#statement('DELETE FROM reasons WHERE line = ?').run(row.line);
        problems.forEach((text, pos) => {
          const reason = reasonOf(text, this.#fileNames);
          this.#statement(
            'INSERT OR IGNORE INTO reasons (rule, line, pos, text) VALUES (?, ?, ?, ?)',
          ).run(this.#ruleId(reason), row.line, pos, textIfOwn(reason));
        });
      }
      this.#statement('UPDATE lines SET status = 2, batch = NULL WHERE batch IS NOT NULL').run();
    });
  }

  /** A corrections import that did not complete: the fixed lines stay fixed. */
  abortImport(): void {
    this.#statement('UPDATE lines SET batch = NULL WHERE batch IS NOT NULL').run();
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
    for (const row of rows) {
      const values = this.#values(row);
      if (this.#secretIndex >= 0) values[this.#secretIndex] = REVIEW_SECRET_MASK;
      const texts = (reasons.all(row.line) as { text: string }[]).map((reason) => reason.text);
      yield [...values, `line ${row.line}: ${texts.join('; ')}`].join(FIELD_DELIMITER);
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

/** The text kept with a line's reason: null when it is its count's text. */
function textIfOwn(reason: Reason): string | null {
  return reason.text === reason.rule ? null : reason.text;
}

export class LineTooLong extends Error {}
export class AlreadyImported extends Error {}
export class NoMatchingLine extends Error {}

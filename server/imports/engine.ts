/**
 * One import, start to end, synchronously (run in a worker thread by import-service.ts, so the
 * server's event loop stays free). Reads the uploaded file in 1 MB chunks (never whole; a sealed
 * device upload through decryption, sealed-file.ts), checks each line (rules.ts), writes failing
 * lines to the error file, and upserts good lines in ONE transaction with the import's row
 * moving to completed: all or nothing.
 *
 * Progress is written to shared cells (PROGRESS_CELL), read by the main thread at any moment.
 */
import { rmSync, statSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import type { SQLInputValue } from 'node:sqlite';
import {
  IMPORT_COLUMNS,
  IMPORT_ERROR_COLUMN,
  IMPORT_LIMITS,
  IMPORT_STEPS,
  MASKED_PASSWORD,
  type ImportKind,
  type ImportStep,
} from '@contracts/api/imports';
import { REVIEW_SERVER_MESSAGE } from '@contracts/api/import-review';
import { openProgramDb, type Db, type Statement } from '../records/records-db';
import { encryptSecret, pinHashMessage, pinKeyOf } from '../records/record-crypto';
import { storeDetails } from '../records/store-search';
import { FIELD_DELIMITER } from './file-header';
import { countDataLines, forEachDataLine, MAX_LINE_BYTES, type FileHeader } from './import-file';
import { lineLayout, placeFields } from './line-fields';
import { SealedFileWriter } from './sealed-file';
import {
  PIN_HASH_BYTES,
  PinHashesHere,
  PinHashesThread,
  type PinHashChannel,
  type PinHashes,
} from './pin-hashes';
import {
  checkCard,
  checkDevice,
  checkStore,
  fieldCountProblem,
  type CardRuleParams,
  type Checked,
} from './rules';

/**
 * A field-count reason that holds the delimiter in an error file's error column (`line 7:
 * expected 4 fields separated by |, found 3`): such a file imports again as it is too. Matched
 * whole, at the line's end, so no data is ever taken for it.
 */
export const PIPED_FIELD_COUNT_ERROR =
  /\|line \d+: expected \d+ fields separated by \|, found \d+$/;

export const PROGRESS_CELL = { step: 0, currentLine: 1, totalLines: 2, errorLines: 3 } as const;
export const PROGRESS_CELLS = 4;

export const stepIndex = (step: ImportStep): number => IMPORT_STEPS.indexOf(step);

export interface ImportJob {
  kind: ImportKind;
  programId: number;
  importId: number;
  recordsDir: string;
  inputFile: string;
  /** Hex key of a sealed input file (sealed-file.ts: device uploads); unused for a plain one. */
  uploadKey?: string;
  /** The file's data lines when the upload counted them (import-file.ts DataLineCounter). */
  totalLines?: number;
  errorFile: string;
  card?: CardRuleParams;
  /** Hex keys (read by the service from keysDir). */
  pinKey: string;
  deviceKey: string;
  /**
   * A key already stored for the program (by another import) makes an error line, `<key
   * field>: already stored for the scheme`, instead of replacing its record
   * (ImportRequestParams.keepStored).
   */
  keepStored?: boolean;
  /** Test hook: throw after this many data lines were read (all-or-nothing tests). */
  failAfterLine?: number;
  /** Test hook: wait this many ms after each line (the kill test). */
  lineDelayMs?: number;
  /** Developer tools' midway fault (docs/developer-tools.md): fail on reaching this data line. */
  failAtLine?: number;
  /**
   * Developer tools' midway fault: on reaching this data line, show it as the progress and wait
   * while `hold[0]` is not 0 (the fault's registry sets it to 0 and notifies when it is deleted).
   */
  stallAtLine?: number;
  hold?: Int32Array;
  /** A card import's PIN hash thread (pin-hashes.ts); without it, the import hashes the PINs. */
  pinHashes?: PinHashChannel;
}

export interface ImportOutcome {
  totalLines: number;
  errorLines: number;
  inserted: number;
  replaced: number;
}

/**
 * True for a kind whose lines hold a secret (IMPORT_COLUMNS `secret`: a card's PIN, a device's
 * password): its error file is sealed on disk, a card's for its PINs, a device's although its
 * passwords are masked (`***`), so none is ever there in plain text whatever a line's layout.
 */
export function holdsSecrets(kind: ImportKind): boolean {
  return IMPORT_COLUMNS[kind].some((column) => column.secret === true);
}

/**
 * Buffered writes to the error file, sealed with `key` when given (a card or device import's:
 * holdsSecrets; sealed-file.ts). The download and the review read it through decryption.
 */
class ErrorFile {
  #writer: SealedFileWriter | undefined;
  #pending: string[] = [];
  #size = 0;

  constructor(
    readonly file: string,
    readonly key: Buffer | undefined,
  ) {}

  write(text: string): void {
    this.#writer ??= new SealedFileWriter(this.file, this.key);
    this.#pending.push(text);
    this.#size += text.length;
    if (this.#size > 64 * 1024) this.flush();
  }

  flush(): void {
    if (this.#writer === undefined || this.#pending.length === 0) return;
    this.#writer.write(this.#pending.join(''));
    this.#pending = [];
    this.#size = 0;
  }

  close(): void {
    this.flush();
    this.#writer?.close();
    this.#writer = undefined;
  }
}

/** A good line's record: its key, then the values of its table's other columns (TABLES order). */
export interface Row {
  key: string;
  values: SQLInputValue[];
  /**
   * A card's PIN HMAC message (pinHashMessage), until the batch's HMACs come in: its HMAC then
   * takes values[0], the pin_hash column, and this is dropped.
   */
  pinMessage?: string;
}

/** Checks a line's fields (IMPORT_COLUMNS order): the record to write, or the line's problems. */
type Check = (fields: readonly string[]) => Checked<Row>;

/** A kind's table: its key column (and the key's field name, for messages), then the others. */
export interface Table {
  name: string;
  key: string;
  keyField: string;
  columns: readonly string[];
}

export const TABLES: Readonly<Record<ImportKind, Table>> = {
  card: {
    name: 'cards',
    key: 'card_number',
    keyField: 'cardNumber',
    columns: ['pin_hash', 'balance_cents', 'currency', 'expiry_date', 'status'],
  },
  store: {
    name: 'stores',
    key: 'store_code',
    keyField: 'storeCode',
    columns: [
      'store_name',
      'address',
      'city',
      'postcode',
      'country_code',
      'suburb',
      'state',
      'phone',
      'latitude',
      'longitude',
    ],
  },
  device: {
    name: 'devices',
    key: 'device_id',
    keyField: 'deviceId',
    columns: ['store_code', 'device_type', 'serial_number', 'password_sealed'],
  },
};

function cardCheck(_db: Db, job: ImportJob): Check {
  return (fields) => {
    const checked = checkCard(fields, job.card);
    if (!checked.ok) return checked;
    const c = checked.value;
    const values = [null, c.balanceCents, c.currency, c.expiryDate, c.status];
    const pinMessage = pinHashMessage(c.cardNumber, c.pin);
    return { ok: true, value: { key: c.cardNumber, values, pinMessage } };
  };
}

function storeCheck(): Check {
  return (fields) => {
    const checked = checkStore(fields);
    if (!checked.ok) return checked;
    return {
      ok: true,
      value: { key: checked.value.storeCode, values: [...storeDetails(checked.value)] },
    };
  };
}

function deviceCheck(db: Db, job: ImportJob): Check {
  const deviceKey = Buffer.from(job.deviceKey, 'hex');
  const store = db.prepare('SELECT 1 FROM stores WHERE store_code = ?');
  const storeExists = (code: string) => store.get(code) !== undefined;
  return (fields) => {
    const checked = checkDevice(fields, storeExists);
    if (!checked.ok) return checked;
    const d = checked.value;
    const sealed = encryptSecret(deviceKey, d.password);
    return {
      ok: true,
      value: { key: d.deviceId, values: [d.storeCode, d.deviceType, d.serialNumber, sealed] },
    };
  };
}

const CHECKS: Readonly<Record<ImportKind, (db: Db, job: ImportJob) => Check>> = {
  card: cardCheck,
  store: storeCheck,
  device: deviceCheck,
};

/** A data line waiting for its batch: a record to write, or a failing line's reasons. */
export interface Pending {
  line: number;
  /** The line's text. */
  raw: string;
  row: Row | undefined;
  /** The line's problems; set for a good line found to repeat a key of this file. */
  problems: readonly string[] | undefined;
  /** Set for a good line once written. */
  written?: 'inserted' | 'replaced';
}

/**
 * Lines per batch: read and checked, then written together. A card batch is also one message to
 * the PIN hash thread and one answer (pin-hashes.ts), each waking the other thread: a
 * 1,000,000-line import took about 8 s in batches of 4096 lines against 10 s in batches of 1024
 * on this machine under load (16,384 gained nothing more).
 */
export const BATCH_LINES = 4096;

/**
 * A batch also ends once its lines hold this many characters: a batch of long lines (up to
 * IMPORT_LIMITS.maxLineChars each) stays small in memory (the import thread's heap is capped:
 * import-service.ts THREAD_LIMITS).
 */
export const BATCH_CHARS = 1_000_000;

/**
 * Records per INSERT at most. A statement is prepared for each row count up to this and kept
 * (about 44 KiB each for cards); more rows a statement gain nothing: a million cards took 1.09 s
 * of SQLite's time in statements of 64 rows, 1.07 s in statements of 256, 1.50 s a row at a
 * time (measured here).
 */
export const INSERT_ROWS = 64;

/**
 * Writes good lines a batch at a time, in multi-row `INSERT ... ON CONFLICT DO NOTHING`
 * statements (INSERT_ROWS). Every record keeps the import and line that wrote it, so when a
 * batch inserts fewer rows than it holds, its lines are settled one by one in line order, as a
 * statement a line would have: the key's record is this line's (inserted), this import's from
 * an earlier line (an error line: the key appears again), or an earlier import's (replaced by
 * this line; with `keepStored`, an error line: the key is already stored, its record kept).
 */
export class BatchWriter {
  readonly #db: Db;
  readonly #table: Table;
  readonly #importId: number;
  readonly #inserts = new Map<number, Statement>();
  readonly #owner: Statement;
  readonly #update: Statement;
  readonly #keepStored: boolean;

  constructor(db: Db, table: Table, importId: number, keepStored = false) {
    this.#db = db;
    this.#table = table;
    this.#importId = importId;
    this.#keepStored = keepStored;
    this.#owner = db.prepare(`SELECT import_id, line FROM ${table.name} WHERE ${table.key} = ?`);
    this.#owner.setReturnArrays(true);
    const sets = [...table.columns, 'import_id', 'line'].map((column) => `${column} = ?`);
    this.#update = db.prepare(`UPDATE ${table.name} SET ${sets.join(', ')} WHERE ${table.key} = ?`);
  }

  #insert(rows: number): Statement {
    let statement = this.#inserts.get(rows);
    if (statement === undefined) {
      const columns = [this.#table.key, ...this.#table.columns, 'import_id', 'line'];
      const one = `(${columns.map(() => '?').join(', ')})`;
      statement = this.#db.prepare(
        `INSERT INTO ${this.#table.name} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => one).join(', ')} ON CONFLICT DO NOTHING`,
      );
      this.#inserts.set(rows, statement);
    }
    return statement;
  }

  /** Writes the good lines of `batch` (in line order), setting each one's outcome. */
  write(batch: readonly Pending[]): void {
    const good = batch.filter((pending) => pending.row !== undefined);
    let inserted = 0;
    for (let first = 0; first < good.length; first += INSERT_ROWS) {
      const rows = good.slice(first, first + INSERT_ROWS);
      const params: SQLInputValue[] = [];
      for (const { row, line } of rows) {
        if (row === undefined) continue;
        params.push(row.key);
        for (const value of row.values) params.push(value);
        params.push(this.#importId, line);
      }
      inserted += Number(this.#insert(rows.length).run(...params).changes);
    }
    this.#settle(good, inserted);
  }

  /** Sets each good line's outcome, `inserted` of them having been inserted (see the class). */
  #settle(good: readonly Pending[], inserted: number): void {
    for (const pending of good) {
      if (inserted === good.length) {
        pending.written = 'inserted';
        continue;
      }
      const { line, row } = pending;
      if (row === undefined) continue;
      const owner = this.#owner.get(row.key) as unknown as [number, number] | undefined;
      // Only the key is unique, so a row not inserted has a record with its key.
      if (owner === undefined) throw new Error(`${this.#table.name}: ${row.key} not written`);
      if (owner[0] === this.#importId && owner[1] === line) {
        pending.written = 'inserted';
      } else if (owner[0] === this.#importId) {
        pending.problems = [`${this.#table.keyField}: appears again, first at line ${owner[1]}`];
      } else if (this.#keepStored) {
        pending.problems = [REVIEW_SERVER_MESSAGE.keyStored(this.#table.keyField)];
      } else {
        this.#update.run(...row.values, this.#importId, line, row.key);
        pending.written = 'replaced';
      }
    }
  }
}

/**
 * The import's SQLite page cache. The import's memory is bounded (RSS +150 MB at most for a
 * 5,000,000-line card file) and this cache is most of it: with 64 MB the bound was reached in
 * some bench runs (+147 to +153 MB), with 32 MB the growth was +80 to +121 MB in five. A file
 * in card number order imports as fast (1,000,000 lines: 4.5 s against 4.8 s, medians of three
 * alternating runs); one in random order takes SQLite 12 to 15 s a million cards against 9.3
 * to 9.8 s with 64 MB (measured here).
 */
export const IMPORT_CACHE_KIB = 32 * 1024;

/**
 * The page cache of an import of `fileBytes`: about a KiB per KiB of file, from SQLite's own
 * default (2 MiB) up to IMPORT_CACHE_KIB. A small file (a review's 50,000 corrections: 2 MB)
 * touches few pages, and a full cache on its thread beside the server's other work cost the
 * review's memory bound most of its margin (npm run bench -- --review: the corrections' import
 * grew RSS by about 75 MB with 32 MB, about 50 MB with this, in the same 0.6 s; the review in all
 * +129 to +158 MB against +99 to +102 MB).
 */
export function importCacheKiB(fileBytes: number): number {
  return Math.min(IMPORT_CACHE_KIB, Math.max(2 * 1024, Math.ceil(fileBytes / 1024)));
}

const sleep = new Int32Array(new SharedArrayBuffer(4));

/**
 * A mock stall fault: the progress shows `line` and the import waits until `hold[0]` is 0. The
 * wait is in short slices, so a worker stopped meanwhile (the service closing) ends promptly.
 */
function stall(hold: Int32Array, cells: Int32Array, line: number): void {
  Atomics.store(cells, PROGRESS_CELL.currentLine, line);
  while (Atomics.load(hold, 0) !== 0) Atomics.wait(hold, 0, Atomics.load(hold, 0), 200);
}

/**
 * Runs the import; throws (after rolling back) when it cannot complete. Once committed, it calls
 * `committed` with the outcome (the worker answers then), and only then checkpoints the WAL: the
 * commit leaves the import's pages (about 100 MB for a million cards) in the WAL, and copying
 * them into the database file (about 0.45 s for a million cards here) is SQLite's housekeeping,
 * not the import's: the cards are committed and readable before it, and a crash during it loses
 * nothing (the WAL is replayed). Readers meanwhile read the WAL; a write on another connection
 * during it does not wait for it (a second checkpointer is refused at once, SQLITE_BUSY, which
 * SQLite's autocheckpoint ignores).
 */
export function runImport(
  job: ImportJob,
  cells: Int32Array,
  committed?: (outcome: ImportOutcome) => void,
): ImportOutcome {
  const kind = job.kind;
  const specs = IMPORT_COLUMNS[kind];
  Atomics.store(cells, PROGRESS_CELL.step, stepIndex('validating'));
  const input = {
    file: job.inputFile,
    ...(job.uploadKey === undefined ? {} : { key: Buffer.from(job.uploadKey, 'hex') }),
  };
  const totalLines = job.totalLines ?? countDataLines(input);
  Atomics.store(cells, PROGRESS_CELL.totalLines, totalLines);

  const db = openProgramDb(job.recordsDir, job.programId, {
    cacheKiB: importCacheKiB(statSync(job.inputFile).size),
  });
  const errors = new ErrorFile(job.errorFile, holdsSecrets(kind) ? input.key : undefined);
  const outcome: ImportOutcome = { totalLines, errorLines: 0, inserted: 0, replaced: 0 };
  let done = false;
  try {
    db.exec('PRAGMA journal_size_limit = 67108864; PRAGMA wal_autocheckpoint = 0');
    db.exec('BEGIN IMMEDIATE');
    Atomics.store(cells, PROGRESS_CELL.step, stepIndex('importing'));
    const check = CHECKS[kind](db, job);
    const writer = new BatchWriter(db, TABLES[kind], job.importId, job.keepStored === true);
    /** A card import's PIN HMACs (pin-hashes.ts). */
    let pins: PinHashes | undefined;
    if (kind === 'card') {
      pins =
        job.pinHashes === undefined
          ? new PinHashesHere(pinKeyOf(Buffer.from(job.pinKey, 'hex')))
          : new PinHashesThread(job.pinHashes);
    }

    /** The file's columns in the documented order (the `error` column ignored). */
    let layout = lineLayout(kind, []);
    let errorColumn = -1;
    /** The `error` column is the header's last (an error file's): see PIPED_FIELD_COUNT_ERROR. */
    let errorColumnLast = false;
    let passwordColumn = -1;
    let fieldCount = 0;
    let lineNumber = 0;
    let dataLines = 0;
    const values: string[] = specs.map(() => '');

    const writeError = ({ line, raw, problems = [] }: Pending) => {
      outcome.errorLines += 1;
      let parts = raw.split(FIELD_DELIMITER);
      if (parts.length === fieldCount) {
        if (passwordColumn >= 0) parts[passwordColumn] = MASKED_PASSWORD;
        if (errorColumn >= 0) parts = parts.filter((_, index) => index !== errorColumn);
      } else if (passwordColumn >= 0) {
        // Field count off: any field may hold the password, whatever its column (a field missing
        // before it and a `|` within it can even leave the count right), so every one is masked.
        parts = parts.map(() => MASKED_PASSWORD);
      }
      parts.push(`line ${line}: ${problems.join('; ')}`);
      errors.write(`${parts.join(FIELD_DELIMITER)}\n`);
    };

    /** Writes a batch's good lines, counts them, and writes the failing ones to the error file. */
    const write = (lines: readonly Pending[]) => {
      writer.write(lines);
      for (const pending of lines) {
        if (pending.written === 'inserted') outcome.inserted += 1;
        else if (pending.written === 'replaced') outcome.replaced += 1;
        else writeError(pending);
      }
      Atomics.store(cells, PROGRESS_CELL.errorLines, outcome.errorLines);
    };

    /**
     * A card batch whose PIN HMACs are being computed: it is written once they are in, after
     * the next batch was read and submitted, so the PIN hash thread works while this thread
     * reads. Batches are written in line order.
     */
    let hashing: Pending[] | undefined;
    const writeHashed = (lines: Pending[]) => {
      const hashes = pins?.take();
      if (hashes === undefined) throw new Error('No PIN hashes');
      let at = 0;
      for (const { row } of lines) {
        if (row?.pinMessage === undefined) continue;
        row.values[0] = hashes.subarray(at, at + PIN_HASH_BYTES);
        row.pinMessage = undefined;
        at += PIN_HASH_BYTES;
      }
      write(lines);
    };

    /** Lines read and not yet written, in line order (good and failing alike), and their text. */
    let batch: Pending[] = [];
    let batchChars = 0;
    const flush = () => {
      const full = batch;
      batch = [];
      batchChars = 0;
      if (pins === undefined) {
        write(full);
        return;
      }
      pins.submit(full.flatMap(({ row }) => row?.pinMessage ?? []));
      if (hashing !== undefined) writeHashed(hashing);
      hashing = full;
    };
    const queue = (raw: string, row: Row | undefined, problems?: readonly string[]) => {
      batch.push({ line: lineNumber, raw, row, problems });
      batchChars += raw.length;
      if (batch.length === BATCH_LINES || batchChars >= BATCH_CHARS) flush();
    };
    const fail = (raw: string, problems: readonly string[]) => queue(raw, undefined, problems);

    const onHeader = (header: FileHeader) => {
      layout = lineLayout(kind, header.positions);
      fieldCount = header.positions.length;
      errorColumn = header.columns.indexOf(null);
      errorColumnLast = errorColumn >= 0 && errorColumn === fieldCount - 1;
      passwordColumn = header.columns.indexOf('password');
      const kept = header.text.split(FIELD_DELIMITER).filter((_, index) => index !== errorColumn);
      errors.write(`${[...kept, IMPORT_ERROR_COLUMN].join(FIELD_DELIMITER)}\n`);
    };

    const onLine = (
      buffer: Buffer,
      start: number,
      stop: number,
      overlong: boolean,
      dataLine: number,
    ) => {
      dataLines = dataLine;
      lineNumber = dataLine + 1;
      if ((dataLines & 1023) === 0) Atomics.store(cells, PROGRESS_CELL.currentLine, dataLines);
      if (job.failAfterLine !== undefined && dataLines > job.failAfterLine) {
        throw new Error('Injected failure (test hook)');
      }
      if (dataLines === job.failAtLine) {
        throw new Error(`Failed at line ${dataLines} by a mock fault`);
      }
      if (dataLines === job.stallAtLine && job.hold !== undefined) {
        stall(job.hold, cells, dataLines);
      }
      if (job.lineDelayMs !== undefined) {
        Atomics.store(cells, PROGRESS_CELL.currentLine, dataLines);
        Atomics.wait(sleep, 0, 0, job.lineDelayMs);
      }
      if (overlong) {
        const kept = buffer.toString('utf8', start, Math.min(stop, start + MAX_LINE_BYTES));
        fail(kept, [`longer than ${IMPORT_LIMITS.maxLineChars} characters`]);
        return;
      }
      if (stop === start) return;
      if (!isUtf8(buffer.subarray(start, stop))) {
        fail(buffer.toString('utf8', start, stop), ['not UTF-8 text']);
        return;
      }
      let raw = buffer.toString('utf8', start, stop);
      if (raw.trim() === '') return;
      if (errorColumnLast) raw = raw.replace(PIPED_FIELD_COUNT_ERROR, FIELD_DELIMITER);
      if (raw.length > IMPORT_LIMITS.maxLineChars) {
        fail(raw, [`longer than ${IMPORT_LIMITS.maxLineChars} characters`]);
        return;
      }
      const parts = raw.split(FIELD_DELIMITER);
      if (parts.length !== fieldCount) {
        fail(raw, [fieldCountProblem(fieldCount, parts.length)]);
        return;
      }
      placeFields(layout, parts, values);
      const result = check(values);
      if (result.ok) queue(raw, result.value);
      else fail(raw, result.problems);
    };
    if (forEachDataLine(input, kind, onHeader, onLine) === 0) {
      throw new Error('The file is empty');
    }
    if (batch.length > 0) flush();
    if (hashing !== undefined) writeHashed(hashing);
    Atomics.store(cells, PROGRESS_CELL.currentLine, dataLines);
    errors.close();
    if (outcome.errorLines === 0) rmSync(job.errorFile, { force: true });
    db.prepare(
      "UPDATE imports SET step = 'completed', total_lines = ?, current_line = ?, error_lines = ?, inserted_lines = ?, replaced_lines = ?, out_file_name = CASE WHEN ? > 0 THEN out_file_name END, ended_at = ? WHERE id = ?",
    ).run(
      totalLines,
      dataLines,
      outcome.errorLines,
      outcome.inserted,
      outcome.replaced,
      outcome.errorLines,
      Math.floor(Date.now() / 1000),
      job.importId,
    );
    db.exec('COMMIT');
    done = true;
    Atomics.store(cells, PROGRESS_CELL.step, stepIndex('completed'));
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    errors.close();
    rmSync(job.errorFile, { force: true });
    throw error;
  } finally {
    if (!done) db.close();
  }
  try {
    committed?.(outcome);
    try {
      db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    } catch {
      // Committed already: what this checkpoint did not copy, the file's next one does.
    }
  } finally {
    db.close();
  }
  return outcome;
}

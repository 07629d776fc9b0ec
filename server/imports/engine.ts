/**
 * One import, start to end, synchronously (run in a worker thread by import-service.ts, so the
 * server's event loop stays free). Reads the uploaded file in 1 MB chunks (never whole; a sealed
 * device upload through decryption, sealed-file.ts), checks each line (rules.ts), writes failing
 * lines to the error file, and upserts good lines in ONE transaction with the import's row
 * moving to completed: all or nothing.
 *
 * Progress is written to shared cells (PROGRESS_CELL), read by the main thread at any moment.
 */
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
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
import { openProgramDb, type Db, type Statement } from '../records/records-db';
import { encryptSecret } from '../records/record-crypto';
import { PinHmac } from '../records/pin-hmac';
import { storeDetails } from '../records/store-search';
import { FIELD_DELIMITER } from './file-header';
import { cardLineReader, type CardLineReader } from './card-line';
import { CARD_ROW, CardRows, packCard, unpackCard, type CardRecord } from './card-rows';
import { CardRowsAhead } from './card-rows-ahead';
import { countDataLines, forEachDataLine, MAX_LINE_BYTES, type FileHeader } from './import-file';
import { checkCard, checkDevice, checkStore, type CardRuleParams, type Checked } from './rules';

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
  /** Test hook: throw after this many data lines were read (all-or-nothing tests). */
  failAfterLine?: number;
  /** Test hook: wait this many ms after each line (the kill test). */
  lineDelayMs?: number;
  /** Developer tools' midway fault (README "Faults and latency"): fail on reaching this data line. */
  failAtLine?: number;
  /**
   * Developer tools' midway fault: on reaching this data line, show it as the progress and wait
   * while `hold[0]` is not 0 (the fault's registry sets it to 0 and notifies when it is deleted).
   */
  stallAtLine?: number;
  hold?: Int32Array;
  /** Shared memory where a helper thread puts card rows ahead of the import (card-rows-ahead.ts). */
  cardRowsMemory?: SharedArrayBuffer;
}

export interface ImportOutcome {
  totalLines: number;
  errorLines: number;
  inserted: number;
  replaced: number;
  /** Card lines whose row came from the helper thread (logged). */
  rowsAhead: number;
}

/** Buffered writes to the error file. */
class ErrorFile {
  #fd: number | undefined;
  #pending: string[] = [];
  #size = 0;

  constructor(readonly file: string) {}

  write(text: string): void {
    this.#fd ??= openSync(this.file, 'w', 0o600);
    this.#pending.push(text);
    this.#size += text.length;
    if (this.#size > 64 * 1024) this.flush();
  }

  flush(): void {
    if (this.#fd === undefined || this.#pending.length === 0) return;
    writeSync(this.#fd, this.#pending.join(''));
    this.#pending = [];
    this.#size = 0;
  }

  close(): void {
    this.flush();
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }
}

/** A good line's record: its key, then the values of its table's other columns (TABLES order). */
export interface Row {
  key: string;
  values: readonly SQLInputValue[];
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

function cardCheck(_db: Db, job: ImportJob, hmac: PinHmac): Check {
  return (fields) => {
    const checked = checkCard(fields, job.card);
    if (!checked.ok) return checked;
    const c = checked.value;
    const hash = hmac.digest(`${c.cardNumber}:${c.pin}`);
    const values = [hash, c.balanceCents, c.currency, c.expiryDate, c.status];
    return { ok: true, value: { key: c.cardNumber, values } };
  };
}

function storeCheck(): Check {
  return (fields) => {
    const checked = checkStore(fields);
    if (!checked.ok) return checked;
    return {
      ok: true,
      value: { key: checked.value.storeCode, values: storeDetails(checked.value) },
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

const CHECKS: Readonly<Record<ImportKind, (db: Db, job: ImportJob, hmac: PinHmac) => Check>> = {
  card: cardCheck,
  store: storeCheck,
  device: deviceCheck,
};

/** A data line waiting for its batch: a record to write, or a failing line's reasons. */
export interface Pending {
  line: number;
  /** The line's text; undefined for a line read by the card fast path (its bytes: from, to). */
  raw: string | undefined;
  from: number;
  to: number;
  row: Row | undefined;
  /** A good card line's row: its offset in the batch's packed rows (card-rows.ts). */
  packed?: number;
  /** The line's problems; set for a good line found to repeat a key of this file. */
  problems: readonly string[] | undefined;
  /** Set for a good line once written. */
  written?: 'inserted' | 'replaced';
}

/**
 * Lines per batch: one INSERT of at most this many records. Cards are bound as one blob a batch
 * (card-rows.ts), so bigger batches cost less; stores and devices bind a value per column.
 */
export const BATCH_LINES: Readonly<Record<ImportKind, number>> = {
  card: 1024,
  store: 64,
  device: 64,
};

/**
 * Writes good lines a batch at a time: one multi-row `INSERT ... ON CONFLICT DO NOTHING` for
 * the batch's records (about a quarter less time a card than a statement a line: each statement costs
 * a round trip into SQLite and a bind per value). Every record keeps the import and line that
 * wrote it, so when a batch inserts fewer rows than it holds, its lines are settled one by one
 * in line order, as a statement a line would have: the key's record is this line's (inserted),
 * this import's from an earlier line (an error line: the key appears again), or an earlier
 * import's (replaced by this line).
 */
export class BatchWriter {
  readonly #db: Db;
  readonly #table: Table;
  readonly #importId: number;
  readonly #inserts = new Map<number, Statement>();
  readonly #owner: Statement;
  readonly #update: Statement;
  /** A card import's packed rows (Pending.packed), written with one statement a batch. */
  readonly cards: CardRows | undefined;

  constructor(db: Db, table: Table, importId: number) {
    this.#db = db;
    this.#table = table;
    this.#importId = importId;
    this.cards = table === TABLES.card ? new CardRows(db, BATCH_LINES.card) : undefined;
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
    const cards = this.cards;
    const good = batch.filter(
      (pending) => pending.row !== undefined || pending.packed !== undefined,
    );
    if (good.length === 0) return;
    if (cards !== undefined) {
      this.#settle(good, cards.insert(this.#importId), cards.bytes);
      cards.clear();
      return;
    }
    const params: SQLInputValue[] = [];
    for (const { row, line } of good) {
      if (row !== undefined) params.push(row.key, ...row.values, this.#importId, line);
    }
    this.#settle(good, Number(this.#insert(good.length).run(...params).changes), undefined);
  }

  /**
   * Writes `count` packed card rows held in `rows` (a run of the helper's, card-rows-ahead.ts),
   * the file's lines `firstLine` and on: undefined when all were inserted, else their lines
   * (from `lines()`) settled.
   */
  writePacked(
    rows: Buffer,
    count: number,
    firstLine: number,
    lines: () => Pending[],
  ): readonly Pending[] | undefined {
    if (this.cards === undefined) throw new Error(`${this.#table.name}: rows are not packed`);
    const inserted = this.cards.insertRows(rows, count, this.#importId, firstLine);
    if (inserted === count) return undefined;
    const good = lines();
    this.#settle(good, inserted, rows);
    return good;
  }

  /** Sets each good line's outcome, `inserted` of them having been inserted (see the class). */
  #settle(good: readonly Pending[], inserted: number, packedIn: Buffer | undefined): void {
    for (const pending of good) {
      if (inserted === good.length) {
        pending.written = 'inserted';
        continue;
      }
      const { line, packed } = pending;
      const row =
        packed === undefined || packedIn === undefined ? pending.row : unpackCard(packedIn, packed);
      if (row === undefined) continue;
      const owner = this.#owner.get(row.key) as unknown as [number, number] | undefined;
      // Only the key is unique, so a row not inserted has a record with its key.
      if (owner === undefined) throw new Error(`${this.#table.name}: ${row.key} not written`);
      if (owner[0] === this.#importId && owner[1] === line) {
        pending.written = 'inserted';
      } else if (owner[0] === this.#importId) {
        pending.problems = [`${this.#table.keyField}: appears again, first at line ${owner[1]}`];
      } else {
        this.#update.run(...row.values, this.#importId, line, row.key);
        pending.written = 'replaced';
      }
    }
  }
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

  const db = openProgramDb(job.recordsDir, job.programId, { cacheKiB: 64 * 1024 });
  const errors = new ErrorFile(job.errorFile);
  const outcome: ImportOutcome = {
    totalLines,
    errorLines: 0,
    inserted: 0,
    replaced: 0,
    rowsAhead: 0,
  };
  const ahead =
    job.cardRowsMemory === undefined ? undefined : new CardRowsAhead(job.cardRowsMemory);
  let done = false;
  try {
    db.exec('PRAGMA journal_size_limit = 67108864; PRAGMA wal_autocheckpoint = 0');
    db.exec('BEGIN IMMEDIATE');
    Atomics.store(cells, PROGRESS_CELL.step, stepIndex('importing'));
    const hmac = new PinHmac(Buffer.from(job.pinKey, 'hex'));
    const check = CHECKS[kind](db, job, hmac);
    const writer = new BatchWriter(db, TABLES[kind], job.importId);

    /** Per file column: its index in the documented order, or -1 (the `error` column). */
    let positions: number[] = [];
    let errorColumn = -1;
    let passwordColumn = -1;
    let fieldCount = 0;
    let lineNumber = 0;
    let dataLines = 0;
    const values: string[] = specs.map(() => '');
    /** The device password is kept as written (not trimmed). */
    const passwordSpec = specs.findIndex((spec) => spec.name === 'password');

    /** The file's bytes being read (forEachLine's buffer): a fast-path line's text until flushed. */
    let bytes: Buffer | undefined;
    const writeError = ({ line, raw, from, to, problems = [] }: Pending) => {
      outcome.errorLines += 1;
      const text = raw ?? bytes?.toString('utf8', from, to) ?? '';
      let parts = text.split(FIELD_DELIMITER);
      if (parts.length === fieldCount) {
        if (passwordColumn >= 0) parts[passwordColumn] = MASKED_PASSWORD;
        if (errorColumn >= 0) parts = parts.filter((_, index) => index !== errorColumn);
      } else if (passwordColumn >= 0) {
        // Field count off: the password's place is unknown; mask every field after the first.
        parts = parts.map((part, index) => (index === 0 ? part : MASKED_PASSWORD));
      }
      parts.push(`line ${line}: ${problems.join('; ')}`);
      errors.write(`${parts.join(FIELD_DELIMITER)}\n`);
    };

    /** Counts written lines, and writes the failing ones to the error file (in line order). */
    const account = (lines: readonly Pending[]) => {
      for (const pending of lines) {
        if (pending.written === 'inserted') outcome.inserted += 1;
        else if (pending.written === 'replaced') outcome.replaced += 1;
        else writeError(pending);
      }
      Atomics.store(cells, PROGRESS_CELL.errorLines, outcome.errorLines);
    };

    /**
     * A run of lines whose rows the helper made (card-rows-ahead.ts): consecutive data lines
     * from `runFirst`, their rows adjacent in shared memory and bound from there as one blob, so
     * such a line costs the import no copy and no object. A run is written before any other
     * line is handled (lines stay in order) and before the file's buffer is refilled (a repeated
     * key's line is written to the error file from its bytes: runFrom, runTo).
     */
    let runFirst = 0;
    let runCount = 0;
    const runFrom = new Int32Array(BATCH_LINES.card);
    const runTo = new Int32Array(BATCH_LINES.card);
    const flushRun = () => {
      if (runCount === 0 || ahead === undefined) return;
      const [first, count] = [runFirst, runCount];
      runCount = 0;
      // Data line n is the file's line n + 1.
      const settled = writer.writePacked(ahead.rows(first, count), count, first + 1, () =>
        Array.from({ length: count }, (_, index) => ({
          line: first + index + 1,
          raw: undefined,
          from: runFrom[index] ?? 0,
          to: runTo[index] ?? 0,
          row: undefined,
          packed: index * CARD_ROW.bytes,
          problems: undefined,
        })),
      );
      if (settled === undefined) outcome.inserted += count;
      else account(settled);
    };

    /** Lines read and not yet written, in line order (good and failing alike). */
    let batch: Pending[] = [];
    const flushBatch = () => {
      writer.write(batch);
      account(batch);
      batch = [];
    };
    const flush = () => {
      flushRun();
      flushBatch();
    };
    const batchLines = BATCH_LINES[kind];
    const queue = (pending: Pending) => {
      batch.push(pending);
      if (batch.length === batchLines) flush();
    };
    const line = (raw: string, row: Row | undefined, problems?: readonly string[]): Pending => ({
      line: lineNumber,
      raw,
      from: 0,
      to: 0,
      row,
      problems,
    });
    const fail = (raw: string, problems: readonly string[]) =>
      queue(line(raw, undefined, problems));
    let fastCard: CardLineReader | undefined;
    const cards = writer.cards;

    const onHeader = (header: FileHeader) => {
      positions = [...header.positions];
      fieldCount = positions.length;
      errorColumn = header.columns.indexOf(null);
      passwordColumn = header.columns.indexOf('password');
      const kept = header.text.split(FIELD_DELIMITER).filter((_, index) => index !== errorColumn);
      errors.write(`${[...kept, IMPORT_ERROR_COLUMN].join(FIELD_DELIMITER)}\n`);
      if (kind === 'card') {
        fastCard = cardLineReader(positions, job.card, (into, at, lineBytes, ...ranges) =>
          hmac.digestJoinedInto(into, at, lineBytes, ...ranges),
        );
      }
    };

    const onLine = (
      buffer: Buffer,
      start: number,
      stop: number,
      overlong: boolean,
      dataLine: number,
    ) => {
      bytes = buffer;
      dataLines = dataLine;
      lineNumber = dataLine + 1;
      // Not this line (its slot is read below), nor an open run's (their slots are bound later).
      ahead?.passed((runCount > 0 ? runFirst : dataLines) - 1);
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
      if (!overlong && stop > start && ahead?.ready(dataLines) === true) {
        // The helper's row: this line joins the open run, or starts one.
        if (batch.length > 0) flushBatch();
        const joins =
          runCount > 0 &&
          dataLines === runFirst + runCount &&
          runCount < runFrom.length &&
          ahead.adjacent(runFirst, runCount);
        if (!joins) {
          flushRun();
          runFirst = dataLines;
        }
        runFrom[runCount] = start;
        runTo[runCount] = stop;
        runCount += 1;
        return;
      }
      // Any other line: the open run is written first, so lines stay in order.
      flushRun();
      if (overlong) {
        const kept = buffer.toString('utf8', start, Math.min(stop, start + MAX_LINE_BYTES));
        fail(kept, [`longer than ${IMPORT_LIMITS.maxLineChars} characters`]);
        return;
      }
      if (stop === start) return;
      if (cards !== undefined && fastCard !== undefined) {
        // The fast path's row when it accepts the line.
        const packed = cards.add();
        if (fastCard(buffer, start, stop, cards.bytes, packed, lineNumber)) {
          queue({
            line: lineNumber,
            raw: undefined,
            from: start,
            to: stop,
            row: undefined,
            packed,
            problems: undefined,
          });
          return;
        }
        cards.drop();
      }
      if (!isUtf8(buffer.subarray(start, stop))) {
        fail(buffer.toString('utf8', start, stop), ['not UTF-8 text']);
        return;
      }
      const raw = buffer.toString('utf8', start, stop);
      if (raw.trim() === '') return;
      if (raw.length > IMPORT_LIMITS.maxLineChars) {
        fail(raw, [`longer than ${IMPORT_LIMITS.maxLineChars} characters`]);
        return;
      }
      const parts = raw.split(FIELD_DELIMITER);
      if (parts.length !== fieldCount) {
        fail(raw, [`expected ${fieldCount} fields separated by |, found ${parts.length}`]);
        return;
      }
      values.fill('');
      for (let index = 0; index < fieldCount; index += 1) {
        const position = positions[index] ?? -1;
        if (position < 0) continue;
        const part = parts[index] ?? '';
        values[position] = position === passwordSpec ? part : part.trim();
      }
      const result = check(values);
      if (!result.ok) {
        fail(raw, result.problems);
      } else if (cards !== undefined) {
        // A card read the general way joins the batch's packed rows (cardCheck's rows are cards).
        const packed = cards.add();
        packCard(cards.bytes, packed, result.value as CardRecord, lineNumber);
        queue({ ...line(raw, undefined), packed });
      } else {
        queue(line(raw, result.value));
      }
    };
    // A batch is written before the buffer is refilled: its fast-path lines' bytes are there.
    if (forEachDataLine(input, kind, onHeader, onLine, flush) === 0) {
      throw new Error('The file is empty');
    }
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
    outcome.rowsAhead = ahead?.taken ?? 0;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    errors.close();
    rmSync(job.errorFile, { force: true });
    throw error;
  } finally {
    ahead?.stop();
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

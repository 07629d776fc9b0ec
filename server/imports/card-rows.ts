/**
 * Card records packed for SQLite: a batch's cards laid end to end in one buffer of fixed-width
 * rows, bound as ONE blob to an `INSERT ... SELECT` that cuts it into columns (substr), instead
 * of a bound value per column and card. Binding is most of what multi-row VALUES cost: SQLite's
 * share of writing a million cards measured 1.83 s with 8 values a card bound from JS, and
 * 0.95 s this way (the same rows, the same table, one transaction). The import's fast path
 * (card-line.ts) writes a line's fields straight from the file's bytes into its row, and the
 * helper thread (card-rows-ahead.ts) writes whole rows ahead of the import in the same format.
 *
 * A row (ASCII but for the hash; text fields padded with spaces, numbers zero-padded):
 *   card number 19 | PIN HMAC 32 | balance in cents 10 | currency 3 | expiry date 10 (spaces:
 *   none) | status 7 | line 10
 */
import { JOURNAL_SITE_CARD_RULES } from '@contracts/api/journal';
import { CARD_STATUSES } from '../records/card-status';
import type { SQLInputValue } from 'node:sqlite';
import { firstValue, type Db, type Statement } from '../records/records-db';

const SPACE = 0x20;
const DIGIT_0 = 0x30;

/** The widths of a row's fields, in order. */
export const CARD_WIDTH = {
  number: JOURNAL_SITE_CARD_RULES.cardNumber.max,
  pinHash: 32,
  cents: 10,
  currency: 3,
  expiry: 10,
  status: Math.max(...CARD_STATUSES.map((status) => status.length)),
  line: 10,
} as const;

export type CardField = keyof typeof CARD_WIDTH;
const FIELDS = Object.keys(CARD_WIDTH) as CardField[];

/** Each field's offset in a row, and the row's width (`bytes`). */
export const CARD_ROW = FIELDS.reduce(
  (offsets, field, index) => {
    const previous = FIELDS[index - 1];
    offsets[field] = previous === undefined ? 0 : offsets[previous] + CARD_WIDTH[previous];
    offsets.bytes = offsets[field] + CARD_WIDTH[field];
    return offsets;
  },
  { bytes: 0 } as Record<CardField | 'bytes', number>,
);

/** A card record as the cards table takes it: the number, then the other columns in order. */
export interface CardRecord {
  key: string;
  values: [
    pinHash: Buffer,
    balanceCents: number,
    currency: string,
    expiry: string | null,
    status: string,
  ];
}

// The writers below are plain loops, not Buffer.fill or Buffer.write: those validate their
// arguments on every call, which cost more than the copies themselves at a million rows.

/** Writes `value` (a whole number under 10^width) as `width` zero-padded digits at `at`. */
export function putDigits(into: Uint8Array, at: number, width: number, value: number): void {
  // Integer division (values fit 32 bits: a balance in cents under 10^9, a line number), and
  // zeros once the value is written out.
  let rest = value | 0;
  let i = at + width - 1;
  for (; i >= at && rest > 0; i -= 1) {
    const tenth = (rest / 10) | 0;
    into[i] = DIGIT_0 + rest - tenth * 10;
    rest = tenth;
  }
  for (; i >= at; i -= 1) into[i] = DIGIT_0;
}

/** Copies `from[start..end)` (at most `width` bytes) to `at`, padded with spaces. */
export function putBytes(
  into: Uint8Array,
  at: number,
  width: number,
  from: Uint8Array,
  start: number,
  end: number,
): void {
  let i = at;
  for (let j = start; j < end; j += 1, i += 1) into[i] = from[j] ?? SPACE;
  for (const stop = at + width; i < stop; i += 1) into[i] = SPACE;
}

/** Writes ASCII `text` (at most `width` characters) at `at`, padded with spaces. */
export function putText(into: Uint8Array, at: number, width: number, text: string): void {
  let i = 0;
  for (; i < text.length; i += 1) into[at + i] = text.charCodeAt(i);
  for (; i < width; i += 1) into[at + i] = SPACE;
}

/** Packs a record read the general way (rules.ts checkCard) as line `line`'s row at `row`. */
export function packCard(into: Uint8Array, row: number, card: CardRecord, line: number): void {
  const [pinHash, cents, currency, expiry, status] = card.values;
  const text = (field: CardField, value: string) =>
    putText(into, row + CARD_ROW[field], CARD_WIDTH[field], value);
  text('number', card.key);
  into.set(pinHash, row + CARD_ROW.pinHash);
  putDigits(into, row + CARD_ROW.cents, CARD_WIDTH.cents, cents);
  text('currency', currency);
  text('expiry', expiry ?? '');
  text('status', status);
  putDigits(into, row + CARD_ROW.line, CARD_WIDTH.line, line);
}

/** The record of the row at `at` (what SQLite makes of it; the settling of a batch reads it). */
export function unpackCard(from: Buffer, at: number): CardRecord {
  const text = (field: CardField) => {
    const start = at + CARD_ROW[field];
    return from.toString('latin1', start, start + CARD_WIDTH[field]).trimEnd();
  };
  const pinHash = Buffer.alloc(CARD_WIDTH.pinHash);
  from.copy(pinHash, 0, at + CARD_ROW.pinHash, at + CARD_ROW.pinHash + CARD_WIDTH.pinHash);
  const expiry = text('expiry');
  return {
    key: text('number'),
    values: [pinHash, Number(text('cents')), text('currency'), expiry || null, text('status')],
  };
}

/** `substr` of a row's field, as SQLite reads it from the bound rows. */
const field = (name: CardField) => `substr(:rows, o + ${CARD_ROW[name]}, ${CARD_WIDTH[name]})`;

/**
 * The INSERT of a batch's rows, every field cut from each row. Two cases a card file is usually
 * made of need less (each SQL function a row counts at a million rows):
 * - `shared`: every row has the same card number length, currency, expiry date and status, which
 *   are then bound once (:numberWidth, :currency, :expiry, :status);
 * - `consecutive`: the rows are lines :firstLine, :firstLine + 1, ... (a run of the helper's).
 * Measured here: the shared case about 15% less of SQLite's time than the general one.
 */
function insertSql(shared: boolean, consecutive: boolean): string {
  const number = shared
    ? `CAST(substr(:rows, o, :numberWidth) AS TEXT)`
    : `rtrim(CAST(${field('number')} AS TEXT))`;
  const currency = shared ? ':currency' : `CAST(${field('currency')} AS TEXT)`;
  const expiry = shared ? ':expiry' : `nullif(rtrim(CAST(${field('expiry')} AS TEXT)), '')`;
  const status = shared ? ':status' : `rtrim(CAST(${field('status')} AS TEXT))`;
  const line = consecutive ? ':firstLine + i' : `CAST(${field('line')} AS INTEGER)`;
  return `INSERT INTO cards (card_number, pin_hash, balance_cents, currency, expiry_date, status, import_id, line)
    SELECT ${number}, ${field('pinHash')}, CAST(${field('cents')} AS INTEGER), ${currency},
      ${expiry}, ${status}, :importId, ${line}
    FROM (SELECT i, i * ${CARD_ROW.bytes} + 1 AS o FROM temp.card_row_indexes WHERE i < :count ORDER BY i)
    WHERE true ON CONFLICT DO NOTHING`;
}

/** Currency, expiry date and status are adjacent in a row: bytes SHARED_FROM..SHARED_TO. */
const SHARED_FROM = CARD_ROW.currency;
const SHARED_TO = CARD_ROW.status + CARD_WIDTH.status;

/**
 * The card number length the `count` rows all have, and all the first one's currency, expiry
 * date and status; 0 when they differ.
 */
function sharedNumberWidth(rows: Uint8Array, count: number): number {
  let width = 0;
  while (width < CARD_WIDTH.number && rows[width] !== SPACE) width += 1;
  const end = count * CARD_ROW.bytes;
  for (let row = CARD_ROW.bytes; row < end; row += CARD_ROW.bytes) {
    if (rows[row + width - 1] === SPACE) return 0;
    if (width < CARD_WIDTH.number && rows[row + width] !== SPACE) return 0;
    for (let i = SHARED_FROM; i < SHARED_TO; i += 1) {
      if (rows[row + i] !== rows[i]) return 0;
    }
  }
  return width;
}

/**
 * A batch of packed card rows and the statement that inserts them (`ON CONFLICT DO NOTHING`, in
 * row order; engine.ts BatchWriter settles the rows not inserted). The rows' offsets come from a
 * temporary table of row indexes on the import's connection.
 */
export class CardRows {
  readonly bytes: Buffer;
  count = 0;
  readonly #db: Db;
  /** The INSERT of each case (insertSql), prepared when first needed. */
  readonly #inserts = new Map<string, Statement>();

  constructor(
    db: Db,
    readonly capacity: number,
  ) {
    this.bytes = Buffer.alloc(capacity * CARD_ROW.bytes);
    db.exec('CREATE TEMP TABLE IF NOT EXISTS card_row_indexes (i INTEGER PRIMARY KEY)');
    const have = Number(firstValue(db.prepare('SELECT count(*) FROM temp.card_row_indexes')));
    const add = db.prepare('INSERT INTO temp.card_row_indexes (i) VALUES (?)');
    for (let i = have; i < capacity; i += 1) add.run(i);
    this.#db = db;
  }

  /** The offset of a new row at the end of the batch (full: throws). */
  add(): number {
    if (this.count === this.capacity) throw new Error('The card batch is full');
    const at = this.count * CARD_ROW.bytes;
    this.count += 1;
    return at;
  }

  /** Takes back the row add() gave last (a line the fast path did not accept). */
  drop(): void {
    this.count -= 1;
  }

  /** Inserts the batch's rows for import `importId`; the number inserted. */
  insert(importId: number): number {
    return this.insertRows(this.bytes, this.count, importId);
  }

  /**
   * Inserts `count` packed rows held in `rows` (this batch's, or a run of the helper's in shared
   * memory: card-rows-ahead.ts) for import `importId`; the number inserted. `firstLine`: the
   * rows are that line's and the next ones', in order.
   */
  insertRows(rows: Buffer, count: number, importId: number, firstLine?: number): number {
    if (count === 0) return 0;
    const numberWidth = sharedNumberWidth(rows, count);
    const key = `${numberWidth > 0}:${firstLine !== undefined}`;
    let statement = this.#inserts.get(key);
    if (statement === undefined) {
      statement = this.#db.prepare(insertSql(numberWidth > 0, firstLine !== undefined));
      this.#inserts.set(key, statement);
    }
    const params: Record<string, SQLInputValue> = {
      rows: rows.subarray(0, count * CARD_ROW.bytes),
      count,
      importId,
    };
    if (firstLine !== undefined) params.firstLine = firstLine;
    if (numberWidth > 0) {
      const [, , currency, expiry, status] = unpackCard(rows, 0).values;
      Object.assign(params, { numberWidth, currency, expiry, status });
    }
    return Number(statement.run(params).changes);
  }

  /** Empties the batch (once its rows are settled). */
  clear(): void {
    this.count = 0;
  }
}

/**
 * Card rows packed for SQLite (server/imports/card-rows.ts): what the packed INSERT stores is
 * the record packed, field for field, at every width a field takes, and reading a row back
 * (as a batch's settling does) gives the record again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CARD_ROW,
  CardRows,
  packCard,
  unpackCard,
  type CardRecord,
} from '../../../server/imports/card-rows';
import { openProgramDb, type Db } from '../../../server/records/records-db';

const RECORDS: readonly CardRecord[] = [
  { key: '603599010000001', values: [randomBytes(32), 0, 'AUD', null, 'active'] },
  {
    key: '6035990100000011234',
    values: [randomBytes(32), 999_999_999, 'NZD', '2030-12-31', 'blocked'],
  },
  { key: '123456789012', values: [Buffer.alloc(32, 0x20), 1, 'EUR', '2024-02-29', 'active'] },
  { key: '6035990100000029', values: [Buffer.alloc(32, 0), 2550, 'AUD', null, 'blocked'] },
];

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'card-rows-'));
  db = openProgramDb(dir, 1);
});
afterEach(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every stored card's columns, in line order. */
const storedRows = () => {
  const statement = db.prepare(
    'SELECT card_number, pin_hash, balance_cents, currency, expiry_date, status, import_id, line FROM cards ORDER BY line',
  );
  statement.setReturnArrays(true);
  return statement.all();
};

/** The rows `records` should be stored as, by import `importId` from line `firstLine` on. */
const rowsOf = (records: readonly CardRecord[], importId: number, firstLine: number) =>
  records.map((record, index) => [record.key, ...record.values, importId, firstLine + index]);

describe('packed card rows', () => {
  it('are stored field for field as the records packed, in line order', () => {
    const rows = new CardRows(db, 8);
    RECORDS.forEach((record, index) => packCard(rows.bytes, rows.add(), record, 10 + index));
    expect(rows.insert(7)).toBe(RECORDS.length);
    expect(storedRows()).toEqual(rowsOf(RECORDS, 7, 10));
  });

  it('are stored the same when the batch shares a currency, expiry date and status', () => {
    const rows = new CardRows(db, 8);
    const shared = RECORDS.map((record): CardRecord => ({
      key: record.key,
      values: [...record.values.slice(0, 2), 'NZD', null, 'blocked'] as CardRecord['values'],
    }));
    shared.forEach((record, index) => packCard(rows.bytes, rows.add(), record, 10 + index));
    expect(rows.insert(7)).toBe(shared.length);
    expect(storedRows()).toEqual(rowsOf(shared, 7, 10));
  });

  it('are stored the same when they share everything but number, PIN, balance and line', () => {
    // Same number length, currency, expiry date and status, lines in a row: bound once each.
    const rows = new CardRows(db, 8);
    const records: CardRecord[] = [0, 1, 2].map((n) => ({
      key: `60359901000000${n}1`,
      values: [randomBytes(32), 100 * n, 'AUD', '2031-01-31', 'active'],
    }));
    records.forEach((record, index) => packCard(rows.bytes, rows.add(), record, 40 + index));
    expect(rows.insertRows(rows.bytes, rows.count, 9, 40)).toBe(3);
    expect(storedRows()).toEqual(rowsOf(records, 9, 40));
  });

  it('read back as the records they were packed from', () => {
    const rows = new CardRows(db, 8);
    for (const record of RECORDS) {
      const at = rows.add();
      packCard(rows.bytes, at, record, 3);
      expect(unpackCard(rows.bytes, at)).toEqual(record);
    }
    expect(rows.count * CARD_ROW.bytes).toBe(RECORDS.length * CARD_ROW.bytes);
  });

  it('insert none twice: a key already stored is left to the settling', () => {
    const rows = new CardRows(db, 8);
    const [first] = RECORDS;
    if (first === undefined) throw new Error('no record');
    packCard(rows.bytes, rows.add(), first, 2);
    packCard(rows.bytes, rows.add(), first, 3);
    expect(rows.insert(1)).toBe(1);
    rows.clear();
    expect(rows.count).toBe(0);
    expect(() => {
      for (let i = 0; i <= 8; i += 1) rows.add();
    }).toThrow('The card batch is full');
  });
});

/**
 * Card rows made ahead of a card import (server/imports/card-rows-ahead.ts): the import takes
 * the helper's rows for exactly the lines it made them for, and the cards are the same whether
 * the helper ran, ran partly or not at all. The helper runs here on the test's thread
 * before the import (a file shorter than its ring), so what it contributes does not depend on
 * timing; tests/server/imports/engine.test.ts runs it as a thread through the service.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { PROGRESS_CELLS, runImport, type ImportJob } from '../../../server/imports/engine';
import {
  CARD_ROWS_AHEAD_SLOTS,
  CardRowsAhead,
  readCardRowsAhead,
} from '../../../server/imports/card-rows-ahead';
import { CARD_ROW } from '../../../server/imports/card-rows';
import { openProgramDb, programDbFile } from '../../../server/records/records-db';

const KEY = randomBytes(32);
const card = (n: number) => `60359901${String(n).padStart(8, '0')}`;
const pinOf = (n: number) => String(1000 + n);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'card-rows-ahead-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A card file of `lines` lines; every tenth has a PIN with letters, every 25th a space. */
async function cardFile(lines: number): Promise<string> {
  const file = path.join(dir, 'cards.txt');
  const body = Array.from({ length: lines }, (_, index) => {
    const n = index + 1;
    const pin = n % 10 === 0 ? '12ab' : pinOf(n);
    return `${card(n)}|${n % 25 === 0 ? ` ${pin}` : pin}|1.00|2030-12-31`;
  });
  await writeFile(file, `cardNumber|pin|balance|expiryDate\n${body.join('\n')}\n`);
  return file;
}

/** The job of an import of `file` into program 1 (its records file and import row made). */
function jobFor(file: string, importId: number): ImportJob {
  const recordsDir = path.join(dir, 'records');
  const db = openProgramDb(recordsDir, 1);
  db.prepare(
    "INSERT INTO imports (id, file_name, kind, user_file_name, step, started_at) VALUES (?, 'f', 'card', 'f', 'validating', 0)",
  ).run(importId);
  db.close();
  return {
    kind: 'card',
    programId: 1,
    importId,
    recordsDir,
    inputFile: file,
    errorFile: path.join(dir, `${importId}.errors.txt`),
    card: { binNumber: '603599', extension: '01', cardLength: 16 },
    pinKey: KEY.toString('hex'),
    deviceKey: randomBytes(32).toString('hex'),
  };
}

const cells = () => new Int32Array(new SharedArrayBuffer(4 * PROGRESS_CELLS));

/** Every stored card's PIN hash, by card number. */
function storedHashes(): Map<string, string> {
  const db = new DatabaseSync(programDbFile(path.join(dir, 'records'), 1), { readOnly: true });
  try {
    const rows = db.prepare('SELECT card_number, pin_hash FROM cards').all() as {
      card_number: string;
      pin_hash: Uint8Array;
    }[];
    return new Map(rows.map((row) => [row.card_number, Buffer.from(row.pin_hash).toString('hex')]));
  } finally {
    db.close();
  }
}

describe('card rows made ahead', () => {
  it('are taken for every line the import reads fast, and the cards are right', async () => {
    const file = await cardFile(1000);
    const job = jobFor(file, 1);
    const memory = CardRowsAhead.memory();
    readCardRowsAhead(job, memory);
    const outcome = runImport({ ...job, cardRowsMemory: memory }, cells());
    // 100 lines have a bad PIN; 20 good ones a space to trim (read the general way).
    expect(outcome).toMatchObject({ inserted: 900, errorLines: 100, rowsAhead: 880 });
    const hashes = storedHashes();
    expect(hashes.size).toBe(900);
    for (const [number, hash] of hashes) {
      const n = Number(number.slice(8));
      const expected = createHmac('sha256', KEY)
        .update(`${number}:${pinOf(n)}`)
        .digest('hex');
      expect(hash).toBe(expected);
    }
    expect(await readFile(job.errorFile, 'utf8')).toContain('line 11: pin: must be 4 to 8 digits');
  });

  it('give the same cards as none; a slot holding another line is not taken', async () => {
    const file = await cardFile(300);
    runImport(jobFor(file, 1), cells());
    const alone = storedHashes();

    const job = jobFor(file, 2);
    const memory = CardRowsAhead.memory();
    readCardRowsAhead(job, memory);
    // Line 5's slot holding a line one ring further on (as if the helper had run ahead wrongly).
    const wrong = new CardRowsAhead(memory);
    wrong.write(CARD_ROWS_AHEAD_SLOTS + 5, (into, at) => {
      into.set(randomBytes(CARD_ROW.bytes), at);
      return true;
    });
    wrong.publish(CARD_ROWS_AHEAD_SLOTS + 5);
    const outcome = runImport({ ...job, cardRowsMemory: memory }, cells());
    // 270 good lines, 6 of them with a space (read the general way), and line 5.
    expect(outcome).toMatchObject({ inserted: 0, replaced: 270, rowsAhead: 263 });
    expect(storedHashes()).toEqual(alone);
  });

  it('give the same answers and error file as none when keys repeat within a run', async () => {
    // Lines 301 and 702 repeat the cards of lines 101 and 651 (another PIN each): error lines,
    // found when a run of the helper's rows inserts fewer than it holds. Line 304, too long,
    // ends the run holding line 301 (its error comes after 301's).
    const file = path.join(dir, 'repeats.txt');
    const body = Array.from({ length: 1000 }, (_, index) => {
      const n = index + 1;
      if (n === 304) return `${card(n)}|${'1'.repeat(20_000)}|1.00|`;
      const number = n === 301 ? 101 : n === 702 ? 651 : n;
      const pin = n % 10 === 0 ? '12ab' : pinOf(n);
      return `${card(number)}|${pin}|1.00|2030-12-31`;
    });
    await writeFile(file, `cardNumber|pin|balance|expiryDate\n${body.join('\n')}\n`);
    const alone = runImport(jobFor(file, 1), cells());
    const aloneErrors = await readFile(path.join(dir, '1.errors.txt'), 'utf8');
    const aloneHashes = storedHashes();
    await rm(path.join(dir, 'records'), { recursive: true });

    const job = jobFor(file, 1);
    const memory = CardRowsAhead.memory();
    readCardRowsAhead(job, memory);
    const helped = runImport({ ...job, cardRowsMemory: memory }, cells());
    expect(helped).toMatchObject({ inserted: 897, errorLines: 103, rowsAhead: 899 });
    expect({ ...helped, rowsAhead: 0 }).toEqual({ ...alone, rowsAhead: 0 });
    const errors = await readFile(job.errorFile, 'utf8');
    expect(errors).toBe(aloneErrors);
    expect(errors).toContain(
      `${card(101)}|${pinOf(301)}|1.00|2030-12-31|line 302: cardNumber: appears again, first at line 102`,
    );
    expect(storedHashes()).toEqual(aloneHashes);
  });

  it('stop when the import ends, however far behind', async () => {
    const file = await cardFile(20_000);
    const job = jobFor(file, 1);
    const memory = CardRowsAhead.memory();
    new CardRowsAhead(memory).stop();
    readCardRowsAhead(job, memory); // returns at once: the import ended
    const outcome = runImport({ ...job, cardRowsMemory: memory }, cells());
    expect(outcome).toMatchObject({ inserted: 18_000, rowsAhead: 0 });
  });
});

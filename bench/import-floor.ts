/**
 * The floors under the 1,000,000-line goal of `npm run bench -- --imports`, each measured in the
 * bench's own process right after the import, so both meet the same machine:
 *
 * - SQLite alone: how long SQLite takes to write the same card rows the way the import writes
 *   them (engine.ts BatchWriter: BATCH_LINES rows a batch, INSERT_ROWS a statement, values bound, a fresh
 *   program file opened with the import's settings, one transaction, the commit), with nothing
 *   else: no file read, no checks, no HMAC. An import cannot take less than this while its
 *   cards are kept in SQLite, keyed for the balance check.
 * - node:crypto alone: how long one thread takes to compute the same PINs' HMACs the way the
 *   import does (record-crypto.ts pinHash), with nothing else. An import on one thread cannot
 *   take less than this plus the SQLite floor.
 *
 * And what the PIN hash thread (server/imports/pin-hashes.ts) is worth: the same file imported
 * by the engine on one thread (runImport without the thread, as a small file is imported), in
 * the bench's process, timed to its commit as the server answers then.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  BATCH_LINES,
  BatchWriter,
  IMPORT_CACHE_KIB,
  PROGRESS_CELLS,
  runImport,
  TABLES,
  type Pending,
} from '../server/imports/engine';
import type { CardRuleParams } from '../server/imports/rules';
import { openProgramDb } from '../server/records/records-db';
import { pinHash, pinHashMessage, pinKeyOf } from '../server/records/record-crypto';

/** Seconds to write `count` card rows, row n keyed `keyOf(n)` with balance `balanceCentsOf(n)`. */
export async function sqliteFloorSeconds(
  count: number,
  keyOf: (n: number) => string,
  balanceCentsOf: (n: number) => number,
): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-floor-'));
  try {
    // As engine.ts runImport opens it; program 1 of an empty records folder.
    const db = openProgramDb(dir, 1, { cacheKiB: IMPORT_CACHE_KIB });
    try {
      db.exec('PRAGMA journal_size_limit = 67108864; PRAGMA wal_autocheckpoint = 0');
      const writer = new BatchWriter(db, TABLES.card, 1);
      // Only SQLite's part is timed: the transaction and each batch's write, not making rows.
      let seconds = 0;
      const timed = (work: () => void) => {
        const started = performance.now();
        work();
        seconds += (performance.now() - started) / 1000;
      };
      timed(() => db.exec('BEGIN IMMEDIATE'));
      let batch: Pending[] = [];
      for (let n = 0; n < count; n += 1) {
        const line = n + 2;
        const pinHash = Buffer.alloc(32, n);
        const values = [pinHash, balanceCentsOf(n), 'AUD', '2030-12-31', 'active'];
        batch.push({ line, raw: '', row: { key: keyOf(n), values }, problems: undefined });
        if (batch.length === BATCH_LINES) {
          const full = batch;
          timed(() => writer.write(full));
          batch = [];
        }
      }
      const last = batch;
      timed(() => writer.write(last));
      timed(() => db.exec('COMMIT'));
      return seconds;
    } finally {
      db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Seconds for one thread to compute the PIN HMACs of `count` cards (messages made untimed). */
export function pinHashFloorSeconds(
  count: number,
  keyOf: (n: number) => string,
  pinOf: (n: number) => string,
): number {
  const key = pinKeyOf(randomBytes(32));
  const chunk = 10_000;
  let seconds = 0;
  for (let first = 0; first < count; first += chunk) {
    const messages: string[] = [];
    for (let n = first; n < Math.min(count, first + chunk); n += 1) {
      messages.push(pinHashMessage(keyOf(n), pinOf(n)));
    }
    const started = performance.now();
    for (const message of messages) pinHash(key, message);
    seconds += (performance.now() - started) / 1000;
  }
  return seconds;
}

/** Seconds for the engine to import card file `file` on one thread, to its commit. */
export async function oneThreadImportSeconds(
  file: string,
  card: CardRuleParams,
  totalLines: number,
): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-one-thread-'));
  try {
    const key = randomBytes(32).toString('hex');
    const started = performance.now();
    let seconds = 0;
    runImport(
      {
        kind: 'card',
        programId: 1,
        importId: 1,
        recordsDir: dir,
        inputFile: file,
        totalLines,
        errorFile: path.join(dir, 'errors.txt'),
        card,
        pinKey: key,
        deviceKey: key,
      },
      new Int32Array(new SharedArrayBuffer(PROGRESS_CELLS * 4)),
      () => {
        seconds = (performance.now() - started) / 1000;
      },
    );
    return seconds;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

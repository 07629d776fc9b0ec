/**
 * The floor under the 1,000,000-line goal of `npm run bench -- --imports`: how long SQLite alone
 * takes to write the same card rows the way the import writes them (its BatchWriter, a fresh
 * program file opened with the import's settings, one transaction, the commit with its WAL
 * checkpoint), with nothing else: no file read, no checks, no HMAC. It runs in the bench's own
 * process right after the import, so both meet the same machine. An import cannot take less
 * than this while its cards are kept in SQLite, keyed for the balance check.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BATCH_LINES, BatchWriter, TABLES, type Pending } from '../server/imports/engine';
import { openProgramDb } from '../server/records/records-db';

/** Seconds to write `count` card rows, row n keyed `keyOf(n)` with balance `balanceCentsOf(n)`. */
export async function sqliteFloorSeconds(
  count: number,
  keyOf: (n: number) => string,
  balanceCentsOf: (n: number) => number,
): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-floor-'));
  try {
    // As engine.ts runImport opens it; program 1 of an empty records folder.
    const db = openProgramDb(dir, 1, { cacheKiB: 64 * 1024 });
    try {
      db.pragma('journal_size_limit = 67108864');
      const writer = new BatchWriter(db, TABLES.card, 1);
      const started = performance.now();
      db.exec('BEGIN IMMEDIATE');
      let batch: Pending[] = [];
      for (let n = 0; n < count; n += 1) {
        const values = [Buffer.alloc(32, n), balanceCentsOf(n), 'AUD', '2030-12-31', 'active'];
        batch.push({
          line: n + 2,
          raw: undefined,
          from: 0,
          to: 0,
          row: { key: keyOf(n), values },
          problems: undefined,
        });
        if (batch.length === BATCH_LINES) {
          writer.write(batch);
          batch = [];
        }
      }
      writer.write(batch);
      db.exec('COMMIT');
      return (performance.now() - started) / 1000;
    } finally {
      db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The floor under the 1,000,000-line goal of `npm run bench -- --imports`: how long SQLite alone
 * takes to write the same card rows the way the import writes them (packed rows through its
 * BatchWriter, a fresh program file opened with the import's settings, one transaction, the
 * commit; the WAL checkpoint after it, as the import's), with nothing else: no file read, no
 * checks, no HMAC. It runs in the bench's own
 * process right after the import, so both meet the same machine. An import cannot take less
 * than this while its cards are kept in SQLite, keyed for the balance check.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { packCard, type CardRecord } from '../server/imports/card-rows';
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
      db.exec('PRAGMA journal_size_limit = 67108864; PRAGMA wal_autocheckpoint = 0');
      const writer = new BatchWriter(db, TABLES.card, 1);
      const cards = writer.cards;
      if (cards === undefined) throw new Error('The card writer packs its rows');
      // Only SQLite's part is timed: the transaction and each batch's write, not the packing.
      let seconds = 0;
      const timed = (work: () => void) => {
        const started = performance.now();
        work();
        seconds += (performance.now() - started) / 1000;
      };
      timed(() => db.exec('BEGIN IMMEDIATE'));
      let batch: Pending[] = [];
      const pinHash = Buffer.alloc(32);
      for (let n = 0; n < count; n += 1) {
        const line = n + 2;
        const packed = cards.add();
        pinHash.fill(n);
        const card: CardRecord = {
          key: keyOf(n),
          values: [pinHash, balanceCentsOf(n), 'AUD', '2030-12-31', 'active'],
        };
        packCard(cards.bytes, packed, card, line);
        batch.push({
          line,
          raw: undefined,
          from: 0,
          to: 0,
          row: undefined,
          packed,
          problems: undefined,
        });
        if (batch.length === BATCH_LINES.card) {
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

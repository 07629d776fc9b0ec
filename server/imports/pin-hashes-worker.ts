/**
 * Worker-thread entry of the helper that computes the PIN HMACs of a big card import ahead of
 * it (pin-hashes-ahead.ts; booted by import-service.ts like import-worker.ts). workerData:
 * { job, memory }. Posts nothing; ends when the import does. It loads only what reading card
 * lines needs (no SQLite), so it adds little memory beside the import.
 */
import { workerData } from 'node:worker_threads';
import type { ImportJob } from './engine';
import { hashPinsAhead } from './pin-hashes-ahead';

const input = workerData as { job: ImportJob; memory: SharedArrayBuffer };
try {
  hashPinsAhead(input.job, input.memory);
} catch {
  // A file the helper cannot read (a bad header, a file gone) is the import's to report; the
  // import computes the hashes the helper did not.
}

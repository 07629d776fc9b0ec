/**
 * Worker-thread entry of the helper that makes the card rows of a big card import ahead of it
 * (card-rows-ahead.ts; started by import-service.ts beside the import's thread, on { job, memory },
 * its workerData; compiled to dist/server/card-rows-worker.js for `npm start`). Posts nothing;
 * ends when the import does. It loads only what reading card lines needs (no SQLite), so it adds
 * little memory beside the import.
 */
import { workerData } from 'node:worker_threads';
import type { ImportJob } from './engine';
import { readCardRowsAhead } from './card-rows-ahead';

const input = workerData as { job: ImportJob; memory: SharedArrayBuffer };
try {
  readCardRowsAhead(input.job, input.memory);
} catch {
  // A file the helper cannot read (a bad header, a file gone) is the import's to report; the
  // import reads the lines the helper did not.
}

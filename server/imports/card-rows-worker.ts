/**
 * Worker-thread entry of the helper that makes the card rows of a big card import ahead of it
 * (card-rows-ahead.ts; booted by import-service.ts like import-worker.ts, possibly before its
 * import: it waits for { job, memory } in a message). Posts nothing; ends when the import does. It loads only what reading card
 * lines needs (no SQLite), so it adds little memory beside the import.
 */
import { parentPort } from 'node:worker_threads';
import type { ImportJob } from './engine';
import { readCardRowsAhead } from './card-rows-ahead';

parentPort?.once('message', (input: { job: ImportJob; memory: SharedArrayBuffer }) => {
  try {
    readCardRowsAhead(input.job, input.memory);
  } catch {
    // A file the helper cannot read (a bad header, a file gone) is the import's to report; the
    // import reads the lines the helper did not.
  }
});

/**
 * Worker-thread entry of one import (import-service.ts boots it through tsx's CommonJS hook, so it
 * loads TypeScript under `npm start` and under jest alike), possibly before its import: it waits
 * for { job, cells } in a message, posts { ok: true, outcome } or { ok: false, message }, and
 * ends.
 */
import { parentPort } from 'node:worker_threads';
import { runImport, type ImportJob } from './engine';

interface WorkerInput {
  job: ImportJob;
  cells: Int32Array;
}

parentPort?.once('message', (input: WorkerInput) => {
  try {
    // Answered once committed; the WAL checkpoint after it is this thread's last work.
    runImport(input.job, input.cells, (outcome) => parentPort?.postMessage({ ok: true, outcome }));
  } catch (error) {
    parentPort?.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});

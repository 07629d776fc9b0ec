/**
 * Worker-thread entry of one import (started by import-service.ts; compiled to
 * dist/server/import-worker.js for `npm start`): runs the import of { job, cells } (its
 * workerData), posts { ok: true, outcome } or { ok: false, message }, and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runImport, type ImportJob } from './engine';

interface WorkerInput {
  job: ImportJob;
  cells: Int32Array;
}

const input = workerData as WorkerInput;
try {
  // Answered once committed; the WAL checkpoint after it is this thread's last work.
  runImport(input.job, input.cells, (outcome) => parentPort?.postMessage({ ok: true, outcome }));
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Worker-thread entry of one import (import-service.ts boots it through tsx's CommonJS hook, so it
 * loads TypeScript under `npm start` and under jest alike). workerData: { job, cells }; posts
 * { ok: true, outcome } or { ok: false, message } and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runImport, type ImportJob } from './engine';

interface WorkerInput {
  job: ImportJob;
  cells: Int32Array;
}

const input = workerData as WorkerInput;
try {
  const outcome = runImport(input.job, input.cells);
  parentPort?.postMessage({ ok: true, outcome });
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    message: error instanceof Error ? error.message : String(error),
  });
}

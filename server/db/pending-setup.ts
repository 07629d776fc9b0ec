/**
 * `<data dir>/setup.pending`: the data a start or a reset is putting in place, written before
 * it starts and removed once everything is in place. A process killed midway leaves it, and the
 * next start finds it and does that work again from the beginning, so the folder never stays
 * half set up (server/index.ts):
 *
 * - `{"kind":"demo-records"}`: a first start seeding the demo cards and stores into a records
 *   folder that did not exist (`importsExisted`: whether the imports folder did);
 * - `{"kind":"scenario","name":…,"params":…}`: a reset to a scenario (`npm run db:reset`, `npm
 *   start -- --scenario`, or a first start on a remembered scenario; server/dev/scenarios).
 *
 * Written to a temp file and renamed into place: it never exists half-written.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode } from '../http/errno';
import { DATA_FILE_MODE, DataFileError } from './json-file';

export const PENDING_SETUP_FILE = 'setup.pending';

export type PendingSetup =
  | { kind: 'demo-records'; importsExisted: boolean }
  | { kind: 'scenario'; name: string; params: unknown };

export const pendingSetupFileOf = (dbFile: string): string =>
  path.join(path.dirname(dbFile), PENDING_SETUP_FILE);

/** Notes the work about to start beside `dbFile` (the caller holds the folder's lock). */
export async function markSetupPending(dbFile: string, setup: PendingSetup): Promise<void> {
  const file = pendingSetupFileOf(dbFile);
  const temp = `${file}.tmp`;
  await rm(temp, { force: true });
  await writeFile(temp, `${JSON.stringify(setup)}\n`, { mode: DATA_FILE_MODE, flag: 'wx' });
  await rename(temp, file);
}

/** Notes that the work is done: everything is in place. */
export async function clearSetupPending(dbFile: string): Promise<void> {
  await rm(pendingSetupFileOf(dbFile), { force: true });
}

function parsePending(text: string): PendingSetup | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown> | null;
    if (value?.kind === 'demo-records' && typeof value.importsExisted === 'boolean') {
      return { kind: 'demo-records', importsExisted: value.importsExisted };
    }
    if (value?.kind === 'scenario' && typeof value.name === 'string') {
      return { kind: 'scenario', name: value.name, params: value.params ?? {} };
    }
  } catch {
    // Not JSON: refused below.
  }
  return undefined;
}

/**
 * The work a killed process left unfinished beside `dbFile`, or undefined. Throws DataFileError
 * naming the file when it cannot be read as one (edited by hand).
 */
export async function pendingSetup(dbFile: string): Promise<PendingSetup | undefined> {
  const file = pendingSetupFileOf(dbFile);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  const setup = parsePending(text);
  if (setup === undefined) {
    throw new DataFileError(
      `${file}: not a setup this server wrote, so the setup it notes cannot be finished. Run npm run db:reset to start over from db.json, or remove the file to keep the data as it is`,
    );
  }
  return setup;
}

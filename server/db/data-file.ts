/**
 * Creating the data file from the seed (db.json), and replacing it with a scenario's data
 * (server/dev/scenarios). lowdb is not involved.
 * The data file is created readable by its owner only (it holds the password hashes), and the
 * uploaded-files folder likewise.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode } from '../http/errno';
import { removeLog } from './change-log';
import { DATA_FILE_MODE } from './json-file';

/** Owner only: the uploaded-files folder and the cards folder. */
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents) readable by the owner only. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Writes the seed to `dbFile` with mode 0600: only when missing, or replacing it atomically. */
async function writeSeed(dbFile: string, seedFile: string, replace: boolean): Promise<void> {
  const seed = await readFile(seedFile);
  if (!replace) {
    await writeFile(dbFile, seed, { mode: DATA_FILE_MODE, flag: 'wx' });
    // A change log left from an earlier file belongs to that file, not to the seed.
    await removeLog(dbFile);
    return;
  }
  await replaceDataFile(dbFile, seed);
}

/**
 * Replaces `dbFile` (mode 0600) with `content` (a scenario's data, server/dev/scenarios), its
 * change log removed. Temp file + rename: a reader or a crash sees the old file or the new
 * one, never half. The server must not be running on it (the caller holds its lock).
 */
export async function replaceDataFile(dbFile: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(dbFile), { recursive: true });
  const temp = path.join(path.dirname(dbFile), `.${path.basename(dbFile)}.reset.tmp`);
  await rm(temp, { force: true });
  await writeFile(temp, content, { mode: DATA_FILE_MODE, flag: 'wx' });
  await rename(temp, dbFile);
  await removeLog(dbFile);
}

/**
 * Copies the seed to `dbFile` when it does not exist; creates folders. True when it seeded.
 * An existing file is never replaced, even when empty or torn: Store.open refuses it, naming it.
 */
export async function seedDataFile(dbFile: string, seedFile: string): Promise<boolean> {
  await mkdir(path.dirname(dbFile), { recursive: true });
  try {
    await writeSeed(dbFile, seedFile, false);
    return true;
  } catch (error) {
    if (hasErrorCode(error, 'EEXIST')) return false;
    throw error;
  }
}

/**
 * Creating the data file from the seed (db.json), and replacing it with a scenario's data
 * (server/dev/scenarios). lowdb is not involved.
 * The data file is created readable by its owner only (it holds the password hashes), and the
 * uploaded-files folder likewise.
 */
import { link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode } from '../http/errno';
import { logFileOf, removeLog } from './change-log';
import { DATA_FILE_MODE, DataFileError } from './json-file';

/** Owner only: the uploaded-files folder and the cards folder. */
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents) readable by the owner only. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
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

/** The data file and the folders beside it that hold its data (server/config.ts). */
export interface DataFolder {
  dbFile: string;
  filesDir: string;
  recordsDir: string;
  importsDir: string;
  keysDir: string;
}

/**
 * Before a missing data file is made (seeded from db.json, or from a remembered scenario):
 * throws DataFileError when its folder already holds the data of one: uploaded files, imported
 * records, import files, keys, or the file's own change log. The file was lost, is being
 * restored, or DB_FILE names another file of a folder in use; seeding would pair the seed with
 * that data, and the start's sweep would delete every uploaded image as one without a record.
 * The message names the file and the folder, and says how to go on.
 */
export async function refuseMissingDataFile(folder: DataFolder): Promise<void> {
  const dataDir = path.dirname(folder.dbFile);
  const names = await readdir(dataDir).catch((error: unknown): string[] => {
    if (hasErrorCode(error, 'ENOENT')) return [];
    throw error;
  });
  const log = path.basename(logFileOf(folder.dbFile));
  const found = [
    ...[folder.recordsDir, folder.keysDir, folder.filesDir, folder.importsDir]
      .filter((dir) => path.dirname(dir) === dataDir && names.includes(path.basename(dir)))
      .map((dir) => `${path.basename(dir)}/`),
    ...names.filter((name) => name.startsWith(log)),
  ];
  if (found.length === 0) return;
  throw new DataFileError(
    `${folder.dbFile}: the data file does not exist, but its folder ${dataDir} holds the data of one (${found.join(', ')}). Restore the data file from a backup, or run npm run db:reset to start over from db.json, replacing what the folder holds; a server of its own needs a folder of its own`,
  );
}

/**
 * Copies the seed to `dbFile` (mode 0600) when it does not exist; creates folders. True when it
 * seeded. An existing file is never replaced, even when empty or torn: Store.open refuses it,
 * naming it. The seed goes to a temp file first, which link() then puts in place (failing when
 * the file exists): a kill midway leaves no data file, and the next start seeds again, never
 * half of one, which would stop every later start.
 */
export async function seedDataFile(dbFile: string, seedFile: string): Promise<boolean> {
  const dir = path.dirname(dbFile);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(dbFile)}.seed.tmp`);
  await rm(temp, { force: true });
  await writeFile(temp, await readFile(seedFile), { mode: DATA_FILE_MODE, flag: 'wx' });
  try {
    await link(temp, dbFile);
  } catch (error) {
    if (hasErrorCode(error, 'EEXIST')) return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
  // A change log left from an earlier file belongs to that file, not to the seed.
  await removeLog(dbFile);
  return true;
}

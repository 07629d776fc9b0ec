/** Creating and resetting the data file from the seed (db.json). lowdb is not involved. */
import { copyFile, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode } from '../http/errno';

async function isMissingOrEmpty(file: string): Promise<boolean> {
  try {
    const info = await stat(file);
    if (info.size === 0) return true;
    return (await readFile(file, 'utf8')).trim() === '';
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT')) return true;
    throw error;
  }
}

/** Copies the seed to `dbFile` when it is missing or empty; creates folders. True when it seeded. */
export async function seedDataFile(dbFile: string, seedFile: string): Promise<boolean> {
  await mkdir(path.dirname(dbFile), { recursive: true });
  if (!(await isMissingOrEmpty(dbFile))) return false;
  await copyFile(seedFile, dbFile);
  return true;
}

/** Overwrites `dbFile` with the seed and empties the uploaded-files folder. */
export async function resetDataFile(
  dbFile: string,
  seedFile: string,
  filesDir: string,
): Promise<void> {
  await mkdir(path.dirname(dbFile), { recursive: true });
  await copyFile(seedFile, dbFile);
  await mkdir(filesDir, { recursive: true });
  const entries = await readdir(filesDir);
  await Promise.all(
    entries.map((entry) => rm(path.join(filesDir, entry), { recursive: true, force: true })),
  );
}

/**
 * One process at a time on a data file: `<data file>.lock` holds the pid of the process using
 * it (the server, or db:reset while it resets). A lock whose pid is no longer running (a crash,
 * kill -9) is stale and taken over; the server removes its lock on a clean stop.
 */
import { readFileSync, rmSync } from 'node:fs';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode } from '../http/errno';
import { DATA_FILE_MODE } from './json-file';

/** Another live process holds the lock; the message names it and the data file. */
export class DataFileLockedError extends Error {
  override name = 'DataFileLockedError';
  constructor(
    readonly dbFile: string,
    readonly pid: number,
  ) {
    super(`The server (pid ${pid}) is running on ${dbFile}: stop it first`);
  }
}

export const lockFileOf = (dbFile: string): string => `${dbFile}.lock`;

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false; // our own pid from an earlier life (e.g. a container)
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return hasErrorCode(error, 'EPERM');
  }
}

export interface DataFileLock {
  /** Removes the lock file (if it is still ours). Synchronous, so it also works on exit. */
  release(): void;
}

/** Takes the lock of `dbFile`; throws DataFileLockedError while another live process holds it. */
export async function lockDataFile(dbFile: string): Promise<DataFileLock> {
  const lockFile = lockFileOf(dbFile);
  const mine = String(process.pid);
  await mkdir(path.dirname(dbFile), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // Written to a temp file, then linked into place: the lock file never exists without its pid.
    const temp = `${lockFile}.${mine}.tmp`;
    await writeFile(temp, mine, { mode: DATA_FILE_MODE });
    try {
      await link(temp, lockFile);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(lockFile, 'utf8') === mine) rmSync(lockFile, { force: true });
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if (!hasErrorCode(error, 'EEXIST')) throw error;
    } finally {
      await rm(temp, { force: true });
    }
    const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
    if (Number.isSafeInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new DataFileLockedError(dbFile, holder);
    }
    // Stale (its process is gone) or unreadable (a crash while writing it): take it over.
    await rm(lockFile, { force: true });
  }
  throw new Error(`${lockFile}: could not take the lock of the data file`);
}

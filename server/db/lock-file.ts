/**
 * One process at a time on a data folder: `<data dir>/portal.lock` names the process using it
 * (the server, or db:reset while it resets) and its data file. The lock covers the folder, not
 * only the file, because everything beside the data file is the folder's (server/config.ts:
 * files/, records/, imports/, keys/, scenario.json …): two servers on two data files of one
 * folder would share and destroy it. The server removes its lock on a clean stop; a lock left
 * by a process that died (a crash, kill -9) is stale and taken over at once.
 *
 * A pid alone cannot tell that: a killed process nobody has reaped yet (a zombie) still answers
 * signal 0, and after a restart of the machine or container its pid may belong to another
 * program. So the lock also records the process's identity where Linux gives one: its start time
 * (field 22 of /proc/<pid>/stat, in clock ticks since boot) and the boot id. The holder is live
 * only when a process of that pid runs, is not a zombie, and started when the lock says. Without
 * /proc (another system) the pid check alone decides.
 */
import { readFileSync, rmSync } from 'node:fs';
import { link, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode } from '../http/errno';
import { DATA_FILE_MODE } from './json-file';

/**
 * Another live process holds the data folder's lock; the message names the folder, the holder
 * and its data file, and says what to do.
 */
export class DataFileLockedError extends Error {
  override name = 'DataFileLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const onFile = holder.dbFile === null ? '' : `, data file ${holder.dbFile}`;
    super(
      `The data folder ${dataDir} is in use by ${holder.command ?? 'another process'} (pid ${holder.pid}${onFile}): stop it first, or give this one a data folder of its own (DB_FILE=<another folder>/db.json)`,
    );
  }
}

/** The lock's file name in the data folder. */
export const LOCK_FILE = 'portal.lock';
export const lockFileOf = (dataDir: string): string => path.join(dataDir, LOCK_FILE);

/** Who takes a lock, as a refusal names it. */
export type LockCommand = 'the server' | 'npm run db:reset';

/** What a lock file holds (JSON). `started` and `boot` are null where the system has no /proc. */
export interface LockHolder {
  pid: number;
  /** The process's start time, clock ticks since boot (/proc/<pid>/stat field 22). */
  started: string | null;
  /** /proc/sys/kernel/random/boot_id: start times count from this boot. */
  boot: string | null;
  /** What holds it and on which data file (null in a lock that does not say). */
  command: string | null;
  dbFile: string | null;
}

/** A process as /proc shows it, or undefined when it shows none of that pid. */
interface ProcessStat {
  /** R, S, D, Z (zombie), X (dead), … */
  state: string;
  started: string;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

const hasProc = (): boolean => readOrNull('/proc/self/stat') !== null;

function processStat(pid: number): ProcessStat | undefined {
  const text = readOrNull(`/proc/${pid}/stat`);
  if (text === null) return undefined;
  // Field 2 (the command name, in parentheses) may hold spaces and parentheses itself: the
  // fields that follow start after the last ')'. From there, field 3 (state) is index 0.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = rest[0];
  const started = rest[22 - 3];
  return state === undefined || started === undefined ? undefined : { state, started };
}

function holderOf(pid: number, command: LockCommand, dbFile: string): LockHolder {
  return {
    pid,
    started: processStat(pid)?.started ?? null,
    boot: readOrNull('/proc/sys/kernel/random/boot_id'),
    command,
    dbFile,
  };
}

/** The holder a lock file's text names; a bare pid (no identity) is read too. */
function parseHolder(text: string): LockHolder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    return { pid: Number(trimmed), started: null, boot: null, command: null, dbFile: null };
  }
  try {
    const value: unknown = JSON.parse(trimmed);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, started, boot, command, dbFile } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
    const textOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
    return {
      pid,
      started: textOrNull(started),
      boot: textOrNull(boot),
      command: textOrNull(command),
      dbFile: textOrNull(dbFile),
    };
  } catch {
    return undefined;
  }
}

/** True while the process that wrote the lock still runs. */
function isRunning(holder: LockHolder): boolean {
  const { pid } = holder;
  if (pid === process.pid) return false; // our own pid from an earlier life (e.g. a container)
  if (hasProc()) {
    const stat = processStat(pid);
    if (stat === undefined) return false; // gone
    if (stat.state === 'Z' || stat.state === 'X') return false; // died, not yet reaped
    if (holder.boot !== null && holder.boot !== readOrNull('/proc/sys/kernel/random/boot_id')) {
      return false; // written before the machine restarted: the pid is someone else's now
    }
    // Another process that got the pid later started later.
    if (holder.started !== null && holder.started !== stat.started) return false;
    return true;
  }
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

/**
 * Takes the lock of `dbFile`'s folder (created when missing) for `command`; throws
 * DataFileLockedError while another live process holds it, whichever data file of the folder
 * that process runs on.
 */
export async function lockDataFile(
  dbFile: string,
  command: LockCommand = 'the server',
): Promise<DataFileLock> {
  await mkdir(path.dirname(dbFile), { recursive: true });
  // The folder's real path: a link to it is the same folder (DB_FILE is resolved already by
  // loadConfig; this covers a caller that did not).
  const dataDir = await realpath(path.dirname(dbFile));
  const lockFile = lockFileOf(dataDir);
  const mine = JSON.stringify(holderOf(process.pid, command, dbFile));
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // Written to a temp file, then linked into place: the lock file never exists half-written.
    const temp = `${lockFile}.${process.pid}.tmp`;
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
    const holder = parseHolder(await readFile(lockFile, 'utf8').catch(() => ''));
    if (holder !== undefined && isRunning(holder)) {
      throw new DataFileLockedError(dataDir, holder);
    }
    // Stale (its process is gone, dead or not the one that wrote it) or unreadable (a crash
    // while writing it): take it over.
    await rm(lockFile, { force: true });
  }
  throw new Error(`${lockFile}: could not take the lock of the data folder`);
}

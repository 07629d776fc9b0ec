/**
 * One process at a time on a data folder: `<data dir>/portal.lock` names the process using it
 * (the server, or db:reset while it resets) and its data file. The lock covers the folder, not
 * only the file, because everything beside the data file is the folder's (server/config.ts:
 * files/, records/, imports/, keys/, scenario.json …): two servers on two data files of one
 * folder would share and destroy it. The server removes its lock on a clean stop; a lock left
 * by a process that died (a crash, kill -9) is stale and taken over at once, by exactly one of
 * the processes taking it over together (claim, below).
 *
 * A pid alone cannot tell that: a killed process nobody has reaped yet (a zombie) still answers
 * signal 0, and after a restart of the machine or container its pid may belong to another
 * program. So the lock also records the process's identity where Linux gives one: its start time
 * (field 22 of /proc/<pid>/stat, in clock ticks since boot) and the boot id. The holder is live
 * only when a process of that pid runs, is not a zombie, and started when the lock says. Without
 * /proc (another system) the pid check alone decides.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { link, mkdir, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
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
  if (hasProc()) {
    const stat = processStat(pid);
    if (stat === undefined) return false; // gone
    if (stat.state === 'Z' || stat.state === 'X') return false; // died, not yet reaped
    if (holder.boot !== null && holder.boot !== readOrNull('/proc/sys/kernel/random/boot_id')) {
      return false; // written before the machine restarted: the pid is someone else's now
    }
    // Another process that got the pid later started later. Our own pid too: from an earlier
    // life (a restarted container) it started at another time.
    if (holder.started !== null && holder.started !== stat.started) return false;
    return pid !== process.pid || holder.started !== null;
  }
  // Our own pid, with no start time to tell: from an earlier life (e.g. a container).
  if (pid === process.pid) return false;
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

/** How long a taker waits for another live process taking over the same stale lock. */
const TAKEOVER_WAIT_MS = 5_000;
/** How often it looks while it waits. */
const TAKEOVER_POLL_MS = 5;
/** Guards of guards at most: each level takes a process killed while taking over the one above. */
const MAX_GUARD_DEPTH = 4;

/** Numbers this process's temp files, so two takers in one process never share one. */
let tempCount = 0;

/**
 * Creates `file` holding `text` unless it exists; false when it exists. The text goes to a temp
 * file first, then link() puts it in place, which fails when the name exists: the file never
 * exists half-written, and of several creators exactly one succeeds.
 */
async function createOnce(file: string, text: string): Promise<boolean> {
  tempCount += 1;
  const temp = `${file}.${process.pid}-${tempCount}.tmp`;
  // A temp file a killed process of the same pid left may be a second name of a lock of its:
  // removed, never written through.
  await rm(temp, { force: true });
  await writeFile(temp, text, { mode: DATA_FILE_MODE, flag: 'wx' });
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if (hasErrorCode(error, 'EEXIST')) return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/** The file's text, or null when it does not exist. */
async function textOf(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT')) return null;
    throw error;
  }
}

/**
 * The guard of the takeover of a stale lock whose text is `staleText`: takers of that lock
 * contend for it, and only its holder removes the lock. Named after the stale text (each lock's
 * text names its process's pid, start time and boot, so it is its own), so a guard concerns one
 * stale lock only, never a later one.
 */
export const takeoverGuardOf = (file: string, staleText: string): string =>
  `${file}.${createHash('sha256').update(staleText).digest('hex').slice(0, 16)}`;

type Claim = { taken: true } | { taken: false; holder: LockHolder };

/**
 * Takes `file` for the holder whose text is `mine`, or answers the live process holding it.
 *
 * A stale lock (its process gone, dead, or not the one that wrote it; or unreadable) is taken
 * over without a race. Removing it and creating one's own are two steps, and a taker that judged
 * the lock stale may come to remove it after another taker has already replaced it with its own
 * live lock: both would then hold it. So a taker first takes the stale lock's guard
 * (takeoverGuardOf; created once, as the lock is), checks under it that the lock still has the
 * stale text, and only then removes it; then it tries to create its own lock again, which exactly
 * one creator wins. Nobody else removes a lock of that text meanwhile (only the guard's holder
 * does), and a live lock never has it. A guard whose taker was killed is stale in turn and taken
 * over the same way, one level down. Only documented file operations (link, read, unlink): Node
 * has no file locks of the system (flock), and the lock libraries on npm remove a stale lock
 * without such a guard, with the same race (proper-lockfile:
 * https://github.com/moxystudio/node-proper-lockfile/issues/121).
 */
async function claim(file: string, mine: string, depth: number, deadline: number): Promise<Claim> {
  for (;;) {
    if (await createOnce(file, mine)) return { taken: true };
    const text = await textOf(file);
    if (text === null) continue; // removed meanwhile: try again
    const holder = parseHolder(text);
    if (holder !== undefined && isRunning(holder)) return { taken: false, holder };
    if (Date.now() > deadline) {
      throw new Error(
        `${file}: could not take over the stale lock; remove the file if no process runs on the folder`,
      );
    }
    if (depth >= MAX_GUARD_DEPTH) {
      throw new Error(
        `${file}: too many takers were killed taking over this stale lock; remove the file if no process runs on the folder`,
      );
    }
    const guard = takeoverGuardOf(file, text);
    const guarded = await claim(guard, mine, depth + 1, deadline);
    if (!guarded.taken) {
      // A live process is taking this stale lock over: look again once it has (or has died).
      if (Date.now() > deadline) return guarded;
      await delay(TAKEOVER_POLL_MS);
      continue;
    }
    try {
      if ((await textOf(file)) === text) await rm(file, { force: true });
    } finally {
      if ((await textOf(guard)) === mine) await rm(guard, { force: true });
    }
  }
}

/** True while a process of this pid runs (not a zombie); the pid alone, for a temp file. */
function pidRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  if (hasProc()) {
    const stat = processStat(pid);
    return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return hasErrorCode(error, 'EPERM');
  }
}

/**
 * Once the lock is ours: removes what takers killed midway left beside it. Any guard (each
 * concerns a stale lock, and the lock is a live one now: a taker holding a guard finds the lock
 * changed and removes nothing), and the temp files of processes that no longer run.
 */
async function removeLeftovers(lockFile: string): Promise<void> {
  const base = path.basename(lockFile);
  const dir = path.dirname(lockFile);
  for (const name of await readdir(dir)) {
    if (!name.startsWith(`${base}.`)) continue;
    const rest = name.slice(base.length);
    const temp = /^(?:\.[0-9a-f]{16})*\.(\d+)-\d+\.tmp$/.exec(rest);
    const leftover = temp === null ? /^(?:\.[0-9a-f]{16})+$/.test(rest) : !pidRuns(Number(temp[1]));
    if (leftover) await rm(path.join(dir, name), { force: true });
  }
}

/**
 * Takes the lock of `dbFile`'s folder (created when missing) for `command`; throws
 * DataFileLockedError while another live process holds it, whichever data file of the folder
 * that process runs on. A stale lock is taken over at once (claim: of several processes taking
 * it over together, exactly one gets it).
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
  // Its own nonce: no two locks ever have the same text (takeoverGuardOf).
  const mine = JSON.stringify({ ...holderOf(process.pid, command, dbFile), nonce: randomUUID() });
  const claimed = await claim(lockFile, mine, 0, Date.now() + TAKEOVER_WAIT_MS);
  if (!claimed.taken) throw new DataFileLockedError(dataDir, claimed.holder);
  await removeLeftovers(lockFile);
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
}

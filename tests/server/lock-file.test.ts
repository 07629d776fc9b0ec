/**
 * The data folder's lock (server/db/lock-file.ts), taken by the real lockDataFile: in this
 * process, and raced for by several processes at once (tests/server/support/lock-contender.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT } from '../../server/config';
import {
  DataFileLockedError,
  LOCK_FILE,
  lockDataFile,
  lockFileOf,
  takeoverGuardOf,
} from '../../server/db/lock-file';

const CONTENDER = path.join(PROJECT_ROOT, 'tests', 'server', 'support', 'lock-contender.ts');
const BOOT = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

/** The pid of a process that has ended (and was reaped). */
async function gonePid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

/** A lock as a server killed with kill -9 leaves it: its process is gone. */
const staleLock = (pid: number, dbFile: string): string =>
  JSON.stringify({ pid, started: '1', boot: BOOT, command: 'the server', dbFile });

/** One lock-contender process; `ask` sends a command and answers its reply line. */
class Contender {
  readonly child: ChildProcess;
  readonly #lines: string[] = [];
  readonly #waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];

  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', CONTENDER], {
      cwd: PROJECT_ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      const waiter = this.#waiting.shift();
      if (waiter === undefined) this.#lines.push(line);
      else waiter.resolve(line);
    });
    this.child.once('exit', (code) => {
      for (const waiter of this.#waiting.splice(0)) {
        waiter.reject(new Error(`the contender exited with ${code}`));
      }
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  next(): Promise<string> {
    const line = this.#lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  ask(command: string): Promise<string> {
    this.child.stdin!.write(`${command}\n`);
    return this.next();
  }

  async end(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin!.end();
    await exited;
  }
}

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'portal-lock-')));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lockDataFile in one process', () => {
  it('names its holder and data file, refuses a second taker, and goes on release', async () => {
    const dbFile = path.join(dir, 'db.json');
    const lock = await lockDataFile(dbFile);
    try {
      const holder = JSON.parse(await readFile(lockFileOf(dir), 'utf8')) as Record<string, unknown>;
      expect(holder).toMatchObject({ pid: process.pid, command: 'the server', dbFile });
      // This very process holds it: another data file of the folder is refused too.
      await expect(lockDataFile(path.join(dir, 'other.json'), 'npm run db:reset')).rejects.toThrow(
        DataFileLockedError,
      );
    } finally {
      lock.release();
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('takes over a stale lock whose last taker was killed while taking it over', async () => {
    const dbFile = path.join(dir, 'db.json');
    const dead = await gonePid();
    const stale = staleLock(dead, dbFile);
    await writeFile(lockFileOf(dir), stale);
    // The guard a taker holds while it removes the stale lock, left by a taker killed then.
    const guard = takeoverGuardOf(lockFileOf(dir), stale);
    await writeFile(guard, staleLock(dead, dbFile).replace('"started":"1"', '"started":"2"'));
    // And the temp file of a lock that a killed process was writing.
    await writeFile(`${lockFileOf(dir)}.${dead}-1.tmp`, '');
    const lock = await lockDataFile(dbFile);
    try {
      expect(JSON.parse(await readFile(lockFileOf(dir), 'utf8'))).toMatchObject({
        pid: process.pid,
      });
      // What the killed takers left is gone.
      expect(await readdir(dir)).toEqual([LOCK_FILE]);
    } finally {
      lock.release();
    }
  });
});

describe('lockDataFile raced for by several processes', () => {
  const CONTENDERS = 4;
  const ROUNDS = 25;
  let contenders: Contender[] = [];

  beforeAll(async () => {
    contenders = Array.from({ length: CONTENDERS }, () => new Contender());
    for (const contender of contenders) expect(await contender.next()).toBe('ready');
  }, 60_000);
  afterAll(async () => {
    await Promise.all(contenders.map((contender) => contender.end()));
  });

  it('lets exactly one take over a stale lock, every time, and leaves nothing else', async () => {
    const dead = await gonePid();
    for (let round = 0; round < ROUNDS; round += 1) {
      const dbFile = path.join(dir, String(round), 'db.json');
      const dataDir = path.dirname(dbFile);
      await mkdir(dataDir);
      await writeFile(lockFileOf(dataDir), staleLock(dead, dbFile));

      // Told at once: each takes the lock through the real lockDataFile.
      const replies = await Promise.all(
        contenders.map((contender) => contender.ask(`lock ${dbFile}`)),
      );
      const winners = contenders.filter((_, index) => replies[index] === 'took');
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });
      const winner = winners[0]!;
      // Every other one was refused, naming the winner.
      expect(replies.filter((reply) => reply !== 'took')).toEqual(
        Array.from({ length: CONTENDERS - 1 }, () => `refused ${winner.pid}`),
      );
      const holder = JSON.parse(await readFile(lockFileOf(dataDir), 'utf8')) as { pid: number };
      expect(holder.pid).toBe(winner.pid);
      expect(await readdir(dataDir)).toEqual([LOCK_FILE]);
      expect(await winner.ask('release')).toBe('released');
    }
  }, 120_000);
});

/**
 * `npm start` as an operator runs it: it says which Node it runs on, runs the compiled server
 * (dist/server, package.json `main`) on the Node that package.json pins, serves the app, and a
 * stop signal, sent to npm or to the start script, stops everything it started. Here because it
 * needs the built client, which the browser tests' stage builds first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listeningPort } from '../../scripts/lib/portal-server';
import { PROJECT_ROOT } from '../../server/config';

const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
};
const PINNED_NODE = manifest.dependencies.node;
const STOP_WITHIN_MS = 30_000;

interface Started {
  npm: ChildProcess;
  output: () => string;
  /** Resolves once npm has exited and every process writing to its output has closed it. */
  closed: Promise<void>;
  /** The start script's process and the server's. */
  startPid: number;
  serverPid: number;
  port: number;
}

/** The parent of a process, from /proc. */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command's closing parenthesis: state, then the parent's pid.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Whether a process still runs (a zombie waiting for its parent counts as ended). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function untilEnded(pids: readonly number[]): Promise<number[]> {
  const deadline = Date.now() + STOP_WITHIN_MS;
  while (Date.now() < deadline) {
    if (!pids.some(running)) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return pids.filter(running);
}

async function npmStart(dataDir: string): Promise<Started> {
  const npm = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DB_FILE: path.join(dataDir, 'db.json'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  npm.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const closed = new Promise<void>((resolve) => npm.once('close', () => resolve()));
  let port: number;
  try {
    port = await listeningPort(npm, () => log, 80_000);
  } catch (error) {
    npm.kill('SIGKILL');
    throw new Error(`npm start did not start the server: ${String(error)}`);
  }
  // The server's log lines carry its pid; the start script is its parent.
  const serverPid = Number(/"pid":(\d+)/.exec(log)?.[1]);
  return { npm, output: () => log, closed, startPid: parentOf(serverPid), serverPid, port };
}

describe('npm start', () => {
  let dataDir: string;
  let started: Started | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'npm-start-'));
  });
  afterEach(async () => {
    // Whatever a failed test left running.
    for (const pid of [started?.serverPid, started?.startPid]) {
      if (pid !== undefined && running(pid)) process.kill(pid, 'SIGKILL');
    }
    started?.npm.kill('SIGKILL');
    started = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says its Node version and runs the compiled server on the pinned Node', async () => {
    started = await npmStart(dataDir);
    expect(started.output()).toContain(`\nNode v${PINNED_NODE}\n`);
    const answer = await fetch(`http://127.0.0.1:${started.port}/config.json`);
    expect(answer.status).toBe(200);
    const command = readFileSync(`/proc/${started.serverPid}/cmdline`, 'utf8').split('\0');
    expect(command).toContain(path.join(PROJECT_ROOT, manifest.main));
    expect(readlinkSync(`/proc/${started.serverPid}/exe`)).toBe(
      path.join(PROJECT_ROOT, 'node_modules/node/bin/node'),
    );
  });

  it('stops, leaving nothing running, when npm gets SIGTERM', async () => {
    started = await npmStart(dataDir);
    started.npm.kill('SIGTERM');
    expect(await untilEnded([started.startPid, started.serverPid])).toEqual([]);
    // The server's last lines may still be in the pipe when it has ended.
    await started.closed;
    expect(started.output()).toContain('"msg":"stopped"');
  });

  it('stops, leaving nothing running, when the start script gets SIGTERM', async () => {
    started = await npmStart(dataDir);
    process.kill(started.startPid, 'SIGTERM');
    expect(await untilEnded([started.startPid, started.serverPid])).toEqual([]);
    // The server's last lines may still be in the pipe when it has ended.
    await started.closed;
    expect(started.output()).toContain('"msg":"stopped"');
  });
});

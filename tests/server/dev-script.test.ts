/**
 * `npm run dev` (scripts/dev.mjs) as a process: what it checks before it starts the server's and
 * the client's watchers, and how it stops when a server its watcher restarted cannot listen.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config';
import { DEV_SCRIPT_STOP_SIGNAL } from '../../server/dev/dev-script';

jest.setTimeout(30_000);

function listen(): Promise<Server> {
  const server = createServer();
  return new Promise((resolve) => server.listen(0, () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** Runs `npm run dev` to its end (a run that is still going after 20 s is stopped). */
function runDev(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/dev.mjs', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(stop);
      resolve({ code, output });
    }),
  );
}

/** The processes of process group `group` still running (not those ended, waiting to be reaped). */
function liveProcessesOf(group: number): string[] {
  let listed: string;
  try {
    listed = execFileSync('ps', ['-o', 'stat=,pid=,args=', '-g', String(group)], {
      encoding: 'utf8',
    });
  } catch {
    // ps finds none.
    return [];
  }
  return listed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('Z'));
}

/** Resolves once `done()` holds, checking every 100 ms; rejects after `ms`. */
async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`not done within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run dev', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-dev-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('exits with one line when PORT is in use, before anything starts or is written', async () => {
    const taken = await listen();
    const free = await listen();
    const clientPort = portOf(free);
    await new Promise((resolve) => free.close(resolve));
    try {
      const { code, output } = await runDev({
        PORT: String(portOf(taken)),
        DEV_CLIENT_PORT: String(clientPort),
        DB_FILE: path.join(dir, 'data', 'db.json'),
      });
      expect(code).toBe(1);
      expect(output).toBe(
        `PORT ${portOf(taken)} is already in use: stop what listens on it, or set another PORT\n`,
      );
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('resets once to MOCK_SCENARIO before the watchers, as --scenario does: a bad name stops it', async () => {
    const ports = await Promise.all([listen(), listen()]);
    const [port, clientPort] = ports.map(portOf);
    await Promise.all(ports.map((server) => new Promise((resolve) => server.close(resolve))));
    const { code, output } = await runDev({
      PORT: String(port),
      DEV_CLIENT_PORT: String(clientPort),
      DB_FILE: path.join(dir, 'data', 'db.json'),
      MOCK_SCENARIO: 'no-such-scenario',
    });
    // The one-off reset refused the name and the command ended (no watcher started).
    expect(code).toBe(1);
    expect(output).toContain('no-such-scenario');
    expect(output).toContain('empty');
    expect(output).not.toContain('[server]');
  });

  it.each([
    ['MOCK_RECORD', { MOCK_RECORD: 'journal-real' }, []],
    ['--record', {}, ['--record', 'journal-real']],
  ])(
    'refuses %s with one line, before anything starts or is written: each restart would save the recording',
    async (_name, env: Record<string, string>, args: string[]) => {
      const ports = await Promise.all([listen(), listen()]);
      const [port, clientPort] = ports.map(portOf);
      await Promise.all(ports.map((server) => new Promise((resolve) => server.close(resolve))));
      const { code, output } = await runDev(
        {
          PORT: String(port),
          DEV_CLIENT_PORT: String(clientPort),
          DB_FILE: path.join(dir, 'data', 'db.json'),
          ...env,
        },
        args,
      );
      expect(code).toBe(1);
      expect(output).toBe(
        'MOCK_RECORD and --record are for npm start: under npm run dev each restart of the server would save the recording and the next start refuse its name. Start and stop a recording with POST /__mock/recordings/<name> instead.\n',
      );
      expect(await readdir(dir)).toEqual([]);
    },
  );

  it('stops both watchers with one line when the server asks (it cannot listen on PORT)', async () => {
    const ports = await Promise.all([listen(), listen()]);
    const [port, clientPort] = ports.map(portOf);
    await Promise.all(ports.map((server) => new Promise((resolve) => server.close(resolve))));
    const child = spawn(process.execPath, ['scripts/dev.mjs'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        PORT: String(port),
        DEV_CLIENT_PORT: String(clientPort),
        DB_FILE: path.join(dir, 'data', 'db.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const running = new Promise<void>((resolve) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`Portal running on http://localhost:${port}`)) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const stop = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 50_000);
    try {
      await running;
      // What a server restarted by the watcher sends when PORT is taken (here its own server
      // still holds it, which the script's last line reports).
      process.kill(child.pid!, DEV_SCRIPT_STOP_SIGNAL);
      expect(await exited).toBe(1);
      expect(output.trimEnd().split('\n').at(-1)).toBe(
        `PORT ${port} is already in use: stop what listens on it, or set another PORT`,
      );
      // Nothing of the command is left running: both watchers and their children end.
      await waitFor(() => liveProcessesOf(child.pid!).length === 0, 20_000).catch(() => undefined);
      expect(liveProcessesOf(child.pid!)).toEqual([]);
    } finally {
      clearTimeout(stop);
    }
  }, 60_000);

  it('is asked to stop by a server that cannot listen on PORT, which ends with the one line', async () => {
    const taken = await listen();
    // Standing for the script: jest's own process cannot take the signal.
    const script = spawn(process.execPath, [path.join(__dirname, 'support', 'wait-for-stop.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let heard = '';
    const waiting = new Promise<void>((resolve) =>
      script.stdout.on('data', (chunk: Buffer) => {
        heard += chunk.toString();
        if (heard.includes('waiting')) resolve();
      }),
    );
    const scriptEnded = new Promise<number | null>((resolve) => script.once('exit', resolve));
    try {
      await waiting;
      // The server as the watcher runs it.
      const { code, output } = await new Promise<{ code: number | null; output: string }>(
        (resolve) => {
          const server = spawn(
            process.execPath,
            [path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/index.ts'],
            {
              cwd: PROJECT_ROOT,
              env: {
                ...process.env,
                LOG_LEVEL: 'silent',
                PORT: String(portOf(taken)),
                DB_FILE: path.join(dir, 'data', 'db.json'),
                DEV_SCRIPT_PID: String(script.pid),
              },
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let text = '';
          server.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
          server.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
          server.once('exit', (exitCode) => resolve({ code: exitCode, output: text }));
        },
      );
      expect(code).toBe(1);
      expect(output).toBe(
        `PORT ${portOf(taken)} is already in use: stop what listens on it, or set another PORT\n`,
      );
      expect(await scriptEnded).toBe(0);
      expect(heard).toContain('asked to stop');
    } finally {
      script.kill();
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

/**
 * `npm run dev` (scripts/dev.mjs) as a process: what it checks before it starts the server's and
 * the client's watchers.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config';

jest.setTimeout(30_000);

function listen(): Promise<Server> {
  const server = createServer();
  return new Promise((resolve) => server.listen(0, () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** Runs `npm run dev` to its end (a run that is still going after 20 s is stopped). */
function runDev(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/dev.mjs'], {
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
});

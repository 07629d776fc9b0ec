/**
 * The real server as its own process, for the browser tests (tests/e2e/support/server.ts),
 * `npm run lighthouse` and `npm run bench`: one way to find a port, start it and wait for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// From __filename, not __dirname: tsx, loading this file from an ES module (scripts/lighthouse.mjs),
// sets only __filename right.
const root = path.resolve(path.dirname(__filename), '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A port nobody listens on now, on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The compiled server's main file (package.json `main`), built first when its sources changed,
 * as `npm start` builds it (scripts/build-server.mjs, run as a child: it is an ES module).
 */
export async function compiledServer(): Promise<string> {
  const build = spawn(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`The server build failed (exit code ${code})`);
  const { main } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    main: string;
  };
  return path.join(root, main);
}

/** Waits until the server answers GET /config.json. */
export async function waitUntilUp(
  baseUrl: string,
  child: ChildProcess,
  output: () => string = () => '',
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const answer = await fetch(`${baseUrl}/config.json`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server did not start within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Starts the real server as `npm start` does (the compiled server, built when its sources
 * changed; the client build is the caller's) on a free port with a fresh data file seeded from
 * db.json. Used by the browser tests and the Lighthouse script.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  let log = '';
  const main = await compiledServer();
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DB_FILE: path.join(dataDir, 'db.json'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(baseUrl, child, () => log);
    // The port was free when chosen, but another process may have taken it since: then the
    // answer came from that one and this server failed to listen. Ours says it is listening.
    const listening = `localhost:${port}`;
    const deadline = Date.now() + 10_000;
    while (!log.includes(listening)) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the server on port ${port} is not the one started here:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  let stopping = false;
  // A server that dies during the tests says why (its own output), instead of only a refused call.
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`portal server exited (${code ?? signal}) during the run:\n${log}`);
  });
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

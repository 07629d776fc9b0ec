/**
 * The real server as its own process, for the browser tests (tests/e2e/support/server.ts),
 * `npm run lighthouse` and `npm run bench`: one way to start it and learn its port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/** The line the server prints once it listens, with the port it got. */
export const LISTENING_LINE = /Portal running on http:\/\/localhost:(\d+)/;

/**
 * The port of a server started with PORT=0, read from the line it prints once it listens: the
 * system gives it a free port as it binds. A port found free ahead (a probe's, closed again) can
 * be taken by another process before the server binds it; the server then fails to listen while
 * calls meant for it reach the other process.
 */
export async function listeningPort(
  child: ChildProcess,
  output: () => string,
  // Most of a browser test's 90 s hook (tests/e2e/support/setup.ts): on a loaded machine a start
  // beside Chromium's launch has taken over 30 s.
  timeoutMs = 80_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const port = LISTENING_LINE.exec(output())?.[1];
    if (port !== undefined) return Number(port);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`server did not start within ${timeoutMs / 1000} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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

/**
 * Starts the real server as `npm start` does (the compiled server, built when its sources
 * changed; the client build is the caller's) on a port the system gives it, with a fresh data
 * file seeded from db.json. Used by the browser tests and the Lighthouse script.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  let log = '';
  const main = await compiledServer();
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: '0',
      DB_FILE: path.join(dataDir, 'db.json'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let baseUrl: string;
  try {
    baseUrl = `http://127.0.0.1:${await listeningPort(child, () => log)}`;
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

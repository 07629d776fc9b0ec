/**
 * The real entry points, run as processes: the compiled server, as `npm start` runs it (built
 * from server/index.ts first when stale), and server/scripts/db-reset.ts, as `npm run db:reset`
 * runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MERCHANT_SITE_PATHS } from '@contracts/api/merchant';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { API_PATHS } from '@contracts/api/paths';
import { compiledServer, LISTENING_LINE } from '../../scripts/lib/portal-server';
import { loadConfig, PROJECT_ROOT, SEED_FILE } from '../../server/config';
import { LOCK_FILE } from '../../server/db/lock-file';
import { markSetupPending, PENDING_SETUP_FILE } from '../../server/db/pending-setup';
import { OLD_PIN_KEY_FILE } from '../../server/records/migrate-cards';
import { seedDemoCards } from '../../server/records/demo-cards';
import type { Data } from '../../server/db/schema';
import { buildJournalProfile } from '../support/builders';
import { DEMO_USER } from './support/test-app';

jest.setTimeout(30_000);

/** The compiled server's main file (dist/server/index.js). */
let main = '';
beforeAll(async () => {
  main = await compiledServer();
}, 120_000);

function spawnNode(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The server, as `npm start` runs it. */
const runServer = (env: Record<string, string>): ChildProcess => spawnNode([main], env);

/** `npm run db:reset`. */
const runDbReset = (env: Record<string, string>): ChildProcess =>
  spawnNode(['--import', 'tsx', 'server/scripts/db-reset.ts'], env);

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Runs a process to its end: exit code and everything it printed. */
async function finish(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await exitOf(child);
  return { code, output };
}

/**
 * Runs a server that should refuse to start: its exit code and output, as `finish`. One that
 * listens after all is stopped at once (code `'listening'`), so a failing test leaves no server.
 */
async function refusedStart(
  env: Record<string, string>,
): Promise<{ code: number | null | 'listening'; output: string }> {
  const child = runServer({ PORT: '0', ...env });
  let output = '';
  let listening = false;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (!listening && LISTENING_LINE.test(output)) {
      listening = true;
      child.kill('SIGKILL');
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const code = await exitOf(child);
  return { code: listening ? 'listening' : code, output };
}

const modeOf = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;

/** Starts the server and waits until it listens; `stop()` sends SIGTERM and answers the exit code. */
async function startServer(env: Record<string, string>) {
  const child = runServer({ PORT: '0', ...env });
  const exited = exitOf(child);
  try {
    const [, port] = await firstLineMatching(child, LISTENING_LINE);
    return {
      child,
      port: Number(port),
      async stop() {
        child.kill('SIGTERM');
        return exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

function firstLineMatching(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** The lock of a data file's folder. */
const lockOf = (dbFile: string): string => path.join(path.dirname(dbFile), LOCK_FILE);

/** The pid the lock of a data file's folder names. */
async function lockPid(dbFile: string): Promise<number> {
  return (JSON.parse(await readFile(lockOf(dbFile), 'utf8')) as { pid: number }).pid;
}

/** A process's fields from /proc/<pid>/stat, from field 3 (its state) on. */
const statFields = (pid: number): string[] => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};
const processState = (pid: number): string | undefined => statFields(pid)[0];
const processStartTime = (pid: number): string | undefined => statFields(pid)[22 - 3];

/** Waits for a condition, checking every 20 ms, for at most `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts the server under a parent that never reaps its children (a shell that replaced itself
 * with sleep), as a supervisor that has not waited yet leaves one: once killed, the server stays
 * a zombie. Answers once it listens: the server's pid and its parent.
 */
async function startUnreaped(env: Record<string, string>) {
  const parent = spawn('sh', ['-c', '"$NODE" "$MAIN" & echo "server pid $!"; exec sleep 600'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE: process.execPath,
      MAIN: main,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  parent.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  parent.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const serverPid = () => /server pid (\d+)\n/.exec(output)?.[1];
  try {
    await until(() => {
      const pid = serverPid();
      if (pid !== undefined && processState(Number(pid)) === 'Z') {
        throw new Error(`the server exited:\n${output}`);
      }
      return pid !== undefined && LISTENING_LINE.test(output);
    }, 60_000);
    const port = Number(LISTENING_LINE.exec(output)?.[1]);
    return { parent, pid: Number(serverPid()), port };
  } catch (error) {
    parent.kill('SIGKILL');
    throw error;
  }
}

describe('server processes', () => {
  let dir: string;
  beforeEach(async () => {
    // Its real path, as the server names it (the temp folder may be reached through a link).
    dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'portal-process-')));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('seeds the data file, serves, and stops cleanly on SIGTERM keeping the generated secret', async () => {
    const dbFile = path.join(dir, 'nested', 'db.json');
    const child = runServer({ PORT: '0', DB_FILE: dbFile, TOKEN_SECRET: '' });
    const exited = exitOf(child);
    try {
      const [, port] = await firstLineMatching(child, LISTENING_LINE);
      const response = await fetch(`http://localhost:${port}/api${API_PATHS.tokens}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
        body: JSON.stringify(DEMO_USER),
      });
      expect(response.status).toBe(200);
      const token = (await response.json()) as Token;
      const programs = await fetch(`http://localhost:${port}/api${API_PATHS.programs}`, {
        headers: { Authorization: token.token },
      });
      expect(programs.status).toBe(200);
      // The demo stores were imported on this first start: the demo merchant site finds them.
      const stores = await fetch(
        `http://localhost:${port}${MERCHANT_SITE_PATHS.stores('demo-merchant')}?q=demo`,
      );
      expect(stores.status).toBe(200);
      expect(((await stores.json()) as { page: { totalElements?: number } }).page).toMatchObject({
        totalElements: 3,
      });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    const dataText = await readFile(dbFile, 'utf8');
    const data = JSON.parse(dataText) as Data;
    expect(data.users.find((user) => user.username === 'admin')?.loginCount).toBe(1);
    // The generated secret is kept in the keys folder, owner only, and not in the data file.
    const keysDir = path.join(dir, 'nested', 'keys');
    const secret = (await readFile(path.join(keysDir, 'token.key'), 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await modeOf(path.join(keysDir, 'token.key'))).toBe(0o600);
    expect(await modeOf(keysDir)).toBe(0o700);
    expect(data.meta.tokenSecret).toBeUndefined();
    expect(dataText).not.toContain(secret);
  });

  it('stops the start with exit code 1 and one plain line when its port is taken, writing nothing', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const child = runServer({
        PORT: String(port),
        DB_FILE: path.join(dir, 'data', 'db.json'),
        LOG_LEVEL: 'info',
      });
      const { code, output } = await finish(child);
      expect(code).toBe(1);
      expect(output).toBe(
        `PORT ${port} is already in use: stop what listens on it, or set another PORT\n`,
      );
      // Checked before the data folder is made or seeded.
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('stops the start with one line naming DB_FILE when it names a folder, writing nothing', async () => {
    const folder = path.join(dir, 'data');
    await mkdir(folder);
    const { code, output } = await finish(runServer({ PORT: '0', DB_FILE: folder }));
    expect(code).toBe(1);
    expect(output).toBe(
      `DB_FILE: must name the data file, not a folder, got "${folder}" (for example ${path.join(folder, 'db.json')})\n`,
    );
    expect(await readdir(dir)).toEqual(['data']);
    expect(await readdir(folder)).toEqual([]);
  });

  it('stops the start with one line naming a bad MOCK_PROXY_ROUTES or MOCK_FAULTS file, writing nothing', async () => {
    const files = await realpath(await mkdtemp(path.join(os.tmpdir(), 'portal-start-files-')));
    try {
      const routes = path.join(files, 'routes.json');
      const faults = path.join(files, 'faults.json');
      await writeFile(routes, JSON.stringify([{ path: '/api/programs', to: 'real' }, { to: 'x' }]));
      await writeFile(faults, '[{"path": "/api/programs", "status": 200}]');
      for (const [env, line] of [
        [{ MOCK_PROXY_ROUTES: routes }, `MOCK_PROXY_ROUTES (${routes}): 1.path: `],
        [{ MOCK_FAULTS: faults }, `MOCK_FAULTS (${faults}): 0.status: `],
      ] as const) {
        const { code, output } = await finish(
          runServer({
            PORT: '0',
            DB_FILE: path.join(dir, 'data', 'db.json'),
            MOCK_CONTROL: 'true',
            LOG_LEVEL: 'info',
            ...env,
          }),
        );
        expect(code).toBe(1);
        expect(output.startsWith(line)).toBe(true);
        expect(output.trimEnd().split('\n')).toHaveLength(1);
        // Checked before the data folder is made or seeded.
        expect(await readdir(dir)).toEqual([]);
      }
    } finally {
      await rm(files, { recursive: true, force: true });
    }
  });

  it('stops the start with one line when MOCK_RECORD names a recording or scenario there is, writing nothing', async () => {
    const data = path.join(dir, 'data');
    await mkdir(path.join(data, 'recordings'), { recursive: true });
    await writeFile(path.join(data, 'recordings', 'taken.json'), '{}');
    for (const name of ['taken', 'empty']) {
      const { code, output } = await finish(
        runServer({
          PORT: '0',
          DB_FILE: path.join(data, 'db.json'),
          MOCK_CONTROL: 'true',
          LOG_LEVEL: 'info',
          MOCK_RECORD: name,
        }),
      );
      expect(code).toBe(1);
      expect(output).toBe(`A recording or scenario named ${name} exists already\n`);
      // Checked before the data file is created or the demo records seeded.
      expect(await readdir(data)).toEqual(['recordings']);
    }
  });

  it('db:reset overwrites the data file from db.json and empties the files folder', async () => {
    const dbFile = path.join(dir, 'db.json');
    await writeFile(dbFile, '{"users": []}');
    await mkdir(path.join(dir, 'files'));
    await writeFile(path.join(dir, 'files', 'a'.repeat(32)), 'bytes');
    // The change log of the old file goes with it (it would not fit the seed).
    await writeFile(`${dbFile}.log`, '{"seq":1,"c":{"users":{"v":[]}}}\n');
    const child = runDbReset({ DB_FILE: dbFile });
    expect(await exitOf(child)).toBe(0);
    expect(await readFile(dbFile, 'utf8')).toBe(await readFile(SEED_FILE, 'utf8'));
    expect(await readdir(path.join(dir, 'files'))).toEqual([]);
    expect(await readdir(dir)).not.toContain('db.json.log');
  });

  it('creates the data file 0600 and the files, records and keys folders 0700, and removes its lock on stop', async () => {
    const dbFile = path.join(dir, 'db.json');
    const server = await startServer({ DB_FILE: dbFile, TOKEN_SECRET: '' });
    try {
      expect(await lockPid(dbFile)).toBe(server.child.pid);
      expect(await modeOf(dbFile)).toBe(0o600);
      expect(await modeOf(path.join(dir, 'files'))).toBe(0o700);
      expect(await modeOf(path.join(dir, 'records'))).toBe(0o700);
      expect(await modeOf(path.join(dir, 'keys'))).toBe(0o700);
      expect(await modeOf(path.join(dir, 'keys', 'pin.key'))).toBe(0o600);
      // The demo store file is uploaded as an operator's upload is: owner-only.
      const uploads = path.join(loadConfig({ DB_FILE: dbFile }).importsDir, 'uploads');
      const uploaded = await readdir(uploads);
      expect(uploaded).not.toEqual([]);
      for (const name of uploaded) expect(await modeOf(path.join(uploads, name))).toBe(0o600);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // The generated token secret was written: still owner-only.
    expect(await modeOf(dbFile)).toBe(0o600);
    expect(await readdir(dir)).not.toContain(LOCK_FILE);
  });

  it.each([
    ['empty', ''],
    ['torn', '{"meta": {}, "users": [{"username": "adm'],
  ])(
    'refuses to start when the data file is %s, naming it, and leaves it as it is',
    async (_kind, text) => {
      const dbFile = path.join(dir, 'db.json');
      await writeFile(dbFile, text);
      const { code, output } = await finish(runServer({ PORT: '0', DB_FILE: dbFile }));
      expect(code).toBe(1);
      expect(output).toContain(dbFile);
      expect(output).not.toContain('Portal running');
      expect(await readFile(dbFile, 'utf8')).toBe(text);
      expect(await readdir(dir)).not.toContain(LOCK_FILE);
    },
  );

  it('refuses a missing data file in a folder holding the data of one, changing nothing; db:reset starts over', async () => {
    const dbFile = path.join(dir, 'db.json');
    const first = await startServer({ DB_FILE: dbFile, TOKEN_SECRET: 's'.repeat(40) });
    expect(await first.stop()).toBe(0);
    const image = path.join(dir, 'files', 'a'.repeat(32));
    await writeFile(image, 'bytes');
    const pinKey = await readFile(path.join(dir, 'keys', 'pin.key'));
    // The data file is lost (or still being restored).
    await rm(dbFile);
    const before = (await readdir(dir)).sort();

    // The same name, another name in the folder (a typo), and with a remembered scenario, which
    // a start on a missing data file would otherwise reset the folder to.
    for (const [file, scenario] of [
      [dbFile, false],
      [path.join(dir, 'typo.json'), false],
      [dbFile, true],
    ] as const) {
      if (scenario) {
        await writeFile(path.join(dir, 'scenario.json'), '{"name":"empty","params":{}}');
        before.push('scenario.json');
        before.sort();
      }
      const refused = await refusedStart({ DB_FILE: file });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(
        `${file}: the data file does not exist, but its folder ${dir} holds the data of one (records/, keys/, files/`,
      );
      expect(refused.output).toContain('npm run db:reset');
      expect((await readdir(dir)).sort()).toEqual(before);
      expect(await readFile(image, 'utf8')).toBe('bytes');
      expect(await readFile(path.join(dir, 'keys', 'pin.key'))).toEqual(pinKey);
    }

    // Starting over is asked for by name: db:reset, then the server starts on its data.
    const reset = await finish(runDbReset({ DB_FILE: dbFile }));
    expect(reset.code).toBe(0);
    const again = await startServer({ DB_FILE: dbFile, TOKEN_SECRET: 's'.repeat(40) });
    expect(await again.stop()).toBe(0);
  });

  it('seeds the demo records again when a first start was killed while seeding them', async () => {
    const dbFile = path.join(dir, 'db.json');
    // What a first start killed between the demo cards and the demo stores leaves: the data
    // file, the pending note, the cards, and the store file it had uploaded.
    await writeFile(dbFile, await readFile(SEED_FILE));
    const config = loadConfig({ DB_FILE: dbFile });
    await markSetupPending(dbFile, { kind: 'demo-records', importsExisted: false });
    await seedDemoCards(config);
    await mkdir(path.join(config.importsDir, 'uploads'), { recursive: true });
    await writeFile(path.join(config.importsDir, 'uploads', 'half-copied'), 'S1|Store');

    const server = await startServer({ DB_FILE: dbFile });
    try {
      const stores = await fetch(
        `http://localhost:${server.port}${MERCHANT_SITE_PATHS.stores('demo-merchant')}?q=demo`,
      );
      expect(((await stores.json()) as { page: { totalElements?: number } }).page).toMatchObject({
        totalElements: 3,
      });
      expect(await readdir(path.join(config.importsDir, 'uploads'))).not.toContain('half-copied');
      expect(await readdir(dir)).not.toContain(PENDING_SETUP_FILE);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('clears the note of an interrupted first start when an ndjson card folder gives the records', async () => {
    const dbFile = path.join(dir, 'db.json');
    await writeFile(dbFile, await readFile(SEED_FILE));
    await markSetupPending(dbFile, { kind: 'demo-records', importsExisted: false });
    // A `cards/` folder of ndjson card files: carried into the records, so no demo seeding.
    const key = randomBytes(32);
    const cardsDir = path.join(dir, 'cards');
    await mkdir(path.join(cardsDir, '1'), { recursive: true });
    await writeFile(path.join(cardsDir, OLD_PIN_KEY_FILE), key.toString('hex'));
    const cardNumber = '9999000011112222';
    await writeFile(
      path.join(cardsDir, '1', 'a1.ndjson'),
      `${JSON.stringify({
        cardNumber,
        pinHash: createHmac('sha256', key).update(`${cardNumber}:1234`).digest('hex'),
        balanceCents: 700,
        currency: 'AUD',
        expiryDate: null,
        status: 'active',
      })}\n`,
    );

    for (let start = 1; start <= 2; start += 1) {
      const server = await startServer({ DB_FILE: dbFile });
      expect(await server.stop()).toBe(0);
      // Nothing left pending, so the next start keeps the records it was given.
      expect(await readdir(dir)).not.toContain(PENDING_SETUP_FILE);
      expect(await readdir(path.join(dir, 'records'))).toContain('1.sqlite');
    }
  });

  it('does a reset a kill interrupted again at the next start; refuses a pending note it cannot read', async () => {
    const dbFile = path.join(dir, 'db.json');
    // A reset to the empty scenario killed before it wrote the data file: the demo data is
    // still there, and the note says what was being put in place.
    await writeFile(dbFile, await readFile(SEED_FILE));
    await markSetupPending(dbFile, { kind: 'scenario', name: 'empty', params: {} });
    const server = await startServer({ DB_FILE: dbFile });
    expect(await server.stop()).toBe(0);
    expect((JSON.parse(await readFile(dbFile, 'utf8')) as Data).programs).toEqual([]);
    expect(JSON.parse(await readFile(path.join(dir, 'scenario.json'), 'utf8'))).toEqual({
      name: 'empty',
      params: {},
    });
    expect(await readdir(dir)).not.toContain(PENDING_SETUP_FILE);

    await writeFile(path.join(dir, PENDING_SETUP_FILE), '{"kind":"some');
    const before = await readFile(dbFile, 'utf8');
    const refused = await refusedStart({ DB_FILE: dbFile });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${path.join(dir, PENDING_SETUP_FILE)}: not a setup`);
    expect(await readFile(dbFile, 'utf8')).toBe(before);
  });

  it('seeds a whole data file when a kill left half of the seed in its temp file', async () => {
    const dbFile = path.join(dir, 'db.json');
    const temp = path.join(dir, '.db.json.seed.tmp');
    await writeFile(temp, '{"meta": {}, "users": [{"userna');
    const server = await startServer({ DB_FILE: dbFile });
    expect(await server.stop()).toBe(0);
    expect(JSON.parse(await readFile(dbFile, 'utf8'))).toMatchObject({ users: expect.any(Array) });
    expect(await readdir(dir)).not.toContain('.db.json.seed.tmp');
  });

  it('MOCK_RECORD (npm start -- --record): saves the forwarded calls as a scenario when SIGTERM stops the server', async () => {
    const target = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end('{"from":"the target"}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const dbFile = path.join(dir, 'db.json');
    try {
      const server = await startServer({
        DB_FILE: dbFile,
        NODE_ENV: 'development',
        MOCK_PROXY_TARGET: targetUrl,
        MOCK_RECORD: 'at-start',
      });
      try {
        const answer = await fetch(`http://localhost:${server.port}/api/only-the-backend?x=1`);
        expect(await answer.json()).toEqual({ from: 'the target' });
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      target.closeAllConnections();
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
    const file = path.join(dir, 'recordings', 'at-start.json');
    expect(await modeOf(file)).toBe(0o600);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { calls: { url: string }[] };
    expect(saved.calls.map((recorded) => recorded.url)).toEqual(['/api/only-the-backend?x=1']);
  });

  it('refuses a second server on the same data file; db:reset refuses while it runs', async () => {
    const dbFile = path.join(dir, 'db.json');
    // A configured secret: the server writes nothing by itself, so the file must stay as it is.
    const server = await startServer({ DB_FILE: dbFile, TOKEN_SECRET: 's'.repeat(40) });
    try {
      const before = await readFile(dbFile, 'utf8');
      const expected = `The data folder ${dir} is in use by the server (pid ${server.child.pid}, data file ${dbFile}): stop it first, or give this one a data folder of its own (DB_FILE=<another folder>/db.json)`;

      const second = await finish(runServer({ PORT: '0', DB_FILE: dbFile }));
      expect(second.code).toBe(1);
      expect(second.output).toContain(expected);

      const reset = await finish(runDbReset({ DB_FILE: dbFile }));
      expect(reset.code).toBe(1);
      expect(reset.output).toContain(expected);
      expect(reset.output).not.toContain('Data reset');
      expect(await readFile(dbFile, 'utf8')).toBe(before);
      // The first server still serves.
      const answer = await fetch(`http://localhost:${server.port}/config.json`);
      expect(answer.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("refuses a server or db:reset on another data file of a running server's folder", async () => {
    const dbFile = path.join(dir, 'db.json');
    const sibling = path.join(dir, 'second.json');
    const server = await startServer({ DB_FILE: dbFile, TOKEN_SECRET: 's'.repeat(40) });
    try {
      // Something of the folder the first server owns: an uploaded file.
      const image = path.join(dir, 'files', 'a'.repeat(32));
      await writeFile(image, 'bytes');
      const before = (await readdir(dir)).sort();
      const expected = `The data folder ${dir} is in use by the server (pid ${server.child.pid}, data file ${dbFile}): stop it first, or give this one a data folder of its own`;

      const second = await refusedStart({ DB_FILE: sibling });
      expect(second.code).toBe(1);
      expect(second.output).toContain(expected);
      expect(second.output).not.toContain('Portal running');

      const reset = await finish(runDbReset({ DB_FILE: sibling }));
      expect(reset.code).toBe(1);
      expect(reset.output).toContain(expected);

      // Nothing of the folder was made, reset or removed.
      expect((await readdir(dir)).sort()).toEqual(before);
      expect(await readFile(image, 'utf8')).toBe('bytes');
      expect((await fetch(`http://localhost:${server.port}/config.json`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('follows a symbolic link DB_FILE: the same file is locked once, and writes keep the link', async () => {
    const dbFile = path.join(dir, 'db.json');
    const linked = path.join(dir, 'elsewhere', 'db.json');
    await mkdir(path.dirname(linked));
    // A link to a file that does not exist yet: the first start creates the file it names.
    await symlink(dbFile, linked);
    const server = await startServer({ DB_FILE: linked, TOKEN_SECRET: 's'.repeat(40) });
    try {
      const second = await refusedStart({ DB_FILE: dbFile });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`pid ${server.child.pid}`);
      const login = await fetch(`http://localhost:${server.port}/api${API_PATHS.tokens}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
        body: JSON.stringify(DEMO_USER),
      });
      expect(login.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // The write went to the file itself, and the link is still a link.
    expect((await lstat(linked)).isSymbolicLink()).toBe(true);
    const data = JSON.parse(await readFile(dbFile, 'utf8')) as Data;
    expect(data.users.find((user) => user.username === DEMO_USER.username)?.loginCount).toBe(1);
    // The data folder is the file's own: nothing was made beside the link.
    expect(await readdir(path.dirname(linked))).toEqual(['db.json']);
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['files', 'keys', 'records']));
  });

  it('takes over a stale lock whose process is gone (a lock of a bare pid too)', async () => {
    const dbFile = path.join(dir, 'db.json');
    const gone = spawn(process.execPath, ['-e', '']);
    await exitOf(gone);
    await writeFile(lockOf(dbFile), String(gone.pid));
    const server = await startServer({ DB_FILE: dbFile });
    try {
      expect(await lockPid(dbFile)).toBe(server.child.pid);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('starts again at once after kill -9, ten times in a row, while the killed server is an unreaped zombie', async () => {
    const dbFile = path.join(dir, 'db.json');
    // The first start gets a port from the system; each later one listens on the same port.
    let port = 0;
    const parents: ChildProcess[] = [];
    try {
      for (let round = 0; round < 10; round += 1) {
        const server = await startUnreaped({ DB_FILE: dbFile, PORT: String(port) });
        port = server.port;
        parents.push(server.parent);
        expect((await fetch(`http://localhost:${port}/config.json`)).status).toBe(200);
        expect(await lockPid(dbFile)).toBe(server.pid);
        process.kill(server.pid, 'SIGKILL');
        // Dead but still listed: its parent never reaps it. Its lock is still there.
        await until(() => processState(server.pid) === 'Z');
        expect(await lockPid(dbFile)).toBe(server.pid);
      }
    } finally {
      for (const parent of parents) parent.kill('SIGKILL');
    }
  }, 240_000);

  it('takes over a lock whose pid now belongs to another program, or whose machine restarted', async () => {
    const dbFile = path.join(dir, 'db.json');
    // A lock as a server leaves it on kill -9.
    const first = await startServer({ DB_FILE: dbFile });
    const lock = JSON.parse(await readFile(lockOf(dbFile), 'utf8')) as Record<string, unknown>;
    const exited = exitOf(first.child);
    first.child.kill('SIGKILL');
    await exited;
    // Another program that runs under the dead server's pid: here a live process's pid.
    const other = spawn('sleep', ['600']);
    try {
      for (const stale of [
        { ...lock, pid: other.pid },
        { ...lock, pid: other.pid, started: processStartTime(other.pid ?? 0), boot: 'earlier' },
      ]) {
        await writeFile(lockOf(dbFile), JSON.stringify(stale));
        const server = await startServer({ DB_FILE: dbFile });
        try {
          expect(await lockPid(dbFile)).toBe(server.child.pid);
        } finally {
          expect(await server.stop()).toBe(0);
        }
      }
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('removes image files that no image record names at start', async () => {
    const dbFile = path.join(dir, 'db.json');
    const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Data;
    const recorded = 'b'.repeat(32);
    const orphan = 'c'.repeat(32);
    seed.images = [
      {
        id: recorded,
        contentType: 'image/png',
        size: 5,
        createdAt: new Date().toISOString(),
        userName: 'admin',
      },
    ];
    await writeFile(dbFile, JSON.stringify(seed));
    await mkdir(path.join(dir, 'files'));
    for (const name of [recorded, orphan, 'notes.txt']) {
      await writeFile(path.join(dir, 'files', name), 'bytes');
    }
    const server = await startServer({ DB_FILE: dbFile });
    try {
      expect((await readdir(path.join(dir, 'files'))).sort()).toEqual([recorded, 'notes.txt']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('deletes at start the images no record has named for a day, and keeps the others', async () => {
    const dbFile = path.join(dir, 'db.json');
    const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Data;
    const image = (id: string, createdAt: string) => ({
      id,
      contentType: 'image/png',
      size: 5,
      createdAt,
      userName: 'admin',
    });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const named = image('d'.repeat(32), twoDaysAgo);
    const unnamed = image('e'.repeat(32), twoDaysAgo);
    const fresh = image('f'.repeat(32), new Date().toISOString());
    seed.images = [named, unnamed, fresh];
    seed.journalProfiles = [buildJournalProfile({ logo: named.id })];
    await writeFile(dbFile, JSON.stringify(seed));
    await mkdir(path.join(dir, 'files'));
    for (const { id } of seed.images) await writeFile(path.join(dir, 'files', id), 'bytes');
    const server = await startServer({ DB_FILE: dbFile });
    try {
      expect((await readdir(path.join(dir, 'files'))).sort()).toEqual([named.id, fresh.id]);
      const stored = JSON.parse(await readFile(dbFile, 'utf8')) as Data;
      expect(stored.images.map(({ id }) => id)).toEqual([named.id, fresh.id]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('keeps every answered write of a large data file (change log) through kill -9', async () => {
    const dbFile = path.join(dir, 'db.json');
    const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Data;
    // Past the 2 MiB from which changes are logged instead of rewriting the file.
    seed.countries.push(
      ...Array.from({ length: 40_000 }, (_, index) => ({
        id: 10_000 + index,
        value: `Country ${index} ${'x'.repeat(40)}`,
      })),
    );
    await writeFile(dbFile, JSON.stringify(seed));
    const env = { DB_FILE: dbFile, TOKEN_SECRET: 's'.repeat(40) };
    const login = (port: number) =>
      fetch(`http://localhost:${port}/api${API_PATHS.tokens}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
        body: JSON.stringify(DEMO_USER),
      });

    const first = await startServer(env);
    const exited = exitOf(first.child);
    for (let n = 0; n < 5; n += 1) expect((await login(first.port)).status).toBe(200);
    // Logged (a compaction 2 s after the last change may already have folded it into the file).
    const logged =
      (await readdir(dir)).some((name) => name.startsWith('db.json.log')) ||
      (await readFile(dbFile, 'utf8')).startsWith('{\n  "$seq"');
    expect(logged).toBe(true);
    first.child.kill('SIGKILL');
    await exited;

    const second = await startServer(env);
    try {
      expect((await login(second.port)).status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
    // A clean stop leaves everything in the file and no log.
    expect(await readdir(dir)).not.toContain('db.json.log');
    const data = JSON.parse(await readFile(dbFile, 'utf8')) as Data;
    expect(data.users.find((user) => user.username === DEMO_USER.username)?.loginCount).toBe(6);
    expect(data.sessions).toHaveLength(6);
    expect(data.countries).toHaveLength(seed.countries.length);
  });
});

/**
 * `npm run bench -- --api` (also part of the default run): the API's speed as a RATIO to a bare
 * Express app on the same machine in the same run. An absolute figure would measure
 * the shared 2-core machine more than the server.
 *
 * - The real server is a separate process started as `npm start` starts it (the compiled
 *   server, dist/server/index.js, built first when its sources changed; every setting at its
 *   default: auth, validation, helmet's headers, the API rate limit, request logging at info,
 *   the built client served when dist/client exists) on a temporary data file seeded from
 *   db.json. The calls are signed in, so the API rate limit
 *   (counting anonymous requests only) runs on every one of them, all from 127.0.0.1, at its
 *   default, and refuses none: its cost is fully measured. Its log goes to a file in the
 *   temporary folder (as `npm start > file` would).
 * - The bare app (bench/bare-app.ts) is a separate process answering the same bytes.
 * - Each endpoint is measured with autocannon at BENCH_API_CONNECTIONS (50) connections for
 *   BENCH_API_SECONDS (3) seconds, bare and real one after the other, for BENCH_API_ROUNDS (5)
 *   rounds (odd rounds bare first, even rounds real first, so a drift of the machine's load
 *   does not favour one side). Per round: real requests/s as a percentage of the bare app's, and
 *   real p99 as a multiple of the bare app's p99; printed: the median over the rounds. Beside
 *   them, each server process's CPU time per request (/proc/<pid>/stat): the rate ratio moves
 *   with the machine's other load (a quiet machine gives each side a core, and the ratio tends
 *   to the ratio of CPU per request; a busy one shares the cores with the load generator too),
 *   the CPU per request much less.
 * - Goals: reads 80% or more with a p99 within 1.5 times; the write 50% or more.
 * - Beside them, not a goal: the same compiled server with its optional per-request work off
 *   (NODE_ENV=production, so no developer tools at /__mock and their request log, and
 *   LOG_LEVEL=warn, so no request log line), measured in the same rounds. With each process's
 *   CPU split into user (JavaScript) and system (the kernel's sockets) time, it shows how much
 *   of the gap to the bare app those settings make and how much the server's own work makes.
 * BENCH_CPU_PROF=<dir> runs the real server with `node --cpu-prof` (profile written on exit) and
 * prints where its CPU went by component (bench/cpu-profile.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { MODULE_CODE, MODULE_CODE_HEADER } from '../contracts/api/constants';
import type { Token } from '../contracts/api/entities';
import { JOURNAL_PATHS, type JournalProfile } from '../contracts/api/journal';
import { compiledServer, listeningPort } from '../scripts/lib/portal-server';
import { CONFIG_VARIABLE_NAMES, PROJECT_ROOT, SEED_FILE } from '../server/config';
import type { BareAnswer } from './bare-app';
import { cpuBreakdown, printBreakdown } from './cpu-profile';
import { verdict, type Goal } from './measure';

const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 3);
const ROUNDS = Math.max(3, Number(process.env.BENCH_API_ROUNDS ?? 5));

const READ_GOAL = { ratio: 0.8, p99: 1.5 };
const WRITE_GOAL = { ratio: 0.5 };

interface Endpoint {
  name: string;
  method: 'GET' | 'PUT';
  /** The path as the bare app routes it. */
  path: string;
  query: string;
  write: boolean;
  /** The body of request n (each write differs from the one before). */
  body?: (n: number) => string;
}

interface Sample {
  perSecond: number;
  /** The server process's CPU time per answered request, µs (NaN where /proc is missing). */
  cpuMicros: number;
  /** Its user-mode part (JavaScript and the runtime), µs; the rest is system (kernel) time. */
  userMicros: number;
  p99: number;
  failures: number;
}

/** The processes measured each round: the bare app, the real server, the lean one. */
const SIDES = ['bare', 'real', 'lean'] as const;
type Side = (typeof SIDES)[number];
type Round = Record<Side, Sample>;

/** The lean server's settings: the real server's optional per-request work off. */
const LEAN_ENV = { NODE_ENV: 'production', LOG_LEVEL: 'warn' } as const;

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** The environment `npm start` would give the server with nothing set: the config variables removed. */
export function defaultEnv(): NodeJS.ProcessEnv {
  const configured = new Set<string>(CONFIG_VARIABLE_NAMES);
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !configured.has(name)));
}

/** A real server started as `npm start` runs it, on `dbFile`, signed in as the demo user. */
export interface RealServer {
  child: ChildProcess;
  base: string;
  signedIn: Record<string, string>;
}

/**
 * Starts the real server (the compiled one, as `npm start` runs it, with `nodeArgs` before its
 * main file), its output in `logFile`, waits until it answers, and signs in. `children` gets the
 * process as soon as it exists, so the caller's clean-up stops it even when start-up fails.
 */
export async function startRealServer(options: {
  dbFile: string;
  logFile: string;
  nodeArgs?: readonly string[];
  env?: NodeJS.ProcessEnv;
  children: ChildProcess[];
}): Promise<RealServer> {
  const log = await open(options.logFile, 'w');
  const main = await compiledServer();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', ...(options.nodeArgs ?? []), main],
    {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', log.fd, 'inherit'],
      env: { ...defaultEnv(), ...options.env, PORT: '0', DB_FILE: options.dbFile },
    },
  );
  options.children.push(child);
  const port = await listeningPort(child, () => readFileSync(options.logFile, 'utf8'), 120_000);
  const base = `http://127.0.0.1:${port}`;
  await log.close();
  const login = await fetch(`${base}/api/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  const signedIn = {
    Authorization: ((await login.json()) as Token).token,
    [MODULE_CODE_HEADER]: MODULE_CODE,
  };
  return { child, base, signedIn };
}

function load(base: string, endpoint: Endpoint, headers: Record<string, string>, seconds: number) {
  const { body } = endpoint;
  let sent = 0;
  return autocannon({
    url: `${base}${endpoint.path}${endpoint.query}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: endpoint.method,
    headers,
    ...(body === undefined
      ? {}
      : { requests: [{ setupRequest: (request) => ({ ...request, body: body((sent += 1)) }) }] }),
  });
}

/** CPU time of process `pid` so far, in ms, user and system; NaN where /proc is missing. */
function cpuMsOf(pid: number | undefined): { user: number; system: number } {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime (fields 14 and 15 of proc(5)), in clock ticks: 100 a second on Linux.
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: NaN, system: NaN };
  }
}

async function measure(
  base: string,
  endpoint: Endpoint,
  headers: Record<string, string>,
  pid: number | undefined,
): Promise<Sample> {
  const cpuBefore = cpuMsOf(pid);
  const result = await load(base, endpoint, headers, SECONDS);
  const cpuAfter = cpuMsOf(pid);
  const perRequest = (ms: number) => (ms * 1000) / result.requests.total;
  return {
    perSecond: result.requests.total / result.duration,
    cpuMicros: perRequest(cpuAfter.user + cpuAfter.system - (cpuBefore.user + cpuBefore.system)),
    userMicros: perRequest(cpuAfter.user - cpuBefore.user),
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export async function benchApi(): Promise<Goal[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-api-'));
  const children: ChildProcess[] = [];
  try {
    const dbFile = path.join(dir, 'data', 'db.json');
    await mkdir(path.dirname(dbFile));
    await writeFile(dbFile, await readFile(SEED_FILE));
    const clientDir = path.join(PROJECT_ROOT, 'dist/client');
    const profileDir = process.env.BENCH_CPU_PROF;
    const logFile = path.join(dir, 'server.log');
    const {
      child: real,
      base: realBase,
      signedIn,
    } = await startRealServer({
      dbFile,
      logFile,
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
      children,
    });
    // The lean server: its own copy of the seed (the update writes to it) and its own log.
    const leanDbFile = path.join(dir, 'lean', 'db.json');
    await mkdir(path.dirname(leanDbFile));
    await writeFile(leanDbFile, await readFile(SEED_FILE));
    const lean = await startRealServer({
      dbFile: leanDbFile,
      logFile: path.join(dir, 'lean.log'),
      env: LEAN_ENV,
      children,
    });
    const profilePath = `/api${JOURNAL_PATHS.profile(1)}`;
    const profile = (await (
      await fetch(`${realBase}${profilePath}`, { headers: signedIn })
    ).json()) as JournalProfile;

    const endpoints: Endpoint[] = [
      { name: 'GET /api/programs', method: 'GET', path: '/api/programs', query: '', write: false },
      {
        name: 'GET profile list',
        method: 'GET',
        path: `/api${JOURNAL_PATHS.profiles}`,
        query: '?page=1&pageSize=20',
        write: false,
      },
      { name: 'GET profile 1', method: 'GET', path: profilePath, query: '', write: false },
      {
        name: 'PUT profile 1 (write)',
        method: 'PUT',
        path: profilePath,
        query: '?returnBody=true',
        write: true,
        body: (n) => JSON.stringify({ ...profile, keywords: `bench ${n}` }),
      },
    ];

    // The bare app answers what the real server answered, byte for byte.
    const answers: BareAnswer[] = [];
    for (const endpoint of endpoints) {
      const answer = await fetch(`${realBase}${endpoint.path}${endpoint.query}`, {
        method: endpoint.method,
        headers: { ...signedIn, 'Content-Type': 'application/json' },
        ...(endpoint.body === undefined ? {} : { body: endpoint.body(0) }),
      });
      if (!answer.ok) throw new Error(`${endpoint.name}: ${answer.status}`);
      answers.push({ method: endpoint.method, path: endpoint.path, body: await answer.text() });
    }
    const answersFile = path.join(dir, 'answers.json');
    await writeFile(answersFile, JSON.stringify(answers));
    const bare = spawn(
      process.execPath,
      [
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
        '--import',
        'tsx',
        path.join(PROJECT_ROOT, 'bench/bare-app.ts'),
        answersFile,
      ],
      {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(bare);
    const [firstLine] = (await once(bare.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    const barePort = /listening (\d+)/.exec(firstLine.toString())?.[1];
    if (barePort === undefined) throw new Error(`bare app: ${firstLine.toString()}`);
    const bareBase = `http://127.0.0.1:${barePort}`;

    const servers: Record<
      Side,
      { base: string; pid: number | undefined; signedIn: Record<string, string> }
    > = {
      bare: { base: bareBase, pid: bare.pid, signedIn },
      real: { base: realBase, pid: real.pid, signedIn },
      lean: { base: lean.base, pid: lean.child.pid, signedIn: lean.signedIn },
    };
    const headersOf = (endpoint: Endpoint, side: Side) => {
      const { signedIn: headers } = servers[side];
      return endpoint.body === undefined
        ? headers
        : { ...headers, 'Content-Type': 'application/json' };
    };
    // Warm-up (JIT, connection setup, caches), not counted: one short run per endpoint and app.
    for (const endpoint of endpoints) {
      for (const side of SIDES) {
        await load(servers[side].base, endpoint, headersOf(endpoint, side), 1);
      }
    }

    const rounds = new Map<string, Round[]>(endpoints.map((e) => [e.name, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const endpoint of endpoints) {
        // Each round starts with another process, so a drift of the machine's load favours none.
        const first = round % SIDES.length;
        const order = [...SIDES.slice(first), ...SIDES.slice(0, first)];
        const samples: Partial<Round> = {};
        for (const side of order) {
          samples[side] = await measure(
            servers[side].base,
            endpoint,
            headersOf(endpoint, side),
            servers[side].pid,
          );
        }
        const done = samples as Round;
        rounds.get(endpoint.name)?.push(done);
        const failed = SIDES.filter((side) => done[side].failures > 0);
        console.log(
          `  round ${round} ${endpoint.name.padEnd(22)}` +
            SIDES.map(
              (side) =>
                ` ${side} ${done[side].perSecond.toFixed(0).padStart(5)} req/s p99 ${done[side].p99.toFixed(0).padStart(4)} ms ${done[side].cpuMicros.toFixed(0).padStart(3)} µs CPU`,
            ).join(' |') +
            (failed.length > 0
              ? `  FAILURES ${failed.map((side) => `${side} ${done[side].failures}`).join(', ')}`
              : ''),
        );
      }
    }

    await Promise.all(children.map(stop));
    /** The largest profile of a process: its main thread's (its other threads write one too). */
    const profileOf = async (pid: number | undefined) => {
      if (profileDir === undefined) return undefined;
      const files = (await readdir(profileDir))
        .filter((name) => name.includes(`.${pid}.`) && name.endsWith('.cpuprofile'))
        .map((name) => path.join(profileDir, name));
      const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
      return files[sizes.indexOf(Math.max(...sizes))];
    };
    const profiles = [
      ['the real server', await profileOf(real.pid)],
      ['the bare app', await profileOf(bare.pid)],
    ] as const;
    const logLines = (await readFile(logFile, 'utf8')).split('\n').filter(Boolean).length;

    const verdicts = endpoints.map((endpoint) => {
      const list = rounds.get(endpoint.name) ?? [];
      const ratio = median(list.map((r) => r.real.perSecond / r.bare.perSecond));
      const p99Ratio = median(list.map((r) => r.real.p99 / Math.max(r.bare.p99, 1)));
      const cpu = {
        bare: median(list.map((r) => r.bare.cpuMicros)),
        real: median(list.map((r) => r.real.cpuMicros)),
      };
      /** Per process: median CPU a request, its user part, and the rate as a share of bare. */
      const split = Object.fromEntries(
        SIDES.map((side) => [
          side,
          {
            cpu: median(list.map((r) => r[side].cpuMicros)),
            user: median(list.map((r) => r[side].userMicros)),
            ratio: median(list.map((r) => r[side].perSecond / r.bare.perSecond)),
          },
        ]),
      ) as Record<Side, { cpu: number; user: number; ratio: number }>;
      const met = endpoint.write
        ? ratio >= WRITE_GOAL.ratio
        : ratio >= READ_GOAL.ratio && p99Ratio <= READ_GOAL.p99;
      const goal = endpoint.write
        ? `>= ${WRITE_GOAL.ratio * 100}%`
        : `>= ${READ_GOAL.ratio * 100}% and p99 <= ${READ_GOAL.p99}x`;
      return { endpoint, ratio, p99Ratio, cpu, split, met, goal };
    });
    const failures = [...rounds.values()]
      .flat()
      .reduce((sum, r) => sum + SIDES.reduce((n, side) => n + r[side].failures, 0), 0);

    console.log(
      `API against a bare Express app (${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}; ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds; median of the rounds)`,
    );
    console.log("  bare app: express's app.listen, answering the same bytes (bench/bare-app.ts)");
    console.log(
      `  real server: as npm start runs it, every setting at its default (auth, validation, helmet, rate limit, logging at info: ${logLines} log lines written; client files ${existsSync(path.join(clientDir, 'index.html')) ? 'from dist/client' : 'not built'})`,
    );
    for (const v of verdicts) {
      console.log(
        `  ${v.endpoint.name.padEnd(22)} ${(v.ratio * 100).toFixed(0).padStart(4)}% of bare req/s  p99 ${v.p99Ratio.toFixed(2)}x bare  goal ${v.goal}: ${verdict(v.met)}` +
          `  (CPU a request: bare ${v.cpu.bare.toFixed(0)} µs, real ${v.cpu.real.toFixed(0)} µs)`,
      );
    }
    console.log(
      `  Not a goal: the lean server is the real one with ${Object.entries(LEAN_ENV)
        .map(([name, value]) => `${name}=${value}`)
        .join(
          ' ',
        )} (no developer tools and their request log, no request log line). CPU a request, user (JavaScript) + system (kernel) µs:`,
    );
    for (const v of verdicts) {
      console.log(
        `  ${v.endpoint.name.padEnd(22)}` +
          SIDES.map((side) => {
            const { cpu, user, ratio } = v.split[side];
            const share = side === 'bare' ? '' : `, ${(ratio * 100).toFixed(0)}% of bare req/s`;
            return ` ${side} ${user.toFixed(0)} + ${(cpu - user).toFixed(0)}${share}`;
          }).join(' |'),
      );
    }
    for (const [label, file] of profiles) {
      if (file !== undefined) printBreakdown(`${label} (${file})`, await cpuBreakdown(file));
    }
    if (failures > 0) {
      console.log(`  FAILURES: ${failures} answers were not 2xx or failed`);
      process.exitCode = 1;
    }
    return verdicts.map((v) => ({
      goal: `API ${v.endpoint.write ? 'write' : 'read'} ${v.endpoint.name}, against a bare Express app: rate ${v.goal}`,
      measured: `${(v.ratio * 100).toFixed(0)}%, p99 ${v.p99Ratio.toFixed(2)}x (CPU a request: bare ${v.cpu.bare.toFixed(0)} µs, real ${v.cpu.real.toFixed(0)} µs)`,
      met: v.met && failures === 0,
    }));
  } finally {
    await Promise.all(children.map(stop));
    await rm(dir, { recursive: true, force: true });
  }
}

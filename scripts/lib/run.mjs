// Runs a command in the project root, forwarding output; resolves with its exit code.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { root } from './build-client.mjs';

/** The line saying a command was killed by `signal`. */
const endedBy = (command, signal) => `${path.basename(command)} was ended by ${signal}`;

// `signal` (an AbortSignal) ends the command with SIGTERM when aborted; it resolves when the
// command has exited.
export function run(command, args, { env = {}, quiet = false, signal } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? 'ignore' : 'inherit',
      env: { ...process.env, ...env },
      signal,
    });
    child.on('exit', (code, signal) => {
      // A command killed by a signal (a native crash, the OOM killer) may print nothing itself.
      if (signal) console.error(endedBy(command, signal));
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      // Aborted by the caller: the 'exit' above follows.
      if (error.name === 'AbortError') return;
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/**
 * Runs a command like `run`, keeping its output (stdout and stderr, in the order they came)
 * instead of forwarding it: for commands that run side by side, whose output would interleave.
 * Resolves with the exit code and the output. Colours stay on when this process writes to a
 * terminal.
 */
export function runCaptured(command, args, { env = {} } = {}) {
  return new Promise((resolve) => {
    const colour = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...colour, ...env },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      if (signal) chunks.push(Buffer.from(`${endedBy(command, signal)}\n`));
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() });
    });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${command}: ${error.message}\n`));
    });
  });
}

/**
 * The typecheck of `npm test` and `npm run typecheck`: TypeScript 7, the native compiler, on one
 * thread. It checks the whole project in about a third of the CPU time TypeScript 5.9 takes, and
 * on one thread it uses less CPU and no more time than on several here. TypeScript 5.9 (`typescript`)
 * stays for the tools that call the compiler's JavaScript API, which TypeScript 7 does not have:
 * typescript-eslint, ts-loader, and ts-node for webpack's config. Both install a `tsc` command,
 * so this names TypeScript 7's by its path.
 */
export const TYPECHECK = [
  process.execPath,
  [
    path.join(root, 'node_modules/typescript-7/bin/tsc'),
    '--noEmit',
    '--singleThreaded',
    '-p',
    'tsconfig.json',
  ],
];

/** A node_modules/.bin tool, run with this node. */
export function bin(name) {
  return `${root}/node_modules/.bin/${name}`;
}

/**
 * jest's worker count for the browser tests: one more than the cores. A browser test spends most
 * of its time waiting on Chromium and on its server (measured here: 2 workers kept the two cores
 * about 30% busy), so one more file at a time shortens the stage without starving any of them.
 * Kept unless the caller's arguments set their own (`--maxWorkers`, `-w`, `--runInBand`, `-i`).
 */
export function browserWorkers(args = []) {
  const own = args.some((arg) => /^(--maxWorkers|-w|--runInBand|-i)(=|$)/.test(arg));
  return own ? [] : [`--maxWorkers=${availableParallelism() + 1}`];
}

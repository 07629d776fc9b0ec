// `npm start`: builds the client (webpack) and the server (esbuild, dist/server) when their
// sources changed, then runs the compiled server (which also serves the client) on the Node
// that package.json pins. PORT and DB_FILE (and the other server variables) pass straight
// through. `npm start -- --scenario <name>` starts on that scenario's data (MOCK_SCENARIO: the
// server resets the data to it, or stops listing the names when none has it).
// `npm start -- --record <name>` records every call forwarded to MOCK_PROXY_TARGET and saves it
// as the scenario <name> when the server stops (MOCK_RECORD).
//
// SIGINT and SIGTERM are passed on to whichever child runs at the time (the client build or the
// server), and this process ends when that child has: a stop never leaves a build or a server
// behind.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { clientIsStale, root, runClientBuild } from './lib/build-client.mjs';
import { buildServerIfNeeded, SERVER_MAIN } from './lib/build-server.mjs';
import { recordArgument, scenarioArgument } from './lib/scenario-arg.mjs';

console.log(`Node ${process.version}`);

const scenario = scenarioArgument(process.argv.slice(2));
const recording = recordArgument(process.argv.slice(2));

/** The child running now, and the signal that asked this process to stop, if one did. */
let current;
let stopSignal;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopSignal ??= signal;
    // Nothing to wait for (between children, or during the server build, whose esbuild process
    // ends with this one).
    if (current === undefined) process.exit(0);
    current.kill(signal);
  });
}

/** Runs `child` to its end as the current child; resolves with its exit code (a signal: 1). */
function runChild(child) {
  current = child;
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code) => {
      current = undefined;
      resolve(code ?? 1);
    });
  });
}

if (clientIsStale()) {
  const code = await runClientBuild(async (command, args) => {
    const exit = await runChild(spawn(command, args, { cwd: root, stdio: 'inherit' }));
    // Stopped midway: nothing is stamped, whatever webpack answered to the signal.
    if (stopSignal !== undefined) process.exit(0);
    return exit;
  });
  if (code !== 0) process.exit(code);
}
try {
  await buildServerIfNeeded();
} catch {
  // esbuild has printed what failed.
  console.error('The server build failed.');
  process.exit(1);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, SERVER_MAIN)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...(scenario === undefined ? {} : { MOCK_SCENARIO: scenario }),
    ...(recording === undefined ? {} : { MOCK_RECORD: recording }),
  },
});
process.exit(await runChild(server));

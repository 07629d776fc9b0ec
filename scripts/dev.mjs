// `npm run dev`: the server restarting on change (tsx watch, PORT, default 3000) and the client
// with hot reload (webpack-dev-server on DEV_CLIENT_PORT, default 8080, proxying the API). React
// Fast Refresh swaps an edited component in place, keeping its state (webpack.config.ts).
//
// `npm run dev -- --scenario <name>` (or MOCK_SCENARIO=<name>) resets the data to that scenario
// first (as `npm run db:reset -- --scenario <name>`; an unknown name stops here, listing the
// names), so the watcher's restarts keep the data a developer changed: MOCK_SCENARIO is not passed
// on to the server, which would reset at every restart. `--scenario` wins over MOCK_SCENARIO.
//
// MOCK_RECORD (or `--record`) stops the command at once, with one line: the watcher restarts the
// server on every change, and each stop saves the recording, so the next start would find its
// name taken and refuse to start. A recording under `npm run dev` is started and stopped from the
// developer tools (POST /__mock/recordings/<name>, then .../stop), between two restarts.
//
// A port in use (PORT or DEV_CLIENT_PORT) stops the command at once, with one line, before the
// reset or either watcher starts: the dev client would otherwise proxy to whatever holds PORT.
// So does a server restarted by the watcher that cannot listen on PORT: it sends this script
// SIGUSR2 (DEV_SCRIPT_PID; server/dev/dev-script.ts), which stops both watchers and ends with the
// same line.
import { portProblem } from './lib/port.mjs';
import { bin, run } from './lib/run.mjs';
import { recordArgument, scenarioArgument } from './lib/scenario-arg.mjs';

if (recordArgument(process.argv.slice(2)) !== undefined || process.env.MOCK_RECORD?.trim()) {
  console.error(
    'MOCK_RECORD and --record are for npm start: under npm run dev each restart of the server would save the recording and the next start refuse its name. Start and stop a recording with POST /__mock/recordings/<name> instead.',
  );
  process.exit(1);
}

const port = process.env.PORT ?? '3000';
const devClientPort = process.env.DEV_CLIENT_PORT ?? '8080';
for (const [name, value] of [
  ['PORT', port],
  ['DEV_CLIENT_PORT', devClientPort],
]) {
  const problem = await portProblem(name, value);
  if (problem !== undefined) {
    console.error(problem);
    process.exit(1);
  }
}

// An empty or blank variable counts as unset, as the server reads it.
const scenario =
  scenarioArgument(process.argv.slice(2)) ?? (process.env.MOCK_SCENARIO?.trim() || undefined);
if (scenario !== undefined) {
  const reset = await run(bin('tsx'), ['server/scripts/db-reset.ts', '--scenario', scenario]);
  if (reset !== 0) process.exit(reset);
}

// The server's word that it cannot listen: the port is checked while what took it still holds it
// (for the line to end with), then both watchers stop.
const stopped = new AbortController();
let stopLine;
process.once('SIGUSR2', () => {
  void portProblem('PORT', port).then((problem) => {
    stopLine = problem ?? `PORT ${port} could not be listened on: the server stopped`;
    stopped.abort();
  });
});

const code = await run(
  bin('concurrently'),
  [
    '--kill-others-on-fail',
    '--names',
    'server,client',
    `${bin('tsx')} watch --clear-screen=false server/index.ts`,
    `${bin('webpack')} serve --mode development`,
  ],
  {
    env: {
      PORT: port,
      DEV_API_TARGET: `http://localhost:${port}`,
      // Without a client build, the server's own `/` names the dev client (server/dev/dev-client-page.ts).
      DEV_CLIENT_URL: `http://localhost:${devClientPort}`,
      DEV_SCRIPT_PID: String(process.pid),
      MOCK_SCENARIO: undefined,
    },
    signal: stopped.signal,
  },
);
if (stopped.signal.aborted) {
  // The watchers' own lines are above; the last says why it stopped, as at the start.
  console.error(stopLine);
  process.exit(1);
}
process.exit(code);

// `npm start`: builds the client when needed, then runs the server (which also serves the client).
// PORT and DB_FILE (and the other variables in the README) pass straight through.
// `npm start -- --scenario <name>` starts on that scenario's data (MOCK_SCENARIO: the server
// resets the data to it, or stops listing the names when none has it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClientIfNeeded, root } from './lib/build-client.mjs';
import { scenarioArgument } from './lib/scenario-arg.mjs';

const scenario = scenarioArgument(process.argv.slice(2));

buildClientIfNeeded();

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: scenario === undefined ? process.env : { ...process.env, MOCK_SCENARIO: scenario },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

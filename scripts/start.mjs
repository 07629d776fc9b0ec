// `npm start`: builds the client when needed, then runs the server (which also serves the client).
// PORT and DB_FILE (and the other variables in the README) pass straight through.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClientIfNeeded, root } from './lib/build-client.mjs';

buildClientIfNeeded();

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

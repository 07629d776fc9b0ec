// Builds the client when dist/client is missing or older than any client or contracts source.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builtIndex = path.join(root, 'dist/client/index.html');
const sources = [
  'client',
  'contracts/api',
  'contracts/validation',
  'contracts/site',
  'webpack.config.ts',
  'package-lock.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function clientIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

export function buildClientIfNeeded({ force = false } = {}) {
  if (!force && !clientIsStale()) return;
  console.log('Building the client (webpack, production)...');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error('The client build failed.');
    process.exit(result.status ?? 1);
  }
}

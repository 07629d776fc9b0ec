// Builds the client when dist/client is missing or was built from other sources.
//
// A successful build writes dist/client/.build-stamp: a hash of the paths and contents of every
// source the build reads. A start compares it with the sources as they are now. Contents, not
// modification times: webpack leaves an unchanged output file untouched, and an editor or a git
// checkout touches files without changing them, so times alone would rebuild on every start.
// Any other build (`npm run build`, webpack's `clean`) removes the stamp, so the next start
// rebuilds once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the client build reads, relative to the project root. */
export const CLIENT_SOURCES = [
  'client',
  'contracts/api',
  'contracts/validation',
  'contracts/site',
  'webpack.config.ts',
  'tsconfig.json',
  'package-lock.json',
];
const DIST_DIR = 'dist/client';
const STAMP_FILE = '.build-stamp';
/** Changes when what the stamp means changes, so an older stamp never matches. */
const STAMP_VERSION = 'client-build-1 production';

function filesUnder(base, relative) {
  const target = path.join(base, relative);
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [relative];
  return readdirSync(target)
    .sort()
    .flatMap((entry) => filesUnder(base, path.posix.join(relative, entry)));
}

/** A hash of the paths and contents of the sources (files and folders) under `base`. */
export function sourcesHash(base = root, sources = CLIENT_SOURCES) {
  const hash = createHash('sha256').update(STAMP_VERSION);
  for (const file of sources.flatMap((source) => filesUnder(base, source))) {
    hash.update(`\0${file}\0`).update(readFileSync(path.join(base, file)));
  }
  return hash.digest('hex');
}

/**
 * True when `<base>/dist/client` has no index.html, or no stamp, or a stamp of other sources.
 * `options.base` and `options.sources` exist for tests.
 */
export function clientIsStale({ base = root, sources = CLIENT_SOURCES } = {}) {
  const dist = path.join(base, DIST_DIR);
  const stamp = path.join(dist, STAMP_FILE);
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== sourcesHash(base, sources);
}

/** Records that `<base>/dist/client` was built from sources with this hash. */
export function writeBuildStamp(hash, { base = root } = {}) {
  writeFileSync(path.join(base, DIST_DIR, STAMP_FILE), `${hash}\n`);
}

/** The production build of the client: webpack on this Node, run in the project root. */
export const CLIENT_BUILD = [
  process.execPath,
  [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
];

export function buildClientIfNeeded({ force = false } = {}) {
  if (!force && !clientIsStale()) return;
  // Hashed before the build: a file edited while webpack runs makes the next start rebuild.
  const hash = sourcesHash();
  console.log('Building the client (webpack, production)...');
  const result = spawnSync(...CLIENT_BUILD, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The client build failed.');
    process.exit(result.status ?? 1);
  }
  writeBuildStamp(hash);
}

/**
 * Builds the client through `run(command, args)`, which runs the build as a child and resolves
 * with its exit code (`npm start`, to pass a stop signal on to it), and stamps a successful
 * build. Resolves with the exit code.
 */
export async function runClientBuild(run) {
  const hash = sourcesHash();
  console.log('Building the client (webpack, production)...');
  const code = await run(...CLIENT_BUILD);
  if (code === 0) writeBuildStamp(hash);
  else console.error('The client build failed.');
  return code;
}

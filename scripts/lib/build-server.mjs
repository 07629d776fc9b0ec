// Builds the server to JavaScript (dist/server) when it is missing or was built from other
// sources: what `npm start`, the browser tests, Lighthouse and the bench run.
//
// esbuild (its documented JS API) bundles server/index.ts and the entry file of each worker
// thread the server starts (server/imports/import-service.ts boots them from beside itself)
// into one CommonJS file each, side by side in dist/server, with source maps. Packages stay in
// node_modules and load at run time; the tsconfig path aliases (@contracts/*) are resolved in.
//
// A build writes dist/server/.build-stamp: the project files it compiled and a hash of the
// contents it compiled (read once, through an esbuild plugin, so an edit during the build makes
// the next start build again) and of the settings below. A start hashes the same files as they
// are now and builds only when that differs. An edit that adds an import changes the importing
// file, so the list stays complete. Each output is written to a temporary name and renamed into
// place, so builds running side by side (browser test workers) never leave a half-written file
// for a server to load.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { root } from './build-client.mjs';

/** The compiled server's main file, relative to the project root: package.json's `main`. */
export const SERVER_MAIN = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).main;
const SERVER_DIST_DIR = path.posix.dirname(SERVER_MAIN);
/**
 * Output name (<SERVER_DIST_DIR>/<name>.js) -> source: the main file's and the thread entries',
 * whose names import-service.ts starts them by.
 */
export const SERVER_ENTRIES = {
  [path.posix.basename(SERVER_MAIN, '.js')]: 'server/index.ts',
  'import-worker': 'server/imports/import-worker.ts',
  'pin-hash-worker': 'server/imports/pin-hash-worker.ts',
};
/** Read by every build beside the sources esbuild reports. */
const SETTINGS_FILES = ['tsconfig.json', 'package-lock.json', 'scripts/lib/build-server.mjs'];
const STAMP_FILE = '.build-stamp';
/** The Node line the code is compiled for: the one running the build (package.json pins it). */
const TARGET = `node${process.versions.node}`;

/** esbuild's loaders of the sources the server is made of. */
const LOADERS = {
  '.ts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.cjs': 'js',
  '.mjs': 'js',
  '.json': 'json',
};

/** A plugin that loads each project file itself, keeping the contents compiled (`read`). */
function recordingLoads(base, read) {
  return {
    name: 'record-inputs',
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: 'file' }, (args) => {
        const loader = LOADERS[path.extname(args.path)];
        if (loader === undefined) return undefined;
        const contents = readFileSync(args.path);
        read.set(path.relative(base, args.path).split(path.sep).join('/'), contents);
        return { contents, loader };
      });
    },
  };
}

function buildOptions(base, read) {
  return {
    absWorkingDir: base,
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_DIST_DIR,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: TARGET,
    packages: 'external',
    sourcemap: 'linked',
    plugins: [recordingLoads(base, read)],
    write: false,
    logLevel: 'warning',
  };
}

/**
 * A hash of the settings files and of the sources' paths and contents (`contentsOf`, undefined:
 * missing), and of the target.
 */
function inputsHash(base, sources, contentsOf) {
  const hash = createHash('sha256').update(`server-build-1 ${TARGET}`);
  for (const file of [...SETTINGS_FILES, ...sources]) {
    const contents = SETTINGS_FILES.includes(file) ? readIfExists(base, file) : contentsOf(file);
    hash.update(`\0${file}\0`).update(contents ?? '\0missing');
  }
  return hash.digest('hex');
}

function readIfExists(base, file) {
  const full = path.join(base, file);
  return existsSync(full) ? readFileSync(full) : undefined;
}

function readStamp(base) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(base, SERVER_DIST_DIR, STAMP_FILE), 'utf8'));
    return Array.isArray(stamp.inputs) && typeof stamp.hash === 'string' ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** True when an entry's output or the stamp is missing, or a file the build read changed. */
export function serverIsStale({ base = root } = {}) {
  const dist = path.join(base, SERVER_DIST_DIR);
  const missing = Object.keys(SERVER_ENTRIES).some(
    (name) => !existsSync(path.join(dist, `${name}.js`)),
  );
  const stamp = readStamp(base);
  if (missing || stamp === undefined) return true;
  return stamp.hash !== inputsHash(base, stamp.inputs, (file) => readIfExists(base, file));
}

function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/** Builds dist/server from `base`'s sources, and stamps it. */
export async function buildServer({ base = root } = {}) {
  const read = new Map();
  const result = await esbuild.build(buildOptions(base, read));
  mkdirSync(path.join(base, SERVER_DIST_DIR), { recursive: true });
  for (const output of result.outputFiles) writeAtomically(output.path, output.contents);
  const inputs = [...read.keys()].sort();
  const stamp = { hash: inputsHash(base, inputs, (file) => read.get(file)), inputs };
  writeAtomically(path.join(base, SERVER_DIST_DIR, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
}

/** Builds the server when it is stale; true when it built. */
export async function buildServerIfNeeded({ force = false, base = root } = {}) {
  if (!force && !serverIsStale({ base })) return false;
  const started = Date.now();
  await buildServer({ base });
  console.log(`Built the server (esbuild, ${SERVER_MAIN}) in ${Date.now() - started} ms.`);
  return true;
}

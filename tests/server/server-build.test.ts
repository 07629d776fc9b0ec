/**
 * `npm start` compiles the server (scripts/lib/build-server.mjs) to JavaScript that runs without
 * a TypeScript loader, and compiles it again only when a file the build read changed. Checked
 * on a small project in a temp folder (the server's entry files, a path alias, a JSON import).
 * The script is an ES module, which jest (CommonJS) cannot load, so each step runs in its own
 * node.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const moduleUrl = pathToFileURL(path.resolve(__dirname, '../../scripts/lib/build-server.mjs')).href;

/** Runs `body` in a node that has the build script's exports and `base`; returns its output. */
function inNode(base: string, body: string): string {
  const script = `
    const { buildServerIfNeeded, serverIsStale, SERVER_ENTRIES, SERVER_MAIN } = await import(${JSON.stringify(moduleUrl)});
    const base = process.env.BUILD_BASE;
    ${body}
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, BUILD_BASE: base },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`node failed: ${result.stderr}`);
  return result.stdout;
}

const isStale = (base: string): boolean =>
  inNode(base, 'process.stdout.write(String(serverIsStale({ base })));') === 'true';

/** Builds when stale; true when it built. */
const build = (base: string): boolean =>
  inNode(base, 'process.stdout.write(String(await buildServerIfNeeded({ base })));').endsWith(
    'true',
  );

const write = (base: string, file: string, text: string) => {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  writeFileSync(path.join(base, file), text);
};

describe('the compiled server', () => {
  let base: string;
  let main: string;

  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'server-build-'));
    write(
      base,
      'tsconfig.json',
      // As the project's: paths relative to the tsconfig, no baseUrl (TypeScript 7 has none).
      JSON.stringify({ compilerOptions: { paths: { '@shared/*': ['./shared/*'] } } }),
    );
    write(base, 'package-lock.json', '{}\n');
    write(base, 'shared/greeting.ts', "export const GREETING: string = 'hello';\n");
    write(base, 'server/limits.json', '{ "lines": 3 }\n');
    write(
      base,
      'server/index.ts',
      [
        "import { GREETING } from '@shared/greeting';",
        "import limits from './limits.json';",
        "import { workerEntry } from './imports/import-worker';",
        'const lines: number = limits.lines;',
        'console.log(`${GREETING} ${lines} ${workerEntry}`);',
        '',
      ].join('\n'),
    );
    write(base, 'server/imports/import-worker.ts', "export const workerEntry = 'import';\n");
    write(base, 'server/imports/pin-hash-worker.ts', 'export {};\n');
    write(base, 'server/unused.ts', 'export const unused = 1;\n');
    main = path.join(base, inNode(base, 'process.stdout.write(SERVER_MAIN);'));
  });

  afterEach(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('is JavaScript that runs on plain node, the path aliases and JSON resolved in', () => {
    expect(isStale(base)).toBe(true);
    expect(build(base)).toBe(true);
    const run = spawnSync(process.execPath, [main], { encoding: 'utf8' });
    expect(run.stdout).toBe('hello 3 import\n');
    // Each thread entry is a file of its own beside the main one.
    const entries = Object.keys(
      JSON.parse(inNode(base, 'process.stdout.write(JSON.stringify(SERVER_ENTRIES));')) as object,
    );
    for (const name of entries) {
      expect(
        spawnSync(process.execPath, [path.join(path.dirname(main), `${name}.js`)]).status,
      ).toBe(0);
    }
  });

  it('is not built again while what it was built from is unchanged, even when touched', () => {
    build(base);
    expect(isStale(base)).toBe(false);
    const later = new Date(Date.now() + 60 * 60_000);
    utimesSync(path.join(base, 'server/index.ts'), later, later);
    utimesSync(path.join(base, 'shared/greeting.ts'), later, later);
    // A file the server does not import is no part of it.
    write(base, 'server/unused.ts', 'export const unused = 2;\n');
    write(base, 'server/new.ts', 'export {};\n');
    expect(isStale(base)).toBe(false);
    expect(build(base)).toBe(false);
  });

  it.each([
    ['an imported file', 'shared/greeting.ts', "export const GREETING: string = 'hi';\n"],
    ['a JSON file it imports', 'server/limits.json', '{ "lines": 4 }\n'],
    ['a thread entry', 'server/imports/pin-hash-worker.ts', 'export const x = 1;\n'],
    ['the TypeScript settings', 'tsconfig.json', '{}\n'],
    ['the lockfile (another esbuild or package)', 'package-lock.json', '{ "v": 2 }\n'],
  ])('is built again when %s changes', (_what, file, text) => {
    build(base);
    write(base, file, text);
    expect(isStale(base)).toBe(true);
    expect(build(base)).toBe(true);
    expect(isStale(base)).toBe(false);
  });

  it('is built again when an output or the stamp is gone, or a file it read is', () => {
    build(base);
    rmSync(path.join(path.dirname(main), 'pin-hash-worker.js'));
    expect(isStale(base)).toBe(true);
    build(base);
    rmSync(path.join(path.dirname(main), '.build-stamp'));
    expect(isStale(base)).toBe(true);
    build(base);
    rmSync(path.join(base, 'server/limits.json'));
    expect(isStale(base)).toBe(true);
  });
});

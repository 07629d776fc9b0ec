/**
 * `npm start` rebuilds the client only when what the build reads changed
 * (scripts/lib/build-client.mjs), checked on a temp project folder. The script is an ES module,
 * which jest (CommonJS) cannot load, so each check runs in its own node.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const moduleUrl = pathToFileURL(path.resolve(__dirname, '../../scripts/lib/build-client.mjs')).href;
const SOURCES = ['client', 'webpack.config.ts'];

/** Runs `body` in a node that has the build script's exports and `base`/`sources`, and returns its output. */
function inNode(base: string, body: string): string {
  const script = `
    const { clientIsStale, sourcesHash, writeBuildStamp } = await import(${JSON.stringify(moduleUrl)});
    const base = process.env.STAMP_BASE;
    const sources = ${JSON.stringify(SOURCES)};
    ${body}
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, STAMP_BASE: base },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`node failed: ${result.stderr}`);
  return result.stdout;
}

const isStale = (base: string): boolean =>
  inNode(base, 'process.stdout.write(String(clientIsStale({ base, sources })));') === 'true';

/** What a successful build leaves: the output and the stamp of the sources as they are now. */
function build(base: string): void {
  mkdirSync(path.join(base, 'dist/client'), { recursive: true });
  writeFileSync(path.join(base, 'dist/client/index.html'), '<!doctype html>');
  inNode(base, 'writeBuildStamp(sourcesHash(base, sources), { base });');
}

describe('client build stamp', () => {
  let base: string;

  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
    mkdirSync(path.join(base, 'client/src'), { recursive: true });
    writeFileSync(path.join(base, 'client/src/main.tsx'), 'export const a = 1;\n');
    writeFileSync(path.join(base, 'client/src/other.ts'), 'export const b = 2;\n');
    writeFileSync(path.join(base, 'webpack.config.ts'), 'export default {};\n');
  });

  afterEach(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('builds when nothing was built, or the build left no stamp', () => {
    expect(isStale(base)).toBe(true);
    mkdirSync(path.join(base, 'dist/client'), { recursive: true });
    writeFileSync(path.join(base, 'dist/client/index.html'), '<!doctype html>');
    expect(isStale(base)).toBe(true);
  });

  it('does not build again after a build, even when sources are touched without a change', () => {
    build(base);
    expect(isStale(base)).toBe(false);

    // Newer than the built files, as an editor's save or a git checkout leaves them.
    const later = new Date(Date.now() + 60 * 60_000);
    utimesSync(path.join(base, 'client/src/main.tsx'), later, later);
    utimesSync(path.join(base, 'webpack.config.ts'), later, later);
    expect(isStale(base)).toBe(false);
    expect(isStale(base)).toBe(false);
  });

  it('builds again when a source changes, then not again', () => {
    build(base);
    writeFileSync(path.join(base, 'client/src/main.tsx'), 'export const a = 2;\n');
    expect(isStale(base)).toBe(true);
    build(base);
    expect(isStale(base)).toBe(false);
  });

  it('builds again when the build configuration changes', () => {
    build(base);
    writeFileSync(path.join(base, 'webpack.config.ts'), 'export default { mode: "none" };\n');
    expect(isStale(base)).toBe(true);
  });

  it('builds again when a source is added, removed or renamed', () => {
    build(base);
    writeFileSync(path.join(base, 'client/src/new.ts'), 'export {};\n');
    expect(isStale(base)).toBe(true);

    build(base);
    rmSync(path.join(base, 'client/src/new.ts'));
    expect(isStale(base)).toBe(true);

    build(base);
    renameSync(path.join(base, 'client/src/other.ts'), path.join(base, 'client/src/renamed.ts'));
    expect(isStale(base)).toBe(true);
  });

  it('builds again when the output is gone', () => {
    build(base);
    rmSync(path.join(base, 'dist/client/index.html'));
    expect(isStale(base)).toBe(true);
  });
});

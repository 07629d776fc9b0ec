/**
 * The built client's text files go out gzipped to a browser that accepts it, and the hashed
 * files under assets/ may be cached for good (Lighthouse's text compression and cache lifetime:
 * uncompressed, the journal dashboard's largest paint waits on some 900 KiB of script and style).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';

/** A script of a few KiB, as the build writes them. */
const SCRIPT = `${'console.log("a line of the client");\n'.repeat(200)}`;
const SMALL_STYLE = 'body{margin:0}';

describe('client files: compression and caching', () => {
  let clientDir: string;
  let t: TestApp | undefined;

  beforeEach(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'client-files-gzip-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
    await writeFile(path.join(clientDir, 'assets/main.1234abcd.js'), SCRIPT);
    await writeFile(path.join(clientDir, 'assets/tiny.1234abcd.css'), SMALL_STYLE);
    await writeFile(path.join(clientDir, 'favicon.ico'), Buffer.alloc(2048, 1));
    t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
  });

  afterEach(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('sends a hashed script gzipped, cacheable for good, and the same text once unzipped', async () => {
    const answer = await request(t!.app)
      .get('/assets/main.1234abcd.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.text).toBe(SCRIPT);
  });

  it('compresses a file when first asked for: requests at the same time get the same gzip body', async () => {
    const ask = () =>
      request(t!.app).get('/assets/main.1234abcd.js').set('Accept-Encoding', 'gzip').expect(200);
    const answers = [...(await Promise.all([ask(), ask(), ask()])), await ask()];
    const sizes = new Set(answers.map((answer) => answer.headers['content-length']));
    expect(sizes.size).toBe(1);
    expect(Number([...sizes][0])).toBeLessThan(SCRIPT.length / 10);
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.text).toBe(SCRIPT);
    }
  });

  it('answers 404, not an error, for a file removed after the server started', async () => {
    await rm(path.join(clientDir, 'assets/main.1234abcd.js'));
    const answer = await request(t!.app)
      .get('/assets/main.1234abcd.js')
      .set('Accept-Encoding', 'gzip');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('sends the plain file to a client that does not accept gzip', async () => {
    const answer = await request(t!.app)
      .get('/assets/main.1234abcd.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.text).toBe(SCRIPT);
  });

  it('leaves small files and files outside assets/ as they were', async () => {
    const small = await request(t!.app)
      .get('/assets/tiny.1234abcd.css')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe(SMALL_STYLE);

    const icon = await request(t!.app).get('/favicon.ico').set('Accept-Encoding', 'gzip');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).not.toMatch(/immutable/);

    const index = await request(t!.app).get('/').set('Accept-Encoding', 'gzip').expect(200);
    expect(index.headers['cache-control']).toBe('no-store');
  });
});

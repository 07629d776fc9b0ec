import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { ERROR_CODE } from '@contracts/api/constants';
import { FONT_FAMILIES, FONT_PATHS } from '@contracts/site/fonts';
import { createTestApp, type TestApp } from './support/test-app';

/** scripts/fonts.mjs: no font file of dtrvag is published, so it has no file and no face. */
const WITHOUT_FILE = FONT_FAMILIES.filter((f) => !f.hasFile).map((f) => f.name);

const getBytes = (app: Express, url: string) =>
  request(app)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/**
 * Sends the path exactly as written: supertest's URL parsing would resolve `..` segments
 * before the request leaves, and then the server would never see them.
 */
async function rawGet(app: Express, rawPath: string): Promise<{ status: number; body: unknown }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            if (/json/.test(res.headers['content-type'] ?? '')) body = JSON.parse(text);
            resolve({ status: res.statusCode ?? 0, body });
          });
        })
        .on('error', reject);
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const notFoundJson = { errorCode: ERROR_CODE.NOT_FOUND, errorMessage: expect.any(String) };

describe('font assets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves fonts.css without a token, with a face for every family that has a file', async () => {
    const response = await request(t.app).get(FONT_PATHS.stylesheet);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const css = response.text;
    const faces = css.match(/@font-face\s*{[^}]*}/g) ?? [];
    const withFile = FONT_FAMILIES.filter((f) => !WITHOUT_FILE.includes(f.name));
    expect(faces).toHaveLength(withFile.length);
    for (const family of withFile) {
      const face = faces.find((f) => f.includes(`font-family: '${family.name}';`));
      expect(face).toBeDefined();
      expect(face).toContain(`src: url('${FONT_PATHS.file(family.slug)}') format('woff2');`);
      expect(face).toContain('font-display: swap;');
    }
    for (const name of WITHOUT_FILE) expect(css).not.toContain(`font-family: '${name}'`);
  });

  it('serves every font file the stylesheet names as font/woff2, cached long', async () => {
    const css = (await request(t.app).get(FONT_PATHS.stylesheet)).text;
    const urls = [...css.matchAll(/url\('([^']+)'\)/g)].map((m) => m[1] ?? '');
    expect(urls).toContain(FONT_PATHS.file('roboto'));
    for (const url of urls) {
      const response = await getBytes(t.app, url);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('font/woff2');
      expect((response.body as Buffer).subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    const roboto = await request(t.app).get(FONT_PATHS.file('roboto'));
    expect(roboto.headers['cache-control']).toBe('public, max-age=2592000');
    // Published sites on another host may load them.
    expect(roboto.headers['access-control-allow-origin']).toBe('*');
    expect(roboto.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('serves a preview image for each of the 30 families as image/png', async () => {
    expect(FONT_FAMILIES).toHaveLength(30);
    for (const { slug } of FONT_FAMILIES) {
      const response = await getBytes(t.app, FONT_PATHS.preview(slug));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=2592000');
      expect((response.body as Buffer).subarray(1, 4).toString('latin1')).toBe('PNG');
    }
  });

  it.each([
    '/fonts/nope.woff2',
    '/fonts/previews/nope.png',
    '/fonts/',
    '/fonts',
    '/fonts/previews',
    '/fonts/previews/',
  ])('answers 404 JSON for %s (unknown file, no directory listing)', async (url) => {
    const response = await request(t.app).get(url);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual(notFoundJson);
  });

  it.each([
    // client/public/favicon.ico sits right beside the fonts folder.
    '/fonts/../favicon.ico',
    '/fonts/previews/../../favicon.ico',
    '/fonts/../../../db.json',
    '/fonts/..%2ffavicon.ico',
    '/fonts/%2e%2e%2ffavicon.ico',
    '/fonts/..%5cfavicon.ico',
    '/fonts/%2e%2e/%2e%2e/%2e%2e/package.json',
  ])('never serves a file outside the folder: %s → 404 JSON', async (rawPath) => {
    const response = await rawGet(t.app, rawPath);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(notFoundJson);
  });

  it('does not answer other methods', async () => {
    const response = await request(t.app).post(FONT_PATHS.stylesheet).send({});
    expect(response.status).toBe(404);
    expect(response.body).toEqual(notFoundJson);
  });
});

describe('font assets from FONTS_DIR', () => {
  // A folder of our own: a dotfile inside it, a secret right beside it.
  let root: string;
  let t: TestApp;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'fonts-test-'));
    await mkdir(path.join(root, 'fonts', 'previews'), { recursive: true });
    await writeFile(path.join(root, 'fonts', 'fonts.css'), '/* from FONTS_DIR */\n');
    await writeFile(path.join(root, 'fonts', '.env'), 'SECRET=1\n');
    await writeFile(path.join(root, 'secret.txt'), 'secret\n');
    t = await createTestApp({ env: { FONTS_DIR: path.join(root, 'fonts') } });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves the configured folder', async () => {
    const response = await request(t.app).get(FONT_PATHS.stylesheet);
    expect(response.status).toBe(200);
    expect(response.text).toBe('/* from FONTS_DIR */\n');
  });

  it.each(['/fonts/.env', '/fonts/previews/../.env', '/fonts/%2eenv'])(
    'never serves dotfiles: %s → 404 JSON',
    async (rawPath) => {
      const response = await rawGet(t.app, rawPath);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(notFoundJson);
    },
  );

  it.each([
    '/fonts/../secret.txt',
    '/fonts/..%2fsecret.txt',
    '/fonts/previews/..%2f..%2fsecret.txt',
  ])('never serves the file beside the folder: %s → 404 JSON', async (rawPath) => {
    const response = await rawGet(t.app, rawPath);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(notFoundJson);
  });

  it('answers 404 JSON when the folder does not exist', async () => {
    const missing = await createTestApp({ env: { FONTS_DIR: path.join(root, 'missing') } });
    try {
      const response = await request(missing.app).get(FONT_PATHS.stylesheet);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(notFoundJson);
    } finally {
      await missing.close();
    }
  });
});

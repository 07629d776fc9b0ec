/**
 * The server's own `/` under `npm run dev` (DEV_CLIENT_URL, set by scripts/dev.mjs) when there is
 * no client build: a short page naming and linking the dev client, not a 404. With a build, and
 * without DEV_CLIENT_URL (`npm start`), `/` is what it was.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ERROR_CODE } from '@contracts/api/constants';
import { DEV_CLIENT_PAGE_TEXT } from '../../server/dev/dev-client-page';
import { loadConfig } from '../../server/config';
import { createTestApp, testEnv, type TestApp } from './support/test-app';

const DEV_CLIENT_URL = 'http://localhost:4401';

describe("the server's / under npm run dev", () => {
  let dir: string;
  let t: TestApp | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dev-client-page-'));
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('names and links the dev client when there is no client build', async () => {
    t = await createTestApp({ env: { CLIENT_DIR: dir, DEV_CLIENT_URL: `${DEV_CLIENT_URL}/` } });
    const answer = await request(t.app).get('/').expect(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.text).toContain(DEV_CLIENT_PAGE_TEXT.title);
    expect(answer.text).toContain(`<a href="${DEV_CLIENT_URL}/">${DEV_CLIENT_URL}/</a>`);
    expect(answer.text).toContain(`<a href="${DEV_CLIENT_URL}/__mock">`);
    // Nothing else changes: another path is still the API's 404, a write to / too.
    const other = await request(t.app).get('/index.html').expect(404);
    expect(other.body).toMatchObject({ errorCode: ERROR_CODE.NOT_FOUND });
    await request(t.app).post('/').expect(404);
  });

  it('serves the client build when there is one, and is the 404 it was without DEV_CLIENT_URL', async () => {
    t = await createTestApp({ env: { CLIENT_DIR: dir } });
    const bare = await request(t.app).get('/').expect(404);
    expect(bare.body).toMatchObject({ errorCode: ERROR_CODE.NOT_FOUND });
    await t.close();

    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>built portal</title>');
    t = await createTestApp({ env: { CLIENT_DIR: dir, DEV_CLIENT_URL } });
    const built = await request(t.app).get('/').expect(200);
    expect(built.text).toContain('built portal');
  });

  it('refuses a DEV_CLIENT_URL that is not an origin, naming it', () => {
    expect(() =>
      loadConfig(testEnv(path.join(dir, 'db.json'), { DEV_CLIENT_URL: 'localhost:8080' })),
    ).toThrow(/DEV_CLIENT_URL/);
    expect(() =>
      loadConfig(testEnv(path.join(dir, 'db.json'), { DEV_CLIENT_URL: 'http://localhost:8080/x' })),
    ).toThrow(/DEV_CLIENT_URL/);
  });
});

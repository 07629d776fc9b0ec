/**
 * How the app is put together (server/app.ts), seen over HTTP through the real app: which calls
 * need the token, what answers a call no route takes, how paths are matched, and what runs ahead
 * of which routes (the anonymous limit and the developer tools' faults on the server's own calls,
 * never on the built client's files).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { IMPORT_SERVER_MESSAGE } from '@contracts/api/imports';
import { JOURNAL_PATHS } from '@contracts/api/journal';
import { MERCHANT_PATHS } from '@contracts/api/merchant';
import { MOCK_PATHS } from '@contracts/api/mock';
import { API_PATHS, RUNTIME_CONFIG_PATH, URL_PATHS } from '@contracts/api/paths';
import { SCHEME_PATHS } from '@contracts/api/schemes';
import { createTestApp, type TestApp } from './support/test-app';

interface Operation {
  security: unknown[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

describe('the app’s composition', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { MOCK_CONTROL: 'true' } });
    token = (await t.login()).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks for the token on every call the OpenAPI document says needs it, and on no other', async () => {
    const document = (
      await request(t.app).get(MOCK_PATHS.openapi).set(AUTH_HEADER, token).expect(200)
    ).body as Document;
    const wrong: string[] = [];
    const publicUnderApi: string[] = [];
    for (const [openApiPath, item] of Object.entries(document.paths)) {
      const url = openApiPath.replace(/\{\w+\}/g, '1');
      for (const [method, op] of Object.entries(item)) {
        const secured = op.security.length > 0;
        const answer = await request(t.app)[method as 'get' | 'post' | 'put' | 'delete'](url);
        const refused =
          answer.status === 401 &&
          (answer.body as { errorMessage?: unknown }).errorMessage === ERROR_MESSAGE.authRequired;
        if (refused !== secured) wrong.push(`${method} ${openApiPath}`);
        if (!secured && openApiPath.toLowerCase().startsWith('/api/')) {
          publicUnderApi.push(`${method} ${openApiPath}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Under the API, only login and refresh go without the token.
    expect(publicUnderApi.sort()).toEqual(
      [`post /api${API_PATHS.tokens}`, `post ${URL_PATHS.refresh}`].sort(),
    );
  });

  it.each([
    ['programs', API_PATHS.programs],
    ['lookups', API_PATHS.countries],
    ['journal profiles', JOURNAL_PATHS.profiles],
    ['journal pages', JOURNAL_PATHS.pageTypes],
    ['merchant profiles', MERCHANT_PATHS.profiles],
    ['clients', SCHEME_PATHS.clients],
    ['schemes', SCHEME_PATHS.schemes],
    ['BINs', SCHEME_PATHS.bins],
    ['settlements', SCHEME_PATHS.settlementBanks],
    ['liability', SCHEME_PATHS.liabilityFrequency],
  ])('reaches the %s routes behind the token check (GET %s)', async (_routes, apiPath) => {
    const answer = await request(t.app).get(`/api${apiPath}`).set(AUTH_HEADER, token).expect(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers a path in any case, HEAD as GET without a body, OPTIONS with the path’s methods', async () => {
    const programs = await request(t.app)
      .get(`/api${API_PATHS.programs}`)
      .set(AUTH_HEADER, token)
      .expect(200);
    const shouted = await request(t.app)
      .get(`/API${API_PATHS.programs.toUpperCase()}`)
      .set(AUTH_HEADER, token)
      .expect(200);
    expect(shouted.body).toEqual(programs.body);
    const head = await request(t.app)
      .head(`/api${API_PATHS.programs}`)
      .set(AUTH_HEADER, token)
      .expect(200);
    expect(head.text).toBeUndefined();
    const options = await request(t.app)
      .options(`/api${JOURNAL_PATHS.profile(1)}`)
      .set(AUTH_HEADER, token)
      .expect(200);
    expect(String(options.headers.allow).split(', ')).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'PUT']),
    );
    // Login and refresh answer OPTIONS without a token, as every public route does.
    const login = await request(t.app).options(`/api${API_PATHS.tokens}`).expect(200);
    expect(String(login.headers.allow).split(', ')).toEqual(
      expect.arrayContaining(['POST', 'DELETE']),
    );
  });

  it.each([
    ['GET', '/api/no-such-thing'],
    ['GET', `/api${API_PATHS.tokens}`],
    ['PATCH', URL_PATHS.refresh],
    ['GET', `/api${API_PATHS.tokens}/more`],
    ['GET', '/api'],
  ])(
    'answers %s %s, which no route takes, 401 without a token and 404 JSON with one',
    async (method, url) => {
      const call = () => request(t.app)[method.toLowerCase() as 'get' | 'patch'](url);
      const anonymous = await call().expect(401);
      expect(anonymous.body).toEqual({
        errorCode: ERROR_CODE.SESSION_EXPIRED,
        errorMessage: ERROR_MESSAGE.authRequired,
      });
      const signedIn = await call().set(AUTH_HEADER, token).expect(404);
      expect(signedIn.headers['content-type']).toMatch(/^application\/json/);
      expect(signedIn.body).toEqual({
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: `${ERROR_MESSAGE.notFound}: ${method} ${url}`,
      });
    },
  );

  it('answers 400 JSON for a path parameter that cannot be decoded', async () => {
    const answer = await request(t.app)
      .get(`/api${API_PATHS.program('%ff')}`)
      .set(AUTH_HEADER, token)
      .expect(400);
    expect(answer.body).toEqual({
      errorCode: ERROR_CODE.VALIDATION,
      errorMessage: ERROR_MESSAGE.unreadablePath,
    });
  });

  it('names the missing file when an upload route gets a JSON body (read by then)', async () => {
    const answer = await request(t.app)
      .post('/api/gift-card/giftSchemeFiles/1')
      .set(AUTH_HEADER, token)
      .send({ file: 'cards.txt' })
      .expect(400);
    expect(answer.body).toEqual({
      errorCode: ERROR_CODE.VALIDATION,
      errorMessage: IMPORT_SERVER_MESSAGE.noFile,
    });
  });
});

describe('the built client’s files and the calls the server answers itself', () => {
  let clientDir: string;
  let t: TestApp | undefined;
  const SCRIPT = '/assets/app.12345678.js';

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'app-composition-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
    await writeFile(path.join(clientDir, SCRIPT), 'void 0;');
  });
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('counts and faults the server’s own calls, API and public, but never the client’s files', async () => {
    const limit = 3;
    t = await createTestApp({
      env: { MOCK_CONTROL: 'true', CLIENT_DIR: clientDir, API_RATE_LIMIT: String(limit) },
    });
    const app = t.app;
    // Signed-in calls are not counted: the login, the fault added.
    const { token } = await t.login();
    await request(app)
      .post(MOCK_PATHS.faults)
      .set(AUTH_HEADER, token)
      .send({ path: '/*', status: 503 })
      .expect(201);

    for (let n = 0; n < limit + 2; n += 1) {
      const script = await request(app).get(SCRIPT).expect(200);
      expect(script.headers.ratelimit).toBeUndefined();
    }
    await request(app).get('/').expect(200).expect('Content-Type', /html/);

    // The fault answers the public routes and the API alike; anonymous calls are counted.
    const statuses: number[] = [];
    for (let n = 0; n < limit + 1; n += 1) {
      const answer = await request(app).get(RUNTIME_CONFIG_PATH);
      expect(answer.headers.ratelimit).toBeDefined();
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(503), 429]);
    await request(app).get('/api/no-such-thing').expect(429);
    // A call with a token goes on past the limit, to meet the fault ahead of the token check.
    await request(app).get(`/api${API_PATHS.programs}`).set(AUTH_HEADER, token).expect(503);

    // The files still come, past the limit and under the fault.
    await request(app).get(SCRIPT).expect(200);
  });
});

/**
 * The server index.ts listens with (server/http/http-server.ts): an app answers through it
 * exactly as through express's own app.listen. Then the portal itself served by it, as `npm
 * start` serves it, called over real connections through the whole middleware stack.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { AUTH_HEADER, ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { EmbeddedList, Program, Token } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_PATHS, type JournalProfile } from '@contracts/api/journal';
import { API_PATHS, RUNTIME_CONFIG_PATH } from '@contracts/api/paths';
import { createPortalServer } from '../../server/http/http-server';
import {
  createJournalTestApp,
  TEST_PROFILE,
  type JournalTestApp,
} from './my-journal/journal-test-app';
import { rawCall } from './mock/proxy-support';
import { DEMO_USER } from './support/test-app';

/** A small app using what handlers use: params, query, headers, a JSON body, a thrown error. */
function sampleApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/items/:id', (req, res) => {
    res
      .set('X-Item', req.params.id)
      .json({ id: req.params.id, q: req.query.q, ua: req.get('x-ua') });
  });
  app.post('/items', express.json(), (req, res) => {
    res.status(201).json({ body: req.body as unknown, ip: req.ip !== undefined });
  });
  app.get('/broken', () => {
    throw new Error('broken on purpose');
  });
  app.use((_req, res) => {
    res.status(404).json({ errorCode: 404 });
  });
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).json({ errorMessage: error.message });
  };
  app.use(onError);
  return app;
}

async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

async function answersOf(base: string): Promise<Answer[]> {
  const calls: [string, RequestInit][] = [
    ['/items/7?q=abc', { headers: { 'X-UA': 'probe' } }],
    [
      '/items',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'card' }),
      },
    ],
    ['/broken', {}],
    ['/nowhere', {}],
  ];
  const answers: Answer[] = [];
  for (const [path, init] of calls) {
    const response = await fetch(`${base}${path}`, init);
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive'),
    );
    answers.push({ status: response.status, body: await response.json(), headers });
  }
  return answers;
}

describe('createPortalServer', () => {
  it('answers every call exactly as the same app behind express’s app.listen', async () => {
    const app = sampleApp();
    const ours = createPortalServer(app);
    const theirs = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => theirs.once('listening', resolve));
    const oursBase = await listening(ours);
    try {
      const expected = await answersOf(
        `http://127.0.0.1:${(theirs.address() as AddressInfo).port}`,
      );
      const answers = await answersOf(oursBase);
      expect(answers).toEqual(expected);
      expect(answers.map(({ status }) => status)).toEqual([200, 201, 500, 404]);
      expect(answers[0]).toMatchObject({
        body: { id: '7', q: 'abc', ua: 'probe' },
        headers: { 'x-item': '7' },
      });
      expect(answers[1]?.body).toEqual({ body: { name: 'card' }, ip: true });
      expect(answers[2]?.body).toEqual({ errorMessage: 'broken on purpose' });
    } finally {
      await Promise.all([close(ours), close(theirs)]);
    }
  });
});

describe('the portal as npm start serves it (createPortalServer)', () => {
  let t: JournalTestApp;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    t = await createJournalTestApp();
    server = createPortalServer(t.app);
    base = await listening(server);
  });
  afterAll(async () => {
    await close(server);
    await t.close();
  });

  const api = (apiPath: string) => `${base}/api${apiPath}`;

  it('signs in, reads and updates through the whole stack, and refuses what it should', async () => {
    // Without a token: the token check answers, with the API's security headers and the limit's.
    const refused = await fetch(api(API_PATHS.programs));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      errorCode: ERROR_CODE.SESSION_EXPIRED,
      errorMessage: ERROR_MESSAGE.authRequired,
    });
    expect(refused.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(refused.headers.get('ratelimit')).toMatch(/^limit=/);

    const login = await fetch(api(API_PATHS.tokens), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
      body: JSON.stringify({ username: DEMO_USER.username, password: DEMO_USER.password }),
    });
    expect(login.status).toBe(200);
    const signedIn = { [AUTH_HEADER]: ((await login.json()) as Token).token };

    // A read, with its weak ETag honoured.
    const programs = await fetch(api(API_PATHS.programs), { headers: signedIn });
    expect(programs.status).toBe(200);
    const list = (await programs.json()) as EmbeddedList<'programs', Program>;
    expect(list._embedded.programs.length).toBeGreaterThan(0);
    const etag = programs.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    // Not fetch: it sends Cache-Control: no-cache with If-None-Match, which rules a 304 out.
    const again = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(api(API_PATHS.programs), { headers: { ...signedIn, 'If-None-Match': etag ?? '' } })
        .on('response', (response) => {
          response.resume();
          resolve(response.statusCode);
        })
        .on('error', reject);
    });
    expect(again).toBe(304);

    // A profile update, then read back.
    const profilePath = api(JOURNAL_PATHS.profile(TEST_PROFILE.profileId));
    const updated = await fetch(`${profilePath}?returnBody=true`, {
      method: 'PUT',
      headers: { ...signedIn, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...TEST_PROFILE, keywords: 'served for real' }),
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as JournalProfile).keywords).toBe('served for real');
    const read = await fetch(profilePath, { headers: signedIn });
    expect(((await read.json()) as JournalProfile).keywords).toBe('served for real');
    expect((await t.dataFile()).journalProfiles[0]?.keywords).toBe('served for real');

    // No route: 404 JSON.
    const missing = await fetch(api('/no-such-thing'), { headers: signedIn });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: `${ERROR_MESSAGE.notFound}: GET /api/no-such-thing`,
    });
  });

  it('serves an absolute URL naming this server as its path, on every route, and refuses another host', async () => {
    const { port } = new URL(base);
    const login = await rawCall(base, 'POST', `http://127.0.0.1:${port}/api${API_PATHS.tokens}`, {
      headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
      body: { username: DEMO_USER.username, password: DEMO_USER.password },
    });
    expect(login.status).toBe(200);
    const signedIn = { [AUTH_HEADER]: (login.json() as Token).token };
    const programs = await fetch(api(API_PATHS.programs), { headers: signedIn });
    const expected = (await programs.json()) as unknown;

    // The API and the public routes alike, by the address the call came in on, or (on loopback)
    // as localhost or the other loopback address.
    for (const url of [
      `${base}/api${API_PATHS.programs}`,
      `http://LOCALHOST:${port}/api${API_PATHS.programs}`,
      `http://[::1]:${port}/api${API_PATHS.programs}`,
    ]) {
      const answer = await rawCall(base, 'GET', url, { headers: signedIn });
      expect({ url, status: answer.status, body: answer.json() }).toEqual({
        url,
        status: 200,
        body: expected,
      });
    }
    const config = await rawCall(base, 'GET', `${base}${RUNTIME_CONFIG_PATH}`);
    expect(config.status).toBe(200);
    expect(config.json()).toEqual(await (await fetch(`${base}${RUNTIME_CONFIG_PATH}`)).json());

    // Another host, port, scheme or user: refused before any route, nothing written.
    const before = await t.dataFileBytes();
    const profile = `/api${JOURNAL_PATHS.profile(TEST_PROFILE.profileId)}`;
    for (const [method, url] of [
      ['GET', `http://other.example/api${API_PATHS.programs}`],
      ['GET', `http://127.0.0.1:${Number(port) + 1}/api${API_PATHS.programs}`],
      ['GET', `https://127.0.0.1:${port}/api${API_PATHS.programs}`],
      ['GET', `http://admin@127.0.0.1:${port}/api${API_PATHS.programs}`],
      ['GET', `http://other.example${RUNTIME_CONFIG_PATH}`],
      ['PUT', `http://other.example:${port}${profile}`],
    ] as const) {
      const answer = await rawCall(base, method, url, {
        headers: signedIn,
        body: method === 'PUT' ? { ...TEST_PROFILE, keywords: 'another host' } : undefined,
      });
      expect({ url, status: answer.status, body: answer.json() }).toEqual({
        url,
        status: 400,
        body: { errorCode: ERROR_CODE.VALIDATION, errorMessage: ERROR_MESSAGE.otherHost },
      });
    }
    expect(await t.dataFileBytes()).toEqual(before);
  });

  it('answers a request Node’s parser refuses with the error JSON', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write('BREW / HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      errorCode: ERROR_CODE.VALIDATION,
      errorMessage: ERROR_MESSAGE.badRequest,
    });
  });
});

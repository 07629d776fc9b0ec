/**
 * The mock beside a real backend, over real HTTP between two instances of this server: the
 * target ("the real backend") and the mock with it as MOCK_PROXY_TARGET. Forwarded reads,
 * writes and uploads arrive at the target; the target's tokens work on the mock's own routes when
 * checked with its secret, and without the secret go to the target; a dead target is 502, a silent one 504; faults apply to forwarded
 * calls; nothing of it exists without MOCK_CONTROL or with NODE_ENV=production.
 */
import type http from 'node:http';
import { request as httpRequest } from 'node:http';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { ERROR_CODE } from '@contracts/api/constants';
import type { Client } from '@contracts/api/schemes';
import { MOCK_PATHS } from '@contracts/api/mock';
import type { FaultAdded, FaultList } from '@contracts/api/mock-faults';
import {
  CALL_DETAIL_MAX_BYTES,
  MOCK_PROXY_MESSAGE,
  MOCK_PROXY_PATHS,
  type LoggedCallDetail,
  type RouteList,
  type RouteRule,
} from '@contracts/api/mock-proxy';
import { REDACTED, type RequestLogPage } from '@contracts/api/mock-requests';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { SCHEME_PATHS } from '@contracts/api/schemes';
import pino from 'pino';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { PNG_BYTES } from '../support/fixtures';
import { createTestApp, testEnv, type TestApp } from '../support/test-app';
import { call, listen, listenRaw, rawCall, signIn, type Listening } from './proxy-support';

/** The target's own token secret, different from the mock's (TEST_TOKEN_SECRET). */
const TARGET_SECRET = 'target-secret-abcdefghijklmnopqrstuvwxyz-0123456789';
const SIGN_IN = `/api${API_PATHS.tokens}`;
const CLIENTS = `/api${SCHEME_PATHS.clients}`;

const newClient = {
  clientName: 'Forwarded Client',
  binTypeId: 1,
  binNumber: '612399',
  binName: 'Forwarded BIN',
  binCountryId: null,
};

interface Pair {
  target: TestApp;
  targetServer: Listening;
  mock: TestApp;
  mockServer: Listening;
  /** The mock's own token (signed in before the sign-in was forwarded). */
  mockToken: string;
}

async function startPair(mockEnv: Record<string, string> = {}): Promise<Pair> {
  const target = await createTestApp({ env: { TOKEN_SECRET: TARGET_SECRET } });
  const targetServer = await listen(target.app);
  const mock = await createTestApp({
    env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: targetServer.url, ...mockEnv },
  });
  const mockServer = await listen(mock.app);
  const mockToken = (await signIn(mockServer.url)).token;
  return { target, targetServer, mock, mockServer, mockToken };
}

async function stopPair(pair: Pair): Promise<void> {
  await pair.mockServer.close();
  await pair.targetServer.close();
  await pair.mock.close();
  await pair.target.close();
}

async function addRule(pair: Pair, rule: object): Promise<RouteRule> {
  const answer = await call(pair.mockServer.url, 'POST', MOCK_PROXY_PATHS.routes, {
    token: pair.mockToken,
    body: rule,
  });
  expect(answer.status).toBe(201);
  return (answer.json() as { route: RouteRule }).route;
}

const inTenMinutes = () => Math.floor(Date.now() / 1000) + 600;

/** An access token for admin in this server's format, signed with a secret nobody uses. */
const otherSecretToken = () =>
  jwt.sign(
    { typ: 'access', sid: 'x', exp: inTenMinutes() },
    'another-secret-abcdefghijklmnopqrstuvwxyz-0123',
    { subject: 'admin' },
  );

/** The same claims, not signed at all (`alg: none`). */
const unsignedToken = () => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: 'admin', typ: 'access', sid: 'x', exp: inTenMinutes() })}.`;
};

/** Sends the sign-in, refresh and logout to the target. */
async function forwardSignIn(pair: Pair): Promise<void> {
  await addRule(pair, { path: SIGN_IN, to: 'real' });
  await addRule(pair, { path: URL_PATHS.refresh, to: 'real' });
}

describe('forwarding to a real backend', () => {
  let pair: Pair;
  afterEach(async () => {
    await stopPair(pair);
  });

  it('sends reads, writes and uploads a rule sends real to the target, and the answers back', async () => {
    pair = await startPair({ MOCK_PROXY_TOKEN_SECRET: TARGET_SECRET });
    const mockUrl = pair.mockServer.url;
    await forwardSignIn(pair);
    await addRule(pair, { method: '*', path: '/api/gift-card/*', to: 'real' });
    await addRule(pair, { method: 'POST', path: URL_PATHS.images, to: 'real' });
    const { token } = await signIn(mockUrl);

    // A write: made on the target, not on the mock.
    const created = await call(mockUrl, 'POST', `${CLIENTS}?returnBody=true`, {
      token,
      body: newClient,
    });
    expect(created.status).toBe(201);
    const targetClients = pair.target.store.read().clients.map((client) => client.clientName);
    expect(targetClients).toContain(newClient.clientName);
    expect(pair.mock.store.read().clients.map((client) => client.clientName)).not.toContain(
      newClient.clientName,
    );

    // A read, with its query, answered by the target as it is.
    const listed = await call(mockUrl, 'GET', CLIENTS, { token });
    expect(listed.status).toBe(200);
    const list = listed.json() as { _embedded: { clients: Client[] } };
    expect(list._embedded.clients.map((client) => client.clientName)).toEqual(targetClients);
    expect(listed.headers.get('content-type')).toMatch(/application\/json/);

    // A multipart upload, streamed: the file is kept by the target.
    const form = new FormData();
    form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), 'logo.png');
    const uploaded = await call(mockUrl, 'POST', URL_PATHS.images, { token, body: form });
    expect(uploaded.status).toBe(200);
    const { id } = uploaded.json() as { id: string };
    expect(await pair.target.storedFiles()).toContain(id);
    expect(await pair.mock.storedFiles()).not.toContain(id);

    // The log says who answered.
    const log = await call(mockUrl, 'GET', MOCK_PATHS.requests, { token: pair.mockToken });
    const kinds = (log.json() as RequestLogPage).requests.map(
      (entry) => `${entry.kind} ${entry.method} ${entry.path}`,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        `real POST ${CLIENTS}?returnBody=true`,
        `real GET ${CLIENTS}`,
        `real POST ${URL_PATHS.images}`,
        `real POST ${SIGN_IN}`,
        `mock POST ${SIGN_IN}`,
      ]),
    );
  });

  it('sends a call no route of the mock serves to the target', async () => {
    pair = await startPair({ API_RATE_LIMIT: '2' });
    const answer = await call(pair.mockServer.url, 'GET', '/api/only-the-backend/7?x=1');
    // The target's answer: it asks for its token.
    expect(answer.status).toBe(401);
    const targetLog = await call(pair.targetServer.url, 'GET', MOCK_PATHS.requests, {
      token: (await signIn(pair.targetServer.url)).token,
    });
    expect((targetLog.json() as RequestLogPage).requests.map((entry) => entry.path)).toContain(
      '/api/only-the-backend/7?x=1',
    );
    // Forwarded calls do not use up the mock's anonymous limit (the target keeps its own).
    for (let round = 0; round < 3; round += 1) {
      expect((await call(pair.mockServer.url, 'GET', '/api/only-the-backend')).status).toBe(401);
    }
  });

  it("forwards calls past the mock's own API_RATE_LIMIT: the target limits its own", async () => {
    pair = await startPair({ API_RATE_LIMIT: '3' });
    const mockUrl = pair.mockServer.url;
    // The address uses up the mock's anonymous limit on the mock's own calls.
    const statuses = [];
    for (let round = 0; round < 4; round += 1) {
      statuses.push((await call(mockUrl, 'GET', '/config.json')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // A call the mock forwards is the target's to answer (and to limit), not the mock's.
    for (const method of ['GET', 'PUT']) {
      const forwarded = await call(mockUrl, method, '/api/only-the-backend/7', {
        body: method === 'GET' ? undefined : { a: 1 },
      });
      expect(forwarded.status).toBe(401);
      expect(forwarded.json()).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });
    }
    // The mock's own calls stay refused.
    expect((await call(mockUrl, 'GET', '/config.json')).status).toBe(429);
  });

  it('serves a call a rule sends to the mock from the mock, and lists, replaces and deletes rules', async () => {
    pair = await startPair();
    const mockUrl = pair.mockServer.url;
    const rule = await addRule(pair, { method: 'get', path: '/api/programs', to: 'real' });
    expect(rule).toEqual({
      id: rule.id,
      method: 'GET',
      path: '/api/programs',
      to: 'real',
      source: 'api',
    });
    const replaced = await call(mockUrl, 'PUT', `${MOCK_PROXY_PATHS.routes}/${rule.id}`, {
      token: pair.mockToken,
      body: { method: 'GET', path: '/api/programs', to: 'mock' },
    });
    expect(replaced.status).toBe(200);
    // Served by the mock: its own token works.
    expect((await call(mockUrl, 'GET', '/api/programs', { token: pair.mockToken })).status).toBe(
      200,
    );
    const listed = (
      await call(mockUrl, 'GET', MOCK_PROXY_PATHS.routes, { token: pair.mockToken })
    ).json() as RouteList;
    expect(listed).toEqual({
      target: pair.targetServer.url,
      tokens: 'forwarded',
      routes: [{ ...rule, to: 'mock' }],
    });
    const route = `${MOCK_PROXY_PATHS.routes}/${rule.id}`;
    expect((await call(mockUrl, 'DELETE', route, { token: pair.mockToken })).status).toBe(204);
    const gone = await call(mockUrl, 'DELETE', route, { token: pair.mockToken });
    expect(gone.status).toBe(404);
    expect(gone.json()).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MOCK_PROXY_MESSAGE.routeNotFound(rule.id),
    });
    const bad = await call(mockUrl, 'POST', MOCK_PROXY_PATHS.routes, {
      token: pair.mockToken,
      body: { path: '/api/x', to: 'elsewhere' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('to');
    // Calls under /__mock stay the mock's: a rule there would never apply, so it is refused,
    // added or replacing another.
    const kept = await addRule(pair, { path: '/api/x', to: 'real' });
    for (const path of ['/__mock/requests', '/__MOCK/*', '/__mock', '/__mock*']) {
      for (const [method, where] of [
        ['POST', MOCK_PROXY_PATHS.routes],
        ['PUT', `${MOCK_PROXY_PATHS.routes}/${kept.id}`],
      ] as const) {
        const refused = await call(mockUrl, method, where, {
          token: pair.mockToken,
          body: { path, to: 'real' },
        });
        expect(refused.status).toBe(400);
        expect(refused.json()).toEqual({
          errorCode: ERROR_CODE.VALIDATION,
          errorMessage: `path: ${MOCK_PROXY_MESSAGE.toolsNotForwarded}`,
        });
      }
    }
    const rules = (
      await call(mockUrl, 'GET', MOCK_PROXY_PATHS.routes, { token: pair.mockToken })
    ).json() as RouteList;
    expect(rules.routes).toEqual([kept]);
  });

  it('applies faults to forwarded calls before they go', async () => {
    pair = await startPair();
    const mockUrl = pair.mockServer.url;
    await addRule(pair, { method: '*', path: '/api/gift-card/*', to: 'real' });
    const fault = await call(mockUrl, 'POST', MOCK_PATHS.faults, {
      token: pair.mockToken,
      body: { method: 'POST', path: '/api/gift-card/clients', status: 503, times: 1 },
    });
    expect(fault.status).toBe(201);
    const answer = await call(mockUrl, 'POST', CLIENTS, { body: newClient });
    expect(answer.status).toBe(503);
    expect(pair.target.store.read().clients.map((client) => client.clientName)).not.toContain(
      newClient.clientName,
    );
    const log = (
      await call(mockUrl, 'GET', MOCK_PATHS.requests, { token: pair.mockToken })
    ).json() as RequestLogPage;
    expect(log.requests.find((entry) => entry.path === CLIENTS)?.kind).toBe('faulted');

    // A delay alone keeps the call's kind: it still goes to the target.
    await call(mockUrl, 'POST', MOCK_PATHS.faults, {
      token: pair.mockToken,
      body: { method: 'GET', path: '/api/gift-card/clients', delayMs: 1, times: 1 },
    });
    expect((await call(mockUrl, 'GET', CLIENTS)).status).toBe(401); // the target's answer
    const later = (
      await call(mockUrl, 'GET', MOCK_PATHS.requests, { token: pair.mockToken })
    ).json() as RequestLogPage;
    expect(
      later.requests.find((entry) => entry.method === 'GET' && entry.path === CLIENTS),
    ).toMatchObject({ kind: 'real', fault: expect.stringContaining('delay 1 ms') as unknown });
  });
});

/** A GET of the raw request target `target` answered by the fake target's JSON. */
async function expectForwarded(base: string, target: string): Promise<void> {
  const answer = await rawCall(base, 'GET', target);
  expect({ target, status: answer.status, body: answer.text }).toEqual({
    target,
    status: 200,
    body: '{"from":"the target"}',
  });
}

/** A GET of the raw request target `target` refused, unforwarded, with 400. */
async function expectNotForwarded(base: string, target: string): Promise<void> {
  const answer = await rawCall(base, 'GET', target);
  expect({ target, status: answer.status, body: answer.json() }).toEqual({
    target,
    status: 400,
    body: { errorCode: ERROR_CODE.VALIDATION, errorMessage: MOCK_PROXY_MESSAGE.pathNotForwarded },
  });
}

describe('the address a forwarded call goes to', () => {
  it("is the target's origin and base path, then the call's path and query, whatever the path holds", async () => {
    const atTarget: string[] = [];
    const target = await listenRaw((req, res) => {
      atTarget.push(req.url ?? '');
      res.setHeader('Content-Type', 'application/json');
      res.end('{"from":"the target"}');
    });
    const elsewhere: string[] = [];
    const other = await listenRaw((req, res) => {
      elsewhere.push(req.url ?? '');
      res.setHeader('Content-Type', 'application/json');
      res.end('{"from":"another host"}');
    });
    const otherHost = new URL(other.url).host;
    const mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: `${target.url}/base` },
    });
    const mockServer = await listen(mock.app);
    try {
      // Paths `new URL(path, base)` would read as another host, and one inside the base path.
      const sent = [
        `//${otherHost}/api/secret-answer`,
        `//${otherHost}`,
        `/\\${otherHost}/api/secret-answer`,
        `/\\/${otherHost}/api/x?y=1`,
        `/api/only-the-backend?next=//${otherHost}/x`,
        // Path parameters and dots inside a segment are no dot segment.
        '/api/v1;v=2/a..b/..c',
      ];
      for (const path of sent) {
        await expectForwarded(mockServer.url, path);
      }
      expect(atTarget).toEqual(sent.map((path) => `/base${path}`));

      // Paths that could leave the base path at the target (dot segments, also %-encoded; an
      // absolute URL; `*`) are refused, and nothing is sent anywhere.
      for (const path of [
        '/api/../../admin',
        '/api/%2e%2E/%2e%2e/admin',
        '/..\\admin',
        '/api/./x',
        // With path parameters (Tomcat and Spring read `..;x` as `..`), or ended by an encoded
        // `/` or `\`, as some servers decode them.
        '/..;/x/echo',
        '/api/..;jsessionid=1/x',
        '/api/%2E%2e%3Bx/y',
        '/api/.;/x',
        '/api/%2e%2e%2fx',
        '/api/..%5Cx',
        `http://${otherHost}/api/secret-answer`,
        '*',
      ]) {
        await expectNotForwarded(mockServer.url, path);
      }
      expect(atTarget).toHaveLength(sent.length);
      expect(elsewhere).toEqual([]);
    } finally {
      await mockServer.close();
      await other.close();
      await target.close();
      await mock.close();
    }
  });
  it('takes an absolute URL naming the mock as the path it names, and refuses one naming another host', async () => {
    const atTarget: string[] = [];
    const target = await listenRaw((req, res) => {
      atTarget.push(req.url ?? '');
      res.setHeader('Content-Type', 'application/json');
      res.end('{"from":"the target"}');
    });
    const elsewhere: string[] = [];
    const other = await listenRaw((req, res) => {
      elsewhere.push(req.url ?? '');
      res.end();
    });
    const otherHost = new URL(other.url).host;
    const mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: `${target.url}/base` },
    });
    const mockServer = await listen(mock.app);
    const { port } = new URL(mockServer.url);
    try {
      // The mock by the address the call came in on, or as localhost on loopback, in any case:
      // the origin form it names, byte for byte, goes to the target as a path sent so would.
      const sent: [string, string][] = [
        [`http://127.0.0.1:${port}/api/only-the-backend/5?x=1`, '/api/only-the-backend/5?x=1'],
        [
          `HTTP://LocalHost:${port}/api/only-the-backend?next=//${otherHost}/x`,
          `/api/only-the-backend?next=//${otherHost}/x`,
        ],
        [
          `http://127.0.0.1:${port}//${otherHost}/api/secret-answer`,
          `//${otherHost}/api/secret-answer`,
        ],
      ];
      for (const [url] of sent) {
        await expectForwarded(mockServer.url, url);
      }
      expect(atTarget).toEqual(sent.map(([, sentPath]) => `/base${sentPath}`));
      const { token } = await signIn(mockServer.url);
      const log = (
        await call(mockServer.url, 'GET', MOCK_PATHS.requests, { token })
      ).json() as RequestLogPage;
      expect(log.requests.map((entry) => `${entry.kind} ${entry.path}`)).toContain(
        'real /api/only-the-backend/5?x=1',
      );

      // Dot segments stay refused whatever host is named; another host, another port, another
      // scheme or user information is never taken for the mock.
      for (const url of [
        `http://127.0.0.1:${port}/api/../../admin`,
        `http://localhost:${port}/api/%2e%2E/admin`,
        `http://127.0.0.1:${port}/..\\admin`,
        `http://${otherHost}/api/secret-answer`,
        `http://other.example:${port}/api/secret-answer`,
        `https://127.0.0.1:${port}/api/secret-answer`,
        `http://admin@127.0.0.1:${port}/api/secret-answer`,
      ]) {
        await expectNotForwarded(mockServer.url, url);
      }
      expect(atTarget).toHaveLength(sent.length);
      expect(elsewhere).toEqual([]);
    } finally {
      await mockServer.close();
      await other.close();
      await target.close();
      await mock.close();
    }
  });
});

describe('upload and import faults on forwarded calls', () => {
  let mock: TestApp;
  let mockServer: Listening;
  let target: Listening;
  let token: string;
  /** The bytes of each request body the target got whole. */
  let completed: number[];

  beforeEach(async () => {
    completed = [];
    target = await listenRaw((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      req.on('end', () => {
        if (req.url !== '/completed') completed.push(bytes);
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(req.url === '/completed' ? completed : { bytes }));
      });
    });
    mock = await createTestApp({ env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url } });
    mockServer = await listen(mock.app);
    token = (await signIn(mockServer.url)).token;
  });
  afterEach(async () => {
    await mockServer.close();
    await target.close();
    await mock.close();
  });

  const addFault = async (fault: object) => {
    const added = await call(mockServer.url, 'POST', MOCK_PATHS.faults, { token, body: fault });
    expect(added.status).toBe(201);
    return (added.json() as FaultAdded).fault;
  };
  const faults = async () =>
    ((await call(mockServer.url, 'GET', MOCK_PATHS.faults, { token })).json() as FaultList).faults;

  it('cut a forwarded upload off after failAfterBytes: the target never gets it whole', async () => {
    const SIZE = 512 * 1024;
    const fault = await addFault({
      method: 'POST',
      path: '/api/only-the-backend/upload',
      failAfterBytes: 1000,
      status: 503,
      errorMessage: 'Cut off by the fault',
    });
    const response = await fetch(`${mockServer.url}/api/only-the-backend/upload`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.alloc(SIZE, 7),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errorCode: ERROR_CODE.INTERNAL,
      errorMessage: 'Cut off by the fault',
    });
    // The mock stopped sending at the cut, so no whole body can be on its way: asked after the
    // answer, the target has had none.
    expect((await call(target.url, 'GET', '/completed')).json()).toEqual([]);
    expect(await faults()).toEqual([{ ...fault, applied: 1 }]);
    // Without the fault the same upload arrives whole.
    await call(mockServer.url, 'DELETE', `${MOCK_PATHS.faults}/${fault.id}`, { token });
    const whole = await fetch(`${mockServer.url}/api/only-the-backend/upload`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.alloc(SIZE, 7),
    });
    expect(await whole.json()).toEqual({ bytes: SIZE });
  });

  it('leave a forwarded call alone when they fault imports (failAtLine, stallAtLine): not applied, not used up', async () => {
    const failing = await addFault({
      method: 'POST',
      path: '/api/only-the-backend/process',
      failAtLine: 2,
      times: 1,
    });
    const stalling = await addFault({
      method: 'POST',
      path: '/api/only-the-backend/process',
      stallAtLine: 2,
      times: 1,
    });
    const answer = await call(mockServer.url, 'POST', '/api/only-the-backend/process', {
      body: { fileName: 'cards.txt' },
    });
    expect(answer.status).toBe(200);
    expect(await faults()).toEqual([failing, stalling]);
    const log = (
      await call(mockServer.url, 'GET', MOCK_PATHS.requests, { token })
    ).json() as RequestLogPage;
    const entry = log.requests.find((logged) => logged.path === '/api/only-the-backend/process');
    expect(entry).toMatchObject({ kind: 'real', status: 200 });
    expect(entry).not.toHaveProperty('fault');
  });
});

describe("the target's tokens on the mock's own routes", () => {
  let pair: Pair;
  afterEach(async () => {
    await stopPair(pair);
  });

  it('are checked with MOCK_PROXY_TOKEN_SECRET when it is given', async () => {
    pair = await startPair({ MOCK_PROXY_TOKEN_SECRET: TARGET_SECRET });
    const mockUrl = pair.mockServer.url;
    const targetToken = (await signIn(pair.targetServer.url)).token;
    // Before the sign-in is forwarded, the target's token is not the mock's.
    expect((await call(mockUrl, 'GET', '/api/programs', { token: targetToken })).status).toBe(401);
    await forwardSignIn(pair);
    const { token } = await signIn(mockUrl);
    expect((await call(mockUrl, 'GET', '/api/programs', { token })).status).toBe(200);
    expect((await call(mockUrl, 'GET', MOCK_PATHS.faults, { token })).status).toBe(200);
    const routes = (await call(mockUrl, 'GET', MOCK_PROXY_PATHS.routes, { token })).json();
    expect((routes as RouteList).tokens).toBe('checked');
    // Signed with another secret, or not signed at all: refused.
    for (const forged of [otherSecretToken(), unsignedToken()]) {
      expect((await call(mockUrl, 'GET', '/api/programs', { token: forged })).status).toBe(401);
      expect((await call(mockUrl, 'GET', MOCK_PATHS.faults, { token: forged })).status).toBe(401);
    }
  });

  it('are not taken without MOCK_PROXY_TOKEN_SECRET: a call with one goes to the target', async () => {
    pair = await startPair();
    const mockUrl = pair.mockServer.url;
    await forwardSignIn(pair);
    const { token } = await signIn(mockUrl);
    const routes = await call(mockUrl, 'GET', MOCK_PROXY_PATHS.routes, { token: pair.mockToken });
    expect((routes.json() as RouteList).tokens).toBe('forwarded');

    // A route of the mock that checks tokens: the target judges the token and answers.
    const programs = await call(mockUrl, 'GET', '/api/programs', { token });
    expect(programs.status).toBe(200);
    // Made-up tokens (one signed with another secret, one not signed at all, one not a JWT)
    // go there too and are refused there.
    for (const forged of [otherSecretToken(), unsignedToken(), 'not-a-token']) {
      const answer = await call(mockUrl, 'GET', '/api/programs', { token: forged });
      expect(answer.status).toBe(401);
      expect(answer.json()).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });
    }
    // The mock's own token is still the mock's.
    expect((await call(mockUrl, 'GET', '/api/programs', { token: pair.mockToken })).status).toBe(
      200,
    );
    const log = (
      await call(mockUrl, 'GET', MOCK_PATHS.requests, { token: pair.mockToken })
    ).json() as RequestLogPage;
    expect(
      log.requests
        .filter((entry) => entry.path === '/api/programs')
        .map((entry) => `${entry.kind} ${entry.status}`),
    ).toEqual(['mock 200', 'real 401', 'real 401', 'real 401', 'real 200']);

    // The developer tools take the mock's own tokens only.
    for (const other of [token, otherSecretToken(), unsignedToken()]) {
      expect((await call(mockUrl, 'GET', MOCK_PATHS.faults, { token: other })).status).toBe(401);
    }
    expect((await call(mockUrl, 'GET', MOCK_PATHS.faults, { token: pair.mockToken })).status).toBe(
      200,
    );
    // A route that needs no token is the mock's whatever the caller sends.
    const config = await call(mockUrl, 'GET', '/config.json', { token: unsignedToken() });
    expect(config.status).toBe(200);
  });

  it('go to the target only once the sign-in is forwarded', async () => {
    pair = await startPair();
    const mockUrl = pair.mockServer.url;
    const targetToken = (await signIn(pair.targetServer.url)).token;
    for (const other of [targetToken, unsignedToken()]) {
      expect((await call(mockUrl, 'GET', '/api/programs', { token: other })).status).toBe(401);
    }
    const log = (
      await call(mockUrl, 'GET', MOCK_PATHS.requests, { token: pair.mockToken })
    ).json() as RequestLogPage;
    expect(log.requests.filter((entry) => entry.kind === 'real')).toEqual([]);
  });
});

describe('a target that fails', () => {
  let mock: TestApp | undefined;
  let mockServer: Listening | undefined;
  let target: Listening | undefined;
  afterEach(async () => {
    await mockServer?.close();
    await target?.close();
    await mock?.close();
    mock = undefined;
    mockServer = undefined;
    target = undefined;
  });

  it('answers 502 naming the target when nothing listens there', async () => {
    // The discard port: below the range the system gives out, so no other test's server is
    // given it meanwhile, as a port just closed could be.
    const deadUrl = 'http://127.0.0.1:9';
    mock = await createTestApp({ env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: deadUrl } });
    mockServer = await listen(mock.app);
    const answer = await call(mockServer.url, 'GET', '/api/only-the-backend');
    expect(answer.status).toBe(502);
    expect(answer.json()).toEqual({
      errorCode: ERROR_CODE.INTERNAL,
      errorMessage: MOCK_PROXY_MESSAGE.unreachable(deadUrl),
    });
  });

  it('answers 504 naming the target when it does not answer in time, and stays up', async () => {
    const pending: http.ServerResponse[] = [];
    target = await listenRaw((_req, res) => {
      pending.push(res); // never answered
    });
    mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url, MOCK_PROXY_TIMEOUT_MS: '150' },
    });
    mockServer = await listen(mock.app);
    const answer = await call(mockServer.url, 'POST', '/api/only-the-backend', {
      body: { a: 1 },
    });
    expect(answer.status).toBe(504);
    expect(answer.json()).toEqual({
      errorCode: ERROR_CODE.INTERNAL,
      errorMessage: MOCK_PROXY_MESSAGE.timedOut(target.url, 150),
    });
    expect(pending.length).toBe(1);
    // The mock still answers its own calls.
    expect((await call(mockServer.url, 'GET', '/config.json')).status).toBe(200);
  });
});

/** How many times a loop may go round in these tests before a hop stops it (never with the guard). */
const MOST_TURNS = 3;

describe('a forwarding loop', () => {
  const servers: Listening[] = [];
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    for (const app of apps.splice(0)) await app.close();
  });

  async function mockWithTarget(target: string): Promise<TestApp> {
    const mock = await createTestApp({ env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target } });
    apps.push(mock);
    return mock;
  }

  /** The loop's answer, once, at the first turn back. */
  const expectLoopRefused = (answer: { status: number; json: () => unknown }, target: string) => {
    expect(answer.status).toBe(508);
    expect(answer.json()).toEqual({
      errorCode: ERROR_CODE.INTERNAL,
      errorMessage: MOCK_PROXY_MESSAGE.loop(target),
    });
  };

  it('is refused at the first turn when the target is the mock itself', async () => {
    // The mock's address is known once it listens: its app is put in place after.
    let app: http.RequestListener = (_req, res) => res.end();
    let received = 0;
    const server = await listenRaw((req, res) => {
      received += 1;
      if (received > MOST_TURNS) {
        res.writeHead(599).end();
        return;
      }
      app(req, res);
    });
    servers.push(server);
    app = (await mockWithTarget(server.url)).app;

    const answer = await call(server.url, 'GET', '/api/only-the-backend?x=1');
    expectLoopRefused(answer, server.url);
    // The call, and its one turn back.
    expect(received).toBe(2);
    // The mock still serves its own routes.
    expect((await call(server.url, 'GET', '/config.json')).status).toBe(200);
  });

  it('is refused at the first turn back through another proxy (a dev server forwarding to the mock)', async () => {
    let mockUrl = '';
    const relayed: (string | undefined)[] = [];
    // Forwards everything to the mock with its headers, as webpack's dev server proxy does.
    const relay = await listenRaw((req, res) => {
      relayed.push(req.headers.via);
      if (relayed.length > MOST_TURNS) {
        res.writeHead(599).end();
        return;
      }
      const onward = httpRequest(
        `${mockUrl}${req.url ?? '/'}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      onward.on('error', () => res.destroy());
      req.pipe(onward);
    });
    servers.push(relay);
    const mockServer = await listen((await mockWithTarget(relay.url)).app);
    servers.push(mockServer);
    mockUrl = mockServer.url;

    const answer = await call(mockUrl, 'POST', '/api/only-the-backend', {
      body: { a: 1 },
      headers: { Via: '1.1 corporate-proxy' },
    });
    expectLoopRefused(answer, relay.url);
    // Once through the relay, with the mock named after the hops the call came through.
    expect(relayed).toEqual([
      expect.stringMatching(/^1\.1 corporate-proxy, 1\.1 portal-mock-\w+$/),
    ]);
  });

  it('is no loop for another instance forwarding to this one: each names itself', async () => {
    const atTarget: (string | undefined)[] = [];
    const target = await listenRaw((req, res) => {
      atTarget.push(req.headers.via);
      res.setHeader('Content-Type', 'application/json');
      res.end('{"from":"the target"}');
    });
    servers.push(target);
    const inner = await listen((await mockWithTarget(target.url)).app);
    servers.push(inner);
    const outer = await listen((await mockWithTarget(inner.url)).app);
    servers.push(outer);
    const answer = await call(outer.url, 'GET', '/api/only-the-backend');
    expect(answer.status).toBe(200);
    expect(atTarget).toEqual([
      expect.stringMatching(/^1\.1 portal-mock-(\w+), 1\.1 portal-mock-(?!\1)\w+$/),
    ]);
  });
});

describe('a slow upload', () => {
  it("is not cut off: the target's time counts from the end of the request's body", async () => {
    const PART = 64 * 1024;
    let firstPartArrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => {
      firstPartArrived = resolve;
    });
    const pending: http.ServerResponse[] = [];
    const target = await listenRaw((req, res) => {
      if (req.url === '/api/only-the-backend/never') {
        pending.push(res); // never answered
        req.resume();
        return;
      }
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        firstPartArrived();
      });
      req.on('end', () => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ bytes }));
      });
    });
    const mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url, MOCK_PROXY_TIMEOUT_MS: '200' },
    });
    const mockServer = await listen(mock.app);
    try {
      const upload = httpRequest(`${mockServer.url}/api/only-the-backend/upload`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(2 * PART),
        },
      });
      const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
        upload.on('error', reject);
        upload.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        });
      });
      upload.write(Buffer.alloc(PART, 1));
      await arrival;
      // A call that started after the upload did, with the same timeout, to a target that does
      // not answer: once it has timed out, the upload has taken longer than the timeout too.
      const other = await call(mockServer.url, 'GET', '/api/only-the-backend/never');
      expect(other.status).toBe(504);
      upload.end(Buffer.alloc(PART, 2));
      const answer = await answered;
      expect(answer).toEqual({ status: 200, text: JSON.stringify({ bytes: 2 * PART }) });
      expect(pending).toHaveLength(1);
    } finally {
      await mockServer.close();
      await target.close();
      await mock.close();
    }
  });
});

describe('a client gone midway', () => {
  it('aborts the call to the target', async () => {
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let closed: () => void = () => undefined;
    const targetClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const target = await listenRaw((req) => {
      req.socket.once('close', () => closed());
      arrived(); // and never answered
    });
    // The longest timeout: only the client's going can end the call to the target.
    const mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url, MOCK_PROXY_TIMEOUT_MS: '600000' },
    });
    const mockServer = await listen(mock.app);
    try {
      const aborter = new AbortController();
      const pending = fetch(`${mockServer.url}/api/only-the-backend`, {
        signal: aborter.signal,
      }).catch((error: unknown) => error);
      await arrival;
      aborter.abort();
      await pending;
      // Resolves only when the mock closed its connection to the target.
      await targetClosed;
      expect((await call(mockServer.url, 'GET', '/config.json')).status).toBe(200);
    } finally {
      await mockServer.close();
      await target.close();
      await mock.close();
    }
  });
});

describe('where forwarding exists', () => {
  it('is off with NODE_ENV=production (the target ignored)', async () => {
    const config = loadConfig(
      testEnv(path.join(os.tmpdir(), 'db.json'), {
        NODE_ENV: 'production',
        MOCK_CONTROL: 'true',
        MOCK_PROXY_TARGET: 'http://127.0.0.1:9',
      }),
    );
    expect(config.mockProxyTarget).toBeUndefined();
    const t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        MOCK_CONTROL: 'true',
        MOCK_PROXY_TARGET: 'http://127.0.0.1:9',
      },
    });
    const server = await listen(t.app);
    try {
      const answer = await call(server.url, 'GET', '/api/only-the-backend');
      expect(answer.status).not.toBe(502);
      const { token } = await signIn(server.url);
      const routes = await call(server.url, 'GET', MOCK_PROXY_PATHS.routes, { token });
      expect((routes.json() as RouteList).target).toBeNull();
      // Said at start.
      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      createApp({ db: t.store, config: t.config, logger });
      expect(lines.join('\n')).toContain(
        'MOCK_PROXY_TARGET ignored: forwarding is off with NODE_ENV=production',
      );
    } finally {
      await server.close();
      await t.close();
    }
  });

  it('has no control calls without MOCK_CONTROL', async () => {
    const t = await createTestApp({
      env: { MOCK_CONTROL: 'false', MOCK_PROXY_TARGET: 'http://127.0.0.1:9' },
    });
    const server = await listen(t.app);
    try {
      const { token } = await signIn(server.url);
      for (const where of [MOCK_PROXY_PATHS.routes, MOCK_PROXY_PATHS.recordings]) {
        expect((await call(server.url, 'GET', where, { token })).status).toBe(404);
      }
      expect((await call(server.url, 'GET', '/api/only-the-backend', { token })).status).toBe(404);
    } finally {
      await server.close();
      await t.close();
    }
  });

  it('warns at start when MOCK_PROXY_ROUTES forwards the sign-in without MOCK_PROXY_TOKEN_SECRET', async () => {
    const routes = path.join(os.tmpdir(), `routes-sign-in-${process.pid}.json`);
    await writeFile(routes, JSON.stringify([{ path: SIGN_IN, to: 'real' }]));
    const t = await createTestApp({ env: { MOCK_CONTROL: 'true' } });
    try {
      const startLog = (env: Record<string, string>): string => {
        const lines: string[] = [];
        const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
        const config = loadConfig(
          testEnv(t.config.dbFile, {
            MOCK_CONTROL: 'true',
            MOCK_PROXY_TARGET: 'http://127.0.0.1:9',
            ...env,
          }),
        );
        createApp({ db: t.store, config, logger });
        return lines.join('\n');
      };
      const warning = JSON.stringify(MOCK_PROXY_MESSAGE.toolsLockedOut);
      expect(startLog({ MOCK_PROXY_ROUTES: routes })).toContain(warning);
      // With the secret the target's tokens open /__mock; without the rule the mock signs in.
      expect(
        startLog({ MOCK_PROXY_ROUTES: routes, MOCK_PROXY_TOKEN_SECRET: TARGET_SECRET }),
      ).not.toContain(warning);
      expect(startLog({})).not.toContain(warning);
    } finally {
      await t.close();
      await rm(routes, { force: true });
    }
  });

  it('takes rules from MOCK_PROXY_ROUTES, and a bad file stops the start naming the file and the field', async () => {
    const dir = os.tmpdir();
    const good = path.join(dir, `routes-good-${process.pid}.json`);
    const bad = path.join(dir, `routes-bad-${process.pid}.json`);
    await writeFile(good, JSON.stringify([{ method: 'GET', path: '/api/programs', to: 'real' }]));
    await writeFile(bad, JSON.stringify([{ path: '/api/programs', to: 'real' }, { path: 'x' }]));
    await expect(
      createTestApp({ env: { MOCK_PROXY_TARGET: 'http://127.0.0.1:9', MOCK_PROXY_ROUTES: bad } }),
    ).rejects.toThrow(`MOCK_PROXY_ROUTES (${bad}): 1.path`);
    const t = await createTestApp({
      env: { MOCK_PROXY_TARGET: 'http://127.0.0.1:9', MOCK_PROXY_ROUTES: good },
    });
    const server = await listen(t.app);
    try {
      const { token } = await signIn(server.url);
      const routes = (
        await call(server.url, 'GET', MOCK_PROXY_PATHS.routes, { token })
      ).json() as RouteList;
      expect(routes.routes).toEqual([
        { id: '1', method: 'GET', path: '/api/programs', to: 'real', source: 'file' },
      ]);
      // Sent to the (dead) target.
      expect((await call(server.url, 'GET', '/api/programs', { token })).status).toBe(502);
    } finally {
      await server.close();
      await t.close();
    }
  });
});

describe('PUT /__mock/faults/{id}', () => {
  it('edits a fault in place, keeping its id and applied count', async () => {
    const t = await createTestApp({ env: { MOCK_CONTROL: 'true' } });
    const server = await listen(t.app);
    try {
      const { token } = await signIn(server.url);
      const added = (
        await call(server.url, 'POST', MOCK_PATHS.faults, {
          token,
          body: { method: 'GET', path: '/config.json', status: 500 },
        })
      ).json() as FaultAdded;
      expect((await call(server.url, 'GET', '/config.json')).status).toBe(500);
      const where = `${MOCK_PATHS.faults}/${added.fault.id}`;
      const edited = await call(server.url, 'PUT', where, {
        token,
        body: { method: 'GET', path: '/config.json', status: 418, errorCode: 4711 },
      });
      expect(edited.status).toBe(200);
      expect((edited.json() as FaultAdded).fault).toEqual({
        id: added.fault.id,
        method: 'GET',
        path: '/config.json',
        status: 418,
        errorCode: 4711,
        applied: 1,
        source: 'api',
      });
      const answer = await call(server.url, 'GET', '/config.json');
      expect(answer.status).toBe(418);
      const bad = await call(server.url, 'PUT', where, { token, body: { status: 200 } });
      expect(bad.status).toBe(400);
      const missing = await call(server.url, 'PUT', `${MOCK_PATHS.faults}/999`, {
        token,
        body: { path: '/x', status: 500 },
      });
      expect(missing.status).toBe(404);
    } finally {
      await server.close();
      await t.close();
    }
  });
});

describe('GET /__mock/requests/{id}: a call with its headers and bodies', () => {
  let mock: TestApp | undefined;
  let mockServer: Listening | undefined;
  let target: Listening | undefined;
  afterEach(async () => {
    await mockServer?.close();
    await target?.close();
    await mock?.close();
    mock = undefined;
    mockServer = undefined;
    target = undefined;
  });

  const PASSWORD = 'Sw0rdfish-secret';
  const PIN = '918273';

  async function detailOf(base: string, token: string, method: string, urlPath: string) {
    const log = (await call(base, 'GET', MOCK_PATHS.requests, { token })).json() as RequestLogPage;
    const entry = log.requests.find((e) => e.method === method && e.path === urlPath);
    if (entry === undefined) throw new Error(`not logged: ${method} ${urlPath}`);
    const answer = await call(base, 'GET', `${MOCK_PATHS.requests}/${entry.id}`, { token });
    expect(answer.status).toBe(200);
    return { text: answer.text, detail: answer.json() as LoggedCallDetail };
  }

  it('keeps both sides of forwarded and mock calls, secrets redacted, bodies cut at 64 KB', async () => {
    const big = 'x'.repeat(CALL_DETAIL_MAX_BYTES + 1000);
    target = await listenRaw((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Set-Cookie', 'session=abc123; HttpOnly');
        res.end(JSON.stringify({ masterToken: 'mt-plain-secret', filler: big }));
      });
    });
    mock = await createTestApp({ env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url } });
    mockServer = await listen(mock.app);
    const { token } = await signIn(mockServer.url);

    const sent = await call(mockServer.url, 'POST', '/api/only-the-backend?apiKey=k-secret', {
      token,
      body: { password: PASSWORD, cardPin: PIN, devicePassword: 'dev-secret', name: 'kept' },
    });
    expect(sent.status).toBe(200);
    const forwarded = await detailOf(
      mockServer.url,
      token,
      'POST',
      `/api/only-the-backend?apiKey=${REDACTED}`,
    );
    expect(forwarded.detail.kind).toBe('real');
    expect(forwarded.detail.request.headers.authorization).toBe(REDACTED);
    expect(JSON.parse(forwarded.detail.request.body ?? '')).toEqual({
      password: REDACTED,
      cardPin: REDACTED,
      devicePassword: REDACTED,
      name: 'kept',
    });
    expect(forwarded.detail.request.truncated).toBe(false);
    expect(forwarded.detail.response.headers['set-cookie']).toBe(REDACTED);
    expect(forwarded.detail.response.truncated).toBe(true);
    expect(Buffer.byteLength(forwarded.detail.response.body ?? '')).toBeLessThanOrEqual(
      CALL_DETAIL_MAX_BYTES,
    );
    expect(forwarded.detail.response.body).toContain(`"masterToken":"${REDACTED}"`);
    for (const secret of [PASSWORD, PIN, 'dev-secret', 'mt-plain-secret', 'abc123', token]) {
      expect(forwarded.text).not.toContain(secret);
    }

    // The mock's own sign-in: its password and the tokens it answered are not shown.
    const signedIn = await detailOf(mockServer.url, token, 'POST', SIGN_IN);
    expect(signedIn.detail.kind).toBe('mock');
    expect(JSON.parse(signedIn.detail.request.body ?? '')).toMatchObject({ password: REDACTED });
    expect(JSON.parse(signedIn.detail.response.body ?? '')).toMatchObject({
      token: REDACTED,
      masterToken: REDACTED,
      userName: 'admin',
    });
    expect(signedIn.text).not.toContain(token);

    const missing = await call(mockServer.url, 'GET', `${MOCK_PATHS.requests}/999999`, { token });
    expect(missing.status).toBe(404);
  });
});

describe('a target that stops midway through its answer', () => {
  it('cuts the answer off for the client, who is not left waiting', async () => {
    const target = await listenRaw((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '1000' });
      res.write('the first part');
      // and nothing more: the mock's timeout ends it
    });
    const mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url, MOCK_PROXY_TIMEOUT_MS: '150' },
    });
    const mockServer = await listen(mock.app);
    try {
      const response = await fetch(`${mockServer.url}/api/only-the-backend`);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
      expect((await call(mockServer.url, 'GET', '/config.json')).status).toBe(200);
    } finally {
      await mockServer.close();
      await target.close();
      await mock.close();
    }
  });
});

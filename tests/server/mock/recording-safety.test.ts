/**
 * Recordings against a target that answers as real backends do (compressed answers, other
 * content types, errors, large bodies), over real HTTP: no secret reaches a recording file in
 * any form, and what a recording keeps is replayed as it was answered.
 */
import type http from 'node:http';
import { constants } from 'node:buffer';
import { mkdir, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { MOCK_PATHS } from '@contracts/api/mock';
import {
  CALL_DETAIL_MAX_BYTES,
  MOCK_PROXY_MESSAGE,
  MOCK_PROXY_PATHS,
  type RecordingList,
  type RecordingStopped,
} from '@contracts/api/mock-proxy';
import { REDACTED, type RequestLogPage } from '@contracts/api/mock-requests';
import { SCENARIO, type ScenarioList } from '@contracts/api/mock-scenarios';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { RECORDING_HEAD_BYTES } from '../../../server/dev/mock/recordings';
import { createTestApp, DEMO_USER, type TestApp } from '../support/test-app';
import {
  call,
  listen,
  listenRaw,
  mockInFront,
  signIn,
  type Answer,
  type Listening,
  type MockInFront,
  type TargetRoute,
} from './proxy-support';

const SIGN_IN = `/api${API_PATHS.tokens}`;
/** The target's secrets: none may reach a recording file, in any encoding. */
const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.YWNjZXNzLXNpZ25hdHVyZQ';
const MASTER = 'opaque-master-token-4f7c';
const SESSION_KEY = 'OPAQUE-SESSION-VALUE-123';
const PASSWORD = 'hunter2-in-text';
const SECRETS = [ACCESS, MASTER, SESSION_KEY, PASSWORD, DEMO_USER.password];

const signInAnswer = () =>
  JSON.stringify({
    token: ACCESS,
    masterToken: MASTER,
    userName: DEMO_USER.username,
    opaqueKey: SESSION_KEY,
  });

/** How the target answers a path: status, headers and body bytes. */
type Route = TargetRoute;

/** A recorded call as the file holds it. */
interface SavedCall {
  method: string;
  url: string;
  body: string | null;
  status: number;
  headers: Record<string, string>;
  response: string;
  encoding: 'utf8' | 'base64';
}

/** The plain text of a recorded answer, however it was stored (base64, compressed). */
function plainText(recorded: SavedCall): string {
  let bytes = Buffer.from(recorded.response, recorded.encoding);
  const encodings = (recorded.headers['content-encoding'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'identity')
    .reverse();
  for (const encoding of encodings) {
    if (encoding === 'gzip' || encoding === 'x-gzip') bytes = zlib.gunzipSync(bytes);
    else if (encoding === 'br') bytes = zlib.brotliDecompressSync(bytes);
    else if (encoding === 'deflate') bytes = zlib.inflateSync(bytes);
  }
  return bytes.toString('utf8');
}

/**
 * A mock with the developer tools on and a target nothing answers at, signed in, and its
 * recordings folder made, for each test of the describe block that calls it.
 */
function mockWithRecordingsFolder() {
  const tools = {} as { mock: TestApp; server: Listening; token: string };
  beforeEach(async () => {
    tools.mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: 'http://127.0.0.1:9' },
    });
    tools.server = await listen(tools.mock.app);
    tools.token = (await signIn(tools.server.url)).token;
    await mkdir(path.join(tools.mock.dir, 'recordings'), { recursive: true });
  });
  afterEach(async () => {
    await tools.server.close();
    await tools.mock.close();
  });
  return tools;
}

describe('recording a target that answers as real backends do', () => {
  let routes: Map<string, Route>;
  let front: MockInFront;
  let target: Listening;
  let mock: TestApp;
  let mockServer: Listening;
  let mockToken: string;

  beforeEach(async () => {
    routes = new Map();
    front = await mockInFront(routes, [
      { path: SIGN_IN, to: 'real' },
      { path: URL_PATHS.refresh, to: 'real' },
    ]);
    ({ target, mock, server: mockServer, token: mockToken } = front);
  });
  afterEach(() => front.close());

  function control(method: string, where: string, body?: unknown): Promise<Answer> {
    return call(mockServer.url, method, where, { token: mockToken, body });
  }

  async function startRecording(name: string, paths: string[]): Promise<void> {
    const started = await control('POST', MOCK_PROXY_PATHS.recordings, {
      name,
      routes: paths.map((where) => ({ path: where })),
    });
    expect(started.status).toBe(201);
  }

  async function stopRecording(name: string): Promise<RecordingStopped> {
    const stopped = await control('POST', `${MOCK_PROXY_PATHS.recordings}/${name}/stop`);
    expect(stopped.status).toBe(200);
    return stopped.json() as RecordingStopped;
  }

  async function savedFile(name: string): Promise<{ text: string; calls: SavedCall[] }> {
    const text = await readFile(path.join(mock.dir, 'recordings', `${name}.json`), 'utf8');
    return { text, calls: (JSON.parse(text) as { calls: SavedCall[] }).calls };
  }

  const signInCall = (headers: Record<string, string> = {}) =>
    call(mockServer.url, 'POST', SIGN_IN, {
      body: { username: DEMO_USER.username, password: DEMO_USER.password },
      headers: { [MODULE_CODE_HEADER]: MODULE_CODE, ...headers },
    });

  it.each([
    ['gzip', (bytes: Buffer) => zlib.gzipSync(bytes)],
    ['x-gzip', (bytes: Buffer) => zlib.gzipSync(bytes)],
    ['br', (bytes: Buffer) => zlib.brotliCompressSync(bytes)],
    ['deflate', (bytes: Buffer) => zlib.deflateSync(bytes)],
    ['gzip, br', (bytes: Buffer) => zlib.brotliCompressSync(zlib.gzipSync(bytes))],
  ])(
    'keeps a %s-compressed answer holding tokens redacted, and replays *** tokens',
    async (encoding, compress) => {
      const SESSIONS = '/api/only-the-backend/sessions';
      routes.set(SESSIONS, () => ({
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: compress(Buffer.from(signInAnswer())),
      }));
      const sessionsCall = () =>
        call(mockServer.url, 'GET', SESSIONS, {
          token: mockToken,
          headers: { 'Accept-Encoding': 'gzip, deflate, br' },
        });
      await startRecording('compressed', [SESSIONS]);
      expect((await sessionsCall()).status).toBe(200);
      expect(await stopRecording('compressed')).toEqual({ name: 'compressed', calls: 1 });
      const { text, calls } = await savedFile('compressed');
      expect(calls).toHaveLength(1);
      const [recorded] = calls;
      if (recorded === undefined) throw new Error('nothing recorded');
      for (const secret of SECRETS) {
        expect(text).not.toContain(secret);
        expect(plainText(recorded)).not.toContain(secret);
      }

      await target.close();
      expect((await control('POST', `${MOCK_PATHS.scenarios}/compressed`)).status).toBe(200);
      const replayed = await sessionsCall();
      expect(replayed.status).toBe(200);
      expect(replayed.json()).toEqual({
        token: REDACTED,
        masterToken: REDACTED,
        userName: DEMO_USER.username,
        opaqueKey: REDACTED,
      });
    },
  );

  it('redacts an answer whatever its content type says, and never records the sign-in', async () => {
    routes.set('/api/only-the-backend/vendor', () => ({
      headers: { 'Content-Type': 'application/vnd.example.v1' },
      body: JSON.stringify({ token: ACCESS, password: PASSWORD, kept: 'yes' }),
    }));
    routes.set('/api/only-the-backend/text', () => ({
      headers: { 'Content-Type': 'text/plain' },
      body: `token=${ACCESS}\npassword=${PASSWORD}\nkept=yes`,
    }));
    routes.set('/api/only-the-backend/bytes', () => ({
      headers: { 'Content-Type': 'application/octet-stream' },
      body: `session_key: ${SESSION_KEY}; masterToken=${MASTER}`,
    }));
    routes.set(SIGN_IN, () => ({
      headers: { 'Content-Type': 'text/plain' },
      body: `token=${ACCESS}&masterToken=${MASTER}`,
    }));
    await startRecording('content-types', ['/api/*']);
    for (const kind of ['vendor', 'text', 'bytes']) {
      const answer = await call(mockServer.url, 'GET', `/api/only-the-backend/${kind}`);
      expect(answer.status).toBe(200);
    }
    expect((await signInCall()).status).toBe(200);
    expect(await stopRecording('content-types')).toEqual({ name: 'content-types', calls: 3 });
    const { text, calls } = await savedFile('content-types');
    for (const secret of SECRETS) {
      expect(text).not.toContain(secret);
      for (const recorded of calls) expect(plainText(recorded)).not.toContain(secret);
    }
    expect(calls.map((recorded) => recorded.url)).toEqual([
      '/api/only-the-backend/vendor',
      '/api/only-the-backend/text',
      '/api/only-the-backend/bytes',
    ]);
    expect(calls.map(plainText)).toEqual([
      JSON.stringify({ token: REDACTED, password: REDACTED, kept: 'yes' }),
      `token=${REDACTED}\npassword=${REDACTED}\nkept=yes`,
      `session_key: ${REDACTED}; masterToken=${REDACTED}`,
    ]);
  });
  it('replays a JSON write whose body is larger than the request log keeps', async () => {
    routes.set('/api/only-the-backend/big', (_req, body) => ({
      status: 201,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ received: body.length }),
    }));
    // Over CALL_DETAIL_MAX_BYTES (64 KB), under JSON_BODY_LIMIT.
    const big = {
      items: Array.from({ length: 2000 }, (_, n) => ({
        n,
        name: `item ${n}`,
        note: 'x'.repeat(30),
      })),
    };
    const sentBytes = Buffer.byteLength(JSON.stringify(big));
    expect(sentBytes).toBeGreaterThan(CALL_DETAIL_MAX_BYTES);
    await startRecording('big-write', ['/api/only-the-backend/*']);
    const recorded = await call(mockServer.url, 'POST', '/api/only-the-backend/big', { body: big });
    expect(recorded.json()).toEqual({ received: sentBytes });
    expect(await stopRecording('big-write')).toEqual({ name: 'big-write', calls: 1 });

    await target.close();
    expect((await control('POST', `${MOCK_PATHS.scenarios}/big-write`)).status).toBe(200);
    const replayed = await call(mockServer.url, 'POST', '/api/only-the-backend/big', {
      token: mockToken,
      body: big,
    });
    expect(replayed.status).toBe(201);
    expect(replayed.json()).toEqual({ received: sentBytes });
    const log = (await control('GET', MOCK_PATHS.requests)).json() as RequestLogPage;
    expect(log.requests[0]).toMatchObject({ kind: 'replayed', path: '/api/only-the-backend/big' });
    // Another body is not that recorded call.
    const other = await call(mockServer.url, 'POST', '/api/only-the-backend/big', {
      token: mockToken,
      body: { ...big, items: big.items.slice(1) },
    });
    expect(other.status).toBe(404);
  });
  it('forwards and replays a JSON write over JSON_BODY_LIMIT; the mock’s own routes still refuse it', async () => {
    routes.set('/api/only-the-backend/bulk', (_req, body) => ({
      status: 201,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ received: body.length }),
    }));
    // 2 MB: over the default JSON_BODY_LIMIT (1 MB), under what a recording keeps (16 MB).
    const bulk = (note: string) => ({ note, lines: 'x'.repeat(2 * 1024 * 1024) });
    const sentBytes = Buffer.byteLength(JSON.stringify(bulk('first')));
    const tooLarge = { errorCode: ERROR_CODE.TOO_LARGE, errorMessage: ERROR_MESSAGE.bodyTooLarge };

    await startRecording('bulk-write', ['/api/only-the-backend/*']);
    const forwarded = await call(mockServer.url, 'POST', '/api/only-the-backend/bulk', {
      token: mockToken,
      body: bulk('first'),
    });
    expect(forwarded.status).toBe(201);
    expect(forwarded.json()).toEqual({ received: sentBytes });
    expect(await stopRecording('bulk-write')).toEqual({ name: 'bulk-write', calls: 1 });

    await target.close();
    expect((await control('POST', `${MOCK_PATHS.scenarios}/bulk-write`)).status).toBe(200);
    const replayed = await call(mockServer.url, 'POST', '/api/only-the-backend/bulk', {
      token: mockToken,
      body: bulk('first'),
    });
    expect(replayed.status).toBe(201);
    expect(replayed.json()).toEqual({ received: sentBytes });

    // Not the recorded body: what the mock's routes would get, refused as ever.
    const other = await call(mockServer.url, 'POST', '/api/only-the-backend/bulk', {
      token: mockToken,
      body: bulk('second'),
    });
    expect(other.status).toBe(413);
    expect(other.json()).toEqual(tooLarge);
    // A route of the mock's own, while the recording is in place, and a write it never recorded.
    for (const where of ['/api/programs', '/api/only-the-backend/other']) {
      const own = await call(mockServer.url, 'POST', where, { token: mockToken, body: bulk('x') });
      expect(own.status).toBe(413);
      expect(own.json()).toEqual(tooLarge);
    }
    const log = (await control('GET', MOCK_PATHS.requests)).json() as RequestLogPage;
    expect(
      log.requests
        .filter((entry) => entry.method === 'POST' && entry.path !== SIGN_IN)
        .map((entry) => `${entry.kind} ${entry.status}`),
    ).toEqual(['mock 413', 'mock 413', 'mock 413', 'replayed 201', 'real 201']);
  });
  it('keeps no card number or PIN that sits in a list without a name (card-file review lines)', async () => {
    const CARD = '6012345678901234';
    const PIN = '9876';
    routes.set('/api/only-the-backend/review', () => ({
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        columns: ['cardNumber', 'pin', 'balance', 'expiryDate'],
        lines: [{ line: 2, values: [CARD, PIN, '10.00', '2027-01-31'], status: 'failing' }],
        total: 1,
      }),
    }));
    await startRecording('review', ['/api/only-the-backend/*']);
    const answer = await call(mockServer.url, 'GET', '/api/only-the-backend/review');
    expect(answer.text).toContain(CARD); // the client gets the answer as it is
    await stopRecording('review');
    const { text, calls } = await savedFile('review');
    expect(text).not.toContain(CARD);
    expect(text).not.toContain(`"${PIN}"`);
    expect(JSON.parse(calls[0]?.response ?? '')).toEqual({
      columns: ['cardNumber', 'pin', 'balance', 'expiryDate'],
      lines: [{ line: 2, values: [REDACTED, REDACTED, '10.00', '2027-01-31'], status: 'failing' }],
      total: 1,
    });
    // Nor do the request log's details.
    const log = (await control('GET', MOCK_PATHS.requests)).json() as RequestLogPage;
    const entry = log.requests.find((logged) => logged.path === '/api/only-the-backend/review');
    const detail = await control('GET', `${MOCK_PATHS.requests}/${entry?.id ?? 0}`);
    expect(detail.status).toBe(200);
    expect(detail.text).not.toContain(CARD);
    expect(detail.text).not.toContain(`\\"${PIN}\\"`);
  });
  it('keeps what only names or describes a secret: masked numbers, column names, flags', async () => {
    routes.set('/api/only-the-backend/described', () => ({
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        maskedCardNumber: '•••• 1234',
        secretColumn: 'devicePassword',
        columns: [{ name: 'pin', secret: true }],
        passwordExpired: false,
        cardNumber: '6012345678901234',
        pin: 4321,
        password: { hash: 'h' },
      }),
    }));
    await startRecording('described', ['/api/only-the-backend/*']);
    await call(mockServer.url, 'GET', '/api/only-the-backend/described');
    await stopRecording('described');
    const { calls } = await savedFile('described');
    expect(JSON.parse(calls[0]?.response ?? '')).toEqual({
      maskedCardNumber: '•••• 1234',
      secretColumn: 'devicePassword',
      columns: [{ name: 'pin', secret: true }],
      passwordExpired: false,
      cardNumber: REDACTED,
      pin: REDACTED,
      password: REDACTED,
    });
  });
  it("keeps the target's own headers, ETag included, and none the mock added", async () => {
    const targetHeaders = {
      'content-type': 'application/json',
      etag: '"abc"',
      'cache-control': 'max-age=60',
      'x-backend': 'yes',
    };
    routes.set('/api/only-the-backend/headers', () => ({
      headers: targetHeaders,
      body: '{"from":"the target"}',
    }));
    await startRecording('headers', ['/api/only-the-backend/*']);
    const live = await call(mockServer.url, 'GET', '/api/only-the-backend/headers');
    // The client got the mock's headers too (its rate limit, its security headers).
    expect(live.headers.get('ratelimit')).not.toBeNull();
    await stopRecording('headers');
    const { calls } = await savedFile('headers');
    expect(calls[0]?.headers).toEqual(targetHeaders);

    await target.close();
    expect((await control('POST', `${MOCK_PATHS.scenarios}/headers`)).status).toBe(200);
    const replayed = await call(mockServer.url, 'GET', '/api/only-the-backend/headers', {
      token: mockToken,
    });
    expect(replayed.status).toBe(200);
    for (const [name, value] of Object.entries(targetHeaders)) {
      expect(replayed.headers.get(name)).toBe(value);
    }
  });
  it('reads text in its charset, redacts it as text, and leaves out what it cannot read', async () => {
    const ESC = '\u001b';
    const text =
      (contentType: string, body: Buffer | string): Route =>
      () => ({
        headers: { 'Content-Type': contentType },
        body,
      });
    const kept: Record<string, Route> = {
      latin1: text(
        'application/json; charset=iso-8859-1',
        Buffer.from(`{"name":"café","token":"${MASTER}","password":"${PASSWORD}"}`, 'latin1'),
      ),
      ansi: text('text/plain', `${ESC}[32mpassword=${PASSWORD} token=${ACCESS}${ESC}[0m`),
      utf16: text('text/plain; charset=utf-16le', Buffer.from(`pin: ${SESSION_KEY}`, 'utf16le')),
      png: text('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff])),
    };
    const leftOut: Record<string, Route> = {
      'not-utf8': text('text/plain', Buffer.from([...Buffer.from(`password=${PASSWORD}`), 0xff])),
      'unknown-charset': text('text/plain; charset=x-no-such', `password=${PASSWORD}`),
      'binary-with-text': text(
        'application/octet-stream',
        Buffer.from([0x00, 0xff, ...Buffer.from(`session=${SESSION_KEY}`, 'latin1')]),
      ),
      'binary-with-utf16': text(
        'application/octet-stream',
        Buffer.from([0xff, ...Buffer.from(`{"masterToken":"${MASTER}"}`, 'utf16le')]),
      ),
    };
    for (const [name, route] of Object.entries({ ...kept, ...leftOut })) {
      routes.set(`/api/only-the-backend/${name}`, route);
    }
    await startRecording('charsets', ['/api/only-the-backend/*']);
    const live: Record<string, Answer> = {};
    for (const name of [...Object.keys(kept), ...Object.keys(leftOut)]) {
      live[name] = await call(mockServer.url, 'GET', `/api/only-the-backend/${name}`);
      expect(live[name]?.status).toBe(200);
    }
    expect(await stopRecording('charsets')).toEqual({ name: 'charsets', calls: 4, leftOut: 4 });
    const { text: file, calls } = await savedFile('charsets');
    for (const secret of SECRETS) {
      expect(file).not.toContain(secret);
      for (const recorded of calls) {
        expect(Buffer.from(recorded.response, recorded.encoding).toString('latin1')).not.toContain(
          secret,
        );
        expect(plainText(recorded)).not.toContain(secret);
      }
    }
    expect(calls.map((recorded) => [recorded.url, recorded.encoding])).toEqual([
      ['/api/only-the-backend/latin1', 'utf8'],
      ['/api/only-the-backend/ansi', 'utf8'],
      ['/api/only-the-backend/utf16', 'utf8'],
      ['/api/only-the-backend/png', 'base64'],
    ]);
    expect(calls.slice(0, 3).map((recorded) => recorded.response)).toEqual([
      JSON.stringify({ name: 'café', token: REDACTED, password: REDACTED }),
      `${ESC}[32mpassword=${REDACTED}`,
      `pin: ${REDACTED}`,
    ]);

    await target.close();
    expect((await control('POST', `${MOCK_PATHS.scenarios}/charsets`)).status).toBe(200);
    const replay = (name: string) =>
      call(mockServer.url, 'GET', `/api/only-the-backend/${name}`, { token: mockToken });
    // Kept as UTF-8, and said so.
    const latin1 = await replay('latin1');
    expect(latin1.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(latin1.json()).toEqual({ name: 'café', token: REDACTED, password: REDACTED });
    const utf16 = await replay('utf16');
    expect(utf16.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(utf16.text).toBe(`pin: ${REDACTED}`);
    const png = await fetch(`${mockServer.url}/api/only-the-backend/png`, {
      headers: { Authorization: `Bearer ${mockToken}` },
    });
    expect(Buffer.from(await png.arrayBuffer())).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]),
    );
    // Left out: not served offline (nothing is forwarded while a recording is in place).
    for (const name of Object.keys(leftOut)) expect((await replay(name)).status).toBe(404);
  });

  it('leaves out a JSON answer that is not JSON, never replaying other JSON', async () => {
    const json =
      (body: string): Route =>
      () => ({
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    routes.set('/api/only-the-backend/cut', json('{"ok":true,"items":[1,2'));
    routes.set('/api/only-the-backend/broken', json(`{"token": "${MASTER}", broken`));
    routes.set('/api/only-the-backend/lines', () => ({
      headers: { 'Content-Type': 'application/x-ndjson' },
      body: `{"a":1}\n{"password":"${PASSWORD}"}\n`,
    }));
    await startRecording('not-json', ['/api/only-the-backend/*']);
    const cut = await call(mockServer.url, 'GET', '/api/only-the-backend/cut');
    expect(cut.text).toBe('{"ok":true,"items":[1,2');
    await call(mockServer.url, 'GET', '/api/only-the-backend/broken');
    await call(mockServer.url, 'GET', '/api/only-the-backend/lines');
    expect(await stopRecording('not-json')).toEqual({ name: 'not-json', calls: 1, leftOut: 2 });
    const { text, calls } = await savedFile('not-json');
    expect(text).not.toContain(MASTER);
    expect(text).not.toContain(PASSWORD);
    // Lines of JSON are JSON, value by value.
    expect(calls.map((recorded) => [recorded.url, recorded.response])).toEqual([
      ['/api/only-the-backend/lines', `{"a":1}\n{"password":"${REDACTED}"}`],
    ]);

    await target.close();
    expect((await control('POST', `${MOCK_PATHS.scenarios}/not-json`)).status).toBe(200);
    const offline = await call(mockServer.url, 'GET', '/api/only-the-backend/cut', {
      token: mockToken,
    });
    expect(offline.status).toBe(404);
    expect(offline.text).not.toContain('"items"');
  });

  it('redacts the values of HTML form fields and meta tags naming a secret, and of form fields', async () => {
    routes.set('/api/only-the-backend/page', () => ({
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: [
        `<meta name="csrf-token" content="${SESSION_KEY}">`,
        '<form method="post"><input type="text" name="username" value="admin">',
        `<input name='password' type="password" value='${PASSWORD}'>`,
        `<input type="hidden" value="${MASTER}" id="masterToken"></form>`,
      ].join('\n'),
    }));
    routes.set('/api/only-the-backend/form', () => ({
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `username=admin&password=${PASSWORD}&session_key=${SESSION_KEY}`,
    }));
    await startRecording('forms', ['/api/only-the-backend/*']);
    await call(mockServer.url, 'GET', '/api/only-the-backend/page');
    await call(mockServer.url, 'GET', '/api/only-the-backend/form');
    expect(await stopRecording('forms')).toEqual({ name: 'forms', calls: 2 });
    const { text, calls } = await savedFile('forms');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(calls.map((recorded) => recorded.response)).toEqual([
      [
        `<meta name="csrf-token" content="${REDACTED}">`,
        '<form method="post"><input type="text" name="username" value="admin">',
        `<input name='password' type="password" value='${REDACTED}'>`,
        `<input type="hidden" value="${REDACTED}" id="masterToken"></form>`,
      ].join('\n'),
      `username=admin&password=${REDACTED}&session_key=${REDACTED}`,
    ]);
  });

  it('never records the sign-in, refresh or logout: offline the mock signs its own users in', async () => {
    routes.set(SIGN_IN, (req, body) => {
      if (req.method === 'DELETE') return { status: 204, body: '' };
      const { password } = JSON.parse(body.toString('utf8')) as { password?: string };
      return password === DEMO_USER.password
        ? { headers: { 'Content-Type': 'application/json' }, body: signInAnswer() }
        : {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
            body: '{"errorCode":5,"errorMessage":"Invalid username or password"}',
          };
    });
    routes.set(URL_PATHS.refresh, () => ({
      headers: { 'Content-Type': 'application/json' },
      body: signInAnswer(),
    }));
    routes.set('/api/only-the-backend/x', () => ({
      headers: { 'Content-Type': 'application/json' },
      body: '{"from":"the target"}',
    }));
    await startRecording('sessions', ['/api/*', URL_PATHS.refresh]);
    expect((await signInCall()).status).toBe(200);
    const wrong = await call(mockServer.url, 'POST', SIGN_IN, {
      body: { username: DEMO_USER.username, password: 'not-the-password' },
      headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
    });
    expect(wrong.status).toBe(401);
    const refreshed = await call(mockServer.url, 'POST', URL_PATHS.refresh, {
      body: { masterToken: MASTER },
      headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
    });
    expect(refreshed.status).toBe(200);
    expect((await call(mockServer.url, 'DELETE', SIGN_IN, { token: ACCESS })).status).toBe(204);
    expect((await call(mockServer.url, 'GET', '/api/only-the-backend/x')).status).toBe(200);
    expect(await stopRecording('sessions')).toEqual({ name: 'sessions', calls: 1 });
    const { text, calls } = await savedFile('sessions');
    expect(calls.map((recorded) => recorded.url)).toEqual(['/api/only-the-backend/x']);
    for (const secret of SECRETS) expect(text).not.toContain(secret);

    await target.close();
    expect((await control('POST', `${MOCK_PATHS.scenarios}/sessions`)).status).toBe(200);
    await expectOwnSignIn();
  });

  it('serves the mock’s own sign-in over a recorded one a file holds', async () => {
    const dir = path.join(mock.dir, 'recordings');
    await mkdir(dir, { recursive: true });
    const recordedSignIn = {
      method: 'POST',
      url: SIGN_IN,
      body: JSON.stringify({ password: REDACTED, username: DEMO_USER.username }),
      status: 200,
      headers: { 'content-type': 'application/json' },
      response: JSON.stringify({ token: REDACTED, masterToken: REDACTED }),
      encoding: 'utf8',
    };
    await writeFile(
      path.join(dir, 'old-sign-in.json'),
      JSON.stringify({
        name: 'old-sign-in',
        description: 'Recorded with its sign-in.',
        from: { name: 'demo', params: {} },
        routes: [{ method: '*', path: '/api/*' }],
        calls: [
          recordedSignIn,
          { ...recordedSignIn, url: URL_PATHS.refresh, body: '{"masterToken":"***"}' },
        ],
      }),
    );
    await target.close();
    expect((await control('POST', `${MOCK_PATHS.scenarios}/old-sign-in`)).status).toBe(200);
    await expectOwnSignIn();
  });

  /** Offline: a wrong password is refused, the demo user signs in and refreshes with the mock. */
  async function expectOwnSignIn(): Promise<void> {
    const wrong = await call(mockServer.url, 'POST', SIGN_IN, {
      body: { username: DEMO_USER.username, password: 'not-the-password' },
      headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toMatchObject({ errorCode: ERROR_CODE.BAD_CREDENTIALS });
    const own = await signInCall();
    expect(own.status).toBe(200);
    const { token, masterToken } = own.json() as { token: string; masterToken: string };
    expect(token).not.toBe(REDACTED);
    expect((await call(mockServer.url, 'GET', '/api/programs', { token })).status).toBe(200);
    const refreshed = await call(mockServer.url, 'POST', URL_PATHS.refresh, {
      body: { masterToken },
      headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
    });
    expect(refreshed.status).toBe(200);
    expect((refreshed.json() as { token: string }).token).not.toBe(REDACTED);
  }
});

describe('recording files edited by hand', () => {
  const tools = mockWithRecordingsFolder();
  const dir = () => path.join(tools.mock.dir, 'recordings');
  const fileOf = (name: string) => path.join(dir(), `${name}.json`);

  const goodCall = {
    method: 'GET',
    url: '/api/only-the-backend/good',
    body: null,
    status: 200,
    headers: { 'content-type': 'application/json' },
    response: '{"from":"the recording"}',
    encoding: 'utf8',
  };
  const recording = (name: string, calls: unknown[]) => ({
    name,
    description: 'Edited by hand.',
    from: { name: 'demo', params: {} },
    routes: [{ method: '*', path: '/api/*' }],
    calls,
  });
  /** Each file, and the field (or fault) its refusal names. */
  const badFiles: [string, string, string][] = [
    ['not-json', '{not json\n', 'not JSON'],
    [
      'no-calls',
      JSON.stringify({ ...recording('no-calls', []), calls: undefined }),
      'calls: Invalid input',
    ],
    [
      'bad-status',
      JSON.stringify(recording('bad-status', [{ ...goodCall, status: 99 }])),
      'calls.0.status',
    ],
    [
      'bad-header',
      JSON.stringify(recording('bad-header', [{ ...goodCall, headers: { 'x-bad': 'a\nb' } }])),
      'calls.0.headers.x-bad',
    ],
    [
      'bad-header-name',
      JSON.stringify(recording('bad-header-name', [{ ...goodCall, headers: { 'x bad': 'a' } }])),
      'calls.0.headers.x bad',
    ],
    [
      'bad-encoding',
      JSON.stringify(recording('bad-encoding', [{ ...goodCall, encoding: 'nope' }])),
      'calls.0.encoding',
    ],
    // Calls under /__mock are never recorded: a route there, as a recording's start refuses it.
    [
      'tools-route',
      JSON.stringify({
        ...recording('tools-route', [goodCall]),
        routes: [
          { method: '*', path: '/api/*' },
          { method: 'GET', path: '/__MOCK/requests' },
        ],
      }),
      `routes.1.path: ${MOCK_PROXY_MESSAGE.toolsNotRecorded}`,
    ],
    // ... nor a call there, whose answer would stand in for the tools' own.
    [
      'tools-call',
      JSON.stringify(
        recording('tools-call', [goodCall, { ...goodCall, url: `${MOCK_PATHS.faults}?all=1` }]),
      ),
      `calls.1.url: ${MOCK_PROXY_MESSAGE.toolsNotRecorded}`,
    ],
  ];

  beforeEach(async () => {
    for (const [name, text] of badFiles) await writeFile(fileOf(name), text);
    await writeFile(fileOf('good'), JSON.stringify(recording('good', [goodCall])));
  });

  const control = (method: string, where: string, body?: unknown) =>
    call(tools.server.url, method, where, { token: tools.token, body });

  it('lists a file it cannot use beside the others, naming the file and the fault', async () => {
    const listed = await control('GET', MOCK_PROXY_PATHS.recordings);
    expect(listed.status).toBe(200);
    const { recordings } = listed.json() as RecordingList;
    expect(recordings.find((entry) => entry.name === 'good')).toEqual({
      name: 'good',
      running: false,
      calls: 1,
      routes: [{ method: '*', path: '/api/*' }],
    });
    for (const [name, , fault] of badFiles) {
      const entry = recordings.find((candidate) => candidate.name === name);
      expect(entry).toMatchObject({ name, running: false, calls: 0, routes: [] });
      expect(entry?.problem).toContain(`${fileOf(name)} cannot be used: ${fault}`);
    }
    const scenarios = await control('GET', MOCK_PATHS.scenarios);
    expect(scenarios.status).toBe(200);
    expect((scenarios.json() as ScenarioList).scenarios).toContainEqual({
      name: 'good',
      description: 'Edited by hand.',
      recorded: true,
    });
  });

  it.each(badFiles)(
    'refuses to switch to %s, naming the file, and changes nothing',
    async (name, text, fault) => {
      const before = await tools.mock.dataFileBytes();
      const answer = await control('POST', `${MOCK_PATHS.scenarios}/${name}`);
      expect(answer.status).toBe(400);
      const error = answer.json() as { errorCode: number; errorMessage: string };
      expect(error.errorCode).toBe(ERROR_CODE.VALIDATION);
      expect(error.errorMessage).toContain(`${fileOf(name)} cannot be used: ${fault}`);
      expect(await tools.mock.dataFileBytes()).toEqual(before);
      expect(((await control('GET', MOCK_PATHS.scenarios)).json() as ScenarioList).current).toBe(
        SCENARIO.demo,
      );
      // Nothing replays: a call goes on to the (dead) target.
      expect(
        (await call(tools.server.url, 'GET', '/api/only-the-backend/good', { token: tools.token }))
          .status,
      ).toBe(502);

      // A new recording of that name is refused, and the file stays as it is.
      const started = await control('POST', MOCK_PROXY_PATHS.recordings, {
        name,
        routes: [{ path: '/api/*' }],
      });
      expect(started.status).toBe(409);
      expect(started.json()).toEqual({
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: MOCK_PROXY_MESSAGE.recordingExists(name),
      });
      expect(await readFile(fileOf(name), 'utf8')).toBe(text);
    },
  );

  it('never overwrites a file that took the name while the recording ran', async () => {
    const started = await control('POST', MOCK_PROXY_PATHS.recordings, {
      name: 'taken-meanwhile',
      routes: [{ path: '/api/*' }],
    });
    expect(started.status).toBe(201);
    await writeFile(fileOf('taken-meanwhile'), '{"by":"hand"}');
    const stop = `${MOCK_PROXY_PATHS.recordings}/taken-meanwhile/stop`;
    const refused = await control('POST', stop);
    expect(refused.status).toBe(409);
    expect(refused.json()).toEqual({
      errorCode: ERROR_CODE.CONFLICT,
      errorMessage: MOCK_PROXY_MESSAGE.recordingFileTaken(
        'taken-meanwhile',
        fileOf('taken-meanwhile'),
      ),
    });
    expect(await readFile(fileOf('taken-meanwhile'), 'utf8')).toBe('{"by":"hand"}');
    expect(await readdir(dir())).not.toContainEqual(expect.stringMatching(/\.tmp$/));
    // Still running, its calls kept: once the file is moved away, the stop saves it.
    await rm(fileOf('taken-meanwhile'));
    expect((await control('POST', stop)).json()).toEqual({ name: 'taken-meanwhile', calls: 0 });
  });
});

describe('a recording that grows past MOCK_RECORDING_MAX_BYTES', () => {
  /** Four answers of 40 KB against a limit of 100 KB: two are kept. */
  const LIMIT = 100_000;
  const ANSWER = JSON.stringify({ filler: 'x'.repeat(40_000) });
  let target: Listening;

  /** A backend answering every call with `body`, as JSON. */
  const answeringWith = (body: string) =>
    listenRaw((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(body);
      });
    });

  /** The mock forwarding to `targetUrl` under the bound, signed in: its control calls. */
  async function boundedMock(targetUrl: string) {
    const mock = await createTestApp({
      env: {
        MOCK_CONTROL: 'true',
        MOCK_PROXY_TARGET: targetUrl,
        MOCK_RECORDING_MAX_BYTES: String(LIMIT),
      },
    });
    const mockServer = await listen(mock.app);
    const { token } = await signIn(mockServer.url);
    const control = (method: string, where: string, body?: unknown) =>
      call(mockServer.url, method, where, { token, body });
    return { mock, mockServer, control };
  }

  beforeEach(async () => {
    target = await answeringWith(ANSWER);
  });
  afterEach(async () => {
    await target.close();
  });

  it('keeps the calls up to the limit, leaves out the rest, and stops with what it kept', async () => {
    const { mock, mockServer, control } = await boundedMock(target.url);
    try {
      const started = await control('POST', MOCK_PROXY_PATHS.recordings, {
        name: 'bounded',
        routes: [{ path: '/api/only-the-backend/*' }],
      });
      expect(started.status).toBe(201);
      for (let n = 1; n <= 4; n += 1) {
        const answer = await call(mockServer.url, 'GET', `/api/only-the-backend/${n}`);
        // The client gets every answer: only the recording leaves some out.
        expect(answer.text).toBe(ANSWER);
      }
      const listed = (await control('GET', MOCK_PROXY_PATHS.recordings)).json() as RecordingList;
      expect(listed.recordings).toEqual([
        expect.objectContaining({ name: 'bounded', running: true, calls: 2, leftOut: 2 }),
      ]);
      const stopped = await control('POST', `${MOCK_PROXY_PATHS.recordings}/bounded/stop`);
      expect(stopped.json()).toEqual({ name: 'bounded', calls: 2, leftOut: 2 });
      const saved = JSON.parse(
        await readFile(path.join(mock.dir, 'recordings', 'bounded.json'), 'utf8'),
      ) as { calls: SavedCall[] };
      expect(saved.calls.map((recorded) => recorded.url)).toEqual([
        '/api/only-the-backend/1',
        '/api/only-the-backend/2',
      ]);
      expect(saved.calls.map((recorded) => recorded.response)).toEqual([ANSWER, ANSWER]);
      // Stopped: a later call is not recorded anywhere.
      await call(mockServer.url, 'GET', '/api/only-the-backend/5');
      const after = (await control('GET', MOCK_PROXY_PATHS.recordings)).json() as RecordingList;
      // Saved, it still says what it left out.
      expect(after.recordings).toEqual([
        {
          name: 'bounded',
          running: false,
          calls: 2,
          leftOut: 2,
          routes: [{ method: '*', path: '/api/only-the-backend/*' }],
        },
      ]);
    } finally {
      await mockServer.close();
      await mock.close();
    }
  });

  it('counts the bytes a call takes in the file, not its characters', async () => {
    // 20,000 characters of three UTF-8 bytes each: 60 KB a call as saved, so one fits in 100 KB.
    const wide = JSON.stringify({ text: '\u4e2d'.repeat(20_000) });
    const wideTarget = await answeringWith(wide);
    const { mock, mockServer, control } = await boundedMock(wideTarget.url);
    try {
      await control('POST', MOCK_PROXY_PATHS.recordings, {
        name: 'wide',
        routes: [{ path: '/api/only-the-backend/*' }],
      });
      for (let n = 1; n <= 3; n += 1) {
        await call(mockServer.url, 'GET', `/api/only-the-backend/${n}`);
      }
      const stopped = await control('POST', `${MOCK_PROXY_PATHS.recordings}/wide/stop`);
      expect(stopped.json()).toEqual({ name: 'wide', calls: 1, leftOut: 2 });
    } finally {
      await mockServer.close();
      await mock.close();
      await wideTarget.close();
    }
  });

  it('saves the calls it kept when the server stops (MOCK_RECORD)', async () => {
    const mock = await createTestApp({
      env: {
        MOCK_CONTROL: 'true',
        MOCK_PROXY_TARGET: target.url,
        MOCK_RECORD: 'at-start',
        MOCK_RECORDING_MAX_BYTES: String(LIMIT),
      },
    });
    const mockServer = await listen(mock.app);
    try {
      for (let n = 1; n <= 3; n += 1) {
        expect((await call(mockServer.url, 'GET', `/api/only-the-backend/${n}`)).text).toBe(ANSWER);
      }
    } finally {
      await mockServer.close();
    }
    const dir = mock.dir;
    // The stop: index.ts closes the store on SIGINT and SIGTERM.
    await mock.store.close();
    const saved = JSON.parse(
      await readFile(path.join(dir, 'recordings', 'at-start.json'), 'utf8'),
    ) as { description: string; calls: SavedCall[] };
    expect(saved.calls.map((recorded) => recorded.url)).toEqual([
      '/api/only-the-backend/1',
      '/api/only-the-backend/2',
    ]);
    await mock.close();
  });
});

describe("the mock's own answers to a forwarded call", () => {
  it('are counted mock, not real, and never recorded as the target’s', async () => {
    const pending: http.ServerResponse[] = [];
    const target = await listenRaw((req, res) => {
      if (req.url === '/api/only-the-backend/never') {
        pending.push(res); // never answered: 504
        return;
      }
      if (req.url === '/api/only-the-backend/gone') {
        req.socket.destroy(); // no answer at all: 502
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.end('{"from":"the target"}');
    });
    const mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url, MOCK_PROXY_TIMEOUT_MS: '150' },
    });
    const mockServer = await listen(mock.app);
    try {
      const { token } = await signIn(mockServer.url);
      const control = (method: string, where: string, body?: unknown) =>
        call(mockServer.url, method, where, { token, body });
      await control('POST', MOCK_PROXY_PATHS.recordings, {
        name: 'own-answers',
        routes: [{ path: '/api/*' }],
      });
      const statuses: Record<string, number> = {};
      for (const where of ['ok', 'never', 'gone']) {
        statuses[where] = (
          await call(mockServer.url, 'GET', `/api/only-the-backend/${where}`)
        ).status;
      }
      expect(statuses).toEqual({ ok: 200, never: 504, gone: 502 });

      const log = (await control('GET', MOCK_PATHS.requests)).json() as RequestLogPage;
      const kinds = log.requests
        .filter((entry) => entry.path.startsWith('/api/only-the-backend/'))
        .map((entry) => `${entry.kind} ${entry.status} ${entry.path}`);
      expect(kinds).toEqual([
        'mock 502 /api/only-the-backend/gone',
        'mock 504 /api/only-the-backend/never',
        'real 200 /api/only-the-backend/ok',
      ]);
      expect(
        (await control('POST', `${MOCK_PROXY_PATHS.recordings}/own-answers/stop`)).json(),
      ).toEqual({ name: 'own-answers', calls: 1 });
      const saved = JSON.parse(
        await readFile(path.join(mock.dir, 'recordings', 'own-answers.json'), 'utf8'),
      ) as { calls: SavedCall[] };
      expect(saved.calls.map((recorded) => `${recorded.status} ${recorded.url}`)).toEqual([
        '200 /api/only-the-backend/ok',
      ]);
    } finally {
      await mockServer.close();
      await target.close();
      await mock.close();
    }
  });
});

describe('a forwarding loop while a recording runs', () => {
  it('is shown as the mock’s refusal, not the target’s answer, and never recorded', async () => {
    // The target is the mock itself: its address is known once it listens, its app comes after.
    let app: http.RequestListener = (_req, res) => res.end();
    const server = await listenRaw((req, res) => app(req, res));
    const mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: server.url },
    });
    app = mock.app;
    try {
      const { token } = await signIn(server.url);
      const control = (method: string, where: string, body?: unknown) =>
        call(server.url, method, where, { token, body });
      const started = await control('POST', MOCK_PROXY_PATHS.recordings, {
        name: 'looped',
        routes: [{ path: '/api/*' }],
      });
      expect(started.status).toBe(201);

      const answer = await call(server.url, 'GET', '/api/only-the-backend/loop');
      expect(answer.status).toBe(508);
      expect(answer.json()).toEqual({
        errorCode: ERROR_CODE.INTERNAL,
        errorMessage: MOCK_PROXY_MESSAGE.loop(server.url),
      });

      // The call that went out and its turn back: both the mock's answer.
      const log = (await control('GET', MOCK_PATHS.requests)).json() as RequestLogPage;
      expect(
        log.requests
          .filter((entry) => entry.path === '/api/only-the-backend/loop')
          .map((entry) => `${entry.kind} ${entry.status}`),
      ).toEqual(['mock 508', 'mock 508']);
      expect((await control('POST', `${MOCK_PROXY_PATHS.recordings}/looped/stop`)).json()).toEqual({
        name: 'looped',
        calls: 0,
      });
      const saved = JSON.parse(
        await readFile(path.join(mock.dir, 'recordings', 'looped.json'), 'utf8'),
      ) as { calls: SavedCall[] };
      expect(saved.calls).toEqual([]);
    } finally {
      await server.close();
      await mock.close();
    }
  });
});

describe('a call still being answered when its recording stops', () => {
  it('is left out and counted in leftOut; one in flight at a refused stop is kept', async () => {
    /** The target's held answers to `/api/only-the-backend/slow`, in the order they came. */
    const held: http.ServerResponse[] = [];
    let arrived: () => void = () => undefined;
    const target = await listenRaw((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/api/only-the-backend/slow') {
        held.push(res);
        arrived();
        return;
      }
      res.end('{"from":"the target"}');
    });
    /** Sends the slow call; resolves once the target has it, with the client's answer to come. */
    const slowCall = async (mockUrl: string): Promise<{ answer: Promise<Answer> }> => {
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const answer = call(mockUrl, 'GET', '/api/only-the-backend/slow');
      await reached;
      return { answer };
    };
    const mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url },
    });
    const mockServer = await listen(mock.app);
    const file = path.join(mock.dir, 'recordings', 'in-flight.json');
    try {
      const { token } = await signIn(mockServer.url);
      const control = (method: string, where: string) =>
        call(mockServer.url, method, where, { token, body: undefined });
      const started = await call(mockServer.url, 'POST', MOCK_PROXY_PATHS.recordings, {
        token,
        body: { name: 'in-flight', routes: [{ path: '/api/*' }] },
      });
      expect(started.status).toBe(201);
      expect((await call(mockServer.url, 'GET', '/api/only-the-backend/ok')).status).toBe(200);
      const stop = `${MOCK_PROXY_PATHS.recordings}/in-flight/stop`;

      // A stop that fails (a file took the name): the recording goes on, and a call in flight
      // meanwhile is kept once it is answered.
      const first = await slowCall(mockServer.url);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, '{"by":"hand"}');
      expect((await control('POST', stop)).status).toBe(409);
      await rm(file);
      held.shift()?.end('{"slow":1}');
      expect((await first.answer).text).toBe('{"slow":1}');

      // A stop while the target still answers: saved without that call, which is counted.
      const second = await slowCall(mockServer.url);
      const stopped = await control('POST', stop);
      expect(stopped.json()).toEqual({ name: 'in-flight', calls: 2, leftOut: 1 });
      held.shift()?.end('{"slow":2}');
      // The client still gets the target's answer; the saved recording is not touched by it.
      expect((await second.answer).text).toBe('{"slow":2}');
      const saved = JSON.parse(await readFile(file, 'utf8')) as { calls: SavedCall[] };
      expect(saved.calls.map((recorded) => `${recorded.url} ${recorded.response}`)).toEqual([
        '/api/only-the-backend/ok {"from":"the target"}',
        '/api/only-the-backend/slow {"slow":1}',
      ]);
      const listed = (await control('GET', MOCK_PROXY_PATHS.recordings)).json() as RecordingList;
      expect(listed.recordings).toEqual([
        expect.objectContaining({ name: 'in-flight', running: false, calls: 2, leftOut: 1 }),
      ]);
    } finally {
      for (const res of held) res.end();
      await mockServer.close();
      await target.close();
      await mock.close();
    }
  });
});

describe('large recording files', () => {
  const tools = mockWithRecordingsFolder();
  const dir = () => path.join(tools.mock.dir, 'recordings');
  const fileOf = (name: string) => path.join(dir(), `${name}.json`);
  const recordedCall = (n: number, response: string) => ({
    method: 'GET',
    url: `/api/only-the-backend/${n}`,
    body: null,
    status: 200,
    headers: { 'content-type': 'application/json' },
    response,
    encoding: 'utf8',
  });
  /** A file's text up to its calls, as the mock saves it: the head, then `"calls": [`. */
  const headText = (name: string, extra: Record<string, unknown> = {}) =>
    `${JSON.stringify({
      name,
      description: `Large ${name}.`,
      from: { name: 'demo', params: {} },
      routes: [{ method: 'GET', path: '/api/only-the-backend/*' }],
      ...extra,
    }).slice(0, -1)},"calls":[`;

  const control = (method: string, where: string, body?: unknown) =>
    call(tools.server.url, method, where, { token: tools.token, body });

  it('lists a large file from its head, never reading its calls; a switch reads it whole', async () => {
    // Past what the list reads, their calls never read as JSON: 8 MB of zero bytes follow the
    // first call (sparse files), and one is longer than any string.
    const sizes = { 'large-1': 8, 'large-2': 8, 'large-3': 8, huge: constants.MAX_STRING_LENGTH };
    for (const [name, size] of Object.entries(sizes)) {
      await writeFile(
        fileOf(name),
        `${headText(name, { callCount: 2, leftOut: 1 })}${JSON.stringify(recordedCall(1, '{}'))},`,
      );
      await truncate(fileOf(name), size === 8 ? 8 * 1024 * 1024 : size + 1);
    }
    const listed = await control('GET', MOCK_PROXY_PATHS.recordings);
    expect(listed.status).toBe(200);
    expect((listed.json() as RecordingList).recordings).toEqual(
      ['huge', 'large-1', 'large-2', 'large-3'].map((name) => ({
        name,
        running: false,
        calls: 2,
        leftOut: 1,
        routes: [{ method: 'GET', path: '/api/only-the-backend/*' }],
      })),
    );
    const scenarios = (await control('GET', MOCK_PATHS.scenarios)).json() as ScenarioList;
    expect(scenarios.scenarios).toContainEqual({
      name: 'large-1',
      description: 'Large large-1.',
      recorded: true,
    });
    // A switch checks the whole file: these cannot be used, and nothing changes.
    const before = await tools.mock.dataFileBytes();
    const switched = await control('POST', `${MOCK_PATHS.scenarios}/large-1`);
    expect(switched.status).toBe(400);
    expect((switched.json() as { errorMessage: string }).errorMessage).toContain(
      `${fileOf('large-1')} cannot be used: not JSON`,
    );
    const huge = await control('POST', `${MOCK_PATHS.scenarios}/huge`);
    expect(huge.status).toBe(400);
    expect((huge.json() as { errorMessage: string }).errorMessage).toContain(
      `${fileOf('huge')} cannot be used: too large to be read`,
    );
    expect(await tools.mock.dataFileBytes()).toEqual(before);
  });

  it('refuses a large file whose head names a route under /__mock, listed and switched to alike', async () => {
    await writeFile(
      fileOf('large-tools'),
      `${headText('large-tools', { routes: [{ method: '*', path: '/__mock*' }], callCount: 1 })}${JSON.stringify(recordedCall(1, 'x'.repeat(RECORDING_HEAD_BYTES)))}]}`,
    );
    const problem = MOCK_PROXY_MESSAGE.recordingUnusable(
      fileOf('large-tools'),
      `routes.0.path: ${MOCK_PROXY_MESSAGE.toolsNotRecorded}`,
    );
    const listed = (await control('GET', MOCK_PROXY_PATHS.recordings)).json() as RecordingList;
    expect(listed.recordings).toEqual([
      { name: 'large-tools', running: false, calls: 0, routes: [], problem },
    ]);
    const switched = await control('POST', `${MOCK_PATHS.scenarios}/large-tools`);
    expect(switched.status).toBe(400);
    expect((switched.json() as { errorMessage: string }).errorMessage).toBe(problem);
  });

  it('counts the calls of a large file saved without callCount, and replays it', async () => {
    const answers = [1, 2, 3].map((n) => JSON.stringify({ n, filler: 'x'.repeat(100_000) }));
    const text = `${headText('no-count')}${answers
      .map((answer, index) => JSON.stringify(recordedCall(index + 1, answer), null, 2))
      .join(',')}]}`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(RECORDING_HEAD_BYTES);
    await writeFile(fileOf('no-count'), text);
    const listed = (await control('GET', MOCK_PROXY_PATHS.recordings)).json() as RecordingList;
    expect(listed.recordings).toEqual([
      {
        name: 'no-count',
        running: false,
        calls: 3,
        routes: [{ method: 'GET', path: '/api/only-the-backend/*' }],
      },
    ]);
    expect((await control('POST', `${MOCK_PATHS.scenarios}/no-count`)).status).toBe(200);
    const replayed = await call(tools.server.url, 'GET', '/api/only-the-backend/2', {
      token: tools.token,
    });
    expect(replayed.text).toBe(answers[1]);
  });

  it('lists and replays a large file whose head comes after its calls, read past them', async () => {
    const answers = [1, 2, 3].map((n) => JSON.stringify({ n, filler: '[{"x"}]'.repeat(20_000) }));
    const calls = answers.map((answer, index) => recordedCall(index + 1, answer));
    const head = {
      name: 'calls-first',
      description: 'Made by hand, calls first.',
      from: { name: 'demo', params: {} },
      routes: [{ method: 'GET', path: '/api/only-the-backend/*' }],
    };
    // Once without callCount (its calls counted), once with it after them.
    await writeFile(fileOf('calls-first'), JSON.stringify({ calls, ...head }, null, 2));
    await writeFile(
      fileOf('count-last'),
      JSON.stringify({ calls, ...head, name: 'count-last', callCount: 3, leftOut: 2 }),
    );
    for (const name of ['calls-first', 'count-last']) {
      expect((await stat(fileOf(name))).size).toBeGreaterThan(RECORDING_HEAD_BYTES);
    }
    const listed = (await control('GET', MOCK_PROXY_PATHS.recordings)).json() as RecordingList;
    expect(listed.recordings).toEqual([
      { name: 'calls-first', running: false, calls: 3, routes: head.routes },
      { name: 'count-last', running: false, calls: 3, leftOut: 2, routes: head.routes },
    ]);
    const scenarios = (await control('GET', MOCK_PATHS.scenarios)).json() as ScenarioList;
    expect(scenarios.scenarios).toContainEqual({
      name: 'calls-first',
      description: head.description,
      recorded: true,
    });
    expect((await control('POST', `${MOCK_PATHS.scenarios}/calls-first`)).status).toBe(200);
    const replayed = await call(tools.server.url, 'GET', '/api/only-the-backend/3', {
      token: tools.token,
    });
    expect(replayed.text).toBe(answers[2]);
  });

  it('refuses a large file whose members other than its calls take more than the head, listed and switched to alike', async () => {
    const calls = [recordedCall(1, '{}')];
    await writeFile(
      fileOf('long-head'),
      JSON.stringify({
        calls,
        name: 'long-head',
        description: 'd'.repeat(RECORDING_HEAD_BYTES),
        from: { name: 'demo', params: {} },
        routes: [],
      }),
    );
    const problem = MOCK_PROXY_MESSAGE.recordingUnusable(
      fileOf('long-head'),
      `its members other than calls take more than ${RECORDING_HEAD_BYTES / 1024} KB together`,
    );
    const listed = (await control('GET', MOCK_PROXY_PATHS.recordings)).json() as RecordingList;
    expect(listed.recordings).toEqual([
      { name: 'long-head', running: false, calls: 0, routes: [], problem },
    ]);
    const switched = await control('POST', `${MOCK_PATHS.scenarios}/long-head`);
    expect(switched.status).toBe(400);
    expect((switched.json() as { errorMessage: string }).errorMessage).toBe(problem);
  });

  it('refuses a file whose callCount is not its number of calls', async () => {
    await writeFile(
      fileOf('miscounted'),
      `${headText('miscounted', { callCount: 5 })}${JSON.stringify(recordedCall(1, '{}'))}]}`,
    );
    const switched = await control('POST', `${MOCK_PATHS.scenarios}/miscounted`);
    expect(switched.status).toBe(400);
    expect((switched.json() as { errorMessage: string }).errorMessage).toContain(
      `${fileOf('miscounted')} cannot be used: callCount: says 5 calls, the file holds 1`,
    );
  });
});

/**
 * The request log of the developer tools: GET /__mock/requests over HTTP through the
 * real app (newest first, bounded, `after`, `limit`, secrets never shown, /__mock calls not
 * logged, a token needed), and the page at GET /__mock (its script linked, nothing inline).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { MOCK_PATHS } from '@contracts/api/mock';
import { CALL_DETAIL_MAX_BYTES, type LoggedCallDetail } from '@contracts/api/mock-proxy';
import {
  MOCK_PAGE_TEXT,
  REDACTED,
  REQUEST_LOG,
  type RequestLogPage,
} from '@contracts/api/mock-requests';
import { API_PATHS, RUNTIME_CONFIG_PATH } from '@contracts/api/paths';
import { SCHEME_PATHS } from '@contracts/api/schemes';
import type { RequestRecord } from '../../../server/http/logging';
import { createRequestLog } from '../../../server/dev/mock/request-log';
import { DEV_CLIENT_HEADER } from '../../../server/dev/mock/mock-page';
import webpackConfig from '../../../webpack.config';
import { createTestApp, DEMO_USER, loginRequest, type TestApp } from '../support/test-app';

const MOCK_ON = { MOCK_CONTROL: 'true' };

async function readLog(t: TestApp, token: string, query = ''): Promise<RequestLogPage> {
  const answer = await request(t.app)
    .get(`${MOCK_PATHS.requests}${query}`)
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return answer.body as RequestLogPage;
}

describe('GET /__mock/requests', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp({ env: MOCK_ON });
    token = (await t.login()).token;
  });
  afterEach(async () => {
    await t.close();
  });

  it('carries the id of the log, the same for each answer, another in another server', async () => {
    const first = await readLog(t, token);
    expect(first.logId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await readLog(t, token, '?limit=1')).logId).toBe(first.logId);
    const other = await createTestApp({ env: MOCK_ON });
    try {
      const otherToken = (await other.login()).token;
      expect((await readLog(other, otherToken)).logId).not.toBe(first.logId);
    } finally {
      await other.close();
    }
  });

  it('lists the finished calls newest first, with status, time, duration and no fault', async () => {
    await request(t.app).get(`${RUNTIME_CONFIG_PATH}?call=1`).expect(200);
    await request(t.app).get('/api/programs').expect(401);
    await request(t.app).get(`${RUNTIME_CONFIG_PATH}?call=3`).expect(200);

    const { requests, capacity } = await readLog(t, token);
    expect(capacity).toBe(REQUEST_LOG.capacity);
    expect(requests.slice(0, 4).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      `GET ${RUNTIME_CONFIG_PATH}?call=3`,
      'GET /api/programs',
      `GET ${RUNTIME_CONFIG_PATH}?call=1`,
      `POST /api${API_PATHS.tokens}`,
    ]);
    const [third, second] = requests;
    expect(third).toEqual({
      id: expect.any(Number),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      method: 'GET',
      path: `${RUNTIME_CONFIG_PATH}?call=3`,
      status: 200,
      durationMs: expect.any(Number),
      completed: true,
      kind: 'mock',
      // A file the client reads, not an API call.
      static: true,
    });
    expect(second).toMatchObject({ status: 401, completed: true });
    expect(Date.parse(third!.time)).toBeLessThanOrEqual(Date.now());
  });

  it('takes an API call whose path ends in a file extension for an API call, not a file', async () => {
    // An error file's download ends in `.errors.txt`: its answer is kept (and recorded) whole.
    const download = '/api/gift-card/giftSchemeFiles/downloadFile/missing.errors.txt';
    await request(t.app).get(download).set('Authorization', token);
    const newest = (await readLog(t, token)).requests.find((entry) => entry.path === download);
    expect(newest).toMatchObject({ static: false });
  });

  it('gives only the calls after a given id, and at most `limit`', async () => {
    await request(t.app).get(`${RUNTIME_CONFIG_PATH}?call=1`).expect(200);
    const first = await readLog(t, token);
    const newest = first.requests[0]!;
    expect(newest.path).toBe(`${RUNTIME_CONFIG_PATH}?call=1`);

    expect((await readLog(t, token, `?after=${newest.id}`)).requests).toEqual([]);
    await request(t.app).get(`${RUNTIME_CONFIG_PATH}?call=2`).expect(200);
    await request(t.app).get(`${RUNTIME_CONFIG_PATH}?call=3`).expect(200);
    const since = await readLog(t, token, `?after=${newest.id}`);
    expect(since.requests.map((entry) => entry.path)).toEqual([
      `${RUNTIME_CONFIG_PATH}?call=3`,
      `${RUNTIME_CONFIG_PATH}?call=2`,
    ]);

    const limited = await readLog(t, token, '?limit=1');
    expect(limited.requests.map((entry) => entry.path)).toEqual([`${RUNTIME_CONFIG_PATH}?call=3`]);
  });

  it('shows the fault a call was given by the control API', async () => {
    await request(t.app)
      .post(MOCK_PATHS.faults)
      .set('Authorization', `Bearer ${token}`)
      .send({ method: 'GET', path: '/api/programs', status: 503, times: 1 })
      .expect((answer) => expect(answer.status).toBeLessThan(300));
    await request(t.app).get('/api/programs').set('Authorization', `Bearer ${token}`).expect(503);
    const [faulted] = (await readLog(t, token)).requests;
    expect(faulted).toMatchObject({ path: '/api/programs', status: 503 });
    expect(faulted!.fault).toEqual(expect.stringContaining('503'));
  });

  it('refuses a bad limit or after, naming the field', async () => {
    for (const query of ['?limit=0', `?limit=${REQUEST_LOG.capacity + 1}`, '?limit=x']) {
      const answer = await request(t.app)
        .get(`${MOCK_PATHS.requests}${query}`)
        .set('Authorization', `Bearer ${token}`)
        .expect(400);
      expect(answer.body.errorMessage).toMatch(/^limit: /);
    }
    const answer = await request(t.app)
      .get(`${MOCK_PATHS.requests}?after=-1`)
      .set('Authorization', `Bearer ${token}`)
      .expect(400);
    expect(answer.body.errorMessage).toMatch(/^after: /);
  });

  it('keeps the last REQUEST_LOG.capacity calls', async () => {
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const total = REQUEST_LOG.capacity + 20;
      for (let start = 1; start <= total; start += 25) {
        await Promise.all(
          Array.from({ length: Math.min(25, total - start + 1) }, (_, i) =>
            fetch(`http://127.0.0.1:${port}${RUNTIME_CONFIG_PATH}?n=${start + i}`).then((r) =>
              r.arrayBuffer(),
            ),
          ),
        );
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const { requests } = await readLog(t, token, `?limit=${REQUEST_LOG.capacity}`);
    expect(requests).toHaveLength(REQUEST_LOG.capacity);
    const numbers = requests.map((entry) => Number(/\?n=(\d+)$/.exec(entry.path)?.[1]));
    // The login and the first 20 calls dropped out; every later one is there.
    expect(new Set(numbers)).toEqual(
      new Set(Array.from({ length: REQUEST_LOG.capacity }, (_, i) => i + 21)),
    );
  });

  it('never shows a token, a password or an Authorization header', async () => {
    const jwt = token;
    await loginRequest(t.app, DEMO_USER).expect(200);
    await request(t.app)
      .get('/api/programs')
      .set('Authorization', `Bearer ${jwt}`)
      .set('Cookie', 'token=cookie-secret')
      .expect(200);
    await request(t.app)
      .get(
        `${RUNTIME_CONFIG_PATH}?token=abc123&Password=hunter2&masterToken=m1&api_key=k1` +
          `&X-PIN=1234&keywords=shoes&page=2&q=${jwt}`,
      )
      .expect(200);
    await request(t.app).get(`/api/programs/${jwt}`).expect(401);

    const answer = await request(t.app)
      .get(MOCK_PATHS.requests)
      .set('Authorization', `Bearer ${jwt}`)
      .expect(200);
    const text = answer.text;
    for (const secret of [jwt, 'abc123', 'hunter2', 'm1', 'k1', '1234', 'cookie-secret']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(DEMO_USER.password);
    expect(text.toLowerCase()).not.toContain('authorization');
    expect(text.toLowerCase()).not.toContain('cookie');
    const paths = (answer.body as RequestLogPage).requests.map((entry) => entry.path);
    expect(paths).toContain(
      `${RUNTIME_CONFIG_PATH}?token=${REDACTED}&Password=${REDACTED}&masterToken=${REDACTED}` +
        `&api_key=${REDACTED}&X-PIN=${REDACTED}&keywords=shoes&page=2&q=${REDACTED}`,
    );
    expect(paths).toContain(`/api/programs/${REDACTED}`);
  });

  it('does not log its own calls, in any case', async () => {
    await request(t.app).get(MOCK_PATHS.requests).set('Authorization', `Bearer ${token}`);
    await request(t.app)
      .get(MOCK_PATHS.requests.toUpperCase())
      .set('Authorization', `Bearer ${token}`);
    await request(t.app).get(`${MOCK_PATHS.requests}?limit=5`);
    await request(t.app).get(MOCK_PATHS.page);
    await request(t.app).get(`${RUNTIME_CONFIG_PATH}?after-mock=1`).expect(200);
    const { requests } = await readLog(t, token);
    expect(requests[0]!.path).toBe(`${RUNTIME_CONFIG_PATH}?after-mock=1`);
    expect(requests.filter((entry) => entry.path.toLowerCase().startsWith('/__mock'))).toEqual([]);
  });

  it('needs a signed-in token', async () => {
    const answer = await request(t.app).get(MOCK_PATHS.requests).expect(401);
    expect(answer.body).toEqual({
      errorCode: expect.any(Number),
      errorMessage: expect.any(String),
    });
    await request(t.app)
      .get(MOCK_PATHS.requests)
      .set('Authorization', 'Bearer not-a-token')
      .expect(401);
  });
});

describe('GET /__mock/requests/{id}: the request body as the client sent it', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp({ env: MOCK_ON });
    token = (await t.login()).token;
  });
  afterEach(async () => {
    await t.close();
  });

  interface Sent {
    /** Gzipped, with `Content-Encoding: gzip`. */
    gzip?: boolean;
    /** Encoded in UTF-16LE and declared so in the content type. */
    utf16?: boolean;
  }

  /** Sends `text` as it is (or as `how` says), then answers the status and the details' request side. */
  async function sentAndShown(text: string, how: Sent = {}) {
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    let status: number;
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/api${SCHEME_PATHS.clients}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': `application/json${how.utf16 === true ? '; charset=utf-16le' : ''}`,
          ...(how.gzip === true ? { 'Content-Encoding': 'gzip' } : {}),
        },
        body:
          how.gzip === true
            ? gzipSync(text)
            : how.utf16 === true
              ? Buffer.from(text, 'utf16le')
              : text,
      });
      await answer.arrayBuffer();
      status = answer.status;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const [entry] = (await readLog(t, token, '?limit=1')).requests;
    expect(entry).toMatchObject({ method: 'POST', path: `/api${SCHEME_PATHS.clients}` });
    const detail = await request(t.app)
      .get(`${MOCK_PATHS.requests}/${entry!.id}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    return { status, shown: (detail.body as LoggedCallDetail).request };
  }

  it('shows compact JSON validation completes byte for byte: its keys and their order', async () => {
    const text = '{"binTypeId":0,"clientName":"Order Check \u00e9"}';
    const { status, shown } = await sentAndShown(text);
    expect(status).toBe(201);
    expect(shown).toMatchObject({ body: '{"binTypeId":0,"clientName":"Order Check é"}' });
    const compact = '{"binTypeId":0,"clientName":"Order Check"}';
    expect(await sentAndShown(compact)).toMatchObject({
      status: 201,
      shown: { body: compact, truncated: false, bodyIs: 'sent' },
    });
  });

  it('shows other JSON in its compact form, keys in the order sent', async () => {
    const text = '{ "binTypeId": 0,\n  "clientName": "Spaced Out" }';
    expect(await sentAndShown(text)).toMatchObject({
      status: 201,
      shown: { body: '{"binTypeId":0,"clientName":"Spaced Out"}', truncated: false },
    });
  });

  it('shows a body validation refuses, and describes one that is not JSON at all', async () => {
    const refused = '{"clientName":"","binTypeId":"zero","extra":[1,2]}';
    expect(await sentAndShown(refused)).toMatchObject({ status: 400, shown: { body: refused } });
    const broken = '{"clientName": "Half", "p\\u0061ssword": "BrokenSecret1"';
    expect(await sentAndShown(broken)).toMatchObject({
      status: 400,
      shown: {
        body: `(application/json body, ${Buffer.byteLength(broken)} bytes: not shown)`,
        truncated: false,
        bodyIs: 'described',
      },
    });
  });

  it('shows a compressed body decoded, and a secret in a body as sent still redacted', async () => {
    const text = '{"clientName":"Zipped","binTypeId":0,"password":"hunter2!"}';
    const { status, shown } = await sentAndShown(text, { gzip: true });
    expect(status).toBe(400); // no such field
    expect(shown.bodyIs).toBe('decoded');
    expect(JSON.parse(shown.body ?? '')).toEqual({
      clientName: 'Zipped',
      binTypeId: 0,
      password: REDACTED,
    });
    expect(shown.body).not.toContain('hunter2!');
  });

  it("never shows the values of a secret field a body names (the review's bulk correction)", async () => {
    for (const [text, redacted] of [
      [
        '{"field":"pin","set":"2468","version":3}',
        `{"field":"pin","set":"${REDACTED}","version":3}`,
      ],
      [
        '{"rule":"7","field":"PIN","find":"12","replace":"1248"}',
        `{"rule":"7","field":"PIN","find":"${REDACTED}","replace":"${REDACTED}"}`,
      ],
      ['{"field":"password","set":"Dev9pass"}', `{"field":"password","set":"${REDACTED}"}`],
      // A field that is not secret keeps its values.
      ['{"field":"balance","set":"12.00"}', '{"field":"balance","set":"12.00"}'],
    ] as const) {
      const { shown } = await sentAndShown(text);
      expect(shown.body).toBe(redacted);
    }
  });

  it('never shows the first of two members of the same secret name', async () => {
    for (const [text, redacted] of [
      ['{"password":"Hunter2dup","password":false}', '{"password":false}'],
      ['{"devicePassword":"DevPw99","devicePassword":null}', '{"devicePassword":null}'],
      ['{"pin":"Pin1dup","note":"x","pin":true}', '{"pin":true,"note":"x"}'],
    ] as const) {
      const { status, shown } = await sentAndShown(text);
      expect(status).toBe(400);
      expect(shown.body).toBe(redacted);
    }
  });

  it('describes a body over CALL_DETAIL_MAX_BYTES: a secret in a list or an escaped name is never shown', async () => {
    const pad = 'x'.repeat(CALL_DETAIL_MAX_BYTES);
    for (const [text, secret] of [
      [`{"password":["ListSecret1"],"clientName":"${pad}","binTypeId":0}`, 'ListSecret1'],
      [`{"p\\u0061ssword":"EscSecret1","clientName":"${pad}","binTypeId":0}`, 'EscSecret1'],
      [`{"devicePassword":{"value":"ObjSecret1"},"clientName":"${pad}"}`, 'ObjSecret1'],
    ] as const) {
      const { status, shown } = await sentAndShown(text);
      expect(status).toBe(400);
      expect(shown).toEqual(
        expect.objectContaining({
          body: `(application/json body, ${Buffer.byteLength(text)} bytes: not shown)`,
          truncated: false,
        }),
      );
      expect(JSON.stringify(shown)).not.toContain(secret);
    }
  });

  it('does not keep a body in another charset than UTF-8 (refused with 415)', async () => {
    const text = '{"password":"Utf16Secret","clientName":"Wide","binTypeId":0}';
    const { status, shown } = await sentAndShown(text, { utf16: true });
    expect(status).toBe(415);
    expect(shown.body).toBe(
      `(application/json; charset=utf-16le body, ${Buffer.byteLength(text, 'utf16le')} bytes: not kept)`,
    );
    expect(JSON.stringify(shown).replace(/\\u0000/g, '')).not.toContain('Utf16Secret');
  });
});

describe('the request log without MOCK_CONTROL', () => {
  it('does not exist', async () => {
    const t = await createTestApp({ env: { MOCK_CONTROL: 'false' } });
    try {
      const { token } = await t.login();
      await request(t.app)
        .get(MOCK_PATHS.requests)
        .set('Authorization', `Bearer ${token}`)
        .expect(404);
      await request(t.app).get(MOCK_PATHS.page).expect(404);
    } finally {
      await t.close();
    }
  });
});

describe('the fault a call was given', () => {
  const call = (id: number, locals: Record<string, unknown>): RequestRecord => ({
    id,
    method: 'PUT',
    url: `/api/myjournal/profiles/${id}`,
    status: 500,
    completed: true,
    startedAt: Date.parse('2026-01-02T03:04:05.678Z'),
    durationMs: 12,
    locals,
  });

  it('is shown when the fault middleware noted it as text, and left out otherwise', () => {
    const log = createRequestLog({ config: { clientDir: '/nonexistent' } });
    log.record(call(1, { mockFault: '500 by fault 3' }));
    log.record(call(2, { mockFault: { not: 'text' } }));
    log.record(call(3, {}));
    expect(log.read()).toEqual([
      expect.not.objectContaining({ fault: expect.anything() }),
      expect.not.objectContaining({ fault: expect.anything() }),
      {
        id: 1,
        time: '2026-01-02T03:04:05.678Z',
        method: 'PUT',
        path: '/api/myjournal/profiles/1',
        status: 500,
        durationMs: 12,
        completed: true,
        fault: '500 by fault 3',
        kind: 'faulted',
        static: false,
      },
    ]);
  });
});

describe('GET /__mock (the page)', () => {
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'mock-page-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(clientDir, 'assets', 'mock-page.1a2b3c4d.js'), 'void 0;');
    await writeFile(path.join(clientDir, 'assets', 'mock-page.5e6f7a8b.css'), 'body{}');
    await writeFile(path.join(clientDir, 'assets', 'main.99999999.js'), 'void 0;');
  });
  afterAll(async () => {
    await rm(clientDir, { recursive: true, force: true });
  });

  it('is served without a token, linking its built script and stylesheet, with nothing inline', async () => {
    const t = await createTestApp({ env: { ...MOCK_ON, CLIENT_DIR: clientDir } });
    try {
      const answer = await request(t.app).get(MOCK_PATHS.page).expect(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-store');
      const csp = answer.headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self'");
      const html = answer.text;
      expect(html).toContain(`<title>${MOCK_PAGE_TEXT.title}</title>`);
      expect(html).toContain('<script defer src="/assets/mock-page.1a2b3c4d.js"></script>');
      expect(html).toContain('<link rel="stylesheet" href="/assets/mock-page.5e6f7a8b.css" />');
      expect(html).toContain('id="mock-page"');
      // Every script has a src; no style element or attribute, no event handler attribute.
      expect(html.match(/<script\b[^>]*>/g)).toEqual([
        '<script defer src="/assets/mock-page.1a2b3c4d.js">',
      ]);
      expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
      // The linked files are served by the client files.
      await request(t.app).get('/assets/mock-page.1a2b3c4d.js').expect(200);
      // The trailing slash too.
      await request(t.app).get(`${MOCK_PATHS.page}/`).expect(200);
    } finally {
      await t.close();
    }
  });

  it('says to build the client when it is not built', async () => {
    const t = await createTestApp({ env: MOCK_ON });
    try {
      const answer = await request(t.app).get(MOCK_PATHS.page).expect(503);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      expect(answer.text).toContain('npm run build');
      expect(answer.text).toContain('npm run dev');
    } finally {
      await t.close();
    }
  });

  it('opened from the webpack dev server, links its in-memory build, no production build needed', async () => {
    const t = await createTestApp({ env: MOCK_ON });
    try {
      const answer = await request(t.app)
        .get(MOCK_PATHS.page)
        .set(DEV_CLIENT_HEADER, '1')
        .expect(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.text).toContain('<script defer src="/assets/mock-page.js"></script>');
      expect(answer.text).toContain('<link rel="stylesheet" href="/assets/mock-page.css" />');
      // The dev build's eval source maps are allowed on this answer only.
      expect(answer.headers['content-security-policy']).toContain(
        "script-src 'self' 'unsafe-eval';",
      );
      const built = await request(t.app).get(MOCK_PATHS.page).expect(503);
      expect(built.headers['content-security-policy']).not.toContain('unsafe-eval');
    } finally {
      await t.close();
    }
  });

  it('is proxied by the webpack dev server with that header, the dev build under those names', () => {
    const config = webpackConfig({ WEBPACK_SERVE: true }, { mode: 'development' });
    const proxies = (config.devServer?.proxy ?? []).filter(
      (entry): entry is Exclude<typeof entry, (...args: never[]) => unknown> =>
        typeof entry === 'object',
    );
    // The page's own call, first, with the header; the other /__mock calls without it.
    const [page, ...others] = proxies;
    expect(page).toMatchObject({ headers: { [DEV_CLIENT_HEADER]: '1' } });
    const matches = page?.context as (pathname: string) => boolean;
    expect([MOCK_PATHS.page, `${MOCK_PATHS.page}/`].map(matches)).toEqual([true, true]);
    expect(matches(MOCK_PATHS.faults)).toBe(false);
    expect(others.some((entry) => (entry.context as string[]).includes(MOCK_PATHS.page))).toBe(
      true,
    );
    expect(others.every((entry) => entry.headers === undefined)).toBe(true);
    expect(config.output?.filename).toBe('assets/[name].js');
    expect(Object.keys(config.entry as object)).toContain('mock-page');
  });
});

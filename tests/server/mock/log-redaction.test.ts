/**
 * The request log and the recordings never show a secret, whatever the body's size or shape:
 * over HTTP through the real app (supertest), calls forwarded to a fake real backend, the log
 * read as the /__mock page reads it (the list, then a call's details), recordings read from
 * disk. The shapes: a secret held in a list, a member name written with JSON escapes, a
 * secret-named member holding a list or an object, JSON in a string, in a query value or in a
 * header; each in a body under and over the log's 64 KB, whole, cut short or not JSON.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { MOCK_PATHS } from '@contracts/api/mock';
import {
  CALL_DETAIL_MAX_BYTES,
  MOCK_PROXY_PATHS,
  type LoggedCallDetail,
  type RecordingStopped,
} from '@contracts/api/mock-proxy';
import { REDACTED, type RequestLogPage } from '@contracts/api/mock-requests';
import { createTestApp, type TestApp } from '../support/test-app';
import { listenRaw, type Listening } from './proxy-support';

/** Past the log's cap: the secrets come first, inside the 64 KB the log keeps. */
const PAD = 'p'.repeat(CALL_DETAIL_MAX_BYTES + 1000);

/** Secret-bearing JSON texts, each with its secret, `{pad}` standing for where padding goes. */
const SHAPES: readonly (readonly [string, string, string])[] = [
  ['a list of objects', '{"devices":[{"id":1,"password":"ListPw-1"}],"pad":"{pad}"}', 'ListPw-1'],
  ['a top-level list', '[{"password":"TopPw-2"},{"pin":"TopPin-2"},"{pad}"]', 'TopPw-2'],
  ['an escaped name', '{"p\\u0061ssword":"EscPw-3","pad":"{pad}"}', 'EscPw-3'],
  [
    'an escaped name in a list',
    '{"devices":[{"devicePa\\u0073sword":"EscListPw-4"}],"pad":"{pad}"}',
    'EscListPw-4',
  ],
  ['an escaped short name', '[{"\\u0070in":"EscPin-5"},"{pad}"]', 'EscPin-5'],
  ['a secret name holding a list', '{"passwords":["NamedList-6"],"pad":"{pad}"}', 'NamedList-6'],
  [
    'a secret name holding an object',
    '{"devicePassword":{"value":"NamedObj-7"},"pad":"{pad}"}',
    'NamedObj-7',
  ],
  [
    'JSON in a string',
    '{"config":"{\\"password\\":\\"InString-8\\"}","pad":"{pad}"}',
    'InString-8',
  ],
];

/** The text around a secret found in `text` (undefined when it is not there): a short failure. */
function leaked(text: string, secret: string): string | undefined {
  const at = text.indexOf(secret);
  return at === -1 ? undefined : text.slice(Math.max(0, at - 60), at + secret.length + 20);
}

const small = (text: string): string => text.replace('{pad}', 'short');
const large = (text: string): string => text.replace('{pad}', PAD);

describe('the request log and recordings with a real backend, whatever the shape of a secret', () => {
  /** What the fake backend answers a path: content type and body. */
  let answers: Map<
    string,
    { type: string; body: string | Buffer; headers?: Record<string, string> }
  >;
  let target: Listening;
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    answers = new Map();
    target = await listenRaw((req, res) => {
      req.resume();
      req.on('end', () => {
        const answer = answers.get((req.url ?? '').split('?', 1)[0] ?? '');
        res.writeHead(200, {
          'Content-Type': answer?.type ?? 'application/json',
          ...answer?.headers,
        });
        res.end(answer?.body ?? '{}');
      });
    });
    t = await createTestApp({ env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url } });
    token = (await t.login()).token;
  });
  afterEach(async () => {
    await target.close();
    await t.close();
  });

  /**
   * The newest logged call to `urlPath` as the page reads it: the list's entry, then its
   * details; both answers' whole text, for a secret to be looked for anywhere in them.
   */
  /** Sends `body` as JSON to `urlPath`, forwarded to the target, and expects its 200. */
  async function forward(urlPath: string, body: string): Promise<void> {
    await request(t.app)
      .post(urlPath)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(200);
  }

  async function shown(urlPath: string): Promise<{ text: string; detail: LoggedCallDetail }> {
    const list = await request(t.app)
      .get(`${MOCK_PATHS.requests}?limit=5`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const entry = (list.body as RequestLogPage).requests.find((logged) =>
      logged.path.startsWith(urlPath),
    );
    if (entry === undefined) throw new Error(`not logged: ${urlPath}`);
    const detail = await request(t.app)
      .get(`${MOCK_PATHS.requests}/${entry.id}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect((detail.body as LoggedCallDetail).kind).toBe('real');
    return { text: `${list.text}\n${detail.text}`, detail: detail.body as LoggedCallDetail };
  }

  describe('a forwarded request body', () => {
    it.each(SHAPES)(
      'never shows a secret in %s, under or over 64 KB',
      async (_shape, json, secret) => {
        for (const [size, body] of [
          ['small', small(json)],
          ['large', large(json)],
        ] as const) {
          await forward(`/api/only-the-backend/${size}`, body);
          const { text, detail } = await shown(`/api/only-the-backend/${size}`);
          expect(leaked(text, secret)).toBeUndefined();
          expect(detail.request.truncated).toBe(size === 'large');
          expect(detail.request.body).toContain(REDACTED);
        }
      },
    );

    it('never shows a secret in JSON that is cut short or is several values', async () => {
      const bodies = [
        ['{"devices":[{"p\\u0061ssword":"CutPw-1"},', 'CutPw-1'],
        ['{"passwords":["CutList-2","x"', 'CutList-2'],
        ['{"tokens":{"value":"CutObj-3"', 'CutObj-3'],
        ['{"a":1}\n{"devices":[{"p\\u0061ssword":"Lines-4"}]}\n', 'Lines-4'],
      ] as const;
      for (const [body, secret] of bodies) {
        await forward('/api/only-the-backend/broken', body);
        const { text } = await shown('/api/only-the-backend/broken');
        expect(leaked(text, secret)).toBeUndefined();
      }
    });

    it('shows what is not secret, as before', async () => {
      const body = '{"name":"kept","devices":[{"id":1,"password":"Shown-1"}]}';
      await forward('/api/only-the-backend/plain', body);
      const { detail } = await shown('/api/only-the-backend/plain');
      expect(detail.request).toEqual({
        headers: expect.any(Object) as unknown,
        body: `{"name":"kept","devices":[{"id":1,"password":"${REDACTED}"}]}`,
        truncated: false,
        bodyIs: 'sent',
      });
    });
  });

  describe('an answer', () => {
    it.each(SHAPES)(
      'never shows a secret in %s, under or over 64 KB',
      async (_shape, json, secret) => {
        for (const [size, body] of [
          ['small', small(json)],
          ['large', large(json)],
        ] as const) {
          answers.set(`/api/only-the-backend/${size}`, { type: 'application/json', body });
          await request(t.app)
            .get(`/api/only-the-backend/${size}`)
            .set('Authorization', `Bearer ${token}`)
            .expect(200);
          const { text, detail } = await shown(`/api/only-the-backend/${size}`);
          expect(leaked(text, secret)).toBeUndefined();
          expect(detail.response.truncated).toBe(size === 'large');
          expect(detail.response.body).toContain(REDACTED);
        }
      },
    );

    it('over 64 KB is shown up to the cut, its secrets redacted, what is not secret kept', async () => {
      const body = JSON.stringify({
        users: [{ name: 'kept-name', password: 'Cut-Shown-1' }],
        filler: PAD,
      });
      answers.set('/api/only-the-backend/cut', { type: 'application/json', body });
      await request(t.app)
        .get('/api/only-the-backend/cut')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      const { text, detail } = await shown('/api/only-the-backend/cut');
      expect(text).not.toContain('Cut-Shown-1');
      expect(detail.response.truncated).toBe(true);
      expect(detail.response.body).toContain(
        `{"users":[{"name":"kept-name","password":"${REDACTED}"}],"filler":"ppp`,
      );
      expect(Buffer.byteLength(detail.response.body ?? '')).toBeLessThanOrEqual(
        CALL_DETAIL_MAX_BYTES,
      );
    });
  });

  describe('an answer in text', () => {
    it('is read in its charset, and its secrets redacted behind a colour code too', async () => {
      const ESC = '\u001b';
      const texts: [string, string, Buffer | string, string][] = [
        [
          'ansi',
          'text/plain',
          `${ESC}[32mpassword=Ansi-Pw-1${ESC}[0m`,
          `${ESC}[32mpassword=${REDACTED}`,
        ],
        [
          'utf16',
          'text/plain; charset=utf-16le',
          Buffer.from('pin: Utf16-Pin-2', 'utf16le'),
          `pin: ${REDACTED}`,
        ],
        [
          'latin1',
          'application/json; charset=iso-8859-1',
          Buffer.from('{"name":"café","token":"Latin-Token-3"}', 'latin1'),
          `{"name":"café","token":"${REDACTED}"}`,
        ],
        [
          'page',
          'text/html',
          '<input name="password" value="Html-Pw-4">',
          `<input name="password" value="${REDACTED}">`,
        ],
      ];
      for (const [name, type, body, shownBody] of texts) {
        answers.set(`/api/only-the-backend/${name}`, { type, body });
        await request(t.app)
          .get(`/api/only-the-backend/${name}`)
          .set('Authorization', `Bearer ${token}`)
          .expect(200);
        const { text, detail } = await shown(`/api/only-the-backend/${name}`);
        for (const secret of ['Ansi-Pw-1', 'Utf16-Pin-2', 'Latin-Token-3', 'Html-Pw-4']) {
          expect(leaked(text, secret)).toBeUndefined();
        }
        expect(detail.response.body).toBe(shownBody);
      }
    });
  });

  describe('a query string and headers', () => {
    it('never show a secret held in JSON in a query value or a header value', async () => {
      const filter = encodeURIComponent('{"devices":[{"p\\u0061ssword":"QueryPw-1"}]}');
      answers.set('/api/only-the-backend/query', {
        type: 'application/json',
        body: '{}',
        headers: { 'X-Debug': '[{"devicePa\\u0073sword":"AnswerHeader-3"}]' },
      });
      await request(t.app)
        .get(`/api/only-the-backend/query?filter=${filter}&keep=1`)
        .set('Authorization', `Bearer ${token}`)
        .set('X-Filter', '{"devices":[{"password":"HeaderPw-2"}]}')
        .expect(200);
      const { text, detail } = await shown('/api/only-the-backend/query');
      for (const secret of ['QueryPw-1', 'HeaderPw-2', 'AnswerHeader-3']) {
        expect(leaked(text, secret)).toBeUndefined();
      }
      expect(detail.path).toContain('&keep=1');
      expect(detail.request.headers['x-filter']).toBe(`{"devices":[{"password":"${REDACTED}"}]}`);
    });
  });

  describe('a recording written to disk', () => {
    it('holds no secret in any of those shapes', async () => {
      const started = await request(t.app)
        .post(MOCK_PROXY_PATHS.recordings)
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'shapes', routes: [{ path: '/api/only-the-backend/*' }] })
        .expect(201);
      expect(started.body).toMatchObject({ name: 'shapes', running: true });
      const secrets: string[] = [];
      for (const [index, [, json, secret]] of SHAPES.entries()) {
        secrets.push(secret);
        answers.set(`/api/only-the-backend/whole-${index}`, {
          type: 'application/json',
          body: large(json),
        });
        // Not JSON as a whole: lines of JSON, as a log or a stream answers them.
        answers.set(`/api/only-the-backend/lines-${index}`, {
          type: 'application/x-ndjson',
          body: `{"a":1}\n${small(json)}\n`,
        });
        for (const kind of ['whole', 'lines']) {
          await request(t.app)
            .post(`/api/only-the-backend/${kind}-${index}`)
            .set('Authorization', `Bearer ${token}`)
            .send(JSON.parse(small(json)) as object)
            .expect(200);
        }
      }
      answers.set('/api/only-the-backend/query', {
        type: 'text/plain',
        body: 'fine',
        headers: { 'X-Debug': '{"p\\u0061ssword":"AnswerHeader-9"}' },
      });
      await request(t.app)
        .get(`/api/only-the-backend/query?filter=${encodeURIComponent('[{"pin":"QueryPin-10"}]')}`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      secrets.push('AnswerHeader-9', 'QueryPin-10');

      const stopped = await request(t.app)
        .post(`${MOCK_PROXY_PATHS.recordings}/shapes/stop`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      const file = await readFile(path.join(t.dir, 'recordings', 'shapes.json'), 'utf8');
      const calls = (
        JSON.parse(file) as { calls: { response: string; encoding: BufferEncoding }[] }
      ).calls;
      const plain = calls
        .map((kept) => Buffer.from(kept.response, kept.encoding).toString('utf8'))
        .join('\n');
      for (const secret of secrets) {
        expect(leaked(file, secret)).toBeUndefined();
        expect(leaked(plain, secret)).toBeUndefined();
      }
      expect(calls.every((kept) => kept.encoding === 'utf8')).toBe(true);
      const { calls: count, leftOut } = stopped.body as RecordingStopped;
      expect(count + (leftOut ?? 0)).toBe(SHAPES.length * 2 + 1);
    });

    it('keeps and shows an answer nested as deep as it likes, its depths as ***, the server up', async () => {
      const depth = 100_000;
      answers.set('/api/only-the-backend/deep', {
        type: 'application/json',
        body: `${'['.repeat(depth)}{"password":"Deep-1"}${']'.repeat(depth)}`,
      });
      await request(t.app)
        .post(MOCK_PROXY_PATHS.recordings)
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'deep', routes: [{ path: '/api/only-the-backend/*' }] })
        .expect(201);
      await request(t.app)
        .get('/api/only-the-backend/deep')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      const { text, detail } = await shown('/api/only-the-backend/deep');
      expect(leaked(text, 'Deep-1')).toBeUndefined();
      expect(detail.response.body).toContain(`"${REDACTED}"`);
      const stopped = await request(t.app)
        .post(`${MOCK_PROXY_PATHS.recordings}/deep/stop`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(stopped.body).toEqual({ name: 'deep', calls: 1 });
      const file = await readFile(path.join(t.dir, 'recordings', 'deep.json'), 'utf8');
      expect(leaked(file, 'Deep-1')).toBeUndefined();
      expect(file).toContain(REDACTED);
    });
  });
});

import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_PATHS, JOURNAL_SITE_PATHS } from '@contracts/api/journal';
import { SCHEME_PATHS } from '@contracts/api/schemes';
import { API_PATHS, RUNTIME_CONFIG_PATH, URL_PATHS } from '@contracts/api/paths';
import { createApp } from '../../server/app';
import { createPortalServer } from '../../server/http/http-server';
import { createErrorHandler, notFoundHandler } from '../../server/http/error-handler';
import { PNG_BYTES } from './support/fixtures';
import { createTestApp, loginRequest, type TestApp } from './support/test-app';

describe('error answers', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { JSON_BODY_LIMIT: '1kb' } });
    auth = (await t.login()).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const response = await request(t.app).get('/api/no-such-thing').set('Authorization', auth);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: `${ERROR_MESSAGE.notFound}: GET /api/no-such-thing`,
    });
  });

  it('answers 401 for an unknown API path without a token (nothing is revealed)', async () => {
    const response = await request(t.app).get('/api/no-such-thing');
    expect(response.status).toBe(401);
  });

  it('answers 404 JSON for an unknown path outside the API', async () => {
    const response = await request(t.app).post('/nowhere').send({});
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ errorCode: ERROR_CODE.NOT_FOUND });
  });

  it('answers 400 MALFORMED_JSON for a body that is not JSON, and writes nothing', async () => {
    const bytes = await t.dataFileBytes();
    const response = await request(t.app)
      .post(`/api${API_PATHS.tokens}`)
      .set(MODULE_CODE_HEADER, MODULE_CODE)
      .set('Content-Type', 'application/json')
      .send('{"username": "admin", ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errorCode: ERROR_CODE.MALFORMED_JSON,
      errorMessage: ERROR_MESSAGE.malformedJson,
    });
    expect(await t.dataFileBytes()).toEqual(bytes);
  });

  it('answers 413 for a body over JSON_BODY_LIMIT, and writes nothing', async () => {
    const bytes = await t.dataFileBytes();
    const response = await loginRequest(t.app, { username: 'admin', password: 'x'.repeat(2000) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      errorCode: ERROR_CODE.TOO_LARGE,
      errorMessage: ERROR_MESSAGE.bodyTooLarge,
    });
    expect(await t.dataFileBytes()).toEqual(bytes);
  });

  it('answers 415 for a JSON call whose body is sent as text/plain', async () => {
    const response = await request(t.app)
      .post(`/api${API_PATHS.tokens}`)
      .set(MODULE_CODE_HEADER, MODULE_CODE)
      .set('Content-Type', 'text/plain')
      .send('username=admin');
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
      errorMessage: ERROR_MESSAGE.jsonRequired,
    });
  });
});

describe('the error handler', () => {
  function tinyApp(route: express.RequestHandler) {
    const logged: unknown[] = [];
    const logger = pino(
      { level: 'error' },
      { write: (line: string) => logged.push(JSON.parse(line)) },
    );
    const app = express();
    app.get('/boom', route);
    app.use(notFoundHandler);
    app.use(createErrorHandler(logger));
    return { app, logged };
  }

  it.each([
    [
      'a thrown error',
      (() => {
        throw new Error('secret detail at /srv/app.ts:12');
      }) as express.RequestHandler,
    ],
    [
      'a rejected promise',
      (async () => {
        await Promise.resolve();
        throw new TypeError('secret detail');
      }) as express.RequestHandler,
    ],
  ])('answers 500 without a stack for %s, and logs it', async (_name, route) => {
    const { app, logged } = tinyApp(route);
    const response = await request(app).get('/boom');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      errorCode: ERROR_CODE.INTERNAL,
      errorMessage: ERROR_MESSAGE.internal,
    });
    expect(response.text).not.toMatch(/secret detail|at .*\.ts/);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).toContain('secret detail');
  });

  it('answers 500 JSON when the store fails', async () => {
    const t = await createTestApp();
    try {
      const { token } = await t.login();
      const spy = jest.spyOn(t.store, 'read').mockImplementation(() => {
        throw new Error('disk on fire');
      });
      const response = await request(t.app)
        .get(`/api${API_PATHS.programs}`)
        .set('Authorization', token);
      spy.mockRestore();
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.INTERNAL,
        errorMessage: ERROR_MESSAGE.internal,
      });
    } finally {
      await t.close();
    }
  });
});

/**
 * Sends raw bytes on a new connection; resolves with what came back once the server closed it
 * (each request sent here asks for that, or is one the server refuses and closes on). Written,
 * not ended: Node's HTTP server aborts the requests of a client that half-closes its connection.
 */
function rawExchange(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** The status and the JSON body of a raw HTTP/1.1 answer. */
function parseRaw(answer: string): { status: number; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, body: JSON.parse(body) as unknown };
}

/** Sends `body` as is on a listening copy of `app`; the answer's status and parsed JSON body. */
async function sendBytes(
  app: express.Express,
  method: string,
  url: string,
  body: Buffer | string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const server = app.listen(0);
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = http.request(
        { port, method, path: url, headers: { ...headers, Connection: 'close' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    server.close();
  }
}

describe('bad input is a 4xx, never a 500', () => {
  let t: TestApp;
  let auth: string;
  let profileId: number;
  let logged: { level: number; err?: unknown; msg?: string }[];
  let app: express.Express;

  beforeAll(async () => {
    t = await createTestApp();
    logged = [];
    // The real app over the same store, with its log lines kept.
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => logged.push(JSON.parse(line)) },
    );
    app = createApp({ db: t.store, config: t.config, logger });
    auth = (await t.login()).token;
    const programs = await request(app).get(`/api${API_PATHS.programs}`).set('Authorization', auth);
    const [program] = (programs.body as { _embedded: { programs: { programId: number }[] } })
      ._embedded.programs;
    if (program === undefined) throw new Error('the data holds no program');
    const created = await request(app)
      .post(`/api${JOURNAL_PATHS.profiles}`)
      .set('Authorization', auth)
      .send({ programId: program.programId, siteUrl: 'errors-test-site' });
    expect(created.status).toBe(201);
    profileId = (created.body as { profileId: number }).profileId;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    logged.length = 0;
  });

  /** Runs `send`, checks that it changed neither the data nor the uploaded files. */
  async function expectNothingWritten<T>(send: () => Promise<T>): Promise<T> {
    const bytes = await t.dataFileBytes();
    const files = await t.storedFiles();
    const result = await send();
    expect(await t.dataFileBytes()).toEqual(bytes);
    expect(await t.storedFiles()).toEqual(files);
    return result;
  }

  /** No line at level error (50) or above, and none carries a stack. */
  function expectLoggedWithoutStack(): void {
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('"stack"');
  }

  const unreadablePath = {
    errorCode: ERROR_CODE.VALIDATION,
    errorMessage: ERROR_MESSAGE.unreadablePath,
  };

  it.each([
    ['GET', '/mj/api/sites/%ff'],
    ['GET', '/mj/api/sites/%ff/style.css'],
    ['POST', '/mj/api/sites/%ff/balance'],
    ['GET', '/images/%ff.png'],
    ['GET', '/images/%E0%A4%A.png'],
    ['GET', `/api${API_PATHS.program('%ff')}`],
    ['PUT', `/api${JOURNAL_PATHS.profile('%ff')}`],
    ['GET', `/api${JOURNAL_PATHS.programModuleCodes('%c3%28')}`],
  ])('answers 400 for %s %s, a path that cannot be decoded', async (method, url) => {
    const response = await request(app)
      [method === 'GET' ? 'get' : method === 'PUT' ? 'put' : 'post'](url)
      .set('Authorization', auth);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(unreadablePath);
    expectLoggedWithoutStack();
  });

  describe('compressed and encoded JSON bodies', () => {
    /** Over plain http: superagent would serialise a Buffer sent as JSON. */
    const put = (encoding: string, body: Buffer | string, type = 'application/json') =>
      sendBytes(app, 'PUT', `/api${JOURNAL_PATHS.profile(profileId)}`, body, {
        Authorization: auth,
        'Content-Type': type,
        'Content-Encoding': encoding,
      });

    it.each([
      ['gzip', Buffer.from('{"title":"Changed"}')],
      ['gzip', gzipSync('{"title":"Changed"}').subarray(0, 12)],
      ['deflate', Buffer.from('not deflated')],
      ['br', Buffer.from('not brotli')],
    ])(
      'answers 400 for a body that is not valid %s, and writes nothing',
      async (encoding, body) => {
        const response = await expectNothingWritten(() => put(encoding, body));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          errorCode: ERROR_CODE.VALIDATION,
          errorMessage: ERROR_MESSAGE.unreadableBody,
        });
        expectLoggedWithoutStack();
      },
    );

    it('answers 415 for an encoding or charset the server does not read', async () => {
      const unknown = await expectNothingWritten(() => put('x-compress', '{"title":"Changed"}'));
      const charset = await expectNothingWritten(() =>
        put('identity', '{"title":"Changed"}', 'application/json; charset=klingon'),
      );
      for (const response of [unknown, charset]) {
        expect(response.status).toBe(415);
        expect(response.body).toEqual({
          errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
          errorMessage: ERROR_MESSAGE.unsupportedBodyEncoding,
        });
      }
    });

    it('reads a well-formed gzip body (here, an invalid title is named)', async () => {
      const response = await expectNothingWritten(() => put('gzip', gzipSync('{"title":"x"}')));
      expect(response.status).toBe(400);
      expect((response.body as { errorMessage: string }).errorMessage).toMatch(/^title: /);
    });
  });

  describe('JSON bodies that are not UTF-8', () => {
    /** POST /gift-card/clients with `bytes` as they are. */
    const createClient = (body: Buffer, type = 'application/json', encoding = 'identity') =>
      sendBytes(app, 'POST', `/api${SCHEME_PATHS.clients}`, body, {
        Authorization: auth,
        'Content-Type': type,
        'Content-Encoding': encoding,
      });
    const clientBytes = (name: Buffer) =>
      Buffer.concat([Buffer.from('{"clientName":"'), name, Buffer.from('","binTypeId":0}')]);
    const malformed = {
      errorCode: ERROR_CODE.MALFORMED_JSON,
      errorMessage: ERROR_MESSAGE.malformedJson,
    };

    it.each([
      ['bytes \\xff\\xfe', Buffer.from([0x42, 0x61, 0x64, 0xff, 0xfe])],
      ['a sequence cut off', Buffer.from([0x42, 0x61, 0x64, 0xc3])],
      ['an overlong encoding of "/"', Buffer.from([0xc0, 0xaf])],
      ['a surrogate encoded as UTF-8', Buffer.from([0xed, 0xa0, 0x80])],
    ])('refuses a body with %s as malformed JSON, and writes nothing', async (_name, bytes) => {
      const response = await expectNothingWritten(() => createClient(clientBytes(bytes)));
      expect(response).toEqual({ status: 400, body: malformed });
      expectLoggedWithoutStack();
      expect(JSON.stringify(logged)).toContain('JSON body is not valid UTF-8');
    });

    it('checks the bytes after the Content-Encoding is undone', async () => {
      const body = gzipSync(clientBytes(Buffer.from([0xff, 0xfe])));
      const response = await expectNothingWritten(() =>
        createClient(body, 'application/json', 'gzip'),
      );
      expect(response).toEqual({ status: 400, body: malformed });
    });

    it('refuses a JSON body in another Unicode charset with 415, and writes nothing', async () => {
      const body = Buffer.from('{"clientName":"Sixteen","binTypeId":0}', 'utf16le');
      const response = await expectNothingWritten(() =>
        createClient(body, 'application/json; charset=utf-16le'),
      );
      expect(response).toEqual({
        status: 415,
        body: {
          errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
          errorMessage: ERROR_MESSAGE.unsupportedBodyEncoding,
        },
      });
    });

    it('takes UTF-8 text of every length of sequence and stores it as sent', async () => {
      const clientName = 'Caf\u00e9 \u20ac \u{1f600} Ltd';
      const response = await createClient(
        clientBytes(Buffer.from(clientName)),
        'application/json; charset=UTF-8',
      );
      expect(response.status).toBe(201);
      const stored = (await t.dataFile()).clients.find((c) => c.clientName === clientName);
      expect(stored).toMatchObject({ clientName });
    });
  });

  describe('JSON calls refuse bodies that are not JSON', () => {
    const jsonRequired = {
      errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
      errorMessage: ERROR_MESSAGE.jsonRequired,
    };

    it.each([
      ['text/plain', '{"title":"Changed by text"}'],
      ['application/x-www-form-urlencoded', 'title=Changed+by+form'],
      [
        'multipart/form-data; boundary=XX',
        '--XX\r\nContent-Disposition: form-data; name="title"\r\n\r\nChanged\r\n--XX--\r\n',
      ],
    ])('answers 415 to a PUT sent as %s, and applies nothing', async (type, body) => {
      const response = await expectNothingWritten(() =>
        request(app)
          .put(`/api${JOURNAL_PATHS.profile(profileId)}`)
          .set('Authorization', auth)
          .set('Content-Type', type)
          .send(body),
      );
      expect(response.status).toBe(415);
      expect(response.body).toEqual(jsonRequired);
    });

    it('answers 415 to a body sent without a content type', async () => {
      const server = app.listen(0);
      try {
        await new Promise((resolve) => server.once('listening', resolve));
        const { port } = server.address() as AddressInfo;
        const body = '{"title":"Changed without type"}';
        const answer = await expectNothingWritten(() =>
          rawExchange(
            port,
            `PUT /api${JOURNAL_PATHS.profile(profileId)} HTTP/1.1\r\nHost: x\r\n` +
              `Authorization: ${auth}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
          ),
        );
        expect(parseRaw(answer)).toEqual({ status: 415, body: jsonRequired });
      } finally {
        server.close();
      }
    });

    it('answers 415 on the published site balance call and on token refresh too', async () => {
      const balance = await request(app)
        .post(JOURNAL_SITE_PATHS.balance('errors-test-site'))
        .set('Content-Type', 'text/plain')
        .send('{"cardNumber":"1","pin":"1"}');
      const refresh = await request(app)
        .post(URL_PATHS.refresh)
        .set(MODULE_CODE_HEADER, MODULE_CODE)
        .set('Content-Type', 'text/plain')
        .send('{"masterToken":"x"}');
      expect([balance.status, refresh.status]).toEqual([415, 415]);
      expect(balance.body).toEqual(jsonRequired);
      expect(refresh.body).toEqual(jsonRequired);
    });

    it('keeps answering calls that carry no body as before', async () => {
      // A POST that needs a body but has none names the first missing field.
      const empty = await request(app)
        .post(`/api${JOURNAL_PATHS.profiles}`)
        .set('Authorization', auth)
        .set('Content-Type', 'text/plain');
      expect(empty.status).toBe(400);
      expect((empty.body as { errorMessage: string }).errorMessage).toMatch(/^programId: /);
      // Logout carries no body.
      const { token } = await t.login();
      const logout = await request(app)
        .delete(`/api${API_PATHS.tokens}`)
        .set('Authorization', token);
      expect(logout.status).toBe(204);
      // JSON as the client sends it is read as ever.
      const login = await loginRequest(app, { username: 'admin', password: 'wrong' });
      expect(login.status).toBe(401);
    });
  });

  describe('broken multipart uploads', () => {
    const unreadableUpload = {
      errorCode: ERROR_CODE.VALIDATION,
      errorMessage: ERROR_MESSAGE.unreadableUpload,
    };
    const part = (headers: string, body: string | Buffer) =>
      Buffer.concat([Buffer.from(`--XX\r\n${headers}\r\n\r\n`), Buffer.from(body)]);
    const png = PNG_BYTES.toString('latin1');
    const fileHeader =
      'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png';

    it.each([
      [
        'no boundary',
        'multipart/form-data',
        Buffer.from(`--XX\r\n${fileHeader}\r\n\r\n${png}\r\n--XX--\r\n`),
      ],
      [
        'a truncated form',
        'multipart/form-data; boundary=XX',
        part(fileHeader, PNG_BYTES.subarray(0, 20)),
      ],
      ['garbage', 'multipart/form-data; boundary=XX', Buffer.from('garbage, not a form at all')],
      [
        'a 20 KB part header',
        'multipart/form-data; boundary=XX',
        Buffer.concat([
          part(`${fileHeader}\r\nX-Padding: ${'a'.repeat(20_000)}`, PNG_BYTES),
          Buffer.from('\r\n--XX--\r\n'),
        ]),
      ],
      [
        'a NUL in the file name',
        'multipart/form-data; boundary=XX',
        Buffer.concat([
          part(
            'Content-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png',
            PNG_BYTES,
          ),
          Buffer.from('\r\n--XX--\r\n'),
        ]),
      ],
    ])('answers 400 for %s, and stores nothing', async (_name, type, body) => {
      const response = await expectNothingWritten(() =>
        request(app)
          .post(URL_PATHS.images)
          .set('Authorization', auth)
          .set('Content-Type', type)
          .send(body),
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual(unreadableUpload);
      expectLoggedWithoutStack();
    });

    it('answers 400 for an upload with Content-Encoding gzip that is not gzip', async () => {
      const response = await expectNothingWritten(() =>
        request(app)
          .post(URL_PATHS.images)
          .set('Authorization', auth)
          .set('Content-Type', 'multipart/form-data; boundary=XX')
          .set('Content-Encoding', 'gzip')
          .send(part(fileHeader, PNG_BYTES)),
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual(unreadableUpload);
    });

    it('survives a client that goes away mid-upload or mid-body, and logs it without a stack', async () => {
      const server = app.listen(0);
      try {
        await new Promise((resolve) => server.once('listening', resolve));
        const { port } = server.address() as AddressInfo;
        const refused = (url: string) =>
          new Promise<void>((resolve) => {
            const check = (line: { msg?: string; url?: string }) =>
              line.msg === 'request refused' && line.url === url;
            const timer = setInterval(() => {
              if (logged.some(check)) {
                clearInterval(timer);
                resolve();
              }
            }, 10);
          });
        const cutOff = async (url: string, head: string, start: Buffer | string) => {
          const seen = refused(url);
          const received = new Promise((resolve) => server.once('request', resolve));
          const socket = net.connect(port, '127.0.0.1');
          await new Promise((resolve) => socket.once('connect', resolve));
          socket.write(head);
          socket.write(start);
          // The server has the request and part of its body: go away.
          await received;
          socket.destroy();
          await seen;
        };
        await expectNothingWritten(async () => {
          await cutOff(
            URL_PATHS.images,
            `POST ${URL_PATHS.images} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n` +
              'Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: 100000\r\n\r\n',
            part(fileHeader, PNG_BYTES),
          );
          const profileUrl = `/api${JOURNAL_PATHS.profile(profileId)}`;
          await cutOff(
            profileUrl,
            `PUT ${profileUrl} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n` +
              'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
            '{"title":"Cut off',
          );
        });
        expectLoggedWithoutStack();
        // Still serving.
        const after = await request(app).get(RUNTIME_CONFIG_PATH);
        expect(after.status).toBe(200);
      } finally {
        server.close();
      }
    });
  });

  describe('requests the HTTP parser refuses', () => {
    it.each([
      [
        'an unknown method',
        'BREW / HTTP/1.1\r\nHost: x\r\n\r\n',
        400,
        ERROR_CODE.VALIDATION,
        ERROR_MESSAGE.badRequest,
      ],
      [
        'a broken header line',
        'GET / HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n',
        400,
        ERROR_CODE.VALIDATION,
        ERROR_MESSAGE.badRequest,
      ],
      [
        'headers over 16 KB',
        `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        ERROR_CODE.TOO_LARGE,
        ERROR_MESSAGE.headersTooLarge,
      ],
    ])('answers %s with JSON', async (_name, raw, status, errorCode, errorMessage) => {
      // As index.ts builds its server.
      const server = createPortalServer(app);
      server.listen(0);
      try {
        await new Promise((resolve) => server.once('listening', resolve));
        const { port } = server.address() as AddressInfo;
        expect(parseRaw(await rawExchange(port, raw))).toEqual({
          status,
          body: { errorCode, errorMessage },
        });
      } finally {
        server.close();
      }
    });

    it('answers a refused request with JSON on a connection whose earlier request was answered', async () => {
      const server = createPortalServer(app);
      server.listen(0);
      try {
        await new Promise((resolve) => server.once('listening', resolve));
        const { port } = server.address() as AddressInfo;
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () =>
            socket.write(`GET ${RUNTIME_CONFIG_PATH} HTTP/1.1\r\nHost: x\r\n\r\n`),
          );
          let received = '';
          let second = false;
          socket.on('data', (chunk: Buffer) => {
            received += chunk.toString('latin1');
            const [head = '', body = ''] = received.split('\r\n\r\n');
            const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
            // The first answer is whole: send the refused request on the same connection.
            if (!second && body.length >= length) {
              second = true;
              received = '';
              socket.write('BREW / HTTP/1.1\r\nHost: x\r\n\r\n');
            }
          });
          socket.on('error', reject);
          socket.on('close', () => resolve(received));
        });
        expect(parseRaw(answer)).toEqual({
          status: 400,
          body: { errorCode: ERROR_CODE.VALIDATION, errorMessage: ERROR_MESSAGE.badRequest },
        });
      } finally {
        server.close();
      }
    });
  });
});

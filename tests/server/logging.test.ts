import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../../server/app';
import { ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { REDACTED } from '@contracts/api/mock-requests';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { createTestApp, DEMO_USER, loginRequest } from './support/test-app';

describe('request logs', () => {
  it('log each request as JSON without credentials', async () => {
    const t = await createTestApp();
    try {
      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const app = createApp({ db: t.store, config: t.config, logger });

      await loginRequest(app, DEMO_USER).set('Cookie', 'token=cookie-secret').expect(200);
      await request(app)
        .get('/api/programs')
        .set('Authorization', 'Bearer header-secret-token')
        .set('Cookie', 'token=cookie-secret')
        .expect(401);

      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.length).toBeGreaterThanOrEqual(2);
      expect(entries.some((entry) => entry.msg === 'request completed')).toBe(true);
      const all = lines.join('\n');
      expect(all).not.toContain('header-secret-token');
      expect(all).not.toContain('cookie-secret');
      expect(all).not.toContain(DEMO_USER.password);
      // A request line: id, method, URL, status and time; no headers (each costs time per call).
      const programs = entries.find(
        (entry) => (entry.req as { url?: string } | undefined)?.url === '/api/programs',
      );
      expect(programs).toMatchObject({
        msg: 'request completed',
        req: { id: expect.anything(), method: 'GET', url: '/api/programs' },
        res: { statusCode: 401 },
        responseTime: expect.any(Number),
      });
      expect(all).not.toContain('"headers"');
    } finally {
      await t.close();
    }
  });

  it('say of a login or refresh body that is not JSON only its error type and position, never the secret in it', async () => {
    const t = await createTestApp();
    try {
      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const app = createApp({ db: t.store, config: t.config, logger });
      const PASSWORD = 'Sup3r-S3cret-pw';
      const MASTER = 'eyJhbGciOiJIUzI1NiJ9.master-token-secret-part';
      const sent = [
        // Cut off inside the password: the parser names a position.
        [`/api${API_PATHS.tokens}`, `{"username":"admin","password":"${PASSWORD}`],
        // Not quoted: the parser quotes the text around the fault, and names no position.
        [`/api${API_PATHS.tokens}`, `{"username":"admin","password":${PASSWORD}}`],
        [URL_PATHS.refresh, `{"masterToken":"${MASTER}" "x"}`],
        [URL_PATHS.refresh, MASTER],
      ] as const;
      for (const [where, body] of sent) {
        const answer = await request(app)
          .post(where)
          .set('Content-Type', 'application/json')
          .set(MODULE_CODE_HEADER, MODULE_CODE)
          .send(body);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          errorCode: ERROR_CODE.MALFORMED_JSON,
          errorMessage: ERROR_MESSAGE.malformedJson,
        });
      }
      const all = lines.join('\n');
      for (const secret of [PASSWORD, MASTER, 'Sup3r', 'master-token', 'eyJhbGci']) {
        expect(all).not.toContain(secret);
      }
      const refused = lines
        .map((line) => JSON.parse(line) as { msg?: string; reason?: string; status?: number })
        .filter((entry) => entry.msg === 'request refused');
      expect(refused.map((entry) => [entry.status, entry.reason])).toEqual([
        [400, 'SyntaxError: the body is not valid JSON (at position 47)'],
        [400, 'SyntaxError: the body is not valid JSON'],
        [
          400,
          expect.stringMatching(/^SyntaxError: the body is not valid JSON \(at position \d+\)$/),
        ],
        [400, 'SyntaxError: the body is not valid JSON'],
      ]);
    } finally {
      await t.close();
    }
  });

  it('show a URL with its secret query values and tokens as ***, in request and refusal lines', async () => {
    const t = await createTestApp();
    try {
      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const app = createApp({ db: t.store, config: t.config, logger });
      const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXBhcnQ';
      await request(app).get(`/api/programs?access_token=${TOKEN}&page=2`).expect(401);
      await request(app).get(`/api/programs?password=hunter2-in-url&pin=9876`).expect(401);
      await request(app)
        .get('/api/programs?card_no=6271820010000011&cardNo=6271820010000029')
        .expect(401);
      await request(app).get(`/api/programs/${TOKEN}`).expect(401);
      // A path part that cannot be decoded: the refusal's reason quotes it.
      const { token } = await t.login();
      await request(app).get(`/api/programs/${TOKEN}%ZZ`).set('Authorization', token).expect(400);
      // Refused by the JSON parser: logged with its URL by the error handler.
      await request(app)
        .post(`/api/programs?apiKey=k-secret-77`)
        .set('Content-Type', 'application/json')
        .send('{"broken"')
        .expect(400);
      const all = lines.join('\n');
      for (const secret of [
        TOKEN,
        'eyJhbGci',
        'hunter2-in-url',
        '9876',
        'k-secret-77',
        '6271820010000011',
        '6271820010000029',
      ]) {
        expect(all).not.toContain(secret);
      }
      const urls = lines
        .map((line) => JSON.parse(line) as { req?: { url?: string }; url?: string })
        .map((entry) => entry.req?.url ?? entry.url);
      expect(urls).toEqual(
        expect.arrayContaining([
          `/api/programs?access_token=${REDACTED}&page=2`,
          `/api/programs?password=${REDACTED}&pin=${REDACTED}`,
          `/api/programs/${REDACTED}`,
          `/api/programs?apiKey=${REDACTED}`,
        ]),
      );
    } finally {
      await t.close();
    }
  });

  it('are silent at LOG_LEVEL=silent', async () => {
    const t = await createTestApp();
    try {
      expect(t.config.logLevel).toBe('silent');
      const write = jest.spyOn(process.stdout, 'write');
      await request(t.app).get('/config.json').expect(200);
      expect(write).not.toHaveBeenCalled();
      write.mockRestore();
    } finally {
      await t.close();
    }
  });
});

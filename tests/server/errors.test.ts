import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { API_PATHS } from '@contracts/api/paths';
import { createErrorHandler, notFoundHandler } from '../../server/http/error-handler';
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

  it('reads a JSON body sent as another type as missing fields', async () => {
    const response = await request(t.app)
      .post(`/api${API_PATHS.tokens}`)
      .set(MODULE_CODE_HEADER, MODULE_CODE)
      .set('Content-Type', 'text/plain')
      .send('username=admin');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errorCode: ERROR_CODE.VALIDATION,
      errorMessage: 'username: This field is required',
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

/**
 * MOCK_CORS_ORIGINS: a client served from another origin (a Vite or Storybook dev server) calls
 * the mock directly. Only the listed origins get CORS headers; never with NODE_ENV=production.
 */
import request from 'supertest';
import { API_PATHS, RUNTIME_CONFIG_PATH } from '@contracts/api/paths';
import { ConfigError, loadConfig } from '../../../server/config';
import { createTestApp, testEnv, type TestApp } from '../support/test-app';

const DEV_ORIGIN = 'http://localhost:4430';

describe('MOCK_CORS_ORIGINS', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('answers a listed origin’s preflight and calls with its CORS headers', async () => {
    t = await createTestApp({ env: { MOCK_CORS_ORIGINS: `${DEV_ORIGIN}, http://127.0.0.1:6006` } });
    const preflight = await request(t.app)
      .options(`/api${API_PATHS.programs}`)
      .set('Origin', DEV_ORIGIN)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization, modulecode')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(DEV_ORIGIN);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization, modulecode');
    expect(preflight.headers.vary).toMatch(/Origin/);

    const login = await t.login();
    const programs = await request(t.app)
      .get(`/api${API_PATHS.programs}`)
      .set('Origin', 'http://127.0.0.1:6006')
      .set('Authorization', login.token)
      .expect(200);
    expect(programs.headers['access-control-allow-origin']).toBe('http://127.0.0.1:6006');
    // Images and the rest may be loaded from the listed origins' pages (<img> sends no Origin).
    expect(programs.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const config = await request(t.app).get(RUNTIME_CONFIG_PATH).set('Origin', DEV_ORIGIN);
    expect(config.headers['access-control-allow-origin']).toBe(DEV_ORIGIN);
    expect(config.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('gives an origin not listed nothing', async () => {
    t = await createTestApp({ env: { MOCK_CORS_ORIGINS: DEV_ORIGIN } });
    const answer = await request(t.app)
      .get(RUNTIME_CONFIG_PATH)
      .set('Origin', 'http://evil.example')
      .expect(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(t.app)
      .options(`/api${API_PATHS.programs}`)
      .set('Origin', 'http://evil.example')
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is off when not set: same-origin only', async () => {
    t = await createTestApp();
    const answer = await request(t.app).get(RUNTIME_CONFIG_PATH).set('Origin', DEV_ORIGIN);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('is ignored with NODE_ENV=production, and refuses what is not an origin', () => {
    const production = loadConfig(
      testEnv('/tmp/portal-cors/db.json', {
        NODE_ENV: 'production',
        MOCK_CORS_ORIGINS: DEV_ORIGIN,
      }),
    );
    expect(production.corsOrigins).toEqual([]);
    expect(production.corsOriginsIgnored).toEqual([DEV_ORIGIN]);
    expect(() =>
      loadConfig(testEnv('/tmp/portal-cors/db.json', { MOCK_CORS_ORIGINS: 'localhost:4430' })),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig(
        testEnv('/tmp/portal-cors/db.json', { MOCK_CORS_ORIGINS: 'http://localhost:4430/app' }),
      ),
    ).toThrow(
      'MOCK_CORS_ORIGINS: must be a comma-separated list of origins such as http://localhost:5173, got "http://localhost:4430/app"',
    );
    t = { close: async () => undefined } as TestApp;
  });
});

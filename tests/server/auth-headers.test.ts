/** Token answers are never cached: login and refresh carry Cache-Control: no-store. */
import request from 'supertest';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { URL_PATHS } from '@contracts/api/paths';
import { createTestApp, DEMO_USER, loginRequest, type TestApp } from './support/test-app';

describe('Cache-Control of the token answers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('login: the token answer and a refused login carry no-store', async () => {
    const signedIn = await loginRequest(t.app, {
      username: DEMO_USER.username,
      password: DEMO_USER.password,
    }).expect(200);
    expect((signedIn.body as Token).token).toEqual(expect.any(String));
    expect(signedIn.headers['cache-control']).toBe('no-store');

    const refused = await loginRequest(t.app, {
      username: DEMO_USER.username,
      password: 'not-the-password',
    }).expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('refresh: the new token answer and a refused refresh carry no-store', async () => {
    const token = await t.login();
    const refreshed = await request(t.app)
      .post(URL_PATHS.refresh)
      .set(MODULE_CODE_HEADER, MODULE_CODE)
      .send({ masterToken: token.masterToken })
      .expect(200);
    expect((refreshed.body as Token).token).toEqual(expect.any(String));
    expect(refreshed.headers['cache-control']).toBe('no-store');

    const refused = await request(t.app)
      .post(URL_PATHS.refresh)
      .set(MODULE_CODE_HEADER, MODULE_CODE)
      .send({ masterToken: 'not-a-token' })
      .expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { MERCHANT_MEDIA_FIELD_NAME, MERCHANT_PATHS } from '@contracts/api/merchant';
import { PNG_BYTES } from '../support/fixtures';
import { createMerchantTestApp, type MerchantTestApp } from './merchant-test-app';

/** Every merchant call (02 §7), with a body that would be accepted with a token. */
const CALLS: readonly { method: 'get' | 'post' | 'put'; path: string; body?: object }[] = [
  { method: 'get', path: MERCHANT_PATHS.profiles },
  { method: 'get', path: MERCHANT_PATHS.profile(1) },
  {
    method: 'post',
    path: MERCHANT_PATHS.profiles,
    body: { programId: 1, liveURL: 'no-token', primaryLanguageId: 1, siteThemeId: 1 },
  },
  {
    method: 'put',
    path: `${MERCHANT_PATHS.profile(1)}?returnBody=true`,
    body: { siteTitle: 'No token' },
  },
  { method: 'post', path: MERCHANT_PATHS.siteSettings, body: { id: 1, siteTitle: 'No token' } },
  {
    method: 'post',
    path: MERCHANT_PATHS.moduleCode,
    body: { name: 'X', code: 'MMC_1X1', programId: 1 },
  },
  {
    method: 'post',
    path: MERCHANT_PATHS.publishLive,
    body: { creationDate: 1, programId: 1, profileId: 1, profileLocationId: 0 },
  },
  { method: 'get', path: MERCHANT_PATHS.programs },
  { method: 'get', path: MERCHANT_PATHS.program(1) },
  { method: 'get', path: MERCHANT_PATHS.languages },
  { method: 'get', path: MERCHANT_PATHS.pageTypes },
  { method: 'get', path: MERCHANT_PATHS.pageSubTypes },
  { method: 'get', path: MERCHANT_PATHS.selectedPageTypes(1) },
  {
    method: 'post',
    path: MERCHANT_PATHS.saveSelectedPageTypes,
    body: { profileId: 1, pageTypes: [] },
  },
  { method: 'get', path: MERCHANT_PATHS.selectedPageSubTypes(1) },
  {
    method: 'post',
    path: MERCHANT_PATHS.saveSelectedPageSubTypes,
    body: { profileId: 1, pageSubtypes: [] },
  },
];
const UPLOADS = [
  MERCHANT_PATHS.mediaUpload(1, 'logo'),
  MERCHANT_PATHS.imagesMediaUpload(1, 'logo'),
];

describe('merchant calls need a token', () => {
  let t: MerchantTestApp;
  beforeAll(async () => {
    t = await createMerchantTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(CALLS)(
    '$method $path answers 401 code 11 without one and writes nothing',
    async (call) => {
      await t.expectNothingWritten(async () => {
        for (const token of [undefined, 'not-a-token']) {
          let req = request(t.app)[call.method](`/api${call.path}`);
          if (token !== undefined) req = req.set(AUTH_HEADER, token);
          const response = await (call.body === undefined ? req : req.send(call.body));
          expect(response.status).toBe(401);
          expect(response.body).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });
        }
      });
    },
  );

  it.each(UPLOADS)('POST %s answers 401 without a token and keeps no file', async (path) => {
    await t.expectNothingWritten(async () => {
      const response = await request(t.app)
        .post(`/api${path}`)
        .attach(MERCHANT_MEDIA_FIELD_NAME, PNG_BYTES, { filename: 'logo.png' });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });
    });
  });
});

import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { JOURNAL_PATHS } from '@contracts/api/journal';
import { createJournalTestApp, type JournalTestApp } from './journal-test-app';

/** Every journal and module-code call, with a body that would be accepted with a token. */
const CALLS: readonly { method: 'get' | 'post' | 'put'; path: string; body?: object }[] = [
  { method: 'get', path: `${JOURNAL_PATHS.profiles}?page=1&pageSize=1000` },
  { method: 'get', path: JOURNAL_PATHS.profile(1) },
  {
    method: 'post',
    path: `${JOURNAL_PATHS.profiles}?returnBody=true`,
    body: { programId: 1, siteUrl: 'no-token' },
  },
  {
    method: 'put',
    path: `${JOURNAL_PATHS.profile(1)}?returnBody=true`,
    body: { title: 'No token' },
  },
  { method: 'get', path: `${JOURNAL_PATHS.profilePages(1)}?page=1&pageSize=15` },
  {
    method: 'post',
    path: `${JOURNAL_PATHS.pages}?returnBody=true`,
    body: { pageTypeId: 10, profileId: 1 },
  },
  { method: 'put', path: `${JOURNAL_PATHS.page(1)}?returnBody=true`, body: { title: 'No token' } },
  { method: 'get', path: `${JOURNAL_PATHS.pageTypes}?page=1&pageSize=15` },
  {
    method: 'post',
    path: `${JOURNAL_PATHS.moduleCodes}?returnBody=true`,
    body: { name: 'X', code: 'MJC_1X9', programId: 1 },
  },
  { method: 'get', path: `${JOURNAL_PATHS.programModuleCodes(1)}?returnBody=true` },
  { method: 'get', path: `${JOURNAL_PATHS.moduleCodeById(1)}?returnBody=true&moduleCodeId=1` },
  { method: 'post', path: JOURNAL_PATHS.deployments, body: { profileId: 1 } },
];

describe('journal calls need a token', () => {
  let t: JournalTestApp;
  beforeAll(async () => {
    t = await createJournalTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(CALLS)(
    '$method $path answers 401 code 11 without one and writes nothing',
    async ({ method, path, body }) => {
      await t.expectNothingWritten(async () => {
        for (const token of [undefined, 'forged.token.value']) {
          let call = request(t.app)[method](`/api${path}`);
          if (token !== undefined) call = call.set(AUTH_HEADER, token);
          const response = await (body === undefined ? call : call.send(body));
          expect(response.status).toBe(401);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          expect(response.body).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });
        }
      });
    },
  );

  it.each(CALLS)('$method $path succeeds with one', async ({ method, path, body }) => {
    const call = request(t.app)[method](`/api${path}`).set(AUTH_HEADER, t.token);
    const response = await (body === undefined ? call : call.send(body));
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
  });
});

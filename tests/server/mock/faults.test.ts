/**
 * Latency and faults of the developer tools (docs/developer-tools.md), through the
 * real app: the control API at /__mock/faults, the `Prefer` header, MOCK_DELAY_MS and the
 * MOCK_FAULTS file. A faulted write leaves the data as it was.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_PATHS, type JournalProfile } from '@contracts/api/journal';
import { MOCK_PATHS } from '@contracts/api/mock';
import type { FaultAdded, FaultInput, FaultList } from '@contracts/api/mock-faults';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { createApp } from '../../../server/app';
import { ConfigError } from '../../../server/config';
import {
  createJournalTestApp,
  expectError,
  TEST_PROFILE,
  type JournalTestApp,
} from '../my-journal/journal-test-app';
import { createTestApp, type TestApp } from '../support/test-app';

const PROFILE_PATH = `/api${JOURNAL_PATHS.profile(':id')}`;
const internal = { errorCode: ERROR_CODE.INTERNAL, errorMessage: ERROR_MESSAGE.internal };

/**
 * libuv's timers run on a millisecond clock read at the start of a loop turn, so a timer of N ms
 * may end up to 1 ms short of N measured with a finer clock; never an upper bound (loaded machine).
 */
async function elapsedMs(send: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await send();
  return performance.now() - started + 1;
}

describe('the faults control API', () => {
  let t: JournalTestApp;
  beforeEach(async () => {
    t = await createJournalTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const control = {
    list: () => request(t.app).get(MOCK_PATHS.faults).set(AUTH_HEADER, t.token),
    add: (body: unknown) =>
      request(t.app)
        .post(MOCK_PATHS.faults)
        .set(AUTH_HEADER, t.token)
        .send(body as object),
    remove: (id: string) =>
      request(t.app).delete(MOCK_PATHS.fault.replace(':id', id)).set(AUTH_HEADER, t.token),
    clear: () => request(t.app).delete(MOCK_PATHS.faults).set(AUTH_HEADER, t.token),
  };
  async function added(input: FaultInput) {
    const response = await control.add(input).expect(201);
    return (response.body as FaultAdded).fault;
  }
  const listed = async () => (await control.list().expect(200)).body as FaultList;

  it('adds, lists, deletes one and deletes all', async () => {
    expect(await listed()).toEqual({ delayMs: 0, faults: [] });
    const first = await added({ method: 'put', path: PROFILE_PATH, status: 503, times: 2 });
    expect(first).toEqual({
      id: expect.any(String) as string,
      method: 'PUT',
      path: PROFILE_PATH,
      status: 503,
      remaining: 2,
      applied: 0,
      source: 'api',
    });
    const second = await added({ path: '/api/programs', delayMs: 10 });
    expect(second.method).toBe('*');
    expect((await listed()).faults).toEqual([first, second]);

    await control.remove(first.id).expect(204);
    expect((await listed()).faults).toEqual([second]);
    expectError(await control.remove(first.id), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: `Fault ${first.id} not found`,
    });

    await added({ path: '/api/lookups/*', status: 500 });
    await control.clear().expect(204);
    expect((await listed()).faults).toEqual([]);
  });

  it('a HEAD fault applies to HEAD alone; a GET fault to GET and to HEAD, which GET answers', async () => {
    const image = URL_PATHS.image(await t.uploadImage());
    const statuses = async () => [
      (await request(t.app).head(image)).status,
      (await request(t.app).get(image)).status,
    ];
    expect(await statuses()).toEqual([200, 200]);

    const head = await added({ method: 'head', path: '/images/:id.png', status: 503 });
    expect(head.method).toBe('HEAD');
    expect(await statuses()).toEqual([503, 200]);
    await control.clear().expect(204);

    await added({ method: 'GET', path: '/images/:id.png', status: 500, times: 2 });
    expect(await statuses()).toEqual([500, 500]);
    expect(await statuses()).toEqual([200, 200]);
  });

  it('refuses a bad fault with a 400 naming the field', async () => {
    const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
    expectError(
      await control.add({ path: 'api/programs', status: 500 }),
      400,
      invalid('path: Must start with /'),
    );
    expectError(await control.add({ status: 500 }), 400, invalid('path: This field is required'));
    // Calls under /__mock are never faulted: a fault on them would never apply.
    for (const path of ['/__mock/scenarios', '/__MOCK/*', '/__mock', '/__mock*']) {
      expectError(
        await control.add({ path, status: 500 }),
        400,
        invalid('path: Calls under /__mock are never faulted'),
      );
    }
    expect((await control.add({ path: '/api/programs', status: 200 })).body).toMatchObject({
      errorMessage: expect.stringMatching(/^status: /) as string,
    });
    expect((await control.add({ path: '/x', status: 500, colour: 'red' })).status).toBe(400);
    expect((await control.add({ path: '/x', status: 500, colour: 'red' })).body).toMatchObject(
      invalid('colour: Unknown field'),
    );
    for (const errorCode of [1.5, '4711', null]) {
      expect((await control.add({ path: '/x', status: 500, errorCode })).body).toMatchObject({
        errorMessage: expect.stringMatching(/^errorCode: /) as string,
      });
    }
    expect((await control.add({ path: '/x', failAtLine: 3, status: 500 })).body).toMatchObject({
      errorMessage: expect.stringMatching(/^status: Not with failAtLine/) as string,
    });
    expect((await control.add({ path: '/x' })).body).toMatchObject({
      errorMessage: expect.stringMatching(/^status: A fault needs/) as string,
    });
    expect((await listed()).faults).toEqual([]);
  });

  it('needs a signed-in token for every control call', async () => {
    for (const call of [
      request(t.app).get(MOCK_PATHS.faults),
      request(t.app).post(MOCK_PATHS.faults).send({ path: '/x', status: 500 }),
      request(t.app).delete(MOCK_PATHS.faults),
      request(t.app).delete(MOCK_PATHS.fault.replace(':id', '1')),
    ]) {
      expect((await call).status).toBe(401);
    }
  });

  it('answers a faulted profile update with the error and writes nothing', async () => {
    await added({ method: 'PUT', path: PROFILE_PATH, status: 500 });
    const update = () =>
      t.put(JOURNAL_PATHS.profile(TEST_PROFILE.profileId), { title: 'Changed by the fault test' });
    const before = structuredClone(t.store.read());
    await t.expectNothingWritten(async () => {
      expectError(await update(), 500, internal);
    });
    expect(t.store.read()).toEqual(before);
    expect((await t.profile(TEST_PROFILE.profileId)).title).toBe(TEST_PROFILE.title);

    // The fault was what stopped it: without it the same call writes.
    await control.clear().expect(204);
    await update().expect(200);
    expect((await t.profile(TEST_PROFILE.profileId)).title).toBe('Changed by the fault test');
  });

  it('answers the given errorCode and errorMessage, and matches any case', async () => {
    await added({
      method: 'GET',
      path: '/API/MyJournal/Profiles/:id',
      status: 409,
      errorCode: ERROR_CODE.CONFLICT,
      errorMessage: 'siteUrl: taken by the fault',
    });
    expectError(await t.get(JOURNAL_PATHS.profile(TEST_PROFILE.profileId)), 409, {
      errorCode: ERROR_CODE.CONFLICT,
      errorMessage: 'siteUrl: taken by the fault',
    });
    // Another method or path is not faulted.
    await t.get(JOURNAL_PATHS.profiles).expect(200);
  });

  it('answers any integer errorCode, also one the server does not have', async () => {
    for (const errorCode of [4711, 0, -3]) {
      await added({ method: 'GET', path: PROFILE_PATH, status: 502, errorCode, times: 1 });
      expectError(await t.get(JOURNAL_PATHS.profile(TEST_PROFILE.profileId)), 502, {
        errorCode,
        errorMessage: ERROR_MESSAGE.internal,
      });
    }
  });

  it('answers a 401 fault as an expired session (the client logs out)', async () => {
    await added({ path: '/api/programs', status: 401 });
    expectError(await t.get(API_PATHS.programs), 401, {
      errorCode: ERROR_CODE.SESSION_EXPIRED,
      errorMessage: ERROR_MESSAGE.sessionExpired,
    });
  });

  it('counts times down and removes the fault at 0', async () => {
    const fault = await added({ method: 'GET', path: PROFILE_PATH, status: 503, times: 2 });
    const read = () => t.get(JOURNAL_PATHS.profile(TEST_PROFILE.profileId));
    expectError(await read(), 503, internal);
    expect((await listed()).faults).toEqual([{ ...fault, remaining: 1, applied: 1 }]);
    expectError(await read(), 503, internal);
    expect((await listed()).faults).toEqual([]);
    await read().expect(200);
  });

  it('applies the first matching fault only', async () => {
    const first = await added({ method: 'GET', path: '/api/myjournal/*', status: 502 });
    const second = await added({ method: 'GET', path: PROFILE_PATH, status: 504 });
    expect((await t.get(JOURNAL_PATHS.profile(1))).status).toBe(502);
    const faults = (await listed()).faults;
    expect(faults.map((fault) => [fault.id, fault.applied])).toEqual([
      [first.id, 1],
      [second.id, 0],
    ]);
  });

  it('never faults or delays a call under /__mock', async () => {
    await added({ path: '/*', status: 500 });
    // A path only beginning like the tools' is another path.
    await added({ path: '/__mockery', status: 500 });
    expect((await listed()).faults).toHaveLength(2);
    await request(t.app)
      .get(MOCK_PATHS.faults)
      .set(AUTH_HEADER, t.token)
      .set('Prefer', 'code=500')
      .expect(200);
    await control.clear().expect(204);
  });

  it('delays a call by the fault delayMs, then runs it', async () => {
    const delayMs = 300;
    await added({ method: 'GET', path: PROFILE_PATH, delayMs });
    let answer: request.Response | undefined;
    const elapsed = await elapsedMs(async () => {
      answer = await t.get(JOURNAL_PATHS.profile(TEST_PROFILE.profileId));
    });
    expect(answer?.status).toBe(200);
    expect((answer?.body as JournalProfile).profileId).toBe(TEST_PROFILE.profileId);
    expect(elapsed).toBeGreaterThanOrEqual(delayMs);
  });

  it('runs nothing when the client goes away during the delay', async () => {
    // Signing out (DELETE tokens) writes without a body: had it run, the token would stop working.
    const delayMs = 2000;
    await added({ method: 'DELETE', path: `/api${API_PATHS.tokens}`, delayMs });
    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const signOut = http.request({
        host: '127.0.0.1',
        port,
        method: 'DELETE',
        path: `/api${API_PATHS.tokens}`,
        headers: { [AUTH_HEADER]: t.token },
      });
      signOut.on('error', () => undefined);
      signOut.end();
      // Once the fault was applied the call is waiting; then the client goes away.
      while ((await listed()).faults[0]?.applied !== 1);
      signOut.destroy();
      // A call that waits longer, from after that: when it answers, the first timer is past.
      await t
        .get(API_PATHS.programs)
        .set('Prefer', `delay=${delayMs + 500}`)
        .expect(200);
      await t.get(API_PATHS.programs).expect(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  describe('the Prefer header', () => {
    it('answers code= with that status and its error JSON, writing nothing', async () => {
      await t.expectNothingWritten(async () => {
        const response = await t
          .put(JOURNAL_PATHS.profile(TEST_PROFILE.profileId), { title: 'Not written' })
          .set('Prefer', 'code=503');
        expectError(response, 503, internal);
      });
      expectError(await t.get(API_PATHS.programs).set('Prefer', 'code=404'), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: ERROR_MESSAGE.notFound,
      });
    });

    it('waits delay= before answering, with code= too', async () => {
      const delayMs = 250;
      let status = 0;
      const elapsed = await elapsedMs(async () => {
        status = (await t.get(API_PATHS.programs).set('Prefer', `code=500, delay=${delayMs}`))
          .status;
      });
      expect(status).toBe(500);
      expect(elapsed).toBeGreaterThanOrEqual(delayMs);
      const plain = await elapsedMs(async () => {
        status = (await t.get(API_PATHS.programs).set('Prefer', `delay=${delayMs}`)).status;
      });
      expect(status).toBe(200);
      expect(plain).toBeGreaterThanOrEqual(delayMs);
    });

    it('ignores other preferences and refuses a bad code or delay naming Prefer', async () => {
      await t.get(API_PATHS.programs).set('Prefer', 'return=minimal').expect(200);
      for (const value of ['code=abc', 'code=200', 'delay=-5', 'delay=soon']) {
        const response = await t.get(API_PATHS.programs).set('Prefer', value);
        expect({ value, status: response.status }).toEqual({ value, status: 400 });
        expect((response.body as { errorMessage: string }).errorMessage).toMatch(/^Prefer: /);
      }
    });
  });
});

describe('faults from the start', () => {
  let t: TestApp | undefined;
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mock-faults-'));
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('MOCK_DELAY_MS slows every API call, and is listed', async () => {
    const delayMs = 300;
    t = await createTestApp({ env: { MOCK_DELAY_MS: String(delayMs) } });
    const { token } = await t.login();
    const app = t.app;
    const elapsed = await elapsedMs(() =>
      request(app).get(`/api${API_PATHS.programs}`).set(AUTH_HEADER, token).expect(200),
    );
    expect(elapsed).toBeGreaterThanOrEqual(delayMs);
    const list = await request(app).get(MOCK_PATHS.faults).set(AUTH_HEADER, token).expect(200);
    expect(list.body).toEqual({ delayMs, faults: [] });
  });

  it('reads the MOCK_FAULTS file at start', async () => {
    const file = path.join(dir, 'faults.json');
    const faults: FaultInput[] = [{ method: 'GET', path: '/api/programs', status: 502, times: 1 }];
    await writeFile(file, JSON.stringify(faults));
    t = await createTestApp({ env: { MOCK_FAULTS: file } });
    const { app } = t;
    const { token } = await t.login();
    const list = await request(app).get(MOCK_PATHS.faults).set(AUTH_HEADER, token).expect(200);
    expect((list.body as FaultList).faults).toEqual([
      expect.objectContaining({ path: '/api/programs', status: 502, remaining: 1, source: 'file' }),
    ]);
    const call = () => request(app).get(`/api${API_PATHS.programs}`).set(AUTH_HEADER, token);
    expectError(await call(), 502, internal);
    await call().expect(200);
  });

  it('refuses to start on a bad MOCK_FAULTS file, naming the file and the field', async () => {
    t = await createTestApp();
    const { store, config } = t;
    const file = path.join(dir, 'bad-faults.json');
    const start = () => createApp({ db: store, config: { ...config, mockFaultsFile: file } });

    await writeFile(
      file,
      JSON.stringify([
        { path: '/api/programs', status: 500 },
        { path: '/x', status: 'often' },
      ]),
    );
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(`MOCK_FAULTS (${file}): 1.status: `);
    await writeFile(file, '[{"path": ');
    expect(start).toThrow(`MOCK_FAULTS (${file}): not JSON`);
    await rm(file);
    expect(start).toThrow(`MOCK_FAULTS (${file}): cannot be read`);
  });

  it('with MOCK_CONTROL=false: no /__mock, and Prefer is ignored', async () => {
    t = await createTestApp({ env: { MOCK_CONTROL: 'false' } });
    const { token } = await t.login();
    expect((await request(t.app).get(MOCK_PATHS.faults).set(AUTH_HEADER, token)).status).toBe(404);
    await request(t.app)
      .get(`/api${API_PATHS.programs}`)
      .set(AUTH_HEADER, token)
      .set('Prefer', 'code=500, delay=0')
      .expect(200);
  });
});

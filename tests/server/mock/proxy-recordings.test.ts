/**
 * Recording the real backend's answers into a scenario and replaying them, over real HTTP
 * between two instances of this server: a recording of three calls replays with the target
 * stopped (the sign-in is never recorded: the mock's own answers it), secrets never reach the
 * recording file, and names are checked.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { MOCK_PATHS } from '@contracts/api/mock';
import {
  MOCK_PROXY_MESSAGE,
  MOCK_PROXY_PATHS,
  type RecordingList,
  type RecordingStopped,
} from '@contracts/api/mock-proxy';
import { REDACTED, type RequestLogPage } from '@contracts/api/mock-requests';
import { SCENARIO, type ScenarioList } from '@contracts/api/mock-scenarios';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { SCHEME_PATHS } from '@contracts/api/schemes';
import { createTestApp, DEMO_USER, type TestApp } from '../support/test-app';
import { call, listen, signIn, type Listening } from './proxy-support';

const SIGN_IN = `/api${API_PATHS.tokens}`;
const CLIENTS = `/api${SCHEME_PATHS.clients}`;
const NAME = 'harbour-calls';
const newClient = {
  clientName: 'Recorded Client',
  binTypeId: 1,
  binNumber: '612398',
  binName: 'Recorded BIN',
  binCountryId: null,
};

describe('recordings', () => {
  let target: TestApp;
  let targetServer: Listening;
  let mock: TestApp;
  let mockServer: Listening;
  let mockToken: string;

  beforeEach(async () => {
    target = await createTestApp();
    targetServer = await listen(target.app);
    mock = await createTestApp({
      env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: targetServer.url },
    });
    mockServer = await listen(mock.app);
    mockToken = (await signIn(mockServer.url)).token;
    for (const rule of [
      { path: SIGN_IN, to: 'real' },
      { path: URL_PATHS.refresh, to: 'real' },
      { path: '/api/gift-card/*', to: 'real' },
    ]) {
      const added = await call(mockServer.url, 'POST', MOCK_PROXY_PATHS.routes, {
        token: mockToken,
        body: rule,
      });
      expect(added.status).toBe(201);
    }
  });
  afterEach(async () => {
    await mockServer.close();
    await targetServer.close();
    await mock.close();
    await target.close();
  });

  const control = (method: string, where: string, body?: unknown) =>
    call(mockServer.url, method, where, { token: mockToken, body });

  it('records three calls and replays them with the target stopped, secrets left out', async () => {
    const started = await control('POST', MOCK_PROXY_PATHS.recordings, {
      name: NAME,
      routes: [{ path: '/api/gift-card/*' }, { method: 'POST', path: SIGN_IN }],
    });
    expect(started.status).toBe(201);
    expect(started.json()).toMatchObject({ name: NAME, running: true, calls: 0 });

    // Recorded: a read, a write, the read again; the sign-in matches a route but is never kept.
    const signedIn = await signIn(mockServer.url);
    const token = signedIn.token;
    const before = await call(mockServer.url, 'GET', CLIENTS, { token });
    const created = await call(mockServer.url, 'POST', `${CLIENTS}?returnBody=true`, {
      token,
      body: newClient,
    });
    expect(created.status).toBe(201);
    const after = await call(mockServer.url, 'GET', CLIENTS, { token });
    expect(after.text).toContain(newClient.clientName);
    expect(before.text).not.toContain(newClient.clientName);

    const taken = await control('POST', MOCK_PROXY_PATHS.recordings, {
      name: NAME,
      routes: [{ path: '/x' }],
    });
    expect(taken.status).toBe(409);
    expect(taken.json()).toEqual({
      errorCode: ERROR_CODE.CONFLICT,
      errorMessage: MOCK_PROXY_MESSAGE.recordingExists(NAME),
    });
    expect(
      (
        await control('POST', MOCK_PROXY_PATHS.recordings, {
          name: SCENARIO.empty,
          routes: [{ path: '/x' }],
        })
      ).status,
    ).toBe(409);

    const stopped = await control('POST', `${MOCK_PROXY_PATHS.recordings}/${NAME}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.json()).toEqual<RecordingStopped>({ name: NAME, calls: 3 });
    expect((await control('POST', `${MOCK_PROXY_PATHS.recordings}/${NAME}/stop`)).json()).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MOCK_PROXY_MESSAGE.recordingNotFound(NAME),
    });

    // Saved under the data folder, owner only, with no secret in it.
    const file = path.join(mock.dir, 'recordings', `${NAME}.json`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = await readFile(file, 'utf8');
    for (const secret of [DEMO_USER.password, token, signedIn.masterToken]) {
      expect(saved).not.toContain(secret);
    }
    // Each answer with its headers, as the target sent them (but the per-connection ones).
    const calls = (JSON.parse(saved) as { calls: { headers: Record<string, string> }[] }).calls;
    for (const recorded of calls) {
      expect(recorded.headers['content-type']).toMatch(/^application\/json/);
      expect(recorded.headers).not.toHaveProperty('content-length');
      expect(recorded.headers).not.toHaveProperty('date');
    }
    const list = (await control('GET', MOCK_PROXY_PATHS.recordings)).json() as RecordingList;
    expect(list.recordings).toEqual([
      {
        name: NAME,
        running: false,
        calls: 3,
        routes: [
          { method: '*', path: '/api/gift-card/*' },
          { method: 'POST', path: SIGN_IN },
        ],
      },
    ]);
    const scenarios = (await control('GET', MOCK_PATHS.scenarios)).json() as ScenarioList;
    expect(scenarios.scenarios).toContainEqual(
      expect.objectContaining({ name: NAME, recorded: true }),
    );

    // Offline: the target is gone.
    await targetServer.close();
    const switched = await control('POST', `${MOCK_PATHS.scenarios}/${NAME}`);
    expect(switched.status).toBe(200);
    expect((switched.json() as ScenarioList).current).toBe(NAME);

    // A recorded answer needs the token the mock's own route there needs: none, a made-up one
    // or a master token is the usual 401, and uses up no recorded answer.
    for (const token of [undefined, 'not-a-token', signedIn.masterToken]) {
      const refused = await call(mockServer.url, 'GET', CLIENTS, { token });
      expect(refused.status).toBe(401);
      expect(refused.json()).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });
      expect(refused.text).not.toContain(newClient.binName);
      const write = await call(mockServer.url, 'POST', `${CLIENTS}?returnBody=true`, {
        token,
        body: newClient,
      });
      expect(write.status).toBe(401);
    }
    // The sign-in is the mock's own: its user signs in, and its token is taken.
    const offlineSignIn = await call(mockServer.url, 'POST', SIGN_IN, {
      body: { username: DEMO_USER.username, password: DEMO_USER.password },
      headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
    });
    expect(offlineSignIn.status).toBe(200);
    const offlineToken = (offlineSignIn.json() as { token: string }).token;
    expect(offlineToken).not.toBe(REDACTED);
    expect(
      (await call(mockServer.url, 'GET', '/api/programs', { token: offlineToken })).status,
    ).toBe(200);

    const replayedBefore = await call(mockServer.url, 'GET', CLIENTS, { token: mockToken });
    expect(replayedBefore.status).toBe(200);
    // With the recorded answer's headers: its content type.
    expect(replayedBefore.headers.get('content-type')).toBe(before.headers.get('content-type'));
    expect(replayedBefore.headers.get('content-type')).toMatch(/^application\/json/);
    expect(replayedBefore.json()).toEqual(before.json());
    const replayedWrite = await call(mockServer.url, 'POST', `${CLIENTS}?returnBody=true`, {
      token: mockToken,
      body: newClient,
    });
    expect(replayedWrite.status).toBe(201);
    expect(replayedWrite.json()).toEqual(created.json());
    const replayedAfter = await call(mockServer.url, 'GET', CLIENTS, { token: mockToken });
    expect(replayedAfter.json()).toEqual(after.json());
    // Not recorded: served by the mock's own routes on the scenario's data.
    expect((await call(mockServer.url, 'GET', '/api/programs', { token: mockToken })).status).toBe(
      200,
    );

    const log = (await control('GET', MOCK_PATHS.requests)).json() as RequestLogPage;
    const kinds = log.requests.slice(0, 6).map((entry) => `${entry.kind} ${entry.method}`);
    expect(kinds).toEqual([
      'mock GET',
      'replayed GET',
      'replayed POST',
      'replayed GET',
      'mock GET',
      'mock POST',
    ]);
    expect(log.requests[5]?.path).toBe(SIGN_IN);
    for (const entry of log.requests) {
      const detail = await control('GET', `${MOCK_PATHS.requests}/${entry.id}`);
      for (const secret of [DEMO_USER.password, token, signedIn.masterToken, mockToken]) {
        expect(detail.text).not.toContain(secret);
      }
    }

    // Back to a built-in scenario: nothing is replayed any more.
    await control('POST', `${MOCK_PATHS.scenarios}/${SCENARIO.demo}`);
    expect((await call(mockServer.url, 'GET', CLIENTS, { token: mockToken })).status).toBe(502);
  });

  it('refuses to switch to a recording whose scenario is unknown, changing nothing', async () => {
    await mkdir(path.join(mock.dir, 'recordings'), { recursive: true });
    await writeFile(
      path.join(mock.dir, 'recordings', 'hand-made.json'),
      JSON.stringify({
        name: 'hand-made',
        description: 'Edited by hand.',
        from: { name: 'no-such-scenario', params: {} },
        routes: [],
        calls: [],
      }),
    );
    const before = await mock.dataFileBytes();
    const answer = await control('POST', `${MOCK_PATHS.scenarios}/hand-made`);
    expect(answer.status).toBe(400);
    expect((answer.json() as { errorMessage: string }).errorMessage).toContain('no-such-scenario');
    expect(await mock.dataFileBytes()).toEqual(before);
  });

  it('refuses a route under /__mock, whose calls are never forwarded, starting nothing', async () => {
    for (const [index, routePath] of [
      '/__mock/requests',
      '/__MOCK/*',
      '/__mock',
      '/__mock*',
    ].entries()) {
      const refused = await control('POST', MOCK_PROXY_PATHS.recordings, {
        name: 'tools',
        routes: [{ path: '/api/x' }, { path: routePath }],
      });
      expect([index, refused.status, refused.json()]).toEqual([
        index,
        400,
        {
          errorCode: ERROR_CODE.VALIDATION,
          errorMessage: `routes.1.path: ${MOCK_PROXY_MESSAGE.toolsNotRecorded}`,
        },
      ]);
    }
    const listed = (await control('GET', MOCK_PROXY_PATHS.recordings)).json() as RecordingList;
    expect(listed.recordings).toEqual([]);
  });

  it('refuses a name that is not a file name, before any file is touched', async () => {
    const answer = await control('POST', MOCK_PROXY_PATHS.recordings, {
      name: '../escape',
      routes: [{ path: '/api/x' }],
    });
    expect(answer.status).toBe(400);
    expect((await control('POST', `${MOCK_PATHS.scenarios}/..%2Fescape`)).status).toBe(404);
  });
});

describe('MOCK_RECORD (npm start -- --record <name>)', () => {
  const PIN = '918273';
  const DEVICE_PASSWORD = 'device-secret-77';

  it('records every forwarded call from the start and saves it when the server stops', async () => {
    const secrets = [PIN, DEVICE_PASSWORD, DEMO_USER.password];
    const target = await createTestApp();
    const targetServer = await listen(target.app);
    const mock = await createTestApp({
      env: {
        MOCK_CONTROL: 'true',
        MOCK_PROXY_TARGET: targetServer.url,
        MOCK_RECORD: 'at-start',
      },
    });
    const mockServer = await listen(mock.app);
    try {
      // Served by no route of the mock: forwarded, and recorded.
      const answer = await call(mockServer.url, 'GET', '/api/only-the-backend?q=1');
      expect(answer.status).toBe(401);
      const { token } = await signIn(mockServer.url);
      const withSecrets = await call(mockServer.url, 'POST', `/api/only-the-backend?pin=${PIN}`, {
        token,
        body: { cardPin: PIN, devicePassword: DEVICE_PASSWORD, password: DEMO_USER.password },
      });
      expect(withSecrets.status).toBe(401);
      secrets.push(token);
      const list = (
        await call(mockServer.url, 'GET', MOCK_PROXY_PATHS.recordings, { token })
      ).json() as RecordingList;
      expect(list.recordings).toEqual([
        { name: 'at-start', running: true, calls: 2, routes: [{ method: '*', path: '/*' }] },
      ]);
    } finally {
      await mockServer.close();
      await targetServer.close();
      await target.close();
    }
    // The stop: index.ts closes the store on SIGINT and SIGTERM.
    const dir = mock.dir;
    await mock.store.close();
    const text = await readFile(path.join(dir, 'recordings', 'at-start.json'), 'utf8');
    const saved = JSON.parse(text) as { calls: { method: string; url: string; status: number }[] };
    expect(saved.calls).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/only-the-backend?q=1', status: 401 }),
      expect.objectContaining({
        method: 'POST',
        url: `/api/only-the-backend?pin=${REDACTED}`,
        body: JSON.stringify({
          cardPin: REDACTED,
          devicePassword: REDACTED,
          password: REDACTED,
        }),
      }),
    ]);
    for (const secret of secrets) expect(text).not.toContain(secret);
    await mock.close();
  });
});

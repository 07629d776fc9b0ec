import jwt from 'jsonwebtoken';
import request from 'supertest';
import { ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { createApp } from '../../server/app';
import { sessionById } from '../../server/auth/sessions';
import { FixedWindowCounter } from '../../server/http/rate-limit';
import type { Snapshot } from '../../server/db/store';
import {
  createTestApp,
  DEMO_USER,
  DEMO_USERS,
  loginRequest,
  TEST_TOKEN_SECRET,
  type TestApp,
} from './support/test-app';

const SESSION_EXPIRED = { errorCode: ERROR_CODE.SESSION_EXPIRED };
/** With these real, jest's fake timers set only the clock (Date). */
const REAL_TIMERS: FakeableAPI[] = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
];
const programs = `/api${API_PATHS.programs}`;

function refresh(t: TestApp, masterToken: unknown) {
  return request(t.app)
    .post(URL_PATHS.refresh)
    .set(MODULE_CODE_HEADER, MODULE_CODE)
    .send({ masterToken });
}

function claimsOf(token: string): jwt.JwtPayload {
  const payload = jwt.decode(token);
  if (payload === null || typeof payload === 'string') throw new Error('not a JWT');
  return payload;
}

describe('auth', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  describe('POST /api/tokens', () => {
    it('answers a Token for the right user name and password', async () => {
      const before = Date.now();
      const response = await loginRequest(t.app, DEMO_USER);
      expect(response.status).toBe(200);
      const token = response.body as Token;
      expect(token).toEqual({
        token: expect.any(String),
        module: MODULE_CODE,
        masterToken: expect.any(String),
        expiration: expect.any(String),
        userName: 'admin',
        userType: 'ADMIN',
      });
      expect(token.token).not.toBe(token.masterToken);
      const after = Date.now();
      // 15 minutes from the sign-in (whole seconds), however long the call took.
      const expiresAt = Date.parse(token.expiration);
      expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 900_000);
      expect(expiresAt).toBeLessThanOrEqual(after + 900_000);
      expect(claimsOf(token.token)).toMatchObject({ typ: 'access', sub: 'admin' });
      expect(claimsOf(token.masterToken)).toMatchObject({ typ: 'master', sub: 'admin' });
      expect(claimsOf(token.token).sid).toBe(claimsOf(token.masterToken).sid);
    });

    it('counts logins and keeps the session', async () => {
      const token = await t.login();
      await t.login();
      const data = await t.dataFile();
      const admin = data.users.find((user) => user.username === 'admin');
      expect(admin?.loginCount).toBe(2);
      expect(admin?.lastLoginAt).toEqual(expect.any(String));
      expect(data.sessions.map((s) => s.id)).toContain(claimsOf(token.token).sid);
    });

    it('logs in the second seeded user', async () => {
      const token = await t.login(DEMO_USERS.operator);
      expect(token.userType).toBe('OPERATOR');
    });

    it.each([
      ['a wrong password', { username: 'admin', password: 'wrong' }],
      ['an unknown user', { username: 'nobody', password: 'admin123' }],
    ])('answers 401 BAD_CREDENTIALS for %s and writes nothing', async (_name, body) => {
      const bytes = await t.dataFileBytes();
      const response = await loginRequest(t.app, body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.BAD_CREDENTIALS,
        errorMessage: 'Invalid username or password',
      });
      expect(await t.dataFileBytes()).toEqual(bytes);
    });

    it.each([
      [{}, 'username: This field is required'],
      [{ username: 'admin' }, 'password: This field is required'],
      [{ username: '', password: 'x' }, 'username: This field is required'],
      [{ username: 123, password: 'x' }, 'username: Expected a string'],
      [{ username: 'admin', password: ['admin123'] }, 'password: Expected a string'],
    ])('answers 400 naming the field for %j', async (body, message) => {
      const bytes = await t.dataFileBytes();
      const response = await loginRequest(t.app, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errorCode: ERROR_CODE.VALIDATION, errorMessage: message });
      expect(await t.dataFileBytes()).toEqual(bytes);
    });

    it('needs the moduleCode header', async () => {
      const response = await request(t.app).post(`/api${API_PATHS.tokens}`).send(DEMO_USER);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: 'moduleCode: This field is required',
      });
    });

    it('refuses another module code', async () => {
      const response = await request(t.app)
        .post(`/api${API_PATHS.tokens}`)
        .set(MODULE_CODE_HEADER, 'XYZ')
        .send(DEMO_USER);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: `moduleCode: ${ERROR_MESSAGE.unknownModuleCode}`,
      });
    });
  });

  describe('access token', () => {
    it('is accepted as stored and with a Bearer prefix', async () => {
      const { token } = await t.login();
      await request(t.app).get(programs).set('Authorization', token).expect(200);
      await request(t.app).get(programs).set('Authorization', `Bearer ${token}`).expect(200);
    });

    it('is required: 401 code 11 without one', async () => {
      const response = await request(t.app).get(programs);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.SESSION_EXPIRED,
        errorMessage: ERROR_MESSAGE.authRequired,
      });
    });

    it('is refused when expired', async () => {
      const { token } = await t.login();
      const { sid } = claimsOf(token);
      const expired = jwt.sign(
        { typ: 'access', sid, exp: Math.floor(Date.now() / 1000) - 10 },
        TEST_TOKEN_SECRET,
        { subject: 'admin' },
      );
      const response = await request(t.app).get(programs).set('Authorization', expired);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SESSION_EXPIRED);
    });

    it('expires after TOKEN_TTL_SECONDS', async () => {
      // The test sets the clock (timers stay real): a 1 s token signed late in a second expired
      // before the first request when the machine was busy, and the wait cost 2 s.
      const signedAt = Date.UTC(2030, 0, 1, 0, 0, 0, 200);
      jest.useFakeTimers({ now: signedAt, doNotFake: REAL_TIMERS });
      const short = await createTestApp({ env: { TOKEN_TTL_SECONDS: '1' } });
      try {
        const { token } = await short.login();
        await request(short.app).get(programs).set('Authorization', token).expect(200);
        jest.setSystemTime(signedAt + 2_000);
        const response = await request(short.app).get(programs).set('Authorization', token);
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject(SESSION_EXPIRED);
      } finally {
        jest.useRealTimers();
        await short.close();
      }
    });

    it('is refused when signed with another secret', async () => {
      const { token } = await t.login();
      const { sid } = claimsOf(token);
      const forged = jwt.sign({ typ: 'access', sid }, 'another-secret-another-secret-xx', {
        subject: 'admin',
        expiresIn: 600,
      });
      const response = await request(t.app).get(programs).set('Authorization', forged);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SESSION_EXPIRED);
    });

    it('is refused for a session that does not exist', async () => {
      const stray = jwt.sign({ typ: 'access', sid: 'f'.repeat(32) }, TEST_TOKEN_SECRET, {
        subject: 'admin',
        expiresIn: 600,
      });
      const response = await request(t.app).get(programs).set('Authorization', stray);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SESSION_EXPIRED);
    });

    it('is refused when unsigned (alg none)', async () => {
      const { token } = await t.login();
      const { sid } = claimsOf(token);
      const unsigned = jwt.sign({ typ: 'access', sid }, '', {
        algorithm: 'none',
        subject: 'admin',
        expiresIn: 600,
      });
      const response = await request(t.app).get(programs).set('Authorization', unsigned);
      expect(response.status).toBe(401);
    });

    it('cannot be a master token', async () => {
      const { masterToken } = await t.login();
      const response = await request(t.app).get(programs).set('Authorization', masterToken);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SESSION_EXPIRED);
    });
  });

  describe('POST /api/2/tokens/refresh', () => {
    it('answers a new token for the same session and user', async () => {
      const login = await t.login();
      const response = await refresh(t, login.masterToken);
      expect(response.status).toBe(200);
      const token = response.body as Token;
      expect(token.token).not.toBe(login.token);
      expect(token.masterToken).toBe(login.masterToken);
      expect(token.userName).toBe('admin');
      expect(token.userType).toBe('ADMIN');
      expect(token.module).toBe(MODULE_CODE);
      expect(claimsOf(token.token).sid).toBe(claimsOf(login.token).sid);
      await request(t.app).get(programs).set('Authorization', token.token).expect(200);
    });

    it('refuses an access token', async () => {
      const { token } = await t.login();
      const response = await refresh(t, token);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SESSION_EXPIRED);
    });

    it('refuses a forged master token', async () => {
      const { masterToken } = await t.login();
      const { sid } = claimsOf(masterToken);
      const forged = jwt.sign({ typ: 'master', sid }, 'another-secret-another-secret-xx', {
        subject: 'admin',
        expiresIn: 600,
      });
      const response = await refresh(t, forged);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SESSION_EXPIRED);
    });

    it('refuses garbage', async () => {
      const response = await refresh(t, 'not-a-token');
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SESSION_EXPIRED);
    });

    it('needs masterToken and moduleCode', async () => {
      const missing = await request(t.app)
        .post(URL_PATHS.refresh)
        .set(MODULE_CODE_HEADER, MODULE_CODE)
        .send({});
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: 'masterToken: This field is required',
      });
      const { masterToken } = await t.login();
      const noModule = await request(t.app).post(URL_PATHS.refresh).send({ masterToken });
      expect(noModule.status).toBe(400);
      expect(noModule.body).toMatchObject({ errorMessage: 'moduleCode: This field is required' });
    });
  });

  describe('DELETE /api/tokens', () => {
    it('revokes the session: both tokens are refused afterwards', async () => {
      const login = await t.login();
      const other = await t.login();
      await request(t.app)
        .delete(`/api${API_PATHS.tokens}`)
        .set('Authorization', login.token)
        .expect(204);

      const access = await request(t.app).get(programs).set('Authorization', login.token);
      expect(access.status).toBe(401);
      expect(access.body).toMatchObject(SESSION_EXPIRED);
      const renewed = await refresh(t, login.masterToken);
      expect(renewed.status).toBe(401);
      expect(renewed.body).toMatchObject(SESSION_EXPIRED);

      // Another session of the same user is untouched.
      await request(t.app).get(programs).set('Authorization', other.token).expect(200);
      const data = await t.dataFile();
      const session = data.sessions.find((s) => s.id === claimsOf(login.token).sid);
      expect(session?.revokedAt).toEqual(expect.any(String));
    });

    it('needs a token', async () => {
      const response = await request(t.app).delete(`/api${API_PATHS.tokens}`);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SESSION_EXPIRED);
    });
  });
});

describe('rate limits', () => {
  it('answers 429 JSON after LOGIN_RATE_LIMIT failed logins for one address and user name', async () => {
    const t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await loginRequest(t.app, { username: 'admin', password: 'wrong' }).expect(401);
      }
      const limited = await loginRequest(t.app, DEMO_USER);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        errorCode: ERROR_CODE.RATE_LIMITED,
        errorMessage: ERROR_MESSAGE.loginRateLimited,
      });
      // Another user name from the same address is not blocked.
      await loginRequest(t.app, DEMO_USERS.operator).expect(200);
    } finally {
      await t.close();
    }
  });

  it('does not count successful logins', async () => {
    const t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '2' } });
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await loginRequest(t.app, DEMO_USER).expect(200);
      }
    } finally {
      await t.close();
    }
  });

  it('answers 429 JSON after API_RATE_LIMIT requests a minute', async () => {
    const t = await createTestApp({ env: { API_RATE_LIMIT: '3' } });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const allowed = await request(t.app).get('/config.json').expect(200);
        expect(allowed.headers['ratelimit-policy']).toBe('3;w=60');
        expect(allowed.headers.ratelimit).toMatch(
          new RegExp(`^limit=3, remaining=${2 - attempt}, reset=(60|59)$`),
        );
      }
      const limited = await request(t.app).get('/config.json');
      expect(limited.headers.ratelimit).toMatch(/^limit=3, remaining=0, reset=\d+$/);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        errorCode: ERROR_CODE.RATE_LIMITED,
        errorMessage: ERROR_MESSAGE.rateLimited,
      });
    } finally {
      await t.close();
    }
  });
});

describe('FixedWindowCounter', () => {
  it('counts per key within a window and starts a new window once it ended', () => {
    const counter = new FixedWindowCounter(2, 1000);
    expect(counter.hit('a', 0)).toMatchObject({ remaining: 1, resetAt: 1000 });
    expect(counter.hit('a', 500)).toMatchObject({ remaining: 0, resetAt: 1000 });
    expect(counter.hit('a', 999)).toMatchObject({ remaining: -1, resetAt: 1000 });
    expect(counter.hit('b', 999)).toMatchObject({ remaining: 1, resetAt: 1999 });
    expect(counter.hit('a', 1000)).toMatchObject({ remaining: 1, resetAt: 2000 });
  });
});

describe('sessions', () => {
  const session = (id: string, expiresAt: string) => ({
    id,
    userName: DEMO_USER.username,
    createdAt: new Date(0).toISOString(),
    expiresAt,
    revokedAt: null,
  });

  it('drops expired sessions on a timer, and stops when the store closes', async () => {
    const expired = session('e'.repeat(32), new Date(Date.now() - 60_000).toISOString());
    const live = session('l'.repeat(32), new Date(Date.now() + 3_600_000).toISOString());
    const t = await createTestApp({
      prepare: (data) => {
        data.sessions.push(expired, live);
      },
    });
    try {
      createApp({ db: t.store, config: t.config, sessionPruneIntervalMs: 10 });
      // Polls (no fixed wait): the timer fires within a few of its 10 ms rounds.
      const deadline = Date.now() + 10_000;
      while (t.store.read().sessions.some((s) => s.id === expired.id) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(t.store.read().sessions.map((s) => s.id)).toEqual([live.id]);
      expect((await t.dataFile()).sessions.map((s) => s.id)).toEqual([live.id]);
    } finally {
      await t.close();
    }
    // Closed: the timer is stopped (it would otherwise reject on the closed store and log).
    await expect(t.store.update(() => undefined)).rejects.toThrow('closed');
  });

  it('finds the session of a token among many (index by id, kept in step with the store)', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const t = await createTestApp({
      prepare: (data) => {
        for (let n = 0; n < 5000; n += 1) data.sessions.push(session(`s${n}`, later));
      },
    });
    try {
      const { token } = await t.login();
      await request(t.app).get(programs).set('Authorization', token).expect(200);
      // Revoked through logout: the next request sees the new sessions list at once.
      await request(t.app)
        .delete(`/api${API_PATHS.tokens}`)
        .set('Authorization', token)
        .expect(204);
      const refused = await request(t.app).get(programs).set('Authorization', token);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject(SESSION_EXPIRED);
    } finally {
      await t.close();
    }
  });

  it('sessionById finds a session by id and misses an unknown one', () => {
    const data = { sessions: [session('a', 'x'), session('b', 'x')] } as unknown as Snapshot;
    expect(sessionById(data, 'b')?.id).toBe('b');
    expect(sessionById(data, 'c')).toBeUndefined();
  });
});

/**
 * Builds the real app for a test: its own temp data file copied from db.json (demo passwords
 * re-hashed at a tiny cost so logins are fast), the demo gift cards in its own records folder,
 * silent logs, a fixed token secret.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { AUTH_HEADER, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { API_PATHS } from '@contracts/api/paths';
import { createApp } from '../../../server/app';
import { hashPassword } from '../../../server/auth/passwords';
import { loadConfig, SEED_FILE, type ServerConfig } from '../../../server/config';
import type { Data } from '../../../server/db/schema';
import { Store } from '../../../server/db/store';
import { seedDemoCards } from '../../../server/records/demo-cards';

/** The seeded users and their passwords (db.json). */
export const DEMO_USERS = {
  admin: { username: 'admin', password: 'admin123', userType: 'ADMIN' },
  operator: { username: 'operator', password: 'operator123', userType: 'OPERATOR' },
} as const;
export const DEMO_USER = DEMO_USERS.admin;

export const TEST_TOKEN_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
export const TEST_HASH_COST = 16;

/** Environment for loadConfig; `overrides` win. */
export function testEnv(
  dbFile: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    DB_FILE: dbFile,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: String(TEST_HASH_COST),
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    LOGIN_RATE_LIMIT: '1000',
    API_RATE_LIMIT: '100000',
    CLIENT_DIR: path.join(path.dirname(dbFile), 'no-client'),
    ...overrides,
  };
}

export interface TestApp {
  app: Express;
  store: Store;
  config: ServerConfig;
  /** The temp folder holding the data file, the files folder and the cards folder. */
  dir: string;
  /** Bytes of the data file after pending writes finished. */
  dataFileBytes(): Promise<Buffer>;
  /** The data file, parsed, after pending writes finished. */
  dataFile(): Promise<Data>;
  /** Names in the uploaded-files folder (empty when the folder does not exist). */
  storedFiles(): Promise<string[]>;
  /** Logs in (admin by default) and returns the Token answer. */
  login(user?: { username: string; password: string }): Promise<Token>;
  /** Waits for pending writes and removes the temp folder. */
  close(): Promise<void>;
}

/** Calls under the API with a signed-in user's token (admin by default). */
export interface SignedInCalls {
  token: string;
  get(path: string): request.Test;
  post(path: string, body: unknown): request.Test;
  put(path: string, body: unknown): request.Test;
}

export async function signedInCalls(t: TestApp): Promise<SignedInCalls> {
  const { token } = await t.login();
  const api = (path: string) => `/api${path}`;
  return {
    token,
    get: (path) => request(t.app).get(api(path)).set(AUTH_HEADER, token),
    post: (path, body) =>
      request(t.app)
        .post(api(path))
        .set(AUTH_HEADER, token)
        .send(body as object),
    put: (path, body) =>
      request(t.app)
        .put(api(path))
        .set(AUTH_HEADER, token)
        .send(body as object),
  };
}

/** A request with the login headers the client sends. */
export function loginRequest(app: Express, body: unknown) {
  return request(app)
    .post(`/api${API_PATHS.tokens}`)
    .set(MODULE_CODE_HEADER, MODULE_CODE)
    .send(body as object);
}

/**
 * `env` overrides variables (e.g. `{ LOGIN_RATE_LIMIT: '3' }`); `prepare` may change the seeded
 * data before the store opens it.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; prepare?: (data: Data) => void } = {},
): Promise<TestApp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const dbFile = path.join(dir, 'db.json');
  const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Data;
  for (const user of seed.users) {
    const demo = Object.values(DEMO_USERS).find(
      (candidate) => candidate.username === user.username,
    );
    if (demo !== undefined) user.passwordHash = await hashPassword(demo.password, TEST_HASH_COST);
  }
  options.prepare?.(seed);
  await writeFile(dbFile, JSON.stringify(seed, null, 2));

  const config = loadConfig(testEnv(dbFile, options.env));
  await seedDemoCards(config);
  const store = await Store.open(dbFile);
  const app = createApp({ db: store, config });

  return {
    app,
    store,
    config,
    dir,
    async dataFileBytes() {
      await store.flush();
      return readFile(dbFile);
    },
    async dataFile() {
      await store.flush();
      return JSON.parse(await readFile(dbFile, 'utf8')) as Data;
    },
    async storedFiles() {
      return readdir(config.filesDir).catch(() => []);
    },
    async login(user = DEMO_USER) {
      const response = await loginRequest(app, {
        username: user.username,
        password: user.password,
      });
      if (response.status !== 200) {
        throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
      }
      return response.body as Token;
    },
    async close() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Where the token-signing secret lives without TOKEN_SECRET: `<keys>/token.key`, never the data
 * file. A data file that still holds one (`meta.tokenSecret`) has it moved there at start, and
 * the tokens it signed stay valid.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { AUTH_HEADER, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { createApp } from '../../server/app';
import { TOKEN_KEY_FILE } from '../../server/auth/token-secret';
import { createTestApp, type TestApp } from './support/test-app';

/** A secret as earlier data files held it (48 random bytes, base64url). */
const OLD_SECRET = 'b2xkLXNlY3JldC1rZXB0LWluLXRoZS1kYXRhLWZpbGUtb2YtYW4tZWFybGllci12ZXJz';

const programs = (app: Express, token: string) =>
  request(app).get(`/api${API_PATHS.programs}`).set(AUTH_HEADER, token);

/** The app again on the same data and folders, as a restart makes it, with its log lines. */
function restart(t: TestApp, tokenSecret: string | undefined = undefined) {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const app = createApp({ db: t.store, config: { ...t.config, tokenSecret }, logger });
  return { app, log: () => lines.join('\n') };
}

const keyFileOf = (t: TestApp) => path.join(t.config.keysDir, TOKEN_KEY_FILE);

describe('the token secret without TOKEN_SECRET', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('is made on the first start in the keys folder (owner only), never in the data file, and kept', async () => {
    // An empty variable is unset.
    t = await createTestApp({ env: { TOKEN_SECRET: '' } });
    expect(t.config.tokenSecret).toBeUndefined();
    const { token } = await t.login();
    await programs(t.app, token).expect(200);

    const secret = (await readFile(keyFileOf(t), 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await stat(keyFileOf(t))).mode & 0o777).toBe(0o600);
    expect((await stat(t.config.keysDir)).mode & 0o777).toBe(0o700);
    const data = await t.dataFile();
    expect(data.meta.tokenSecret).toBeUndefined();
    expect((await t.dataFileBytes()).toString('utf8')).not.toContain(secret);

    // A restart signs and checks with the same secret: the token still works.
    await programs(restart(t).app, token).expect(200);
    expect((await readFile(keyFileOf(t), 'utf8')).trim()).toBe(secret);
  });

  it('moves a secret the data file holds into the key file: tokens it signed stay valid', async () => {
    // A server that signed with the secret its data file held.
    t = await createTestApp({ env: { TOKEN_SECRET: OLD_SECRET } });
    const { token, masterToken } = await t.login();
    await t.store.update((data) => {
      data.meta.tokenSecret = OLD_SECRET;
    });
    expect((await t.dataFileBytes()).toString('utf8')).toContain(OLD_SECRET);

    // Started again without TOKEN_SECRET.
    const { app, log } = restart(t);
    await programs(app, token).expect(200);
    await request(app)
      .post(URL_PATHS.refresh)
      .set(MODULE_CODE_HEADER, MODULE_CODE)
      .send({ masterToken })
      .expect(200);
    expect(await readFile(keyFileOf(t), 'utf8')).toBe(`${OLD_SECRET}\n`);
    expect((await stat(keyFileOf(t))).mode & 0o777).toBe(0o600);
    expect((await t.dataFile()).meta.tokenSecret).toBeUndefined();
    expect((await t.dataFileBytes()).toString('utf8')).not.toContain(OLD_SECRET);
    expect(log()).toContain('token secret moved from the data file to the keys');
    expect(log()).not.toContain(OLD_SECRET);

    // And again: from the key file now.
    await programs(restart(t).app, token).expect(200);
  });

  it('moves it out of the data file with TOKEN_SECRET set too, kept for a start without it', async () => {
    t = await createTestApp({
      prepare: (data) => {
        data.meta.tokenSecret = OLD_SECRET;
      },
    });
    expect(t.config.tokenSecret).toBeDefined();
    await t.login();
    expect((await t.dataFile()).meta.tokenSecret).toBeUndefined();
    expect((await t.dataFileBytes()).toString('utf8')).not.toContain(OLD_SECRET);
    expect(await readFile(keyFileOf(t), 'utf8')).toBe(`${OLD_SECRET}\n`);
  });

  it('keeps the key file when the data file holds another secret, and says so', async () => {
    t = await createTestApp({ env: { TOKEN_SECRET: '' } });
    const { token } = await t.login();
    const secret = await readFile(keyFileOf(t), 'utf8');
    await t.store.update((data) => {
      data.meta.tokenSecret = OLD_SECRET;
    });
    const { app, log } = restart(t);
    await programs(app, token).expect(200);
    expect(await readFile(keyFileOf(t), 'utf8')).toBe(secret);
    expect(log()).toContain('the data file held another token secret than the key file');
    await t.store.flush();
    expect((await t.dataFile()).meta.tokenSecret).toBeUndefined();
  });

  it('stops the start naming an empty key file', async () => {
    t = await createTestApp({ env: { TOKEN_SECRET: '' } });
    await writeFile(keyFileOf(t), '\n');
    expect(() => restart(t)).toThrow(`${keyFileOf(t)}: empty`);
  });
});

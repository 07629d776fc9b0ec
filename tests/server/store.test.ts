import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { ImageUploadResult } from '@contracts/api/entities';
import { URL_PATHS } from '@contracts/api/paths';
import { emptyData, type Data } from '../../server/db/schema';
import { Store, StoreClosedError } from '../../server/db/store';
import { PNG_BYTES } from './support/fixtures';
import { createTestApp, DEMO_USER, loginRequest } from './support/test-app';

const CONCURRENCY = 200;

describe('store under concurrent requests (through HTTP)', () => {
  it(`keeps all of ${CONCURRENCY} concurrent image uploads`, async () => {
    const t = await createTestApp();
    try {
      const { token } = await t.login();
      const responses = await Promise.all(
        Array.from({ length: CONCURRENCY }, (_, index) =>
          request(t.app)
            .post(URL_PATHS.images)
            .set('Authorization', token)
            .attach('file', PNG_BYTES, { filename: `img-${index}.png`, contentType: 'image/png' }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(
        Array.from({ length: CONCURRENCY }, () => 200),
      );
      const ids = responses.map((response) => (response.body as ImageUploadResult).id);
      expect(new Set(ids).size).toBe(CONCURRENCY);

      const onDisk = JSON.parse(await readFile(t.config.dbFile, 'utf8')) as Data;
      expect(onDisk.images.map((image) => image.id).sort()).toEqual([...ids].sort());
      expect((await t.storedFiles()).sort()).toEqual([...ids].sort());
      expect(t.store.read().images).toHaveLength(CONCURRENCY);
    } finally {
      await t.close();
    }
  });

  it(`counts all of ${CONCURRENCY} concurrent logins`, async () => {
    const t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '100000' } });
    try {
      const responses = await Promise.all(
        Array.from({ length: CONCURRENCY }, () => loginRequest(t.app, DEMO_USER)),
      );
      expect(responses.every((response) => response.status === 200)).toBe(true);

      // Read straight from the file: every answered login has already reached it.
      const onDisk = JSON.parse(await readFile(t.config.dbFile, 'utf8')) as Data;
      const admin = onDisk.users.find((user) => user.username === DEMO_USER.username);
      expect(admin?.loginCount).toBe(CONCURRENCY);
      expect(onDisk.sessions).toHaveLength(CONCURRENCY);
    } finally {
      await t.close();
    }
  });
});

describe('Store', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-store-'));
    file = path.join(dir, 'db.json');
    await writeFile(file, JSON.stringify(emptyData()));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const onDisk = async (): Promise<Data> => JSON.parse(await readFile(file, 'utf8')) as Data;

  it('resolves an update only after it reached the file', async () => {
    const store = await Store.open(file);
    const result = await store.update((data) => {
      data.languages.push({ id: 1, languageName: 'English' });
      return data.languages.length;
    });
    expect(result).toBe(1);
    expect((await onDisk()).languages).toEqual([{ id: 1, languageName: 'English' }]);
  });

  it('runs read-modify-write without interleaving', async () => {
    const store = await Store.open(file);
    await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        store.update((data) => {
          const next = data.languages.length + 1;
          data.languages.push({ id: next, languageName: `L${index}` });
        }),
      ),
    );
    const ids = (await onDisk()).languages.map((language) => language.id);
    expect(ids).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
  });

  it('changes nothing when the mutation throws, and keeps serving other updates', async () => {
    const store = await Store.open(file);
    const before = await readFile(file);
    const failing = store.update((data) => {
      data.languages.push({ id: 1, languageName: 'half-done' });
      throw new Error('bad input');
    });
    const passing = store.update((data) => {
      data.countries.push({ id: 1, value: 'Australia' });
    });
    await expect(failing).rejects.toThrow('bad input');
    await passing;
    expect(store.read().languages).toEqual([]);
    expect((await onDisk()).languages).toEqual([]);
    expect((await onDisk()).countries).toHaveLength(1);
    expect(before.length).toBeGreaterThan(0);
  });

  it('refuses an asynchronous mutation', async () => {
    const store = await Store.open(file);
    await expect(store.update(async () => undefined)).rejects.toThrow(/synchronous/);
  });

  it('hands out snapshots that later updates do not change', async () => {
    const store = await Store.open(file);
    const snapshot = store.read();
    await store.update((data) => {
      data.countries.push({ id: 1, value: 'Australia' });
    });
    expect(snapshot.countries).toEqual([]);
    expect(store.read().countries).toHaveLength(1);
  });

  it('flush waits for pending writes; close refuses new ones', async () => {
    const store = await Store.open(file);
    void store.update((data) => {
      data.countries.push({ id: 1, value: 'Australia' });
    });
    await store.close();
    expect((await onDisk()).countries).toHaveLength(1);
    await expect(store.update(() => undefined)).rejects.toBeInstanceOf(StoreClosedError);
  });

  it('fills collections missing from an older data file', async () => {
    await writeFile(file, JSON.stringify({ users: [] }));
    const store = await Store.open(file);
    expect(store.read().programs).toEqual([]);
    expect(store.read().meta).toEqual({});
  });

  it('refuses a data file of the wrong shape', async () => {
    await writeFile(file, JSON.stringify({ users: {} }));
    await expect(Store.open(file)).rejects.toThrow('"users" must be a list');
    await writeFile(file, '[]');
    await expect(Store.open(file)).rejects.toThrow('must hold a JSON object');
  });
});

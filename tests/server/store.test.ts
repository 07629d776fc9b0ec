import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ERROR_CODE, STORE_LIMITS } from '@contracts/api/constants';
import type { ImageUploadResult } from '@contracts/api/entities';
import { JOURNAL_PATHS } from '@contracts/api/journal';
import { URL_PATHS } from '@contracts/api/paths';
import { emptyData, type Data } from '../../server/db/schema';
import { Store, StoreClosedError } from '../../server/db/store';
import { HttpError } from '../../server/http/errors';
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

describe('Store: copy-on-write updates', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-store-cow-'));
    file = path.join(dir, 'db.json');
    const data = emptyData();
    data.languages = [
      { id: 1, languageName: 'English' },
      { id: 2, languageName: 'German' },
    ];
    data.countries = [{ id: 1, value: 'Australia' }];
    data.users = [
      {
        username: 'ann',
        userType: 'ADMIN',
        passwordHash: 'x',
        loginCount: 0,
        lastLoginAt: null,
      },
    ];
    await writeFile(file, JSON.stringify(data));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const onDisk = async (): Promise<Data> => JSON.parse(await readFile(file, 'utf8')) as Data;

  it('copies only what a mutation changes: other collections and records stay the same objects', async () => {
    const store = await Store.open(file);
    const before = store.read();
    await store.update((data) => {
      const german = data.languages.find((language) => language.id === 2);
      if (german) german.languageName = 'Deutsch';
    });
    const after = store.read();
    expect(after).not.toBe(before);
    expect(after.languages).not.toBe(before.languages);
    expect(after.languages[1]).toEqual({ id: 2, languageName: 'Deutsch' });
    // Untouched: the very same objects, not copies.
    expect(after.languages[0]).toBe(before.languages[0]);
    expect(after.countries).toBe(before.countries);
    expect(after.users).toBe(before.users);
    // The old snapshot still reads as before.
    expect(before.languages[1]).toEqual({ id: 2, languageName: 'German' });
  });

  it('hands out frozen snapshots: changing one in place throws and changes nothing', async () => {
    const store = await Store.open(file);
    await store.update((data) => {
      data.languages.push({ id: 3, languageName: 'French' });
    });
    const snapshot = store.read() as Data;
    expect(() => {
      snapshot.languages.push({ id: 4, languageName: 'Dutch' });
    }).toThrow(TypeError);
    expect(() => {
      const english = snapshot.languages[0];
      if (english) english.languageName = 'changed';
    }).toThrow(TypeError);
    expect(store.read().languages.map((language) => language.languageName)).toEqual([
      'English',
      'German',
      'French',
    ]);
  });

  it('changes nothing when a mutation throws after changing nested records', async () => {
    const store = await Store.open(file);
    const before = store.read();
    const bytes = await readFile(file);
    await expect(
      store.update((data) => {
        const ann = data.users[0];
        if (ann) ann.loginCount = 99;
        data.languages.splice(0, 1);
        data.countries = [];
        throw new Error('half-done');
      }),
    ).rejects.toThrow('half-done');
    expect(store.read()).toBe(before);
    expect(store.read().users[0]?.loginCount).toBe(0);
    expect(store.read().languages).toHaveLength(2);
    expect(await readFile(file)).toEqual(bytes);
  });

  it('lands every one of many concurrent updates of the same records', async () => {
    const store = await Store.open(file);
    await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        store.update((data) => {
          const ann = data.users[0];
          if (ann) ann.loginCount += 1;
          const language = data.languages[index % 2];
          if (language) language.languageName = `${language.languageName}.`;
        }),
      ),
    );
    expect(store.read().users[0]?.loginCount).toBe(300);
    const disk = await onDisk();
    expect(disk.users[0]?.loginCount).toBe(300);
    expect(disk.languages.map((language) => language.languageName.length)).toEqual([
      'English'.length + 150,
      'German'.length + 150,
    ]);
  });

  it('writes a file whose content equals the data in memory, after every kind of change', async () => {
    const store = await Store.open(file);
    await store.update((data) => {
      data.languages.push({ id: 3, languageName: 'French' }, { id: 4, languageName: 'Dutch' });
      data.languages.sort((a, b) => a.languageName.localeCompare(b.languageName));
      data.languages = data.languages.filter((language) => language.id !== 1);
      data.meta.tokenSecret = 'secret';
    });
    await store.update((data) => {
      data.languages.splice(1, 1, { id: 5, languageName: 'Italian' });
      const ann = data.users[0];
      if (ann) {
        ann.lastLoginAt = '2024-01-01T00:00:00.000Z';
        delete (ann as Partial<typeof ann>).passwordHash;
      }
      data.countries.push({ id: 2, value: 'Quote " and \\ and ünïcödé' });
    });
    const expected = store.read();
    expect(await onDisk()).toEqual(expected);
    expect(expected.languages.map((language) => language.id)).toEqual([4, 5, 2]);
    expect(expected.users[0]).not.toHaveProperty('passwordHash');
    // Reopening reads the same data.
    const reopened = await Store.open(file);
    expect(reopened.read()).toEqual(expected);
  });

  it('resolves with plain values even when the mutation returns a record of the draft', async () => {
    const store = await Store.open(file);
    const returned = await store.update((data) => {
      const english = data.languages[0];
      if (english) english.languageName = 'British English';
      return { changed: english, kept: data.countries[0], all: data.languages };
    });
    expect(returned.changed).toBe(store.read().languages[0]);
    expect(returned.kept).toBe(store.read().countries[0]);
    expect(returned.all).toBe(store.read().languages);
    expect(JSON.parse(JSON.stringify(returned))).toEqual({
      changed: { id: 1, languageName: 'British English' },
      kept: { id: 1, value: 'Australia' },
      all: [
        { id: 1, languageName: 'British English' },
        { id: 2, languageName: 'German' },
      ],
    });
  });

  it('creates the data file readable by its owner only', async () => {
    const store = await Store.open(file);
    await store.update((data) => {
      data.meta.tokenSecret = 'secret';
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a record larger than STORE_LIMITS.recordBytes with a 413, keeping the data', async () => {
    const store = await Store.open(file);
    const before = store.read();
    const failing = store.update((data) => {
      data.languages.push({ id: 9, languageName: 'x'.repeat(STORE_LIMITS.recordBytes) });
    });
    await expect(failing).rejects.toBeInstanceOf(HttpError);
    await expect(failing).rejects.toMatchObject({ status: 413, errorCode: ERROR_CODE.TOO_LARGE });
    expect(store.read()).toBe(before);
    // Just under the limit is stored.
    const name = 'y'.repeat(
      STORE_LIMITS.recordBytes - JSON.stringify({ id: 9, languageName: '' }).length,
    );
    await store.update((data) => {
      data.languages.push({ id: 9, languageName: name });
    });
    expect((await onDisk()).languages).toHaveLength(3);
  });

  it('refuses an empty or torn data file, naming it', async () => {
    await writeFile(file, '');
    await expect(Store.open(file)).rejects.toThrow(`${file}: the data file is empty`);
    await writeFile(file, '{"users": [{"username": "ann"');
    await expect(Store.open(file)).rejects.toThrow(`${file}: the data file is not valid JSON`);
  });
});

describe('what one owner can store (through HTTP)', () => {
  it(`refuses a site past ${STORE_LIMITS.journalProfilesPerProgram} for one program with a 400, writing nothing`, async () => {
    const t = await createTestApp({
      prepare: (data) => {
        const demo = data.journalProfiles[0];
        if (demo === undefined) throw new Error('the seed has no journal profile');
        data.journalProfiles = Array.from(
          { length: STORE_LIMITS.journalProfilesPerProgram },
          (_, index) => ({ ...demo, profileId: index + 1, siteUrl: `site-${index + 1}` }),
        );
        data.journalPages = [];
        data.moduleCodes = [];
        data.deployments = [];
      },
    });
    try {
      const { token } = await t.login();
      const stored = t.store.read().journalProfiles[0];
      if (stored === undefined) throw new Error('no profile');
      const { profileId: _id, creationDate: _date, ...body } = stored;
      const before = await t.dataFileBytes();
      const response = await request(t.app)
        .post(`/api${JOURNAL_PATHS.profiles}`)
        .set('Authorization', token)
        .send({ ...body, siteUrl: 'one-too-many', isPublished: 0 });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: `programId: A program can have at most ${STORE_LIMITS.journalProfilesPerProgram} sites`,
      });
      expect(await t.dataFileBytes()).toEqual(before);
    } finally {
      await t.close();
    }
  });
});

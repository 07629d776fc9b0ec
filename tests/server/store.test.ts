import {
  appendFile,
  lstat,
  mkdtemp,
  readFile,
  readdir,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ERROR_CODE, STORE_LIMITS } from '@contracts/api/constants';
import type { ImageUploadResult } from '@contracts/api/entities';
import { JOURNAL_PATHS } from '@contracts/api/journal';
import { URL_PATHS } from '@contracts/api/paths';
import { changeLine } from '../../server/db/change-log';
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
    // Its real path, as the store names it (the temp folder may be reached through a link).
    dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'portal-store-cow-')));
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

  it('lands changes made to records found with find, filter and findIndex, sharing the rest', async () => {
    const store = await Store.open(file);
    const before = store.read();
    const returned = await store.update((data) => {
      const german = data.languages.find((language) => language.id === 2);
      if (german) german.languageName = 'Deutsch';
      for (const language of data.languages.filter((candidate) => candidate.id === 1)) {
        language.languageName = 'English (UK)';
      }
      const index = data.users.findIndex((user) => user.username === 'ann');
      const ann = data.users[index];
      if (ann) data.users[index] = { ...ann, loginCount: ann.loginCount + 1 };
      // Later reads in the same mutation, callbacks included, see the changes made so far.
      const seen = data.languages.some((language) => language.languageName === 'Deutsch');
      return { german, seen };
    });
    const after = store.read();
    expect(after.languages.map((language) => language.languageName)).toEqual([
      'English (UK)',
      'Deutsch',
    ]);
    expect(after.users[0]?.loginCount).toBe(1);
    expect(after.countries).toBe(before.countries);
    expect(returned.seen).toBe(true);
    expect(returned.german).toBe(after.languages[1]);
    expect(Object.isFrozen(returned.german)).toBe(true);
    expect(await onDisk()).toEqual(after);
  });

  it('refuses a mutation that writes to a record inside a find/some callback, writing nothing', async () => {
    const store = await Store.open(file);
    const before = store.read();
    const bytes = await readFile(file);
    await expect(
      store.update((data) => {
        data.countries.push({ id: 2, value: 'Austria' });
        data.languages.some((language) => {
          // The callback gets the frozen stored record, not a draft (see Mutation).
          language.languageName = 'changed';
          return false;
        });
      }),
    ).rejects.toThrow(TypeError);
    expect(store.read()).toBe(before);
    expect(await readFile(file)).toEqual(bytes);
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

  it('refuses a record that an update makes too large, in a list or outside one, with a 413', async () => {
    const store = await Store.open(file);
    await store.update((data) => {
      data.meta.tokenSecret = 'kept';
    });
    const before = store.read();
    const fileBefore = await readFile(file, 'utf8');
    const huge = 'x'.repeat(STORE_LIMITS.recordBytes);
    const grown = store.update((data) => {
      const first = data.languages[0];
      if (first) first.languageName = huge;
    });
    await expect(grown).rejects.toMatchObject({ status: 413, errorCode: ERROR_CODE.TOO_LARGE });
    const meta = store.update((data) => {
      data.meta.tokenSecret = huge;
    });
    await expect(meta).rejects.toMatchObject({ status: 413, errorCode: ERROR_CODE.TOO_LARGE });
    expect(store.read()).toBe(before);
    expect(await readFile(file, 'utf8')).toBe(fileBefore);
  });

  it('opened through a symbolic link, writes the file itself and keeps the link', async () => {
    const linked = path.join(dir, 'linked.json');
    await symlink(file, linked);
    const store = await Store.open(linked);
    expect(store.file).toBe(file);
    await store.update((data) => {
      data.languages.push({ id: 3, languageName: 'French' });
    });
    await store.close();
    expect((await lstat(linked)).isSymbolicLink()).toBe(true);
    expect((await onDisk()).languages).toContainEqual({ id: 3, languageName: 'French' });
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

describe('Store: change log of a large data file', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-store-log-'));
    file = path.join(dir, 'db.json');
    await writeFile(file, JSON.stringify(emptyData()));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Copies the files as they are now into a new folder: what a crash (kill -9) would leave. */
  async function crashCopy(): Promise<string> {
    const copy = await mkdtemp(path.join(dir, 'crash-'));
    for (const name of await readdir(dir)) {
      if (name.startsWith('db.json'))
        await writeFile(path.join(copy, name), await readFile(path.join(dir, name)));
    }
    return path.join(copy, 'db.json');
  }

  // logAboveBytes 0: every group commit of these small files is logged, as a large file's would be.
  const openLogged = () => Store.open(file, { logAboveBytes: 0 });

  async function someUpdates(store: Store): Promise<void> {
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        store.update((data) => {
          data.languages.push({ id: index + 1, languageName: `L${index}` });
        }),
      ),
    );
    await store.update((data) => {
      data.languages.splice(10, 5);
      const first = data.languages[0];
      if (first) first.languageName = 'changed';
      data.languages.reverse();
      data.meta.tokenSecret = 'kept';
    });
  }

  it('logs changes instead of rewriting the file, and a restart after a crash has every acknowledged one', async () => {
    const store = await openLogged();
    const before = await readFile(file, 'utf8');
    await someUpdates(store);
    expect(await readFile(file, 'utf8')).toBe(before); // not rewritten: logged
    expect(await readdir(dir)).toContain('db.json.log');

    const reopened = await Store.open(await crashCopy());
    expect(reopened.read()).toEqual(store.read());
    await store.close();
  });

  it('ignores a last log line cut off by a crash (never acknowledged)', async () => {
    const store = await openLogged();
    await someUpdates(store);
    const copy = await crashCopy();
    await appendFile(`${copy}.log`, '{"seq":999,"c":{"languages":{"a":[[0,');
    const reopened = await Store.open(copy);
    expect(reopened.read()).toEqual(store.read());
    await store.close();
  });

  it('opening replays the log into the file and removes it; close leaves everything in the file', async () => {
    const store = await openLogged();
    await someUpdates(store);
    const copy = await crashCopy();
    const reopened = await Store.open(copy);
    expect(await readdir(path.dirname(copy))).toEqual(['db.json']);
    const { $seq: _seq, ...onDisk } = JSON.parse(await readFile(copy, 'utf8')) as Record<
      string,
      unknown
    >;
    expect(onDisk).toEqual(reopened.read());

    await store.close();
    expect(await readdir(dir)).not.toContain('db.json.log');
    const { $seq: _closedSeq, ...closed } = JSON.parse(await readFile(file, 'utf8')) as Record<
      string,
      unknown
    >;
    expect(closed).toEqual(store.read());
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('compacts a large log into the file between writes: the file holds every change up to its $seq, and the log only later ones', async () => {
    const store = await openLogged();
    const big = 'x'.repeat(100_000);
    // Sequential, so the log passes its compaction size (1 MiB) line by line.
    for (let id = 1; id <= 12; id += 1) {
      await store.update((data) => {
        data.languages.push({ id, languageName: big });
      });
    }
    await store.flush();
    const { $seq: seq, ...onDisk } = JSON.parse(await readFile(file, 'utf8')) as Record<
      string,
      unknown
    >;
    // The file holds every change up to its $seq (one language each); later ones are logged.
    const ids = (onDisk.languages as { id: number }[]).map((language) => language.id);
    expect(ids).toEqual(Array.from({ length: Number(seq) }, (_, index) => index + 1));
    expect(seq).toBeGreaterThanOrEqual(10);
    const logged = (await readFile(`${file}.log`, 'utf8')).split('\n').filter(Boolean);
    expect(logged.map((line) => (JSON.parse(line) as { seq: number }).seq)).toEqual(
      Array.from({ length: 12 - Number(seq) }, (_, index) => Number(seq) + index + 1),
    );
    const reopened = await Store.open(await crashCopy());
    expect(reopened.read().languages.map((language) => language.id)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    await store.close();
  });

  it('skips logged changes the file already holds, and refuses a log with a change missing', async () => {
    const base = emptyData();
    const one = { ...base, languages: [{ id: 1, languageName: 'one' }] };
    const two = { ...one, languages: [...one.languages, { id: 2, languageName: 'two' }] };
    const three = { ...two, languages: [{ id: 3, languageName: 'three' }, ...two.languages] };
    // A crash after a compaction wrote the file as of change 2, before it removed the log.
    await writeFile(file, JSON.stringify({ $seq: 2, ...two }));
    await writeFile(
      `${file}.log`,
      changeLine(1, base, one) + changeLine(2, one, two) + changeLine(3, two, three),
    );
    expect((await Store.open(file)).read()).toEqual(three);

    await writeFile(file, JSON.stringify({ $seq: 1, ...one }));
    await writeFile(`${file}.log`, changeLine(3, two, three));
    await expect(Store.open(file)).rejects.toThrow(`${file}.log: change 2 is missing (found 3)`);
  });
});

/**
 * The server's own storage failing while it writes an upload (a full disk, a folder it may not
 * write) is never answered as the sender's fault: 507 for no room, 500 otherwise, the error JSON
 * saying nothing was kept, the cause logged, and no partial file left. The file system's failure
 * is injected into node:fs/promises (as root a folder's mode does not stop a write); where the
 * tests do not run as root, a folder made read-only is the real thing.
 */
import { chmod, readdir } from 'node:fs/promises';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import type { Express } from 'express';
import pino from 'pino';
import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import type { EmbeddedList } from '@contracts/api/entities';
import { IMPORT_FILE_FIELD, IMPORT_PATHS, type UploadAnswer } from '@contracts/api/imports';
import { URL_PATHS } from '@contracts/api/paths';
import { SCHEME_PATHS, type UploadedFile } from '@contracts/api/schemes';
import { createApp } from '../../../server/app';
import { PNG_BYTES } from '../support/fixtures';
import {
  createSchemeTestApp,
  expectError,
  TEST_SCHEMES,
  type SchemeTestApp,
} from '../schemes/core-test-app';

const GIFT = TEST_SCHEMES.gift.programId;
const STORE_HEADER = 'storeCode|storeName|address|city|postcode|countryCode';
const DEVICE_HEADER = 'deviceId|storeCode|deviceType|serialNumber|password';
/** About 200 KB: more than the 64 KB checked before the write, so the write comes in parts. */
const STORES = Buffer.from(
  `${STORE_HEADER}\n${Array.from(
    { length: 4000 },
    (_, n) => `S${n}|Store number ${n}|${n} Test Street|Sydney|2000|AU`,
  ).join('\n')}\n`,
);
const DEVICES = Buffer.from(`${DEVICE_HEADER}\nD-1|S1|POS|SN-1|secret123\n`);

/** A Node system error as the file system gives it. */
function systemError(code: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected, ${syscall}`), { code, syscall, errno: -1 });
}

const storageFull = { errorCode: ERROR_CODE.INTERNAL, errorMessage: ERROR_MESSAGE.storageFull };
const storageFailed = { errorCode: ERROR_CODE.INTERNAL, errorMessage: ERROR_MESSAGE.storageFailed };

describe('a storage failure while an upload is written', () => {
  let t: SchemeTestApp;
  let app: Express;
  let token: string;
  let logged: { level: number; msg?: string; err?: { message?: string } }[];

  beforeEach(async () => {
    t = await createSchemeTestApp();
    token = (await t.login()).token;
    logged = [];
    // The real app over the same store, with its log lines kept.
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => logged.push(JSON.parse(line) as (typeof logged)[number]) },
    );
    app = createApp({ db: t.store, config: t.config, logger });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const uploadsDir = () => path.join(t.config.importsDir, 'uploads');
  const inside = (dir: string, file: unknown) =>
    typeof file === 'string' && path.dirname(file) === dir;
  const uploads = () => readdir(uploadsDir()).catch(() => [] as string[]);
  const upload = (bytes: Buffer, route = IMPORT_PATHS.upload(GIFT)) =>
    request(app)
      .post(`/api${route}`)
      .set(AUTH_HEADER, token)
      .attach(IMPORT_FILE_FIELD, bytes, 'upload.txt');
  const importedFiles = async () =>
    (
      (
        await request(app)
          .get(`/api${SCHEME_PATHS.uploadedFiles(GIFT)}`)
          .set(AUTH_HEADER, token)
      ).body as EmbeddedList<'files', UploadedFile>
    )._embedded.files;
  /** The causes logged with the failed requests. */
  const loggedCauses = () =>
    logged.filter((entry) => entry.msg === 'request failed').map((entry) => entry.err?.message);

  /**
   * Uploads written into the uploads folder get `failure` after their first `writes` writes:
   * opened for real, so the bytes up to there are on the disk.
   */
  function failUploadWrites(failure: NodeJS.ErrnoException, writes: number): void {
    const realOpen = fsPromises.open;
    jest.spyOn(fsPromises, 'open').mockImplementation(async (file, flags, mode) => {
      const handle = await realOpen(file, flags, mode);
      if (!inside(uploadsDir(), file)) return handle;
      const createWriteStream = handle.createWriteStream.bind(handle);
      handle.createWriteStream = (options) => {
        const stream = createWriteStream(options);
        const write = stream._write.bind(stream);
        let done = 0;
        stream._write = (chunk, encoding, callback) => {
          if (done >= writes) {
            callback(failure);
            return;
          }
          done += 1;
          write(chunk, encoding, callback);
        };
        // One write at a time, each through the one above.
        Object.assign(stream, { _writev: undefined });
        return stream;
      };
      return handle;
    });
  }

  it('answers 507 for a full disk midway, leaving no partial file and nothing registered', async () => {
    failUploadWrites(systemError('ENOSPC', 'write'), 1);
    expectError(await upload(STORES), 507, storageFull);
    expect(await uploads()).toEqual([]);
    // A sealed device upload alike.
    expectError(await upload(DEVICES, IMPORT_PATHS.uploadDevice(GIFT)), 507, storageFull);
    expect(await uploads()).toEqual([]);
    expect(loggedCauses()).toEqual([
      expect.stringContaining('ENOSPC') as unknown,
      expect.stringContaining('ENOSPC') as unknown,
    ]);

    // Room again: the same upload is taken.
    jest.restoreAllMocks();
    const taken = (await upload(STORES).expect(200)).body as UploadAnswer;
    expect(await uploads()).toEqual([taken.fileName]);
    expect(await importedFiles()).toEqual([]);
  });

  it.each([
    ['EACCES', 'open'],
    ['EROFS', 'open'],
    ['EIO', 'write'],
  ])('answers 500 saying nothing was kept for %s (%s), leaving no file', async (code, syscall) => {
    if (syscall === 'open') {
      const realOpen = fsPromises.open;
      jest.spyOn(fsPromises, 'open').mockImplementation(async (file, flags, mode) => {
        if (inside(uploadsDir(), file)) throw systemError(code, syscall);
        return realOpen(file, flags, mode);
      });
    } else {
      failUploadWrites(systemError(code, syscall), 0);
    }
    expectError(await upload(STORES), 500, storageFailed);
    expect(await uploads()).toEqual([]);
    expect(loggedCauses()).toEqual([expect.stringContaining(code) as unknown]);
  });

  it('still answers an upload the client cut off with 400, the sender’s side', async () => {
    failUploadWrites(systemError('ENOSPC', 'write'), 1);
    const boundary = 'cut-off-boundary';
    const response = await request(app)
      .post(`/api${IMPORT_PATHS.upload(GIFT)}`)
      .set(AUTH_HEADER, token)
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.txt"\r\n\r\n${STORE_HEADER}\n`,
      );
    expectError(response, 400, {
      errorCode: ERROR_CODE.VALIDATION,
      errorMessage: ERROR_MESSAGE.unreadableUpload,
    });
    expect(await uploads()).toEqual([]);
  });

  it('answers 507 for an image on a full disk: no partial file, no record', async () => {
    const realWriteFile = fsPromises.writeFile;
    jest.spyOn(fsPromises, 'writeFile').mockImplementation(async (file, data, options) => {
      if (!inside(t.config.filesDir, file)) return realWriteFile(file, data, options);
      // Part of the bytes reach the disk, then it is full.
      await realWriteFile(file, PNG_BYTES.subarray(0, 8), options);
      throw systemError('ENOSPC', 'write');
    });
    const before = (await t.dataFile()).images.length;
    const response = await request(app)
      .post(URL_PATHS.images)
      .set(AUTH_HEADER, token)
      .attach('file', PNG_BYTES, { filename: 'logo.png', contentType: 'image/png' });
    expectError(response, 507, storageFull);
    expect(await t.storedFiles()).toEqual([]);
    expect((await t.dataFile()).images).toHaveLength(before);
  });

  it('answers 500 for an upload the system refuses to create (EACCES), whatever the user', async () => {
    const realOpen = fsPromises.open;
    jest.spyOn(fsPromises, 'open').mockImplementation(async (file, flags, mode) => {
      if (inside(uploadsDir(), file)) throw systemError('EACCES', 'open');
      return realOpen(file, flags, mode);
    });
    expectError(await upload(STORES), 500, storageFailed);
    expect(await uploads()).toEqual([]);
  });

  // A read-only folder stops a write only for a user other than root.
  const asRoot = process.getuid?.() === 0;
  (asRoot ? it.skip : it)(
    'answers 500 for an uploads folder the server may not write',
    async () => {
      const dir = uploadsDir();
      await fsPromises.mkdir(dir, { recursive: true });
      await chmod(dir, 0o500);
      try {
        expectError(await upload(STORES), 500, storageFailed);
        expect(await uploads()).toEqual([]);
      } finally {
        await chmod(dir, 0o700);
      }
    },
  );
});

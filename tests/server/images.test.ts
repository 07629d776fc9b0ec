import { readFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { ERROR_CODE, IMAGE_LIMITS } from '@contracts/api/constants';
import type { ImageUploadResult } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { URL_PATHS } from '@contracts/api/paths';
import { GIF_BYTES, JPEG_BYTES, PNG_BYTES, SVG_BYTES } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

describe('images', () => {
  let t: TestApp;
  let auth: string;
  beforeEach(async () => {
    t = await createTestApp();
    auth = (await t.login()).token;
  });
  afterEach(async () => {
    await t.close();
  });

  const upload = (bytes: Buffer, filename: string, contentType: string) =>
    request(t.app)
      .post(URL_PATHS.images)
      .set('Authorization', auth)
      .attach('file', bytes, { filename, contentType });

  /** Runs `send` and checks the data file and the files folder are untouched. */
  async function expectNothingWritten(send: () => Promise<unknown>): Promise<void> {
    const bytes = await t.dataFileBytes();
    const files = await t.storedFiles();
    await send();
    expect(await t.dataFileBytes()).toEqual(bytes);
    expect(await t.storedFiles()).toEqual(files);
  }

  it('stores an uploaded PNG and serves the same bytes as image/png', async () => {
    const response = await upload(PNG_BYTES, 'logo.png', 'image/png');
    expect(response.status).toBe(200);
    const { id } = response.body as ImageUploadResult;
    expect(id).toMatch(/^[0-9a-f]{32}$/);

    const served = await request(t.app)
      .get(URL_PATHS.image(id))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.body as Buffer, PNG_BYTES)).toBe(0);

    expect(await t.storedFiles()).toEqual([id]);
    expect(await readFile(path.join(t.config.filesDir, id))).toEqual(PNG_BYTES);
    const data = await t.dataFile();
    expect(data.images).toEqual([
      {
        id,
        contentType: 'image/png',
        size: PNG_BYTES.length,
        createdAt: expect.any(String),
        userName: 'admin',
      },
    ]);
  });

  it('serves the real stored type, whatever the name said', async () => {
    const jpeg = await upload(JPEG_BYTES, 'photo.png', 'image/png').expect(200);
    const gif = await upload(GIF_BYTES, 'anim.bin', 'application/octet-stream').expect(200);
    const jpegServed = await request(t.app).get(URL_PATHS.image(jpeg.body.id)).expect(200);
    expect(jpegServed.headers['content-type']).toBe('image/jpeg');
    const gifServed = await request(t.app).get(URL_PATHS.image(gif.body.id)).expect(200);
    expect(gifServed.headers['content-type']).toBe('image/gif');
  });

  it.each([
    ['a text file named x.png', Buffer.from('hello, not an image'), 'x.png', 'image/png'],
    ['an SVG', SVG_BYTES, 'x.svg', 'image/svg+xml'],
    ['an empty file', Buffer.alloc(0), 'x.png', 'image/png'],
  ])('refuses %s with 415 and writes nothing', async (_name, bytes, filename, type) => {
    await expectNothingWritten(async () => {
      const response = await upload(bytes, filename, type);
      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
        errorMessage: ERROR_MESSAGE.unsupportedMedia,
      });
    });
  });

  it('refuses an upload over the large image limit with 413 and writes nothing', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_LIMITS.large - PNG_BYTES.length + 1)]);
    await expectNothingWritten(async () => {
      const response = await upload(big, 'big.png', 'image/png');
      expect(response.status).toBe(413);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.TOO_LARGE,
        errorMessage: DIALOG_TEXT.fileTooLarge,
      });
    });
  });

  it('accepts an image exactly at the limit', async () => {
    const exact = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_LIMITS.large - PNG_BYTES.length)]);
    await upload(exact, 'exact.png', 'image/png').expect(200);
  });

  it('needs the file field', async () => {
    await expectNothingWritten(async () => {
      const response = await request(t.app)
        .post(URL_PATHS.images)
        .set('Authorization', auth)
        .field('other', 'x');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: 'file: This field is required',
      });
    });
  });

  it('refuses a file under another field name', async () => {
    await expectNothingWritten(async () => {
      const response = await request(t.app)
        .post(URL_PATHS.images)
        .set('Authorization', auth)
        .attach('image', PNG_BYTES, { filename: 'x.png', contentType: 'image/png' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errorCode: ERROR_CODE.VALIDATION });
      expect(response.body.errorMessage).toMatch(/^image: /);
    });
  });

  it('needs a token to upload', async () => {
    await expectNothingWritten(async () => {
      const response = await request(t.app)
        .post(URL_PATHS.images)
        .attach('file', PNG_BYTES, { filename: 'x.png', contentType: 'image/png' });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });
    });
  });

  it('serves images without a token (they are used in <img> tags)', async () => {
    const { body } = await upload(PNG_BYTES, 'x.png', 'image/png').expect(200);
    await request(t.app).get(URL_PATHS.image(body.id)).expect(200);
  });

  it('answers 404 JSON for an unknown id', async () => {
    const response = await request(t.app).get(URL_PATHS.image('0'.repeat(32)));
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ errorCode: ERROR_CODE.NOT_FOUND });
  });

  it.each([
    '/images/..%2F..%2Fdb.png',
    '/images/..%2Fdb.json.png',
    '/images/%2e%2e%2f%2e%2e%2fdb.png',
    '/images/..%5C..%5Cdb.png',
    '/images/../db.json',
    '/images/ABCDEF.png',
    `/images/${'a'.repeat(32)}%00.png`,
  ])('does not escape the files folder for %s', async (url) => {
    const response = await request(t.app).get(url);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ errorCode: ERROR_CODE.NOT_FOUND });
  });

  it('answers 404 when the file is gone although the record remains', async () => {
    const { body } = await upload(PNG_BYTES, 'x.png', 'image/png').expect(200);
    const { rm } = await import('node:fs/promises');
    await rm(path.join(t.config.filesDir, body.id));
    await request(t.app).get(URL_PATHS.image(body.id)).expect(404);
  });
});

import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import {
  MERCHANT_LIMITS,
  MERCHANT_MEDIA_FIELD,
  MERCHANT_MEDIA_SLOTS,
  MERCHANT_PATHS,
  MERCHANT_TEXT,
  type MerchantMediaAnswer,
  type MerchantMediaSlot,
} from '@contracts/api/merchant';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { GIF_BYTES, PNG_BYTES, SVG_BYTES } from '../support/fixtures';
import { createMerchantTestApp, expectError, type MerchantTestApp } from './merchant-test-app';

/** A PNG padded to `size` bytes: still a PNG by its first bytes. */
const pngOfSize = (size: number) =>
  Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length)]);

const tooLarge = { errorCode: ERROR_CODE.TOO_LARGE, errorMessage: MERCHANT_TEXT.fileTooLarge };

describe('merchant media upload', () => {
  let t: MerchantTestApp;
  beforeEach(async () => {
    t = await createMerchantTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it.each(MERCHANT_MEDIA_SLOTS)(
    'keeps a %s image, sets its path on the profile, and serves its bytes',
    async (slot) => {
      const response = await t.upload(t.uploadPath(2, slot), PNG_BYTES).expect(200);
      const answer = response.body as MerchantMediaAnswer;
      expect(answer).toEqual({
        id: 2,
        filename: slot,
        path: expect.stringMatching(/^\/images\/[0-9a-f]{32}\.png$/) as unknown,
      });
      expect((await t.profile(2))[MERCHANT_MEDIA_FIELD[slot]]).toBe(answer.path);
      const image = await request(t.app).get(answer.path).expect(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(Buffer.from(image.body as Buffer)).toEqual(PNG_BYTES);
    },
  );

  it('answers on the alternative path too', async () => {
    const response = await t
      .upload(MERCHANT_PATHS.imagesMediaUpload(1, 'favicon'), GIF_BYTES, 'icon.gif')
      .expect(200);
    expect((await t.profile(1)).faviconPath).toBe((response.body as MerchantMediaAnswer).path);
  });

  const limits: [MerchantMediaSlot, number][] = MERCHANT_MEDIA_SLOTS.map((slot) => [
    slot,
    MERCHANT_LIMITS.image[slot],
  ]);

  it.each(limits)('takes a %s of exactly its limit (%i bytes)', async (slot, limit) => {
    await t.upload(t.uploadPath(1, slot), pngOfSize(limit)).expect(200);
  });

  it.each(limits)(
    "refuses a %s one byte over its limit (%i) with 'File size is too large', writing nothing",
    async (slot, limit) => {
      await t.expectNothingWritten(async () => {
        expectError(await t.upload(t.uploadPath(1, slot), pngOfSize(limit + 1)), 413, tooLarge);
      });
    },
  );

  it('refuses a logo of a background’s size', async () => {
    await t.expectNothingWritten(async () => {
      expectError(
        await t.upload(t.uploadPath(1, 'logo'), pngOfSize(MERCHANT_LIMITS.image.background)),
        413,
        tooLarge,
      );
    });
  });

  it('refuses what is not an image by its bytes, whatever its name says', async () => {
    await t.expectNothingWritten(async () => {
      for (const bytes of [SVG_BYTES, Buffer.from('not an image at all')]) {
        expectError(await t.upload(t.uploadPath(1, 'logo'), bytes, 'logo.png'), 415, {
          errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
          errorMessage: ERROR_MESSAGE.unsupportedMedia,
        });
      }
    });
  });

  it('refuses an unknown slot, a missing file and an unknown profile, writing nothing', async () => {
    await t.expectNothingWritten(async () => {
      expectError(
        await t.upload(`${MERCHANT_PATHS.mediaUpload(1)}?filename=banner`, PNG_BYTES),
        400,
        {
          errorCode: ERROR_CODE.VALIDATION,
          errorMessage: 'filename: Must be one of headerLogo, logo, favicon, background',
        },
      );
      expectError(await t.upload(MERCHANT_PATHS.mediaUpload(1), PNG_BYTES), 400, {
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: 'filename: Must be one of headerLogo, logo, favicon, background',
      });
      expectError(
        await request(t.app)
          .post(`/api${t.uploadPath(1, 'logo')}`)
          .set(AUTH_HEADER, t.token)
          .field('other', 'x'),
        400,
        {
          errorCode: ERROR_CODE.VALIDATION,
          errorMessage: `image: ${FIELD_MESSAGES.required}`,
        },
      );
      expectError(await t.upload(t.uploadPath(99, 'logo'), PNG_BYTES), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: 'Profile 99 not found',
      });
    });
  });
});

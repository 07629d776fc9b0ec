/**
 * Media files of a merchant site (02 §2 step 4, §5, §7, §9) on the merchant base:
 *   POST /mymerchant/mediaUpload/{profileId}?filename=<slot>         multipart field `image`
 *   POST /mymerchant/images/mediaUpload/{profileId}?filename=<slot>  the same (spec README)
 * The slot is headerLogo, logo, favicon or background; its limit is 307200 bytes (1572864 for
 * the background), 413 'File size is too large' above it. Only images, known by their bytes
 * (415 otherwise). The bytes are kept as the shared image endpoint keeps them, and the
 * profile's path field of the slot gets their link (`/images/{id}.png` on the URL base). The
 * image the slot held before is deleted once no record names it (images/unused-images.ts).
 */
import { type Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import {
  MERCHANT_LIMITS,
  MERCHANT_MEDIA_FIELD,
  MERCHANT_MEDIA_FIELD_NAME,
  MERCHANT_PATHS,
  MERCHANT_TEXT,
  type MerchantMediaAnswer,
  type MerchantProfile,
} from '@contracts/api/merchant';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { URL_PATHS } from '@contracts/api/paths';
import { authOf } from '../auth/require-auth';
import type { Store } from '../db/store';
import { HttpError, validationError } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { declareInput } from '../http/route-docs';
import { idParams, parseInput, positiveInt } from '../http/validate';
import { ImageFiles, newImageId } from '../images/image-files';
import { sniffImageType } from '../images/image-types';
import { droppedImageIds } from '../images/image-references';
import type { UnusedImages } from '../images/unused-images';
import { findMerchantProfile, merchantProfileIndex } from './merchant-rules';
import { mediaQuery } from './merchant-schemas';
import { recordedRouter } from '../http/route-table';

const LARGEST = Math.max(...Object.values(MERCHANT_LIMITS.image));

export interface MerchantMediaRouterOptions {
  store: Store;
  filesDir: string;
  images: UnusedImages;
}

export function createMerchantMediaRouter({
  store,
  filesDir,
  images,
}: MerchantMediaRouterOptions): Router {
  const router = recordedRouter();
  const files = new ImageFiles(filesDir);
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: LARGEST, files: 1, fields: 10, parts: 12 },
  });

  // Read by the handler after the upload (parseInput); declared for the OpenAPI document.
  const declared = { params: z.object({ profileId: positiveInt }), query: mediaQuery };
  const paths = [
    MERCHANT_PATHS.mediaUpload(':profileId'),
    MERCHANT_PATHS.imagesMediaUpload(':profileId'),
  ];
  for (const routePath of paths) {
    router.post(
      routePath,
      // The upload is read first, so a refusal never leaves a client still sending.
      readMultipart(upload.single(MERCHANT_MEDIA_FIELD_NAME), {
        field: MERCHANT_MEDIA_FIELD_NAME,
        maxBytes: LARGEST,
      }),
      declareInput(declared, async (req, res) => {
        const { id: profileId } = parseInput(idParams, { id: req.params.profileId }, 'params');
        const { filename } = parseInput(mediaQuery, req.query, 'query');
        const file = req.file;
        if (file === undefined) {
          throw validationError(MERCHANT_MEDIA_FIELD_NAME, FIELD_MESSAGES.required);
        }
        if (file.size > MERCHANT_LIMITS.image[filename]) {
          throw new HttpError(413, ERROR_CODE.TOO_LARGE, MERCHANT_TEXT.fileTooLarge);
        }
        const contentType = sniffImageType(file.buffer);
        if (contentType === undefined) {
          throw new HttpError(415, ERROR_CODE.UNSUPPORTED_MEDIA, ERROR_MESSAGE.unsupportedMedia);
        }
        // Unknown profile: 404 before anything is kept.
        findMerchantProfile(store.read(), profileId);
        const imageId = newImageId();
        const link = URL_PATHS.image(imageId);
        const field = MERCHANT_MEDIA_FIELD[filename];
        await files.write(imageId, file.buffer);
        let dropped: string[];
        try {
          dropped = await store.update((data) => {
            const index = merchantProfileIndex(data, profileId);
            data.images.push({
              id: imageId,
              contentType,
              size: file.size,
              createdAt: new Date().toISOString(),
              userName: authOf(req).userName,
            });
            const stored = data.merchantProfiles[index] as MerchantProfile;
            const updated: MerchantProfile = { ...stored, [field]: link };
            data.merchantProfiles[index] = updated;
            return droppedImageIds(stored, updated);
          });
        } catch (error) {
          await files.remove(imageId);
          throw error;
        }
        await images.release(dropped);
        const answer: MerchantMediaAnswer = { id: profileId, filename, path: link };
        res.json(answer);
      }),
    );
  }

  return router;
}

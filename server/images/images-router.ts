/**
 * The shared image endpoint on the URL base (01 §7.3, 03 §7):
 *   POST /images           multipart field `file` (needs a token) → { id }
 *   GET  /images/{id}.png  the bytes with their real type (public: used in <img> tags)
 */
import { type RequestHandler, type Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { ERROR_CODE, IMAGE_LIMITS } from '@contracts/api/constants';
import type { ImageUploadResult } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { URL_PATHS } from '@contracts/api/paths';
import type { Store } from '../db/store';
import { authOf } from '../auth/require-auth';
import { HttpError, notFound, validationError } from '../http/errors';
import { URL_MOUNT } from '../http/mounts';
import { readMultipart } from '../http/multipart';
import { declareInput } from '../http/route-docs';
import { IMAGE_ID, ImageFiles, newImageId } from './image-files';
import { sniffImageType } from './image-types';
import { recordedRouter } from '../http/route-table';

export const IMAGE_FIELD = 'file';

export interface ImagesRouterOptions {
  store: Store;
  filesDir: string;
  requireAuth: RequestHandler;
}

export function createImagesRouter({ store, filesDir, requireAuth }: ImagesRouterOptions): Router {
  const router = recordedRouter();
  const files = new ImageFiles(filesDir);
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_LIMITS.large, files: 1, fields: 10, parts: 12 },
  });

  router.post(
    `${URL_MOUNT}${URL_PATHS.images}`,
    requireAuth,
    readMultipart(upload.single(IMAGE_FIELD), {
      field: IMAGE_FIELD,
      maxBytes: IMAGE_LIMITS.large,
    }),
    async (req, res) => {
      const file = req.file;
      if (file === undefined) throw validationError(IMAGE_FIELD, FIELD_MESSAGES.required);
      const contentType = sniffImageType(file.buffer);
      if (contentType === undefined) {
        throw new HttpError(415, ERROR_CODE.UNSUPPORTED_MEDIA, ERROR_MESSAGE.unsupportedMedia);
      }
      const id = newImageId();
      await files.write(id, file.buffer);
      try {
        await store.update((data) => {
          data.images.push({
            id,
            contentType,
            size: file.size,
            createdAt: new Date().toISOString(),
            userName: authOf(req).userName,
          });
        });
      } catch (error) {
        await files.remove(id);
        throw error;
      }
      const answer: ImageUploadResult = { id };
      res.json(answer);
    },
  );

  // The id is checked by hand (a malformed one is a 404, like an unknown one); declared here.
  const imageParams = z.object({ id: z.string().regex(IMAGE_ID) });
  router.get(
    `${URL_MOUNT}${URL_PATHS.image(':id')}`,
    declareInput({ params: imageParams }, async (req, res) => {
      const { id } = req.params;
      // Checked before anything else: only a well-formed id reaches the store or the disk.
      if (typeof id !== 'string' || !IMAGE_ID.test(id)) throw notFound(`Image not found`);
      const image = store.read().images.find((candidate) => candidate.id === id);
      const bytes = image === undefined ? undefined : await files.read(id);
      if (image === undefined || bytes === undefined) throw notFound(`Image not found`);
      res
        .status(200)
        .type(image.contentType)
        .set({
          'Cache-Control': 'public, max-age=31536000, immutable',
          // Public by design (image links go into <img> tags, also on published sites).
          'Cross-Origin-Resource-Policy': 'cross-origin',
          'X-Content-Type-Options': 'nosniff',
        })
        .send(bytes);
    }),
  );

  return router;
}

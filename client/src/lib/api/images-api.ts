import type { ImageUploadResult } from '@contracts/api/entities';
import { URL_PATHS } from '@contracts/api/paths';
import { urlApi } from './api-slices';
import { multipartFile } from './upload-request';

/**
 * The shared image endpoint on the URL base (01 §7.3): POST /images with a multipart `file`,
 * answering `{ id }`; the image's link is `/images/{id}.png`. Shared code: the journal, the
 * merchant builder and the scheme wizard all upload through it.
 */
export const IMAGE_UPLOAD_FIELD = 'file';

export const imagesApi = urlApi.injectEndpoints({
  endpoints: (build) => ({
    uploadImage: build.mutation<ImageUploadResult, File>({
      query: (file) => ({
        url: URL_PATHS.images,
        method: 'POST',
        body: multipartFile(IMAGE_UPLOAD_FIELD, file, file.name),
      }),
    }),
  }),
});

export const { useUploadImageMutation } = imagesApi;

/** The browser address of a stored image id, on the configured URL base. */
export function imageLink(urlBase: string, id: string): string {
  return `${urlBase.replace(/\/+$/, '')}${URL_PATHS.image(id)}`;
}

import { useCallback } from 'react';
import type { ImageUploadResult } from '@contracts/api/entities';
import { URL_PATHS } from '@contracts/api/paths';
import { useAppDispatch } from '@/lib/store/hooks';
import { urlApi } from './api-slices';
import { multipartFile } from './upload-request';

/**
 * The shared image endpoint on the URL base (01 §7.3): POST /images with a multipart `file`,
 * answering `{ id }`; the image's link is `/images/{id}.png`. Shared code: the journal, the
 * merchant builder and the scheme wizard all upload through it, and the builders' imports ask
 * whether an image a file names is still stored (a HEAD of its link).
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
    /**
     * Whether the server holds the image: a HEAD of its link answers 200 for a stored image and
     * 404 for one it does not have (deleted once unused, api.md#uploads). Anything else fails.
     * `no-store`: the browser's copy of an image shown earlier must not answer for the server.
     */
    imageStored: build.query<boolean, string>({
      query: (id) => ({
        url: URL_PATHS.image(encodeURIComponent(id)),
        method: 'HEAD',
        cache: 'no-store',
        validateStatus: (response) => response.ok || response.status === 404,
      }),
      transformResponse: (_body, meta) => meta?.response?.ok === true,
    }),
  }),
});

export const { useUploadImageMutation } = imagesApi;

/** Asks the server whether it holds an image (imageStored), each time anew. */
export function useIsImageStored(): (id: string) => Promise<boolean> {
  const dispatch = useAppDispatch();
  return useCallback(
    (id: string) =>
      dispatch(
        imagesApi.endpoints.imageStored.initiate(id, { subscribe: false, forceRefetch: true }),
      ).unwrap(),
    [dispatch],
  );
}

/** The browser address of a stored image id, on the configured URL base. */
export function imageLink(urlBase: string, id: string): string {
  return `${urlBase.replace(/\/+$/, '')}${URL_PATHS.image(id)}`;
}

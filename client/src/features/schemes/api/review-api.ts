import type { ImageUploadResult } from '@contracts/api/entities';
import {
  REVIEW_IMAGE_FIELD,
  type ReviewMailRequest,
  type ReviewMailResult,
} from '@contracts/api/mail';
import { URL_PATHS } from '@contracts/api/paths';
import { urlApi } from '@/lib/api/api-slices';
import { schemesApi } from './schemes-api';

/** File name the review screenshot is sent under (the server tells the type by the bytes). */
const REVIEW_FILE_NAME = 'scheme-summary.png';

/**
 * The summary's Send to Review calls on the URL base (03 §7 "Summary and activation"), injected
 * into the URL-base slice as the shared image upload is (lib/api/images-api.ts):
 * `POST /images/review` with the screenshot as the multipart field `file`, answering `{ id }`,
 * then `POST /mail` with `{ email, schemeName, image, programId }`.
 */
export const reviewApi = urlApi.injectEndpoints({
  endpoints: (build) => ({
    uploadReviewImage: build.mutation<ImageUploadResult, Blob>({
      query: (png) => {
        const body = new FormData();
        body.append(REVIEW_IMAGE_FIELD, png, REVIEW_FILE_NAME);
        return { url: URL_PATHS.imagesReview, method: 'POST', body };
      },
    }),
    sendReviewMail: build.mutation<ReviewMailResult, ReviewMailRequest>({
      query: (body) => ({ url: URL_PATHS.mail, method: 'POST', body }),
      // The scheme's reads (another API slice) now say "Sent for review".
      async onQueryStarted({ programId }, { dispatch, queryFulfilled }) {
        if (programId === undefined) return;
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          schemesApi.util.invalidateTags([
            { type: 'Scheme', id: programId },
            { type: 'Scheme', id: 'LIST' },
          ]),
        );
      },
    }),
  }),
});

export const { useUploadReviewImageMutation, useSendReviewMailMutation } = reviewApi;

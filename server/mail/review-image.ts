/**
 * The review screenshot of `POST /images/review` (03 §7: "multipart, base64 page screenshot").
 * The multipart field `file` holds either the image's bytes (a file part) or, as a text field,
 * the base64 data URL a canvas gives (`data:image/png;base64,...`). Either way only the bytes
 * decide the type: PNG or JPEG, checked by the same sniffer as every upload.
 */
import { ERROR_CODE } from '@contracts/api/constants';
import { DIALOG_TEXT } from '@contracts/api/messages';
import {
  MAIL_ERROR_MESSAGE,
  REVIEW_IMAGE_FIELD,
  REVIEW_IMAGE_MAX_BYTES,
  REVIEW_IMAGE_TYPES,
  type ReviewImageType,
} from '@contracts/api/mail';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { HttpError, validationError } from '../http/errors';
import { sniffImageType } from '../images/image-types';

/** Longest data URL text field: the base64 of the largest image plus room for its prefix. */
export const REVIEW_DATA_URL_MAX_CHARS = Math.ceil(REVIEW_IMAGE_MAX_BYTES / 3) * 4 + 64;

/** A data URL of an image, base64 without line breaks (what `canvas.toDataURL` gives). */
const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/]*={0,2})$/i;

export interface ReviewImage {
  bytes: Buffer;
  contentType: ReviewImageType;
}

export const tooLarge = (): HttpError =>
  new HttpError(413, ERROR_CODE.TOO_LARGE, DIALOG_TEXT.fileTooLarge);

function decodeDataUrl(text: string): Buffer {
  const base64 = DATA_URL.exec(text.trim())?.[1];
  if (base64 === undefined || base64.length % 4 !== 0) {
    throw validationError(REVIEW_IMAGE_FIELD, MAIL_ERROR_MESSAGE.reviewImageDataUrl);
  }
  return Buffer.from(base64, 'base64');
}

const isReviewImageType = (type: string | undefined): type is ReviewImageType =>
  REVIEW_IMAGE_TYPES.some((accepted) => accepted === type);

/**
 * The screenshot from a parsed multipart request: `file` is multer's file part, `field` the
 * text field of the same name. Throws 400 (missing, both, not a data URL), 413 (too large),
 * 415 (not a PNG or JPEG).
 */
export function reviewImageOf(file: Buffer | undefined, field: unknown): ReviewImage {
  if (file !== undefined && field !== undefined) {
    throw validationError(REVIEW_IMAGE_FIELD, MAIL_ERROR_MESSAGE.reviewImageTwice);
  }
  let bytes: Buffer;
  if (file !== undefined) bytes = file;
  else if (typeof field === 'string' && field !== '') bytes = decodeDataUrl(field);
  else if (field === undefined || field === '') {
    throw validationError(REVIEW_IMAGE_FIELD, FIELD_MESSAGES.required);
  } else throw validationError(REVIEW_IMAGE_FIELD, MAIL_ERROR_MESSAGE.reviewImageDataUrl);

  if (bytes.length > REVIEW_IMAGE_MAX_BYTES) throw tooLarge();
  const contentType = sniffImageType(bytes);
  if (!isReviewImageType(contentType)) {
    throw new HttpError(415, ERROR_CODE.UNSUPPORTED_MEDIA, MAIL_ERROR_MESSAGE.reviewImageType);
  }
  return { bytes, contentType };
}

/** The type of stored review bytes (checked on upload; read again rather than kept in a record). */
export function storedReviewImage(bytes: Buffer): ReviewImage | undefined {
  const contentType = sniffImageType(bytes);
  return isReviewImageType(contentType) ? { bytes, contentType } : undefined;
}

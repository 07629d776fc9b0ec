/**
 * Multipart uploads (multer over busboy). busboy reports a form it cannot read (no boundary,
 * cut off, garbage, an oversized or broken part header, a client that went away mid-upload)
 * as a plain Error without a status, which would end as a 500: here it becomes the 400 it is,
 * with busboy's error as its cause (logged, never sent). The storage engine's file-system
 * errors are the server's own failure, never the sender's: 507 for a full disk, 500 for a folder
 * it may not write (storage-errors.ts); the engine leaves no partial file. multer's own errors
 * (MulterError: limits, unexpected field) pass on to the error handler, which knows them.
 */
import type { RequestHandler } from 'express';
import { MulterError } from 'multer';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { HttpError } from './errors';
import { declareInput, type MultipartInput } from './route-docs';
import { storageFailure } from './storage-errors';

function unreadable(cause: unknown): HttpError {
  const refused = new HttpError(400, ERROR_CODE.VALIDATION, ERROR_MESSAGE.unreadableUpload);
  refused.cause = cause;
  return refused;
}

/**
 * `upload` (e.g. `multer(...).single('file')`) with its unreadable-form errors answered 400 and
 * its storage's file-system errors 507 or 500.
 * `declared` (the file field and size limit given to multer) is told to the OpenAPI document.
 */
export function readMultipart(upload: RequestHandler, declared?: MultipartInput): RequestHandler {
  const read: RequestHandler = (req, res, next) => {
    // A client that left before the upload was read: multer would wait for events already past.
    // Not a body another parser read whole (a JSON body sent here): the stream ended, then node
    // destroyed it; multer then passes it by as not multipart.
    if (req.destroyed && !req.readableEnded) {
      next(unreadable(new Error('Request closed before the upload was read')));
      return;
    }
    upload(req, res, (error?: unknown) => {
      if (error === undefined || error instanceof MulterError || error instanceof HttpError) {
        next(error);
        return;
      }
      next(storageFailure(error) ?? unreadable(error));
    });
  };
  return declared === undefined ? read : declareInput({ multipart: declared }, read);
}

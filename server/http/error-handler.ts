/** The JSON 404 and the one error handler, mounted after all routes. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { MulterError } from 'multer';
import { ERROR_CODE } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { HttpError } from './errors';

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(
    new HttpError(
      404,
      ERROR_CODE.NOT_FOUND,
      `${ERROR_MESSAGE.notFound}: ${req.method} ${req.path}`,
    ),
  );
};

/** body-parser marks its errors with `type` and an HTTP status. */
interface BodyParserError {
  type: string;
  status: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    typeof error.type === 'string' &&
    'status' in error &&
    typeof error.status === 'number'
  );
}

/** Maps a known failure to its answer; undefined for anything unexpected. */
function knownAnswer(error: unknown): { status: number; body: ApiError } | undefined {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { errorCode: error.errorCode, errorMessage: error.message },
    };
  }
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') {
      return {
        status: 413,
        body: { errorCode: ERROR_CODE.TOO_LARGE, errorMessage: DIALOG_TEXT.fileTooLarge },
      };
    }
    const field = error.field ?? 'file';
    return {
      status: 400,
      body: { errorCode: ERROR_CODE.VALIDATION, errorMessage: `${field}: ${error.message}` },
    };
  }
  if (isBodyParserError(error)) {
    switch (error.type) {
      case 'entity.parse.failed':
        return {
          status: 400,
          body: { errorCode: ERROR_CODE.MALFORMED_JSON, errorMessage: ERROR_MESSAGE.malformedJson },
        };
      case 'entity.too.large':
        return {
          status: 413,
          body: { errorCode: ERROR_CODE.TOO_LARGE, errorMessage: ERROR_MESSAGE.bodyTooLarge },
        };
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return {
          status: 415,
          body: {
            errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
            errorMessage: 'Unsupported body encoding',
          },
        };
      default:
        if (error.status >= 400 && error.status < 500) {
          return {
            status: error.status,
            body: {
              errorCode: ERROR_CODE.VALIDATION,
              errorMessage: 'body: The request body cannot be read',
            },
          };
        }
    }
  }
  return undefined;
}

/** Every error becomes JSON `{ errorCode, errorMessage }`; a 500 never carries a stack (it is logged). */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const answer = knownAnswer(error) ?? {
      status: 500,
      body: { errorCode: ERROR_CODE.INTERNAL, errorMessage: ERROR_MESSAGE.internal },
    };
    if (answer.status >= 500) {
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    }
    res.status(answer.status).json(answer.body);
  };
}

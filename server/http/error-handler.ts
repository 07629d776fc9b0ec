/** The JSON 404 and the one error handler, mounted after all routes. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { MulterError } from 'multer';
import { ERROR_CODE } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { REDACTED } from '@contracts/api/mock-requests';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { HttpError } from './errors';
import { redactUrl } from './redact-url';
import { JWT } from './secret-names';

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(
    new HttpError(
      404,
      ERROR_CODE.NOT_FOUND,
      `${ERROR_MESSAGE.notFound}: ${req.method} ${req.path}`,
    ),
  );
};

/**
 * Errors from the libraries under the routes (router, body-parser, raw-body, zlib through
 * body-parser, serve-static) carry their HTTP status as `status` or `statusCode`, and
 * body-parser adds a `type`.
 */
interface StatusError {
  status: number;
  type: string | undefined;
  isPathError: boolean;
}

function statusErrorOf(error: unknown): StatusError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status =
    'status' in error && typeof error.status === 'number'
      ? error.status
      : 'statusCode' in error && typeof error.statusCode === 'number'
        ? error.statusCode
        : undefined;
  if (status === undefined) return undefined;
  return {
    status,
    type: 'type' in error && typeof error.type === 'string' ? error.type : undefined,
    // The router marks a path part it cannot %-decode with a URIError and status 400.
    isPathError: error instanceof URIError || ('name' in error && error.name === 'URIError'),
  };
}

const answerOf = (status: number, errorCode: ApiError['errorCode'], errorMessage: string) => ({
  status,
  body: { errorCode, errorMessage },
});

/** The answer to a library error that carries a 4xx status: that status, in the spec's shape. */
function clientErrorAnswer({ status, type, isPathError }: StatusError): {
  status: number;
  body: ApiError;
} {
  if (isPathError) return answerOf(400, ERROR_CODE.VALIDATION, ERROR_MESSAGE.unreadablePath);
  switch (type) {
    case 'entity.parse.failed':
      return answerOf(400, ERROR_CODE.MALFORMED_JSON, ERROR_MESSAGE.malformedJson);
    case 'entity.too.large':
      return answerOf(413, ERROR_CODE.TOO_LARGE, ERROR_MESSAGE.bodyTooLarge);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return answerOf(415, ERROR_CODE.UNSUPPORTED_MEDIA, ERROR_MESSAGE.unsupportedBodyEncoding);
    default:
      break;
  }
  switch (status) {
    case 404:
      return answerOf(404, ERROR_CODE.NOT_FOUND, ERROR_MESSAGE.notFound);
    case 413:
      return answerOf(413, ERROR_CODE.TOO_LARGE, ERROR_MESSAGE.bodyTooLarge);
    case 412:
      return answerOf(412, ERROR_CODE.VALIDATION, ERROR_MESSAGE.preconditionFailed);
    case 415:
      return answerOf(415, ERROR_CODE.UNSUPPORTED_MEDIA, ERROR_MESSAGE.unsupportedBodyEncoding);
    case 416:
      return answerOf(416, ERROR_CODE.VALIDATION, ERROR_MESSAGE.rangeNotSatisfiable);
    case 429:
      return answerOf(429, ERROR_CODE.RATE_LIMITED, ERROR_MESSAGE.rateLimited);
    default:
      // Broken compression, a body cut off or longer than announced, …
      return answerOf(status, ERROR_CODE.VALIDATION, ERROR_MESSAGE.unreadableBody);
  }
}

/** Maps a known failure to its answer; undefined for anything unexpected. */
function knownAnswer(error: unknown): { status: number; body: ApiError } | undefined {
  if (error instanceof HttpError) {
    return answerOf(error.status, error.errorCode, error.message);
  }
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') {
      return answerOf(413, ERROR_CODE.TOO_LARGE, DIALOG_TEXT.fileTooLarge);
    }
    const field = error.field ?? 'file';
    return answerOf(400, ERROR_CODE.VALIDATION, `${field}: ${error.message}`);
  }
  const statusError = statusErrorOf(error);
  if (statusError !== undefined && statusError.status >= 400 && statusError.status < 500) {
    return clientErrorAnswer(statusError);
  }
  return undefined;
}

/**
 * A body JSON.parse refused (body-parser's `entity.parse.failed`, a SyntaxError): its message
 * quotes the body around the fault, which may be a password or a token.
 */
function isJsonParseError(error: unknown): boolean {
  return error instanceof SyntaxError || statusErrorOf(error)?.type === 'entity.parse.failed';
}

/**
 * The reason of a refused request, for the log: the message only, never a stack. Of a body that
 * is not JSON only the error's type and the position the parser stopped at (when it says), never
 * its message: that quotes what the sender wrote.
 */
function reasonOf(error: unknown): string {
  if (isJsonParseError(error)) {
    const name = error instanceof Error ? error.name : 'SyntaxError';
    const message = error instanceof Error ? error.message : '';
    const position = /\bat position (\d+)\b/.exec(message)?.[1];
    return `${name}: the body is not valid JSON${position === undefined ? '' : ` (at position ${position})`}`;
  }
  // A message may quote what was sent (a path part that cannot be decoded): a token in it is
  // `***`, as in the logged URL.
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(JWT, REDACTED);
}

/**
 * Every error becomes JSON `{ errorCode, errorMessage }`. An error that carries a 4xx status
 * answers that status; anything else is a 500, which never carries a stack (it is logged with
 * one).
 */
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
      logger.error(
        { err: error, method: req.method, url: redactUrl(req.originalUrl) },
        'request failed',
      );
    } else if (!(error instanceof HttpError) || error.cause !== undefined) {
      // A library refused the input (bad path, body or upload): the sender's fault, no stack.
      const reason = reasonOf(error instanceof HttpError ? error.cause : error);
      logger.info(
        { reason, status: answer.status, method: req.method, url: redactUrl(req.originalUrl) },
        'request refused',
      );
    }
    // A route may have set its own answer's headers before it failed (a download's type and
    // file name): the error is JSON, shown rather than saved.
    res.removeHeader('Content-Disposition');
    res.status(answer.status).type('json').json(answer.body);
  };
}

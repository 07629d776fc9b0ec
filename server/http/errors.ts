/** Errors that become `{ errorCode, errorMessage }` answers (see error-handler.ts). */
import { ERROR_CODE, type ErrorCode } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';

/**
 * A refusal answered as `{ errorCode, errorMessage }` with its status. The server's own codes
 * only (ErrorCode); a developer's mock fault may choose any integer (`HttpError<number>`).
 */
export class HttpError<Code extends number = ErrorCode> extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly errorCode: Code,
    message: string,
  ) {
    super(message);
  }
}

/** 400: `field` names the input in error (body field, query parameter, header or path part). */
export function validationError(field: string, message: string): HttpError {
  return new HttpError(400, ERROR_CODE.VALIDATION, `${field}: ${message}`);
}

/** 409: the input conflicts with stored data (e.g. a value that must be unique); names the field. */
export function conflict(field: string, message: string): HttpError {
  return new HttpError(409, ERROR_CODE.CONFLICT, `${field}: ${message}`);
}

export function notFound(message: string = ERROR_MESSAGE.notFound): HttpError {
  return new HttpError(404, ERROR_CODE.NOT_FOUND, message);
}

/** 401 with code 11: the client logs out (01 §8). */
export function sessionExpired(message: string = ERROR_MESSAGE.sessionExpired): HttpError {
  return new HttpError(401, ERROR_CODE.SESSION_EXPIRED, message);
}

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ERROR_CODE } from '@contracts/api/constants';
import { NETWORK_ERROR_MESSAGE, UNREADABLE_ANSWER_MESSAGE } from '@/config/texts';

/**
 * Every failed call, whatever went wrong, as one shape: the HTTP status (0 when no answer came)
 * and the server's `{ errorCode, errorMessage }` (01 §8: "service errors are stored as code and
 * message").
 */
export interface ApiFailure {
  status: number;
  errorCode: number;
  errorMessage: string;
}

/** Codes for failures that never produced a server error answer (client-only, negative). */
export const CLIENT_ERROR_CODE = {
  /** No answer: network down, DNS, CORS, aborted, timed out. */
  NETWORK: -1,
  /** An answer that is not the JSON expected. */
  UNREADABLE: -2,
  /** Anything else thrown on the client. */
  UNKNOWN: -3,
} as const;

function hasErrorBody(data: unknown): data is { errorCode?: unknown; errorMessage?: unknown } {
  return typeof data === 'object' && data !== null;
}

export function isApiFailure(value: unknown): value is ApiFailure {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.status === 'number' &&
    typeof v.errorCode === 'number' &&
    typeof v.errorMessage === 'string'
  );
}

/** Maps fetchBaseQuery's error union to `ApiFailure`. */
export function normaliseFetchError(error: FetchBaseQueryError): ApiFailure {
  if (typeof error.status === 'number') {
    const body = hasErrorBody(error.data) ? error.data : {};
    return {
      status: error.status,
      errorCode: typeof body.errorCode === 'number' ? body.errorCode : error.status,
      errorMessage:
        typeof body.errorMessage === 'string'
          ? body.errorMessage
          : `The request failed with status ${error.status}.`,
    };
  }
  switch (error.status) {
    case 'PARSING_ERROR':
      return {
        status: error.originalStatus,
        errorCode: CLIENT_ERROR_CODE.UNREADABLE,
        errorMessage: UNREADABLE_ANSWER_MESSAGE,
      };
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return {
        status: 0,
        errorCode: CLIENT_ERROR_CODE.NETWORK,
        errorMessage: NETWORK_ERROR_MESSAGE,
      };
    default:
      return { status: 0, errorCode: CLIENT_ERROR_CODE.UNKNOWN, errorMessage: error.error };
  }
}

/** Any thrown or returned error (e.g. from `.unwrap()`) as `ApiFailure`. */
export function toApiFailure(error: unknown): ApiFailure {
  if (isApiFailure(error)) return error;
  const message =
    error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
      ? error.message
      : 'Something went wrong.';
  return { status: 0, errorCode: CLIENT_ERROR_CODE.UNKNOWN, errorMessage: message };
}

/** True when no HTTP answer came back (the message is then the client's own). */
export const isNetworkFailure = (failure: ApiFailure): boolean => failure.status === 0;

/**
 * A request the client itself cancelled: RTK Query rejects a running query or mutation with
 * `{ name: 'AbortError' }` when it is aborted.
 */
export function isAbortedRequest(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * The session ended: a 401 with errorCode 11 (timed out, revoked), or a request aborted because
 * of it — ending the session (clearSession, endSession) resets every API cache, which aborts the calls still
 * running, and nothing else in the app aborts a call. The app is then signing out (01 §8, §4.1):
 * the session's own path (login, or the "Timeout" dialog) is all the operator sees, so callers
 * put no error dialog over it.
 */
export function isSessionExpiry(error: unknown): boolean {
  if (isAbortedRequest(error)) return true;
  const failure = toApiFailure(error);
  return failure.status === 401 && failure.errorCode === ERROR_CODE.SESSION_EXPIRED;
}

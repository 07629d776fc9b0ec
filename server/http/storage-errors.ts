/**
 * The server's own storage failing while it writes what a call sent (an upload): never the
 * sender's fault, so never a 400. No room (ENOSPC, EDQUOT) answers 507 Insufficient Storage; a
 * folder or file the server may not write (EACCES, EPERM, EROFS), an I/O error and the like 500.
 * Both say that nothing was kept, with error code 99; the system error is the answer's cause,
 * logged with it and never sent (it names paths).
 */
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { HttpError } from './errors';

/** The file system is out of space, or the owner out of quota. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);
/** The file system refused the write otherwise. */
const REFUSED = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'EIO',
  'EMFILE',
  'ENFILE',
  'EFBIG',
  'ENOTDIR',
  'EISDIR',
  'ENOENT',
  'ENAMETOOLONG',
  'ELOOP',
]);

/**
 * The answer to a file-system error of the server's storage (a Node system error: a `code` and
 * the `syscall` that failed), or undefined for anything else (a client gone mid-upload is not
 * one).
 */
export function storageFailure(error: unknown): HttpError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || typeof syscall !== 'string') return undefined;
  let answer: HttpError;
  if (NO_ROOM.has(code)) {
    answer = new HttpError(507, ERROR_CODE.INTERNAL, ERROR_MESSAGE.storageFull);
  } else if (REFUSED.has(code)) {
    answer = new HttpError(500, ERROR_CODE.INTERNAL, ERROR_MESSAGE.storageFailed);
  } else {
    return undefined;
  }
  answer.cause = error;
  return answer;
}

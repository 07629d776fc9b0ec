/**
 * Requests Node's HTTP parser refuses before Express sees them (an unknown method, a broken
 * request line or header, headers over the 16 KB limit). Node would answer a bare 400 or 431;
 * here they get the same `{ errorCode, errorMessage }` body as every other error answer.
 * Installed on the listening server (server/index.ts; the fuzz test does the same).
 */
import type { Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODE } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { hasErrorCode } from './errno';

function answerFor(error: Error): { status: number; body: ApiError } {
  if (hasErrorCode(error, 'ERR_HTTP_REQUEST_TIMEOUT')) {
    return {
      status: 408,
      body: { errorCode: ERROR_CODE.VALIDATION, errorMessage: ERROR_MESSAGE.badRequest },
    };
  }
  if (hasErrorCode(error, 'HPE_HEADER_OVERFLOW')) {
    return {
      status: 431,
      body: { errorCode: ERROR_CODE.TOO_LARGE, errorMessage: ERROR_MESSAGE.headersTooLarge },
    };
  }
  return {
    status: 400,
    body: { errorCode: ERROR_CODE.VALIDATION, errorMessage: ERROR_MESSAGE.badRequest },
  };
}

/** The raw answer Node's parser could not send itself, then the connection is closed. */
export function onClientError(error: Error, socket: Duplex): void {
  // A reset connection has nobody to answer; a response already under way cannot get another
  // (Node's own handler checks the same).
  const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
  if (hasErrorCode(error, 'ECONNRESET') || !socket.writable || current?.headersSent === true) {
    socket.destroy();
    return;
  }
  const { status, body } = answerFor(error);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Connection: close\r\n\r\n' +
      json,
  );
}

export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', onClientError);
}

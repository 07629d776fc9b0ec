/**
 * Requests Node's HTTP parser refuses before Express sees them (an unknown method, a broken
 * request line or header, headers over the 16 KB limit). Node would answer a bare 400 or 431;
 * here they get the same `{ errorCode, errorMessage }` body as every other error answer.
 * Installed on the listening server (server/index.ts; the fuzz test does the same).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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

/**
 * Answers Node's parser errors with the error JSON (then closes the connection). A connection
 * with a request still being answered is closed without a word instead: bytes written to it
 * would land inside that response. The requests in flight are counted per socket through the
 * server's documented 'request' event and each response's 'close'.
 */
export function answerClientErrorsAsJson(server: Server): void {
  const inFlight = new WeakMap<Duplex, number>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1));
  });
  server.on('clientError', (error: Error, socket: Duplex) => {
    if (hasErrorCode(error, 'ECONNRESET') || !socket.writable || (inFlight.get(socket) ?? 0) > 0) {
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
  });
}

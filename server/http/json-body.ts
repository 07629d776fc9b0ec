/**
 * The JSON body parser of every call: express.json with the configured limit, reading UTF-8
 * only. JSON text exchanged between systems is UTF-8 (RFC 8259 §8.1). Bytes that are not UTF-8
 * would otherwise be decoded to U+FFFD and stored altered; they are refused before the body is
 * parsed, as any other body that is not JSON is (400, error code 2).
 *
 * `received` is shown each UTF-8 body's bytes as they came (after any Content-Encoding was
 * undone), before they are parsed: the developer tools' request log keeps them. A body refused
 * for its charset or its bytes is never handed on: it is not read as UTF-8 anywhere.
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import { ERROR_CODE, type ErrorCode } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { HttpError } from './errors';

/** A refusal whose reason is logged (error-handler.ts), never sent. */
function refused(status: number, code: ErrorCode, message: string, reason: string): HttpError {
  const error = new HttpError(status, code, message);
  error.cause = reason;
  return error;
}

/** body-parser's `verify`: the body's bytes, after any Content-Encoding was undone. */
function requireUtf8(_req: unknown, _res: unknown, body: Buffer, charset: string): void {
  // express.json takes any charset starting with utf-; the others than utf-8 are refused as an
  // unknown charset is.
  if (charset !== 'utf-8') {
    throw refused(
      415,
      ERROR_CODE.UNSUPPORTED_MEDIA,
      ERROR_MESSAGE.unsupportedBodyEncoding,
      `JSON body in charset ${charset}: only utf-8 is read`,
    );
  }
  if (!isUtf8(body)) {
    throw refused(
      400,
      ERROR_CODE.MALFORMED_JSON,
      ERROR_MESSAGE.malformedJson,
      'JSON body is not valid UTF-8',
    );
  }
}

/** Told of a JSON body's bytes as received (body-parser's `verify` arguments). */
export type ReceivedBody = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export const jsonBody = (limit: string, received?: ReceivedBody): RequestHandler =>
  express.json({
    limit,
    verify: (req, res, body, charset) => {
      requireUtf8(req, res, body, charset);
      received?.(req, res, body);
    },
  });

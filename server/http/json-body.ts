/**
 * The JSON body parser of every call: express.json with the configured limit, reading UTF-8
 * only. JSON text exchanged between systems is UTF-8 (RFC 8259 §8.1). Bytes that are not UTF-8
 * would otherwise be decoded to U+FFFD and stored altered; they are refused before the body is
 * parsed, as any other body that is not JSON is (400, error code 2).
 *
 * `received` is shown each UTF-8 body's bytes as they came (after any Content-Encoding was
 * undone), before they are parsed: the developer tools' request log keeps them. A body refused
 * for its charset or its bytes is never handed on: it is not read as UTF-8 anywhere.
 *
 * The developer tools' replay may answer a recorded write from a body up to 16 MB: such calls are
 * read up to that (`wider`), and one that is not replayed is refused after (`refuseOverLimit`)
 * with the usual 413, so the routes take JSON_BODY_LIMIT at most.
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request, type RequestHandler } from 'express';
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

export interface JsonBodyOptions {
  /** The largest body, in bytes (JSON_BODY_LIMIT). */
  limit: number;
  received?: ReceivedBody;
  /**
   * The calls something ahead of the routes may answer from a larger body (a write a recording
   * in place holds, dev/mock/recordings.ts): read up to `wider.limit` bytes. One over `limit`
   * that nothing answered is refused after by `refuseOverLimit`, as the others are here.
   */
  wider?: { limit: number; applies(req: Request): boolean };
}

/** The size of the bodies read past `limit` (their decoded bytes, as the limit counts them). */
const readPastLimit = new WeakMap<IncomingMessage, number>();

export function jsonBody({ limit, received, wider }: JsonBodyOptions): RequestHandler {
  const parser = (max: number): RequestHandler =>
    express.json({
      limit: max,
      verify: (req, res, body, charset) => {
        requireUtf8(req, res, body, charset);
        received?.(req, res, body);
        if (body.length > limit) readPastLimit.set(req, body.length);
      },
    });
  const usual = parser(limit);
  if (wider === undefined || wider.limit <= limit) return usual;
  const larger = parser(wider.limit);
  return (req, res, next) => {
    if (wider.applies(req)) larger(req, res, next);
    else usual(req, res, next);
  };
}

/**
 * After whatever may answer a call from a body read with jsonBody's `wider` limit: a body over
 * `limit` that it did not answer is refused as the usual parser refuses one (413), so the routes
 * never see it.
 */
export function refuseOverLimit(limit: number): RequestHandler {
  return (req, _res, next) => {
    const size = readPastLimit.get(req);
    if (size === undefined || size <= limit) {
      next();
      return;
    }
    next(
      refused(
        413,
        ERROR_CODE.TOO_LARGE,
        ERROR_MESSAGE.bodyTooLarge,
        `JSON body of ${size} bytes, over JSON_BODY_LIMIT (${limit} bytes)`,
      ),
    );
  };
}

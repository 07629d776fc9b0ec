/**
 * A logged call's headers and bodies (docs/developer-tools.md, `GET /__mock/requests/{id}`):
 * kept beside the request log's entry, at most CALL_DETAIL_MAX_BYTES of each body (more until a
 * recording that wants the call has taken it: recordings.ts cuts it back then), and
 * redacted when read (./redact.ts), never stored redacted-late anywhere else. The request's
 * body is what the client sent, before any route validated it: the bytes of a JSON body as the
 * body parser received them (its Content-Encoding undone), or the bytes a forwarded call sent;
 * the answer's body is what was written to the client. Static files keep their headers only.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import {
  CALL_DETAIL_MAX_BYTES,
  type BodyIs,
  type LoggedCallDetail,
  type LoggedMessage,
} from '@contracts/api/mock-proxy';
import { isApiPath } from '../../http/mounts';
import { isUnderMock } from './fault-rules';
import { decodedText, isTextType, mediaTypeOf } from './body-text';
import { redactBody, redactHeaders, redactJsonText } from './redact';

/** The first `limit` bytes of a stream of chunks, and whether there was more. */
export class Capped {
  readonly chunks: Buffer[] = [];
  bytes = 0;
  truncated = false;

  constructor(readonly limit: number = CALL_DETAIL_MAX_BYTES) {}

  add(chunk: Buffer): void {
    // Nothing wanted (a static file's body): not a cut.
    if (this.limit === 0) return;
    if (this.bytes >= this.limit) {
      if (chunk.length > 0) this.truncated = true;
      return;
    }
    const room = this.limit - this.bytes;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept.length < chunk.length) this.truncated = true;
    // A copy: the chunk's buffer may be reused by the stream.
    this.chunks.push(Buffer.from(kept));
    this.bytes += kept.length;
  }

  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** Drops what is past `limit`, marking the cut (once a recording has taken the whole). */
  keepAtMost(limit: number): void {
    if (this.bytes <= limit) return;
    const kept = Buffer.from(this.buffer().subarray(0, limit));
    this.chunks.splice(0, this.chunks.length, kept);
    this.bytes = limit;
    this.truncated = true;
  }
}

/** A write with a JSON body (what the JSON body parser reads): a recording keys on its body. */
export function isJsonWrite(method: string, contentType: string | undefined): boolean {
  return (
    method !== 'GET' &&
    method !== 'HEAD' &&
    /^application\/json[ \t]*(?:;|$)/i.test(contentType ?? '')
  );
}

/** What a call leaves behind for its details (res.locals.mockDetail). */
export interface CallDetail {
  requestHeaders: IncomingHttpHeaders;
  /** The bytes a forwarded call sent, or those of a JSON body the body parser read. */
  requestBytes: Capped;
  /** The body parser undid the request's Content-Encoding: `requestBytes` are the decoded ones. */
  requestDecoded: boolean;
  responseHeaders: OutgoingHttpHeaders | undefined;
  /** A forwarded call's: the target's own headers, as it answered (a recording keeps these). */
  targetHeaders?: IncomingHttpHeaders;
  responseBytes: Capped;
}

export const CALL_DETAIL_LOCAL = 'mockDetail';

function chunkOf(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  if (typeof chunk === 'string') {
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  }
  return undefined;
}

/** Copies what the client is sent into `into` as it is written. */
function tapResponse(res: Response, into: Capped): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const bytes = chunkOf(chunk, rest[0]);
    if (bytes !== undefined) into.add(bytes);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') {
      const bytes = chunkOf(chunk, rest[0]);
      if (bytes !== undefined) into.add(bytes);
    }
    return end(chunk, ...rest);
  }) as Response['end'];
}

/**
 * A file of the client or a site: the root page, or a path whose last part has an extension,
 * outside the API (an API call may end in one: an error file's download, `….errors.txt`).
 */
export function isStaticUrl(url: string): boolean {
  if (isApiPath(url)) return false;
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname === '/' || /\.[A-Za-z0-9]{1,6}$/.test(pathname);
}

/**
 * Notes a call's details for the log (every call but /__mock's). `bodyLimit` is how much of
 * the answer to keep, and of a JSON write's body (more while a recording wants the call whole:
 * it compares writes by their whole body; the recordings cut both back once they took them).
 */
export function captureDetails(
  bodyLimit: (method: string, url: string) => number | undefined,
): RequestHandler {
  return (req, res, next) => {
    const url = req.originalUrl;
    if (isUnderMock(req.path)) {
      next();
      return;
    }
    const wanted = isStaticUrl(url) ? undefined : bodyLimit(req.method, url);
    const detail: CallDetail = {
      requestHeaders: req.headers,
      requestBytes: new Capped(
        wanted !== undefined && isJsonWrite(req.method, req.headers['content-type'])
          ? wanted
          : CALL_DETAIL_MAX_BYTES,
      ),
      requestDecoded: false,
      responseHeaders: undefined,
      responseBytes: new Capped(isStaticUrl(url) ? 0 : (wanted ?? CALL_DETAIL_MAX_BYTES)),
    };
    res.locals[CALL_DETAIL_LOCAL] = detail;
    tapResponse(res, detail.responseBytes);
    // Ahead of the request logger's own 'close' listener (added before this one), which hands the
    // call to the request log: its details need the answer's headers noted by then.
    res.prependOnceListener('close', () => {
      detail.responseHeaders = res.getHeaders();
    });
    next();
  };
}

/**
 * The JSON body parser's hook (../../http/json-body.ts): keeps a body's bytes as the client sent
 * them, before any route parses or validates them.
 */
export function keepReceivedBody(_req: unknown, res: ServerResponse, body: Buffer): void {
  // The app's response: Express made it, with its locals.
  const detail = (res as Response).locals[CALL_DETAIL_LOCAL] as CallDetail | undefined;
  if (detail === undefined || detail.requestBytes.bytes > 0) return;
  detail.requestBytes.add(body);
  detail.requestDecoded = true;
}

function contentTypeOf(headers: IncomingHttpHeaders | OutgoingHttpHeaders | undefined): string {
  const value = headers?.['content-type'];
  return typeof value === 'string' ? value : '';
}

/** Text kinds shown as they are (no type too); anything else is described. */
function isText(contentType: string): boolean {
  return contentType === '' || isTextType(contentType);
}

/** A body not shown, described by its type, its coding and its declared size. */
function described(
  headers: IncomingHttpHeaders | OutgoingHttpHeaders | undefined,
  encoded: unknown,
  why: 'not shown' | 'not kept',
): string {
  const contentType = contentTypeOf(headers);
  const declared = headers?.['content-length'];
  return `(${contentType || 'binary'} body${typeof encoded === 'string' ? `, ${encoded}` : ''}${declared === undefined ? '' : `, ${String(declared)} bytes`}: ${why})`;
}

/**
 * One side of a call as the details show it: redacted, capped, the cut marked. `received`: the
 * bytes are a JSON body as the body parser read it (UTF-8, its Content-Encoding undone); they
 * are shown as redactJsonText shows them, and described when they are not JSON whole within the
 * cap (the route refused such a body: what it holds is not the client's JSON). Other bodies (a
 * forwarded call's, every answer) are read in their charset and shown as redactBody shows them,
 * JSON cut at the cap included, and described when it cannot show them (JSON that cannot be
 * read, a charset no decoder knows).
 */
export function messageOf(
  headers: IncomingHttpHeaders | OutgoingHttpHeaders | undefined,
  bytes: Capped,
  received = false,
): LoggedMessage {
  const shownHeaders = redactHeaders(headers ?? {});
  const contentType = contentTypeOf(headers);
  const encoded = received ? undefined : headers?.['content-encoding'];
  let body: string | null = null;
  let bodyIs: BodyIs = 'sent';
  let truncated = bytes.truncated;
  if (received) {
    const coding = headers?.['content-encoding'];
    const text = bytes.truncated ? undefined : redactJsonText(bytes.buffer().toString('utf8'));
    if (text === undefined) {
      body = described(headers, coding, 'not shown');
      bodyIs = 'described';
    } else {
      body = text;
      if (typeof coding === 'string' && coding.toLowerCase() !== 'identity') bodyIs = 'decoded';
    }
    truncated = false;
  } else if (bytes.bytes > 0) {
    // Read in its charset (a byte it cannot read as U+FFFD): text in any charset is redacted.
    const text =
      !isText(contentType) || (typeof encoded === 'string' && encoded !== 'identity')
        ? undefined
        : decodedText(bytes.buffer(), mediaTypeOf(contentType).charset, {
            fatal: false,
            cut: bytes.truncated,
          });
    const shown = text === undefined ? undefined : redactBody(text, contentType);
    if (shown === undefined) {
      body = described(headers, encoded, 'not shown');
      bodyIs = 'described';
    } else {
      body = shown;
    }
  } else {
    const declared = Number(headers?.['content-length'] ?? 0);
    if (declared > 0) {
      body = described(headers, undefined, 'not kept');
      bodyIs = 'described';
    }
  }
  if (body !== null && Buffer.byteLength(body) > CALL_DETAIL_MAX_BYTES) {
    body = Buffer.from(body).subarray(0, CALL_DETAIL_MAX_BYTES).toString('utf8');
    truncated = true;
  }
  return { headers: shownHeaders, body, truncated, bodyIs };
}

/** The details of a logged call. */
export function callDetailOf(
  entry: Pick<LoggedCallDetail, 'id' | 'method' | 'path' | 'status' | 'kind'>,
  detail: CallDetail,
): LoggedCallDetail {
  return {
    ...entry,
    request: messageOf(detail.requestHeaders, detail.requestBytes, detail.requestDecoded),
    response: messageOf(detail.responseHeaders, detail.responseBytes),
  };
}

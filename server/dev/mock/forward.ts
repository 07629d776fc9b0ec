/**
 * Forwarding one call to the real backend (docs/developer-tools.md): the method, path, query,
 * headers (Authorization and moduleCode included; the hop-by-hop ones dropped; a `Via` naming
 * the mock added) and body go to the target, and its status, headers and body come back, both bodies streamed (an upload or a
 * large download is never held whole). A target that cannot be reached answers 502, one slower
 * than the timeout 504, both naming the target; the timeout runs from the end of the request's
 * body, so a slow upload is never cut off; a client gone midway aborts the upstream call.
 */
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Request, Response } from 'express';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import type { ApiError } from '@contracts/api/entities';
import { MOCK_PROXY_MESSAGE } from '@contracts/api/mock-proxy';

/** Headers of one connection, never passed on (RFC 9110 §7.6.1), and the host (the target's). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** What a forwarded call tells whoever watches it (the request log's details, a recording). */
export interface ForwardObserver {
  requestChunk?(chunk: Buffer): void;
  response?(status: number, headers: IncomingHttpHeaders): void;
  responseChunk?(chunk: Buffer): void;
  /** The answer was passed on whole. */
  done?(): void;
  /**
   * The mock answered the call itself (the target unreachable or too slow, the path refused, an
   * upload fault): the answer is not the target's.
   */
  ownAnswer?(status: number): void;
}

export interface ForwardOptions {
  /** The target's base URL (no trailing slash; may hold a path). */
  target: string;
  /**
   * The name this mock gives itself in the `Via` header of the calls it forwards (RFC 9110
   * §7.6.3), after those the call came with: a call that comes back with it is a loop.
   */
  via: string;
  timeoutMs: number;
  observer?: ForwardObserver;
  /**
   * A developer tools' upload fault (failAfterBytes): once more than `afterBytes` of the
   * request's body came, the call to the target is aborted and the client answered `answer`.
   */
  cut?: { afterBytes: number; status: number; answer: ApiError };
}

/** The headers worth passing on: all but the hop-by-hop ones and those `Connection` names. */
export function forwardableHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const connection = headers.connection;
  const named = new Set(
    (typeof connection === 'string' ? connection : '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/** The call's `Via` with this hop added: the protocol it came in, then the mock's name. */
function viaAdding(req: Request, via: string): string {
  const hop = `${req.httpVersion} ${via}`;
  const came = req.get('via');
  return came === undefined || came.trim() === '' ? hop : `${came}, ${hop}`;
}

/** True when a `Via` header names `via` as one of the hops the call went through. */
export function viaNames(header: string | undefined, via: string): boolean {
  return (header ?? '')
    .split(',')
    .some((hop) => hop.trim().split(/\s+/)[1]?.toLowerCase() === via.toLowerCase());
}

/**
 * A path segment `.` or `..`, also %-encoded (`%2e%2E`), alone or with parameters after a `;`
 * (`..;x`: Tomcat and Spring drop them and read `..`): one that could leave the base path.
 */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}(?:;|%3b|$)/i;

/** What some server reads as the end of a segment: `/`, `\`, and both %-encoded. */
const SEGMENT_BREAK = /[/\\]|%2f|%5c/i;

/**
 * The path and query a call is sent to the target with: the target's base path, then the call's
 * path and query exactly as sent. Undefined for a call that could leave the base path there: one
 * not starting with `/` (`*` in the request line; an absolute URL comes here only as the path it
 * names, http/request-target.ts, and naming another host never) or holding a dot segment (`\`
 * counts as `/`, as URL parsers read it, and so do `%2f` and `%5c`, which some servers decode).
 * The target's origin is never taken from the call: forward() sends this path to the origin of
 * MOCK_PROXY_TARGET, whatever it holds (`//host`, `/\host`).
 */
export function targetPath(basePath: string, originalUrl: string): string | undefined {
  if (!originalUrl.startsWith('/')) return undefined;
  const mark = originalUrl.indexOf('?');
  const pathname = mark === -1 ? originalUrl : originalUrl.slice(0, mark);
  if (pathname.split(SEGMENT_BREAK).some((segment) => DOT_SEGMENT.test(segment))) return undefined;
  return `${basePath.replace(/\/$/, '')}${originalUrl}`;
}

function answerError(
  res: Response,
  status: number,
  body: ApiError,
  observer: ForwardObserver | undefined,
): void {
  if (res.headersSent) {
    // Midway through the target's answer: the client sees the cut, not a wrong body.
    res.destroy();
    return;
  }
  observer?.ownAnswer?.(status);
  res.status(status).set('Cache-Control', 'no-store').json(body);
}

/** Sends the call to the target and its answer back (see the module comment). */
export function forward(req: Request, res: Response, options: ForwardOptions): void {
  const { target, via, timeoutMs, observer, cut } = options;
  const base = new URL(target);
  const refuse = (errorMessage: string): void =>
    answerError(res, 400, { errorCode: ERROR_CODE.VALIDATION, errorMessage }, observer);
  const path = targetPath(base.pathname, req.originalUrl);
  if (path === undefined) {
    refuse(MOCK_PROXY_MESSAGE.pathNotForwarded);
    return;
  }
  const transport = base.protocol === 'https:' ? https : http;
  let settled = false;
  let timedOut = false;

  // The protocol, host and port are MOCK_PROXY_TARGET's alone; `path` goes in the request line
  // as it is (node:http takes the options' `path` over the URL's).
  let upstream: http.ClientRequest;
  try {
    upstream = transport.request(base, {
      method: req.method,
      headers: { ...forwardableHeaders(req.headers), via: viaAdding(req, via) },
      path,
    });
  } catch {
    // A path or header node:http's server read but its client will not send: never a 500.
    refuse(ERROR_MESSAGE.badRequest);
    return;
  }
  // The timeout measures the target, never the client: from the end of the request's body (a
  // slow upload is the client's pace) until the target's headers come, then between parts of its
  // answer; and, before any of that, the time to connect to it.
  const timeOut = (): void => {
    timedOut = true;
    upstream.destroy();
  };
  let timer: NodeJS.Timeout | undefined;
  let idleWatched = false;
  const watchIdle = (): void => {
    if (idleWatched) return;
    idleWatched = true;
    upstream.setTimeout(timeoutMs, timeOut);
  };
  upstream.once('socket', (socket) => {
    if (!socket.connecting) return;
    const connecting = setTimeout(timeOut, timeoutMs);
    const done = (): void => clearTimeout(connecting);
    socket.once('connect', done);
    socket.once('close', done);
  });
  upstream.once('finish', () => {
    if (settled) return;
    timer = setTimeout(timeOut, timeoutMs);
    watchIdle();
  });

  const fail = (): void => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    req.unpipe(upstream);
    if (timedOut) {
      answerError(
        res,
        504,
        {
          errorCode: ERROR_CODE.INTERNAL,
          errorMessage: MOCK_PROXY_MESSAGE.timedOut(target, timeoutMs),
        },
        observer,
      );
    } else {
      answerError(
        res,
        502,
        { errorCode: ERROR_CODE.INTERNAL, errorMessage: MOCK_PROXY_MESSAGE.unreachable(target) },
        observer,
      );
    }
  };
  upstream.on('error', fail);

  // The client went away before the answer was passed on whole: nothing more is asked of the
  // target (the call is aborted there too).
  res.once('close', () => {
    clearTimeout(timer);
    if (!res.writableFinished) {
      settled = true;
      upstream.destroy();
    }
  });

  upstream.on('response', (answer) => {
    clearTimeout(timer);
    if (settled) {
      answer.resume();
      return;
    }
    // An answer before the upload ended (a refusal, say): its parts are timed from now.
    watchIdle();
    const status = answer.statusCode ?? 502;
    observer?.response?.(status, answer.headers);
    res.status(status);
    for (const [name, value] of Object.entries(forwardableHeaders(answer.headers))) {
      if (value !== undefined) res.setHeader(name, value);
    }
    answer.on('data', (chunk: Buffer) => observer?.responseChunk?.(chunk));
    answer.on('error', fail);
    // Cut off midway (the target went, or stalled past the timeout): the client sees the cut.
    answer.once('close', () => {
      if (!answer.complete) fail();
    });
    answer.once('end', () => {
      settled = true;
      observer?.done?.();
    });
    answer.pipe(res);
  });

  let received = 0;
  req.on('data', (chunk: Buffer) => {
    observer?.requestChunk?.(chunk);
    if (cut === undefined || settled) return;
    received += chunk.length;
    if (received <= cut.afterBytes) return;
    // Cut off as a network would cut it: the target sees the upload end midway and keeps
    // nothing of it; the rest of the client's body is read and dropped, so it gets the answer.
    settled = true;
    clearTimeout(timer);
    req.unpipe(upstream);
    upstream.destroy();
    req.resume();
    answerError(res, cut.status, cut.answer, observer);
  });
  req.on('error', () => upstream.destroy());
  req.pipe(upstream);
}

/** Security headers (helmet) with a Content-Security-Policy the client runs under. */
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { isApiPath } from './mounts';
import helmet from 'helmet';

/** The nonce of this response's CSP, for the one run-time <style> the client inserts. */
export function cspNonceOf(res: Response): string {
  return String(res.locals.cspNonce);
}

/** The origin of an absolute base URL, or undefined for a path on this origin. */
function originOf(base: string): string | undefined {
  return /^https?:\/\//.test(base) ? new URL(base).origin : undefined;
}

/**
 * `bases`: the API, URL and merchant bases told to the client; absolute ones are other
 * origins the client calls (connect-src) and loads images from (img-src, the URL base).
 */
/** Random bytes for nonces, drawn from in blocks: one call to the system's generator per 256. */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/** 16 random bytes, base64: a fresh nonce (no two responses share one). */
function freshNonce(): string {
  if (nonceOffset >= noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** Stands for the nonce while helmet's headers are worked out once (base64 never holds `!`). */
const NONCE_SLOT = '!nonce!';

/** The headers a helmet middleware sets, worked out once on a stand-in response. */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const standIn = {
    locals: { cspNonce: NONCE_SLOT },
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failure: unknown;
  middleware(
    {} as IncomingMessage,
    standIn as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure !== undefined) throw failure;
  return [...headers];
}

export function securityHeaders(bases: readonly string[]): RequestHandler {
  const origins = [...new Set(bases.map(originOf).filter((o): o is string => o !== undefined))];
  // A nonce instead of 'unsafe-inline': react-colorful inserts one <style> element at run time.
  const styleNonce = (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${String((res as Response).locals.cspNonce)}'`;
  const headers = helmet({
    // Listed in full instead of helmet's defaults: its upgrade-insecure-requests would break the
    // mock server opened over plain http from another machine.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", styleNonce],
        imgSrc: ["'self'", 'data:', 'blob:', ...origins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...origins],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  // helmet's headers are the same on every response but for the nonce: worked out once and set
  // per response with a fresh nonce (helmet's dozen middlewares per request were a
  // measurable part of an API call). tests/server/security.test.ts checks the headers.
  const fixed = headersOf(headers);
  const api = apiHeaders(fixed);
  return (req, res, next) => {
    if (isApiPath(req.url)) {
      for (const [name, value] of api) res.setHeader(name, value);
      next();
      return;
    }
    const nonce = freshNonce();
    res.locals.cspNonce = nonce;
    for (const [name, value] of fixed) {
      res.setHeader(name, value.includes(NONCE_SLOT) ? value.replace(NONCE_SLOT, nonce) : value);
    }
    next();
  };
}

/**
 * The headers of an answer under the API: OWASP's REST Security Cheat Sheet set for responses
 * that are never HTML (Cache-Control no-store, frame-ancestors 'none', HSTS, nosniff,
 * X-Frame-Options DENY), with a CSP that allows nothing at all (`default-src 'none'`: a JSON
 * answer opened as a page loads nothing), and helmet's Cross-Origin-Resource-Policy. The
 * document headers (the client's CSP and its nonce, X-XSS-Protection, X-Download-Options, ...)
 * only mean something to HTML, and each header is a cost on every call.
 */
function apiHeaders(documentHeaders: readonly [string, string][]): [string, string][] {
  const kept = new Set(['strict-transport-security', 'x-content-type-options']);
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ...documentHeaders.filter(([name]) => kept.has(name.toLowerCase())),
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cache-Control', 'no-store'],
  ];
}

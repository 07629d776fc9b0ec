/** Security headers (helmet) with a Content-Security-Policy the client runs under. */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
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
export function securityHeaders(bases: readonly string[]): RequestHandler[] {
  const origins = [...new Set(bases.map(originOf).filter((o): o is string => o !== undefined))];
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
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
  return [nonce, headers];
}

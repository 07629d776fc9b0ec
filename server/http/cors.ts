/**
 * CORS for development (MOCK_CORS_ORIGINS, server/config.ts): pages of the listed origins, such as
 * a Vite or Storybook dev server, may call the server directly instead of through a proxy. Only
 * a listed `Origin` is answered with `Access-Control-Allow-Origin` (echoed, with `Vary: Origin`);
 * a preflight of one is answered 204 with the methods and the headers it asks for. No
 * credentials: the API takes its token in `Authorization`, not in a cookie. Every answer's
 * `Cross-Origin-Resource-Policy` becomes `cross-origin`, so those pages may show the server's
 * images (an `<img>` sends no `Origin`). Mounted after the security headers, never in production.
 */
import type { RequestHandler } from 'express';

export const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function corsForOrigins(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.vary('Origin');
    const origin = req.get('Origin');
    if (origin === undefined || !allowed.has(origin)) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    const method = req.get('Access-Control-Request-Method');
    if (req.method !== 'OPTIONS' || method === undefined) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Methods', CORS_METHODS);
    const headers = req.get('Access-Control-Request-Headers');
    if (headers !== undefined) res.setHeader('Access-Control-Allow-Headers', headers);
    res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
    res.status(204).end();
  };
}

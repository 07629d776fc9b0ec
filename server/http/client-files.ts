/**
 * The built client (dist/client), served when it exists. index.html is sent per request with
 * this response's CSP nonce in its `csp-nonce` meta tag, and never cached; the hashed assets are
 * static files. The build's source maps (*.map) are not served in production (NODE_ENV=production):
 * they would publish the client's source; such a request gets the API's 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { cspNonceOf } from './security';

/** The placeholder meta tag, as written in client/index.html or as the production build minifies it. */
const NONCE_META = /<meta\s+name="?csp-nonce"?\s+content(?:="[^"]*")?\s*\/?>/;

/** The path as the static files see it (decoded: `%2Emap` is `.map`) names a source map. */
function isSourceMapPath(urlPath: string): boolean {
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // Not decodable: the static files refuse it too.
  }
  return /\.map$/i.test(decoded);
}

export interface ClientFilesOptions {
  /** Serve *.map files; default: unless NODE_ENV is production. */
  sourceMaps?: boolean;
}

export function clientFiles(
  dir: string,
  { sourceMaps = process.env.NODE_ENV !== 'production' }: ClientFilesOptions = {},
): RequestHandler | undefined {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const index = readFileSync(indexFile, 'utf8');

  const router = Router();
  if (!sourceMaps) {
    router.use((req, _res, next) => {
      next(isSourceMapPath(req.path) ? 'router' : undefined);
    });
  }
  router.get(['/', '/index.html'], (_req, res) => {
    const nonce = cspNonceOf(res);
    res
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(index.replace(NONCE_META, `<meta name="csp-nonce" content="${nonce}" />`));
  });
  router.use(express.static(dir, { index: false, fallthrough: true, redirect: false }));
  return router;
}

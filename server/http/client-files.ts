/**
 * The built client (dist/client), served when it exists. index.html is sent per request with
 * this response's CSP nonce in its `csp-nonce` meta tag, and never cached; the hashed assets are
 * static files.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { cspNonceOf } from './security';

/** The placeholder meta tag, as written in client/index.html or as the production build minifies it. */
const NONCE_META = /<meta\s+name="?csp-nonce"?\s+content(?:="[^"]*")?\s*\/?>/;

export function clientFiles(dir: string): RequestHandler | undefined {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const index = readFileSync(indexFile, 'utf8');

  const router = Router();
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

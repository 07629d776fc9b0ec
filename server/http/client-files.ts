/**
 * The built client (dist/client), served when it exists. index.html is sent per request with
 * this response's CSP nonce in its `csp-nonce` meta tag, and never cached; the hashed assets are
 * static files, cached for good (`immutable`), and the text files of 1 KiB or more are gzipped
 * once, when first asked for, and sent so to a browser that accepts gzip (Lighthouse). The
 * build's source maps (*.map) are not served in production (NODE_ENV=production): they would
 * publish the client's source; such a request gets the API's 404.
 *
 * Only a path whose first segment names an entry of the client folder (as the folder is when the
 * server starts: `assets`, `mj`, `mm`, `index.html`, ...) reaches the static files, and never an
 * API path (`/api/...`, the published sites' `/mj/api/...` and `/mm/api/...`) or a published
 * site's page (`/mj/`, `/mj/index.html`, which the site's router sends): no other call touches
 * the disk (plain static-file middleware would `stat` for every call it sees). `npm start` builds
 * the client before the server starts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { JOURNAL_SITE_PATHS } from '@contracts/api/journal';
import { MERCHANT_SITE_PATHS } from '@contracts/api/merchant';
import { API_MOUNT } from './mounts';
import { cspNonceOf } from './security';
import { recordedRouter } from './route-table';

/** Paths the server answers itself, never from the client folder. */
const SERVER_PREFIXES = [
  `${API_MOUNT}/`,
  JOURNAL_SITE_PATHS.site(''),
  MERCHANT_SITE_PATHS.site(''),
];

/**
 * The published sites' pages, which their routers send never cached (server/sites/site-page.ts),
 * by every address they have, the static files' `index.html` included.
 */
const SITE_PAGES = new Set(
  [JOURNAL_SITE_PATHS.page, MERCHANT_SITE_PATHS.page].flatMap((page) => [
    page,
    `${page}index.html`,
  ]),
);

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

/** The first segment of a path, decoded as the static files decode it (`/%61ssets/x`: `assets`). */
function firstSegment(urlPath: string): string | undefined {
  const end = urlPath.indexOf('/', 1);
  const raw = urlPath.slice(1, end === -1 ? undefined : end);
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Text files worth compressing: scripts, styles, SVG images, JSON. Not HTML: the pages are sent
 * by their own routes, each with its response's CSP nonce.
 */
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt)$/i;
/** The build names every file under assets/ by its content hash: it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const gzipAsync = promisify(gzip);

interface GzippedFiles {
  /** The path names one of the files (compressed or not yet). */
  has(urlPath: string): boolean;
  /** Its gzipped body, compressed at the first call; undefined when it could not be. */
  body(urlPath: string): Promise<Buffer | undefined>;
}

/**
 * The client folder's text files of 1 KiB or more, by URL path (`/assets/main.1234.js`): each is
 * gzipped (in libuv's thread pool) when a browser that accepts gzip first asks for it, and the
 * result is kept in memory. A start compresses nothing, and a file no such browser asks for never
 * is. The folder does not change while the server runs; a file that could not be read or
 * compressed is left to the static files (and tried again at the next request).
 */
function gzippedFiles(dir: string): GzippedFiles {
  const files = new Map<string, string>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative))) {
      const rel = path.posix.join(relative, entry);
      const full = path.join(dir, rel);
      if (statSync(full).isDirectory()) walk(rel);
      else if (COMPRESSIBLE.test(entry) && statSync(full).size >= 1024) files.set(`/${rel}`, full);
    }
  };
  walk('');
  const bodies = new Map<string, Promise<Buffer | undefined>>();
  return {
    has: (urlPath) => files.has(urlPath),
    body(urlPath) {
      let body = bodies.get(urlPath);
      const file = files.get(urlPath);
      if (body === undefined && file !== undefined) {
        body = readFile(file)
          .then((bytes) => gzipAsync(bytes, { level: 9 }))
          .catch(() => {
            bodies.delete(urlPath);
            return undefined;
          });
        bodies.set(urlPath, body);
      }
      return body ?? Promise.resolve(undefined);
    },
  };
}

export interface ClientFilesOptions {
  /** Serve *.map files (config.serveSourceMaps: unless NODE_ENV is production). */
  sourceMaps: boolean;
}

export function clientFiles(
  dir: string,
  { sourceMaps }: ClientFilesOptions,
): RequestHandler | undefined {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const index = readFileSync(indexFile, 'utf8');
  const entries = new Set(readdirSync(dir));

  const router = recordedRouter();
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
  const gzipped = gzippedFiles(dir);
  router.get('/{*rest}', async (req, res, next) => {
    if (!gzipped.has(req.path)) return next();
    res.vary('Accept-Encoding');
    if (!req.acceptsEncodings('gzip')) return next();
    const body = await gzipped.body(req.path);
    if (!body) return next();
    if (req.path.startsWith('/assets/')) res.set('Cache-Control', IMMUTABLE);
    res.type(path.extname(req.path)).set('Content-Encoding', 'gzip').send(body);
  });

  router.use(
    express.static(dir, {
      index: false,
      fallthrough: true,
      redirect: false,
      setHeaders: (res, file) => {
        if (file.startsWith(path.join(dir, 'assets') + path.sep))
          res.set('Cache-Control', IMMUTABLE);
      },
    }),
  );
  return (req, res, next) => {
    const fromDisk =
      (req.path === '/' || entries.has(firstSegment(req.path) ?? '')) &&
      // Lower case: express routes paths without regard to case.
      !SERVER_PREFIXES.some((prefix) => req.path.toLowerCase().startsWith(prefix)) &&
      !SITE_PAGES.has(req.path.toLowerCase());
    if (fromDisk) router(req, res, next);
    else next();
  };
}

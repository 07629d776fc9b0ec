/**
 * The site builders' font assets (01 §3, §2.9; 02 §2 Step 5), public at the origin root:
 *   GET /fonts/fonts.css            @font-face rules for the families that have a file
 *   GET /fonts/{slug}.woff2         one font file per family
 *   GET /fonts/previews/{slug}.png  the family name drawn in that font
 * They are committed files (made by scripts/fonts.mjs) used by the admin app and by published
 * sites, so no token is asked. Anything else, directories, dotfiles and paths leaving the
 * folder fall through to the JSON 404.
 */
import path from 'node:path';
import express, { type Response, type Router } from 'express';
import { FONT_PATHS } from '@contracts/site/fonts';
import { recordedRouter } from '../http/route-table';

/** `/fonts`, taken from the contract's stylesheet path so the two cannot drift apart. */
export const FONTS_MOUNT = path.posix.dirname(FONT_PATHS.stylesheet);

/** Font files and previews change only when the script is re-run: cached for 30 days. */
const LONG_CACHE = 'public, max-age=2592000';
/** fonts.css (and the licences) are revalidated each time: cheap with the ETag, never stale. */
const REVALIDATE = 'no-cache';

function setHeaders(res: Response, filePath: string): void {
  const long = /\.(woff2|png)$/i.test(filePath);
  res.set({
    'Cache-Control': long ? LONG_CACHE : REVALIDATE,
    // Published sites may be served from another host than the admin app; fonts loaded
    // across origins need CORS, and helmet's default resource policy would block the previews.
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
}

export function createFontsRouter(fontsDir: string): Router {
  const router = recordedRouter();
  router.use(
    FONTS_MOUNT,
    express.static(fontsDir, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      // Errors (missing file, `..` outside the folder) go on to the JSON 404, not to an HTML page.
      fallthrough: true,
      cacheControl: false,
      setHeaders,
    }),
  );
  return router;
}

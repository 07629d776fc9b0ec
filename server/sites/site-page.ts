/**
 * The page of a published site (`/mj/`, `/mm/`): the HTML webpack built for it
 * (dist/client/{folder}/index.html), read per request and never cached, since it names hashed
 * assets. Without the trailing slash the address is redirected to the canonical one, so the
 * page's relative links do not resolve against the root.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import { hasErrorCode } from '../http/errno';
import { notFound } from '../http/errors';
import { noInput } from '../http/route-docs';

/** The paths a site page answers: `/mj`, `/mj/` and `/mj/index.html` for page `/mj/`. */
export const sitePageRoutes = (page: string): string[] => [
  page.replace(/\/$/, ''),
  page,
  `${page}index.html`,
];

export function sitePage(clientDir: string, page: string): RequestHandler {
  const file = path.join(clientDir, page, 'index.html');
  return noInput<RequestHandler>(async (req, res) => {
    if (!req.originalUrl.split('?')[0]?.startsWith(page)) {
      res.redirect(302, page);
      return;
    }
    let html: string;
    try {
      html = await readFile(file, 'utf8');
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT'))
        throw notFound('The site page is not built: run npm run build');
      throw error;
    }
    res.set('Cache-Control', 'no-store').type('html').send(html);
  });
}

/**
 * A site's stylesheet, its own file linked by the page: CSS that tries to close a <style>
 * element is then only bad CSS. A stylesheet request gets a stylesheet answer, empty (404) when
 * there is no published site.
 */
export function sendStylesheet(res: Response, css: string | undefined): void {
  res.set('Content-Type', 'text/css; charset=utf-8').set('Cache-Control', 'no-cache');
  if (css === undefined) res.status(404).send('');
  else res.status(200).send(css);
}

/** A placeholder a path builder is given, then replaced by the route's `:name` parameter. */
const PLACEHOLDER = 'SITEURLPARAM';

/** An Express route from a site path builder (JOURNAL_SITE_PATHS, MERCHANT_SITE_PATHS: one place per path). */
export function siteRoute(build: (siteUrl: string) => string, name: string): string {
  return build(PLACEHOLDER).replace(PLACEHOLDER, `:${name}`);
}

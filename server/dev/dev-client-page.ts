/**
 * The server's own `/` under `npm run dev` when there is no client build: the portal runs on the
 * webpack dev server (DEV_CLIENT_URL, which scripts/dev.mjs sets), so a short page names and links
 * it instead of the API's 404. `npm start` builds the client first and sets no DEV_CLIENT_URL, so
 * its `/` is the built portal.
 *
 * A plain middleware, not a route: the OpenAPI document describes the API, not this page.
 */
import type { RequestHandler } from 'express';

/** The page's texts (not in the spec). */
export const DEV_CLIENT_PAGE_TEXT = {
  title: 'The portal runs on the dev client',
  body: 'This port is the server of npm run dev (the API and the developer tools). The portal, with hot reload, is at',
  tools: 'the developer tools at',
} as const;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page for `devClientUrl`, an origin such as `http://localhost:8080`. */
export function devClientPageHtml(devClientUrl: string): string {
  const T = DEV_CLIENT_PAGE_TEXT;
  const portal = escapeHtml(`${devClientUrl}/`);
  const tools = escapeHtml(`${devClientUrl}/__mock`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="robots" content="noindex" />
    <title>${T.title}</title>
  </head>
  <body>
    <h1>${T.title}</h1>
    <p>${T.body} <a href="${portal}">${portal}</a> (${T.tools} <a href="${tools}">${tools}</a>).</p>
  </body>
</html>
`;
}

/** Answers `GET /` (and HEAD) with the page; every other call passes by. */
export function devClientPage(devClientUrl: string): RequestHandler {
  const html = devClientPageHtml(devClientUrl);
  return (req, res, next) => {
    if (req.path !== '/' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    res.set('Cache-Control', 'no-store').type('html').send(html);
  };
}

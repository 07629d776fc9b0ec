/**
 * The page at `GET /__mock` (docs/developer-tools.md): a small HTML frame that
 * links the page's script and stylesheet, built by webpack from client/src/mock-page into the
 * client folder (`assets/mock-page.<hash>.js` and `.css`). The script draws everything, signs
 * in and calls the control API with the token. No inline script or style: the server's CSP
 * allows only same-origin scripts.
 *
 * The client folder is read at each request (a developer's page load, not an API call), so a
 * build made while the server runs is picked up. Without a build the answer says what to run.
 *
 * Under `npm run dev` the page is opened from the webpack dev server, which proxies `/__mock` here
 * with the DEV_CLIENT_HEADER (webpack.config.ts): the frame then links the dev server's own
 * in-memory build of the page (`/assets/mock-page.js` and `.css`), so no production build is needed.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { MOCK_PAGE_TEXT } from '@contracts/api/mock-requests';

/** The build's files of the page: `mock-page.js` (development) or `mock-page.1a2b3c4d.js`. */
const BUNDLE_FILE = /^mock-page(?:\.[0-9a-f]{8,32})?\.(js|css)$/;
/** Where the build puts scripts and stylesheets, and the URL path they are served at. */
const ASSETS = 'assets';

/**
 * Set by the webpack dev server's proxy (webpack.config.ts, devServer.proxy): the page is opened
 * from the dev client, whose build of the page has the development file names.
 */
export const DEV_CLIENT_HEADER = 'X-Mock-Page-Dev-Client';
/** The dev server's files of the page (webpack.config.ts, development output names). */
export const DEV_CLIENT_FILES: PageFiles = {
  script: `/${ASSETS}/mock-page.js`,
  style: `/${ASSETS}/mock-page.css`,
};

/** The CSP directive the dev build's eval is added to (server/http/security.ts). */
const SCRIPT_SRC = "script-src 'self'";

export interface PageFiles {
  script: string;
  style?: string;
}

/** The page's built files in the client folder, as URL paths; undefined when not built. */
export function findPageFiles(clientDir: string): PageFiles | undefined {
  let names: string[];
  try {
    names = readdirSync(path.join(clientDir, ASSETS));
  } catch {
    return undefined;
  }
  let script: string | undefined;
  let style: string | undefined;
  for (const name of names) {
    const match = BUNDLE_FILE.exec(name);
    if (match?.[1] === 'js') script = `/${ASSETS}/${name}`;
    else if (match?.[1] === 'css') style = `/${ASSETS}/${name}`;
  }
  return script === undefined ? undefined : { script, style };
}

/** The HTML frame. The file names come from BUNDLE_FILE's match: nothing to escape. */
export function pageHtml({ script, style }: PageFiles): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${MOCK_PAGE_TEXT.title}</title>
    ${style === undefined ? '' : `<link rel="stylesheet" href="${style}" />`}
    <script defer src="${script}"></script>
  </head>
  <body>
    <noscript>${MOCK_PAGE_TEXT.noScript}</noscript>
    <div id="mock-page"></div>
  </body>
</html>
`;
}

export function mockPage(clientDir: string): RequestHandler {
  return (req, res) => {
    res.set('Cache-Control', 'no-store');
    const devClient = req.get(DEV_CLIENT_HEADER) !== undefined;
    const files = devClient ? DEV_CLIENT_FILES : findPageFiles(clientDir);
    if (devClient) {
      // The dev build runs its modules through eval (webpack's eval source maps), which the
      // page's CSP allows for this answer only; scripts still come from the page's origin alone.
      const csp = res.getHeader('Content-Security-Policy');
      if (typeof csp === 'string') {
        res.setHeader(
          'Content-Security-Policy',
          csp.replace(SCRIPT_SRC, `${SCRIPT_SRC} 'unsafe-eval'`),
        );
      }
    }
    if (files === undefined) {
      res.status(503).type('text/plain').send(`${MOCK_PAGE_TEXT.notBuilt}\n`);
      return;
    }
    res.type('html').send(pageHtml(files));
  };
}

/**
 * `GET /__mock/openapi.json`: the OpenAPI 3.1 document of the app's routes, made from the app's
 * declared routes and validation schemas (openapi-document.ts; docs/developer-tools.md).
 * Made when first asked for and kept: the routes do not change once the app is built.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Express, Router } from 'express';
import { MOCK_PATHS } from '@contracts/api/mock';
import { PROJECT_ROOT } from '../../config';
import { noInput } from '../../http/route-docs';
import { recordedRouter } from '../../http/route-table';
import { buildOpenApiDocument, type DocumentInfo, type OpenApiResult } from './openapi-document';

/** Gives the app (made by http/route-table.ts) when the document is first asked for. */
export type RouteSource = () => Express | Router;

/** The document's info: the package's name and version, the paths served from `serverUrl`. */
export function documentInfo(serverUrl: string): DocumentInfo {
  const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    description?: string;
  };
  return {
    title: `${manifest.name} API`,
    version: manifest.version,
    description: [
      manifest.description ?? '',
      'Generated from the routes of the mock server and the zod schemas that validate their',
      'input. Success bodies are described only where a schema of them exists (none is written',
      'only for this document): see the pacts for the answers. Every error answer is',
      '`{errorCode, errorMessage}`. Not described: the developer tools (/__mock), the provider',
      'states (/_pact), the client files and the fonts (static files).',
    ].join(' '),
    serverUrl,
  };
}

/** The document of the app served at `serverUrl` (`/`: wherever the document was fetched). */
export function openApiOf(routes: Express | Router, serverUrl = '/'): OpenApiResult {
  return buildOpenApiDocument(routes, documentInfo(serverUrl));
}

export function createOpenApiRouter(routes: RouteSource): Router {
  const router = recordedRouter();
  let document: unknown;
  router.get(
    MOCK_PATHS.openapi,
    noInput((_req, res) => {
      document ??= openApiOf(routes()).document;
      res.set('Cache-Control', 'no-store').json(document);
    }),
  );
  return router;
}

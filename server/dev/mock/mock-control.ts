/**
 * The mock server's developer tools (docs/developer-tools.md), built only when
 * config.mockControl is on (MOCK_CONTROL; off when NODE_ENV=production):
 *
 * - `beforeRoutes`: runs ahead of every route; delays and faults a call (faults.ts), answering
 *   before any router runs so a faulted write never happens.
 * - `record`: told of each finished request by the request logger (request-log.ts).
 * - `handle`: the control API and page under /__mock, every call needing a signed-in token.
 */
import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { MOCK_MOUNT, MOCK_PATHS } from '@contracts/api/mock';
import { CALL_DETAIL_MAX_BYTES } from '@contracts/api/mock-proxy';
import type { ServerConfig } from '../../config';
import type { Store } from '../../db/store';
import type { ForeignTokenCheck } from '../../auth/require-auth';
import type { RequestRecord } from '../../http/logging';
import type { ImportService } from '../../imports/import-service';
import { CALL_DETAIL_LOCAL, captureDetails, type CallDetail } from './call-detail';
import { createFaults, type Faults } from './faults';
import { createOpenApiRouter, type RouteSource } from './openapi';
import { createProxy } from './proxy';
import { createRequestLog } from './request-log';
import { createScenarios } from './scenarios';

export interface MockControlDependencies {
  store: Store;
  config: ServerConfig;
  imports: ImportService;
  /** The token check of the protected API. */
  requireAuth: RequestHandler;
  logger: Logger;
  /** The app whose routes the OpenAPI document describes (read when first asked). */
  routes: RouteSource;
}

export interface MockControl {
  beforeRoutes: RequestHandler;
  record: (entry: RequestRecord) => void;
  /** The control API and page: calls under /__mock go to its routers, others pass by. */
  handle: RequestHandler;
  /** Notes each call's headers and bodies for its details (right after the request logger). */
  capture: RequestHandler;
  /** The fault registry, for the upload and import hooks. */
  faults: Faults;
  /** The user of a token the real backend signed, when the mock takes such tokens now. */
  foreignToken: ForeignTokenCheck;
}

/** `/__mock` or below it, in any case (express routes without regard to case). */
export function isMockPath(urlPath: string): boolean {
  const lower = urlPath.toLowerCase();
  return lower === MOCK_MOUNT || lower.startsWith(`${MOCK_MOUNT}/`);
}

export function createMockControl(deps: MockControlDependencies): MockControl {
  const faults = createFaults(deps);
  const requestLog = createRequestLog(deps);
  const scenarios = createScenarios(deps);
  const proxy = createProxy({
    store: deps.store,
    config: deps.config,
    logger: deps.logger,
    routes: deps.routes,
    observe: (_req, res) => {
      const detail = res.locals[CALL_DETAIL_LOCAL] as CallDetail | undefined;
      return detail === undefined
        ? undefined
        : { requestChunk: (chunk) => detail.requestBytes.add(chunk) };
    },
  });

  // Only calls under /__mock reach these routers (`handle`); each route names its whole path.
  const router = Router();
  // The page alone goes without a token (a browser's navigation cannot send one): it holds no
  // data, signs in itself and sends the token with every call.
  router.get(MOCK_PATHS.page, requestLog.page);
  router.use(deps.requireAuth);
  router.use(faults.router);
  router.use(requestLog.router);
  router.use(scenarios.router);
  router.use(proxy.rules.router);
  router.use(createOpenApiRouter(deps.routes));

  return {
    // The faults first: a call forwarded to the real backend is faulted and delayed too.
    beforeRoutes: (req, res, next) => {
      faults.beforeRoutes(req, res, (error?: unknown) => {
        if (error === undefined) proxy.beforeRoutes(req, res, next);
        else next(error);
      });
    },
    record: requestLog.record,
    handle: (req, res, next) => {
      if (isMockPath(req.path)) router(req, res, next);
      else next();
    },
    capture: captureDetails(() => CALL_DETAIL_MAX_BYTES),
    faults,
    foreignToken: proxy.foreignToken,
  };
}

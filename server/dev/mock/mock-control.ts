/**
 * The mock server's developer tools (docs/developer-tools.md), built only when
 * config.mockControl is on (MOCK_CONTROL; off when NODE_ENV=production):
 *
 * - `beforeRoutes`: runs ahead of every route; delays and faults a call (faults.ts), answering
 *   before any router runs so a faulted write never happens.
 * - `record`: told of each finished request by the request logger (request-log.ts).
 * - `handle`: the control API and page under /__mock, every call needing a signed-in token.
 */
import { existsSync } from 'node:fs';
import { type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { MOCK_MOUNT, MOCK_PATHS } from '@contracts/api/mock';
import { MOCK_PROXY_MESSAGE } from '@contracts/api/mock-proxy';
import { ConfigError, type ServerConfig } from '../../config';
import type { Store } from '../../db/store';
import type { ForeignTokenCheck } from '../../auth/require-auth';
import type { RequestRecord } from '../../http/logging';
import type { ReceivedBody } from '../../http/json-body';
import type { ImportService } from '../../imports/import-service';
import {
  CALL_DETAIL_LOCAL,
  captureDetails,
  keepReceivedBody,
  type CallDetail,
} from './call-detail';
import { readFaultsFile } from './fault-rules';
import { createFaults, type Faults } from './faults';
import { localRoutes } from './local-routes';
import { createOpenApiRouter, type RouteSource } from './openapi';
import { createProxy } from './proxy';
import { readRoutesFile } from './proxy-routes';
import { createRequestLog } from './request-log';
import { createRecordings, RECORDED_ANSWER_MAX_BYTES, recordingFile } from './recordings';
import { createScenarios } from './scenarios';
import { scenarioNamed } from '../scenarios/catalogue';
import { recordedRouter } from '../../http/route-table';

export interface MockControlDependencies {
  store: Store;
  config: ServerConfig;
  imports: ImportService;
  /** The token check of the protected API. */
  requireAuth: RequestHandler;
  /** The token is a valid access token of this server (of a live session). */
  ownToken(raw: string): boolean;
  logger: Logger;
  /** The app whose routes the OpenAPI document describes (read when first asked). */
  routes: RouteSource;
}

export interface MockControl {
  beforeRoutes: RequestHandler;
  record: (entry: RequestRecord) => void;
  /** The control API and page: calls under /__mock go to its routers, others pass by. */
  handle: RequestHandler;
  /**
   * Serves a recorded answer while a recording is in place (after the JSON body is read), to a
   * caller with a valid token unless the mock's own route there needs none.
   */
  afterBody: RequestHandler;
  /**
   * The most of a call's JSON body that `afterBody` may answer from, and the calls it applies to
   * (a write a recording in place holds): the JSON body parser's `wider` limit.
   */
  replayBodies: { limit: number; applies(req: Request): boolean };
  /** Notes each call's headers and bodies for its details (right after the request logger). */
  capture: RequestHandler;
  /** The JSON body parser's hook: a call's body as the client sent it, for its details. */
  receivedBody: ReceivedBody;
  /** The fault registry, for the upload and import hooks. */
  faults: Faults;
  /** The user of a token the real backend signed, when the mock takes such tokens now. */
  foreignToken: ForeignTokenCheck;
  /** The call goes to the real backend (./proxy.ts), which limits its own calls. */
  forwards(req: Request): boolean;
}

/**
 * Reads the developer tools' start files (MOCK_FAULTS, MOCK_PROXY_ROUTES) when the tools are on:
 * a bad one throws the ConfigError that createMockControl would, so the start can stop on it
 * before the data folder is touched.
 */
export function checkStartFiles(
  config: Pick<
    ServerConfig,
    'mockControl' | 'mockFaultsFile' | 'mockProxyRoutesFile' | 'mockRecord' | 'dbFile'
  >,
): void {
  if (!config.mockControl) return;
  if (config.mockFaultsFile !== undefined) readFaultsFile(config.mockFaultsFile);
  if (config.mockProxyRoutesFile !== undefined) readRoutesFile(config.mockProxyRoutesFile);
  // A MOCK_RECORD (--record) name a scenario or a file in the recordings folder has would stop
  // the start once the recording starts, after the data was seeded: it stops it here instead.
  if (
    config.mockRecord !== undefined &&
    (scenarioNamed(config.mockRecord) !== undefined ||
      existsSync(recordingFile(config.dbFile, config.mockRecord)))
  ) {
    throw new ConfigError(MOCK_PROXY_MESSAGE.recordingExists(config.mockRecord));
  }
}

/** `/__mock` or below it, in any case (express routes without regard to case). */
export function isMockPath(urlPath: string): boolean {
  const lower = urlPath.toLowerCase();
  return lower === MOCK_MOUNT || lower.startsWith(`${MOCK_MOUNT}/`);
}

export function createMockControl(deps: MockControlDependencies): MockControl {
  // `proxy` is read only when a call comes, after it is made.
  const faults = createFaults({ ...deps, forwarded: (req) => proxy.forwards(req) });
  const requestLog = createRequestLog(deps);
  // Each needs the other: a recording keeps the scenario it started on, a recorded scenario is
  // switched to like the others.
  // `recorder` is read only when a call comes, after it is made.
  const scenarios = createScenarios({ ...deps, recordings: () => recorder });
  const local = localRoutes(deps.routes);
  const recorder = createRecordings({
    config: deps.config,
    logger: deps.logger,
    currentScenario: () => scenarios.current(),
    reserved: (name) => scenarioNamed(name) !== undefined,
    isPublic: local.isPublic,
    requireAuth: deps.requireAuth,
  });
  const proxy = createProxy({
    store: deps.store,
    config: deps.config,
    logger: deps.logger,
    local,
    ownToken: deps.ownToken,
    // A recording in place answers offline: what it does not have, the mock serves.
    suspended: () => recorder.replaying(),
    observe: (req, res) => {
      const detail = res.locals[CALL_DETAIL_LOCAL] as CallDetail | undefined;
      if (detail !== undefined) recorder.forwarding(req.method, req.originalUrl, detail);
      return detail === undefined
        ? undefined
        : {
            requestChunk: (chunk) => detail.requestBytes.add(chunk),
            response: (_status, headers) => {
              detail.targetHeaders = headers;
            },
          };
    },
  });

  // Only calls under /__mock reach these routers (`handle`); each route names its whole path.
  const router = recordedRouter();
  // The page alone goes without a token (a browser's navigation cannot send one): it holds no
  // data, signs in itself and sends the token with every call.
  router.get(MOCK_PATHS.page, requestLog.page);
  router.use(deps.requireAuth);
  router.use(faults.router);
  router.use(requestLog.router);
  router.use(scenarios.router);
  router.use(proxy.rules.router);
  router.use(recorder.router);

  if (deps.config.mockRecord !== undefined) {
    if (proxy.target === null) {
      deps.logger.warn('MOCK_RECORD (--record): no real backend is set, nothing will be recorded');
    }
    recorder.startAll(deps.config.mockRecord);
    // Saved when the server stops (index.ts closes the store on SIGINT and SIGTERM).
    deps.store.onClose(() => {
      try {
        recorder.saveAll();
      } catch (error) {
        deps.logger.error({ err: error }, 'the recording could not be saved');
      }
    });
  }
  router.use(createOpenApiRouter(deps.routes));

  return {
    // A forwarding loop is refused before anything else (a fault would apply at each turn). Then
    // the faults: a call forwarded to the real backend is faulted and delayed too.
    beforeRoutes: (req, res, next) => {
      proxy.refuseLoop(req, res, () => {
        faults.beforeRoutes(req, res, (error?: unknown) => {
          if (error === undefined) proxy.beforeRoutes(req, res, next);
          else next(error);
        });
      });
    },
    record: (entry) => {
      requestLog.record(entry);
      recorder.record(entry);
    },
    afterBody: recorder.replay,
    replayBodies: {
      limit: RECORDED_ANSWER_MAX_BYTES,
      applies: (req) => recorder.replaysWrite(req.method, req.originalUrl),
    },
    handle: (req, res, next) => {
      if (isMockPath(req.path)) router(req, res, next);
      else next();
    },
    capture: captureDetails(recorder.bodyLimit),
    receivedBody: keepReceivedBody,
    faults,
    foreignToken: proxy.foreignToken,
    forwards: proxy.forwards,
  };
}

/**
 * The composition root: builds the Express app from its dependencies and never listens
 * (index.ts listens; tests drive it with supertest).
 */
import express, { Router, type Express, type RequestHandler } from 'express';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import type { Logger } from 'pino';
import { createAuthRouter } from './auth/auth-router';
import { requireAuth } from './auth/require-auth';
import { SESSION_PRUNE_INTERVAL_MS, startSessionPruning } from './auth/sessions';
import { resolveTokenSecret } from './auth/token-secret';
import { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Store } from './db/store';
import { createMockControl } from './dev/mock/mock-control';
import { createProviderStatesRouter } from './dev/provider-states-router';
import { createFontsRouter } from './fonts/fonts-router';
import { clientFiles } from './http/client-files';
import { chain } from './http/chain';
import { weakEtag } from './http/etag';
import { createErrorHandler, notFoundHandler } from './http/error-handler';
import { createLogger, requestLogger } from './http/logging';
import { routeToResources } from './http/api-routes';
import { API_MOUNT, URL_MOUNT } from './http/mounts';
import { apiRateLimit } from './http/rate-limit';
import { securityHeaders } from './http/security';
import { createImagesRouter } from './images/images-router';
import { createFilesRouter } from './imports/files-router';
import { ImportService } from './imports/import-service';
import { createLookupsRouter } from './lookups/lookups-router';
import { createMailRouter } from './mail/mail-router';
import { createModuleCodesRouter } from './module-codes/module-codes-router';
import { createMyJournalRouter } from './my-journal/my-journal-router';
import { createMyMerchantRouter } from './my-merchant/my-merchant-router';
import { createProgramsRouter } from './programs/programs-router';
import { createRuntimeConfigRouter } from './runtime-config/runtime-config-router';
import { createBaseCampaignRouter } from './schemes/base-campaign-router';
import { createBinsRouter } from './schemes/bins-router';
import { createClientsRouter } from './schemes/clients-router';
import { createConfigurationsRouter } from './schemes/configurations-router';
import { createLiabilityRouter } from './schemes/liability-router';
import { createSchemesRouter } from './schemes/schemes-router';
import { createSettlementsRouter } from './schemes/settlements-router';
import { createSummariesRouter } from './schemes/summaries-router';
import { createJournalSiteRouter } from './sites/journal-site-router';
import { createMerchantSiteRouter } from './sites/merchant-site-router';

/** The public paths under the API mount (auth-router.ts): login and logout, and refresh. */
const PUBLIC_API_PATHS = [`${API_MOUNT}${API_PATHS.tokens}`, `${URL_MOUNT}${URL_PATHS.refresh}`]
  .map((publicPath) => publicPath.toLowerCase())
  .filter((publicPath) => publicPath.startsWith(`${API_MOUNT}/`));

/** Under the API mount and not a public path (lower case: express routes without regard to case). */
function isProtectedApiPath(urlPath: string): boolean {
  const lower = urlPath.toLowerCase();
  return (
    lower.startsWith(`${API_MOUNT}/`) &&
    !PUBLIC_API_PATHS.some((p) => lower === p || lower.startsWith(`${p}/`))
  );
}

/**
 * The JSON body parser, skipped for a request without body bytes (no Content-Length, no
 * Transfer-Encoding: body-parser's own test, without its per-call checks and debug calls; most
 * API calls are GETs, issue 8).
 */
function jsonBodies(parser: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const { headers } = req;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      next();
      return;
    }
    parser(req, res, next);
  };
}

export interface AppDependencies {
  db: Store;
  config: ServerConfig;
  /** Defaults to a pino logger at config.logLevel. */
  logger?: Logger;
  /** How often expired sessions are dropped (default SESSION_PRUNE_INTERVAL_MS). */
  sessionPruneIntervalMs?: number;
  /**
   * The card, store and device imports and their records (the journal site's balance check
   * reads its cards). Defaults to one opened on config's folders, closed when `db` closes.
   */
  imports?: ImportService;
}

/** The import service on config's folders, closed with the data store (as the app's timers). */
function openImports(config: ServerConfig, db: Store, logger: Logger): ImportService {
  const imports = ImportService.open({
    recordsDir: config.recordsDir,
    importsDir: config.importsDir,
    keysDir: config.keysDir,
    logger,
    fileRetentionMs: config.importFileRetentionHours * 60 * 60 * 1000,
  });
  db.onClose(() => {
    imports.close().catch((error: unknown) => {
      logger.error({ err: error }, 'could not close the import records');
    });
  });
  return imports;
}

export function createApp({
  db,
  config,
  logger = createLogger(config.logLevel),
  sessionPruneIntervalMs = SESSION_PRUNE_INTERVAL_MS,
  imports: givenImports,
}: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', weakEtag);

  const tokens = new TokenService({
    secret: resolveTokenSecret(config.tokenSecret, db, logger),
    accessTtlSeconds: config.tokenTtlSeconds,
    masterTtlSeconds: config.masterTokenTtlSeconds,
  });
  const authenticated = requireAuth(db, tokens);
  startSessionPruning(db, sessionPruneIntervalMs, (error) =>
    logger.error({ err: error }, 'could not drop expired sessions'),
  );
  const imports = givenImports ?? openImports(config, db, logger);

  // Development only (config.mockControl): the developer tools at /__mock (README "Developer tools").
  const mock = config.mockControl
    ? createMockControl({
        store: db,
        config,
        imports,
        requireAuth: authenticated,
        logger,
        // The routes as if mounted in a row (the app itself dispatches through chain()).
        routes: () => documentedRoutes,
      })
    : undefined;

  // Public: run-time config, login and refresh, image bytes, fonts, the published site.
  const publicRoutes = Router();
  publicRoutes.use(createRuntimeConfigRouter(config));
  publicRoutes.use(
    createAuthRouter({
      store: db,
      tokens,
      passwordHashCost: config.passwordHashCost,
      loginRateLimit: config.loginRateLimit,
    }),
  );
  publicRoutes.use(
    createImagesRouter({ store: db, filesDir: config.filesDir, requireAuth: authenticated }),
  );
  // The scheme review mail: screenshot upload, outbox, SMTP (each route needs a token).
  publicRoutes.use(createMailRouter({ config, store: db, requireAuth: authenticated, logger }));
  publicRoutes.use(createFontsRouter(config.fontsDir));
  publicRoutes.use(createJournalSiteRouter({ store: db, config, cards: imports.cards }));
  publicRoutes.use(createMerchantSiteRouter({ store: db, stores: imports.stores, config }));
  // Development only (off when NODE_ENV=production): pact's provider states (README "Contracts").
  if (config.providerStates) {
    publicRoutes.use(
      createProviderStatesRouter({
        store: db,
        passwordHashCost: config.passwordHashCost,
        imports,
        reviewImagesDir: config.reviewImagesDir,
      }),
    );
  }
  // Everything else under the API needs a valid access token; each call goes only to the routes
  // it could match (http/api-routes.ts).
  const apiRouters = [
    createProgramsRouter(db),
    createLookupsRouter(db),
    createMyJournalRouter(db),
    createMyMerchantRouter({ store: db, filesDir: config.filesDir }),
    createModuleCodesRouter(db),
    createClientsRouter(db),
    createSchemesRouter({ store: db, passwordHashCost: config.passwordHashCost }),
    createConfigurationsRouter(db),
    createBinsRouter(db),
    createSettlementsRouter(db),
    createLiabilityRouter(db),
    createBaseCampaignRouter(db),
    createSummariesRouter(db, imports),
    createFilesRouter({ store: db, imports, maxUploadBytes: config.importMaxBytes }),
  ];
  const protectedApi = chain([authenticated, routeToResources(apiRouters, API_MOUNT)]);
  // Every route as one router tree, as if mounted in a row, for the OpenAPI document
  // (dev/mock/openapi.ts walks it; it never handles a call: the chain below does).
  const documentedRoutes = Router();
  documentedRoutes.use(publicRoutes);
  documentedRoutes.use(API_MOUNT, authenticated, ...apiRouters);

  // One express layer for everything (http/chain.ts, issue 8), in this order.
  const client = clientFiles(config.clientDir, { sourceMaps: config.serveSourceMaps });
  const main = chain([
    requestLogger(logger, mock?.record),
    securityHeaders([config.apiBase, config.urlBase, config.merchantApiBase]),
    ...(client === undefined ? [] : [client]),
    apiRateLimit({
      limit: config.apiRateLimit,
      trustProxy: config.trustProxy,
      maySignIn: (req) => req.headers.authorization !== undefined && isProtectedApiPath(req.path),
    }),
    ...(mock === undefined ? [] : [mock.beforeRoutes]),
    jsonBodies(express.json({ limit: config.jsonBodyLimit })),
    ...(mock === undefined ? [] : [mock.handle]),
    // A call under the API other than login and refresh can only be answered by the
    // protected routes: it skips the public ones (issue 8: walking their routes cost a good
    // part of every API call).
    (req, res, next) => {
      if (isProtectedApiPath(req.path)) protectedApi(req, res, next);
      else publicRoutes(req, res, next);
    },
  ]);

  app.use(main);
  app.use(notFoundHandler);
  app.use(createErrorHandler(logger));
  return app;
}

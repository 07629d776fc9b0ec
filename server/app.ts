/**
 * The composition root: builds the Express app from its dependencies and never listens
 * (index.ts serves it with http/http-server.ts; tests drive it with supertest or that server).
 *
 * In the order a call meets them: the request log, an absolute URL in the request line served as
 * its path (this server's own) or refused (another host's), and the security headers on every
 * answer; the API (every call under /api: the anonymous limit, faults, JSON bodies, login and
 * refresh, the token check, the resource routers, 404); the built client's files; the same limit,
 * faults and JSON bodies, then the developer tools and the public routes; 404; the error handler.
 */
import type { Express, RequestHandler } from 'express';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { MOCK_PROXY_MESSAGE } from '@contracts/api/mock-proxy';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import type { Logger } from 'pino';
import { createAuthRouter } from './auth/auth-router';
import {
  carriesValidToken,
  ownTokenUser,
  requireAuth,
  type ForeignTokenCheck,
} from './auth/require-auth';
import { SESSION_PRUNE_INTERVAL_MS, startSessionPruning } from './auth/sessions';
import { resolveTokenSecret } from './auth/token-secret';
import { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Store } from './db/store';
import { devClientPage } from './dev/dev-client-page';
import { createMockControl } from './dev/mock/mock-control';
import { createProviderStatesRouter } from './dev/provider-states-router';
import { createFontsRouter } from './fonts/fonts-router';
import { clientFiles } from './http/client-files';
import { weakEtag } from './http/etag';
import { createErrorHandler, notFoundHandler } from './http/error-handler';
import { createLogger, requestLogger } from './http/logging';
import { jsonBody, refuseOverLimit } from './http/json-body';
import { API_MOUNT, URL_MOUNT, isApiPath } from './http/mounts';
import { apiRateLimit, BruteForceLimits } from './http/rate-limit';
import { corsForOrigins } from './http/cors';
import { requestTarget } from './http/request-target';
import { securityHeaders } from './http/security';
import { createImagesRouter } from './images/images-router';
import { UnusedImages } from './images/unused-images';
import { createFilesRouter } from './imports/files-router';
import { ImportService } from './imports/import-service';
import { createReviewRouter } from './imports/review-router';
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
import { recordedApp, recordedRouter } from './http/route-table';

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

const REFRESH_PATH = `${URL_MOUNT}${URL_PATHS.refresh}`.toLowerCase();

/** The token refresh (with or without a trailing slash, any case, as express routes it). */
function isRefreshPath(urlPath: string): boolean {
  const lower = urlPath.toLowerCase();
  return lower === REFRESH_PATH || lower === `${REFRESH_PATH}/`;
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
  const app = recordedApp();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', weakEtag);

  const tokens = new TokenService({
    secret: resolveTokenSecret(config.tokenSecret, db, config.keysDir, logger),
    accessTtlSeconds: config.tokenTtlSeconds,
    masterTtlSeconds: config.masterTokenTtlSeconds,
  });
  // The mock beside a real backend may take the backend's tokens too (dev/mock/proxy.ts).
  const foreignToken: ForeignTokenCheck = (raw) => mock?.foreignToken(raw);
  const authenticated = requireAuth(db, tokens, foreignToken);
  const signedIn = carriesValidToken(db, tokens, foreignToken);
  startSessionPruning(db, sessionPruneIntervalMs, (error) =>
    logger.error({ err: error }, 'could not drop expired sessions'),
  );
  const imports = givenImports ?? openImports(config, db, logger);
  const unusedImages = new UnusedImages({ store: db, filesDir: config.filesDir, logger });

  // Development only (config.mockControl): the /__mock developer tools (docs/developer-tools.md).
  const mock = config.mockControl
    ? createMockControl({
        store: db,
        config,
        imports,
        requireAuth: authenticated,
        ownToken: (raw) => ownTokenUser(db, tokens, raw) !== undefined,
        logger,
        // The OpenAPI document describes the routes as the app dispatches them.
        routes: () => app,
      })
    : undefined;

  const ignoredTarget = config.mockProxyTargetIgnored ?? config.mockProxyTarget;
  if (ignoredTarget !== undefined && (mock === undefined || config.mockProxyTarget === undefined)) {
    logger.warn(
      { target: ignoredTarget },
      config.mockProxyTargetIgnored === undefined
        ? 'MOCK_PROXY_TARGET ignored: the developer tools are off (MOCK_CONTROL=false)'
        : 'MOCK_PROXY_TARGET ignored: forwarding is off with NODE_ENV=production',
    );
  }

  // The failed-login and balance-check limits, which pact's provider states clear for the
  // verifier's address.
  const bruteForceLimits = new BruteForceLimits();

  // Ahead of every route the server answers itself: the anonymous request limit, the developer
  // tools' faults and delays (a faulted call is answered before any route runs), JSON bodies.
  // The client's files are neither counted nor faulted.
  const aheadOfRoutes: RequestHandler[] = [
    apiRateLimit({
      limit: config.apiRateLimit,
      trustProxy: config.trustProxy,
      // Past the limit, a call that needs a token goes on to the check of it: any token on a
      // protected API path (401 there when it is not valid, so the app signs out), the refresh
      // (its master token is in the body: 401 there when not valid), and a valid access token
      // anywhere else: the images and mail calls on the URL base, logout, the developer tools.
      maySignIn: (req) =>
        isRefreshPath(req.path) ||
        (req.headers.authorization !== undefined &&
          (isProtectedApiPath(req.path) || signedIn(req))),
      // A call the developer tools forward: the real backend answers and limits it.
      limitedElsewhere: (req) => mock?.forwards(req) === true,
    }),
    ...(mock === undefined ? [] : [mock.beforeRoutes]),
    // A write a recording in place holds is read up to the most a recording keeps, and refused
    // over JSON_BODY_LIMIT after, when it is not replayed.
    jsonBody({
      limit: config.jsonBodyLimit,
      received: mock?.receivedBody,
      wider: mock?.replayBodies,
    }),
    ...(mock === undefined ? [] : [mock.afterBody, refuseOverLimit(config.jsonBodyLimit)]),
  ];

  // Every call under the API mount, and only those, answered here (404 JSON for no route): none
  // reaches the client's files or the public routes. Mounted at the root, not at API_MOUNT, so
  // the paths stay whole for the routes and middleware that read them (login and refresh name
  // their whole paths; the faults match whole paths).
  const api = recordedRouter();
  api.use((req, _res, next) => {
    next(isApiPath(req.url) ? undefined : 'router');
  });
  api.use(aheadOfRoutes);
  // Login, logout and refresh.
  api.use(
    createAuthRouter({
      store: db,
      tokens,
      passwordHashCost: config.passwordHashCost,
      loginRateLimit: config.loginRateLimit,
      limits: bruteForceLimits,
    }),
  );
  // Everything else under the API needs a valid access token.
  api.use(
    API_MOUNT,
    authenticated,
    createProgramsRouter(db),
    createLookupsRouter(db),
    createMyJournalRouter(db, unusedImages),
    createMyMerchantRouter({ store: db, filesDir: config.filesDir, images: unusedImages }),
    createModuleCodesRouter(db),
    createClientsRouter(db),
    createSchemesRouter({
      store: db,
      passwordHashCost: config.passwordHashCost,
      images: unusedImages,
    }),
    createConfigurationsRouter(db),
    createBinsRouter(db),
    createSettlementsRouter(db),
    createLiabilityRouter(db),
    createBaseCampaignRouter(db),
    createSummariesRouter(db, imports),
    createReviewRouter({ store: db, imports }),
    createFilesRouter({ store: db, imports, maxUploadBytes: config.importMaxBytes }),
  );
  api.use(notFoundHandler);

  app.use(requestLogger(logger, mock?.record));
  // An absolute URL in the request line: this server's own is served as its path, another host's
  // refused, whatever route it names (a call the developer tools would forward, with the text
  // forward.ts answers a request line that is not a path with).
  app.use(
    requestTarget((req) =>
      mock?.forwards(req) === true ? MOCK_PROXY_MESSAGE.pathNotForwarded : ERROR_MESSAGE.otherHost,
    ),
  );
  if (mock !== undefined) app.use(mock.capture);
  app.use(securityHeaders([config.apiBase, config.urlBase, config.merchantApiBase]));
  // Development only: other origins' pages calling directly (MOCK_CORS_ORIGINS).
  if (config.corsOrigins.length > 0) app.use(corsForOrigins(config.corsOrigins));
  if (config.corsOriginsIgnored !== undefined) {
    logger.warn(
      { origins: config.corsOriginsIgnored },
      'MOCK_CORS_ORIGINS ignored: no CORS with NODE_ENV=production',
    );
  }
  app.use(api);
  // The built client's files (http/client-files.ts), after the API: it answers only paths naming
  // an entry of its folder, from a list made at start, so no other call touches the disk.
  const client = clientFiles(config.clientDir, { sourceMaps: config.serveSourceMaps });
  if (client !== undefined) app.use(client);
  // No build under `npm run dev`: `/` names the dev client, where the portal runs.
  else if (config.devClientUrl !== undefined) app.use(devClientPage(config.devClientUrl));
  app.use(aheadOfRoutes);
  if (mock !== undefined) app.use(mock.handle);
  // Public: run-time config, image bytes, the review mail (each of its routes needs a token),
  // fonts, the published sites.
  app.use(createRuntimeConfigRouter(config));
  app.use(createImagesRouter({ store: db, filesDir: config.filesDir, requireAuth: authenticated }));
  app.use(createMailRouter({ config, store: db, requireAuth: authenticated, logger }));
  app.use(createFontsRouter(config.fontsDir));
  app.use(
    createJournalSiteRouter({ store: db, config, cards: imports.cards, limits: bruteForceLimits }),
  );
  app.use(
    createMerchantSiteRouter({
      store: db,
      stores: imports.stores,
      config,
      limits: bruteForceLimits,
    }),
  );
  // Only with PROVIDER_STATES=true, never in production: pact's provider states (docs/contracts.md).
  if (config.providerStatesIgnored) {
    logger.warn('PROVIDER_STATES ignored: the provider states are off with NODE_ENV=production');
  }
  if (config.providerStates) {
    app.use(
      createProviderStatesRouter({
        store: db,
        passwordHashCost: config.passwordHashCost,
        imports,
        reviewImagesDir: config.reviewImagesDir,
        imagesDir: config.filesDir,
        limits: bruteForceLimits,
      }),
    );
  }
  app.use(notFoundHandler);
  app.use(createErrorHandler(logger));
  return app;
}

/** GET /config.json (public): the client's run-time configuration, so one build runs anywhere. */
import { type Router } from 'express';
import type { RuntimeConfig } from '@contracts/api/entities';
import { RUNTIME_CONFIG_PATH } from '@contracts/api/paths';
import type { ServerConfig } from '../config';
import { noInput } from '../http/route-docs';
import { recordedRouter } from '../http/route-table';

export function runtimeConfigOf(config: ServerConfig): RuntimeConfig {
  return {
    apiBase: config.apiBase,
    urlBase: config.urlBase,
    merchantApiBase: config.merchantApiBase,
    inactivityLimitSeconds: config.inactivityLimitSeconds,
    productionHosts: config.productionHosts,
    testSiteHost: config.testSiteHost,
    liveSiteHost: config.liveSiteHost,
  };
}

export function createRuntimeConfigRouter(config: ServerConfig): Router {
  const router = recordedRouter();
  const body = runtimeConfigOf(config);
  router.get(
    RUNTIME_CONFIG_PATH,
    noInput((_req, res) => {
      res.set('Cache-Control', 'no-store').json(body);
    }),
  );
  return router;
}

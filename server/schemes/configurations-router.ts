/**
 * Scheme configuration, the wizard's step 2 (03 §3, §4, §5 Configuration, §7):
 *   GET  /gift-card/configurations/{programId}          the configuration; 404 when none yet
 *   POST /gift-card/configurations?responseBody=true    create (200), gift (1) or loyalty (3)
 *   PUT  /gift-card/configurations/{programId}          update (200)
 * Create and update answer the stored configuration (create without responseBody=true answers
 * `{ programId }`) and raise the scheme's status to 2. A create answers 200, not 201: 03 §8 has
 * the client show any other config status as 'Error: {status}'. The read and the update carry a
 * strong ETag; an update with If-Match is refused (412) when the configuration changed since
 * (server/http/record-etag.ts). The lookups router answers
 * /gift-card/configurations/expiry-type and expiry-term before these routes see them.
 */
import { type Router } from 'express';
import { current } from 'immer';
import {
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE as MESSAGE,
  SCHEME_STATUS,
  type Config,
} from '@contracts/api/schemes';
import type { Data } from '../db/schema';
import type { Store } from '../db/store';
import { conflict, validationError } from '../http/errors';
import { idParams, validate } from '../http/validate';
import { setRecordEtag, requireCurrentRecord } from '../http/record-etag';
import { marksConditionalUpdate, marksRecordRead } from '../http/route-docs';
import { checkConfig, findConfig, findScheme, raiseStatus, toConfig } from './scheme-rules';
import { configBody, isTrue, responseBodyQuery } from './scheme-schemas';
import { recordedRouter } from '../http/route-table';

/** Stores the configuration and raises its scheme to status 2 (03 §3). */
function saveConfig(data: Data, config: Config): void {
  const scheme = data.programs.find((p) => p.programId === config.programId);
  if (scheme !== undefined)
    scheme.schemeStatus = raiseStatus(scheme.schemeStatus, SCHEME_STATUS.CONFIG);
  config.schemeStatus = scheme?.schemeStatus ?? SCHEME_STATUS.CONFIG;
  const index = data.configurations.findIndex((c) => c.programId === config.programId);
  if (index === -1) data.configurations.push(config);
  else data.configurations[index] = config;
}

export function createConfigurationsRouter(store: Store): Router {
  const router = recordedRouter();

  router.get(
    SCHEME_PATHS.configuration(':id'),
    marksRecordRead(validate({ params: idParams })),
    (req, res) => {
      const data = store.read();
      findScheme(data, req.params.id);
      const config = toConfig(data, findConfig(data, req.params.id));
      setRecordEtag(res, config);
      res.json(config);
    },
  );

  router.post(
    SCHEME_PATHS.configurations,
    validate({ body: configBody, query: responseBodyQuery }),
    async (req, res) => {
      const input = req.body;
      const config = await store.update((data) => {
        if (data.configurations.some((c) => c.programId === input.programId)) {
          throw conflict('programId', MESSAGE.configExists);
        }
        const created = checkConfig(data, input, undefined);
        saveConfig(data, created);
        return created;
      });
      if (isTrue(req.query.responseBody)) setRecordEtag(res, config);
      res.json(isTrue(req.query.responseBody) ? config : { programId: config.programId });
    },
  );

  router.put(
    SCHEME_PATHS.configuration(':id'),
    marksConditionalUpdate(validate({ params: idParams, body: configBody })),
    async (req, res) => {
      const { id } = req.params;
      const input = req.body;
      const config = await store.update((data) => {
        findScheme(data, id);
        const stored = findConfig(data, id);
        // A plain copy of the draft: toConfig clones the configuration, and a draft cannot be.
        requireCurrentRecord(req, toConfig(data, current(stored)));
        if (input.programId !== id) {
          throw validationError(
            'programId',
            MESSAGE.notExisting('Configuration of scheme', input.programId),
          );
        }
        const updated = checkConfig(data, input, stored);
        saveConfig(data, updated);
        return updated;
      });
      setRecordEtag(res, config);
      res.json(config);
    },
  );

  return router;
}

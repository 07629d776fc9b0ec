/**
 * POST /_pact/provider-states `{ state, params, action }` (pact's state-change protocol): sets up
 * a provider state and answers the values it decided, as JSON, for `fromProviderState`.
 * `action: "teardown"` does nothing (each setup resets its own records). Development only: the app
 * mounts it unless NODE_ENV=production (config.providerStates), and it answers callers on this
 * machine only (loopback; 404 to others), since a state creates a user and hands out its password.
 */
import { type Router } from 'express';
import { z } from 'zod';
import { PROVIDER_STATES_PATH, STATE, type ProviderStateName } from '@contracts/provider/states';
import { notFound, validationError } from '../http/errors';
import { uncountApiRequest } from '../http/rate-limit';
import { validate } from '../http/validate';
import { createProviderStates } from './provider-states';
import { BlockError } from './scenarios/blocks';
import { recordedRouter } from '../http/route-table';

const isStateName = (name: string): name is ProviderStateName =>
  (Object.values(STATE) as string[]).includes(name);

/** Pact sends an interaction without a state as the state `""`: nothing to set up. */
const stateChange = z.object({
  state: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  action: z.enum(['setup', 'teardown']).optional(),
});

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function createProviderStatesRouter(
  deps: Parameters<typeof createProviderStates>[0],
): Router {
  const router = recordedRouter();
  const handlers = createProviderStates(deps);

  router.post(PROVIDER_STATES_PATH, validate({ body: stateChange }), async (req, res) => {
    // The socket's address, not req.ip: a forwarded header must not make a caller local. For
    // anyone else the endpoint does not exist.
    if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) throw notFound();
    // A developer's tool on this machine, not a caller the general limit is for.
    uncountApiRequest(req);
    const { state, params = {}, action = 'setup' } = req.body;
    if (action === 'teardown' || state === '') {
      res.json({});
      return;
    }
    if (!isStateName(state)) throw validationError('state', `Unknown provider state "${state}"`);
    try {
      res.json(await handlers[state](params));
    } catch (error) {
      if (error instanceof BlockError) throw validationError('params', error.message);
      throw error;
    }
  });

  return router;
}

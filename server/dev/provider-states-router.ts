/**
 * POST /_pact/provider-states `{ state, params, action }` (pact's state-change protocol): sets up
 * a provider state and answers the values it decided, as JSON, for `fromProviderState`.
 * `action: "teardown"` does nothing (each setup resets its own records). Only when asked for: the
 * app mounts it with PROVIDER_STATES=true, never with NODE_ENV=production (config.providerStates).
 * Since a state creates a user and hands out its password, it answers only a caller on this
 * machine talking to the server directly: a loopback socket and no proxy header (a reverse proxy
 * on the same host connects from loopback too). Anyone else gets the 404 of a path that does not
 * exist, before the body is validated.
 */
import { type IncomingHttpHeaders } from 'node:http';
import { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { PROVIDER_STATES_PATH, STATE, type ProviderStateName } from '@contracts/provider/states';
import { validationError } from '../http/errors';
import { uncountApiRequest, type BruteForceLimits } from '../http/rate-limit';
import { validate } from '../http/validate';
import { createProviderStates, PACT_RECORDS } from './provider-states';
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

/** Headers a proxy adds to the calls it passes on (RFC 7239, the de facto X- ones, RFC 9110). */
const PROXY_HEADERS = ['forwarded', 'x-real-ip', 'via'];

function viaProxy(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some(
    (name) => PROXY_HEADERS.includes(name) || name.startsWith('x-forwarded-'),
  );
}

/**
 * Lets through only a direct call from this machine. The socket's address, not req.ip: a
 * forwarded header must not make a caller local; and a call that came through a proxy is not
 * local whatever its socket says.
 */
const directLocalCallsOnly: RequestHandler = (req, _res, next) => {
  const direct = LOOPBACK.test(req.socket.remoteAddress ?? '') && !viaProxy(req.headers);
  // Out of this router: the app's own 404, as for a path nobody serves.
  next(direct ? undefined : 'router');
};

export function createProviderStatesRouter({
  limits,
  ...deps
}: Parameters<typeof createProviderStates>[0] & { limits: BruteForceLimits }): Router {
  const router = recordedRouter();
  const handlers = createProviderStates({ ...deps, limits });

  router.post(
    PROVIDER_STATES_PATH,
    directLocalCallsOnly,
    validate({ body: stateChange }),
    async (req, res) => {
      // A developer's tool on this machine, not a caller the general limit is for.
      uncountApiRequest(req);
      const { state, params = {}, action = 'setup' } = req.body;
      if (action === 'teardown' || state === '') {
        res.json({});
        return;
      }
      if (!isStateName(state)) throw validationError('state', `Unknown provider state "${state}"`);
      // The verifier's failed logins (as the pact user), balance checks and store searches of
      // earlier runs do not count against this one: a verification runs again and again, at once.
      limits.clear(req.ip, PACT_RECORDS.username);
      try {
        res.json(await handlers[state](params, { ip: req.ip }));
      } catch (error) {
        if (error instanceof BlockError) throw validationError('params', error.message);
        throw error;
      }
    },
  );

  return router;
}

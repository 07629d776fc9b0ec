/**
 * Login, token refresh and logout (01 §7.1, spec README "Auth and session").
 *   POST   /api/tokens              {username, password} + moduleCode header → Token
 *   POST   /api/2/tokens/refresh    {masterToken} + moduleCode header → Token with a new token
 *   DELETE /api/tokens              revokes the session: both tokens stop working
 */
import { randomBytes } from 'node:crypto';
import { type Request, type RequestHandler, type Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import type { Store } from '../db/store';
import { HttpError, sessionExpired, validationError } from '../http/errors';
import {
  addressKey,
  rateLimited,
  uncountApiRequest,
  type BruteForceLimits,
} from '../http/rate-limit';
import { API_MOUNT, URL_MOUNT } from '../http/mounts';
import { declareInput, noInput } from '../http/route-docs';
import { validate } from '../http/validate';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { authOf, liveSessionUser, requireAuth } from './require-auth';
import { pruneSessions } from './sessions';
import type { TokenService } from './tokens';
import { recordedRouter } from '../http/route-table';

const loginBody = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});

const refreshBody = z.object({
  masterToken: z.string().min(1).max(4096),
});

export interface AuthRouterOptions {
  store: Store;
  tokens: TokenService;
  /** scrypt cost of the decoy check run for unknown user names. */
  passwordHashCost: number;
  /** Failed logins per 15 minutes per address + user name. */
  loginRateLimit: number;
  /** Where the failed-login limit registers how it clears one caller. */
  limits?: BruteForceLimits;
}

/**
 * 400 naming moduleCode unless the header holds this product line's module code (declared for
 * the OpenAPI document).
 */
const requireModuleCode: RequestHandler = declareInput(
  { headers: z.object({ [MODULE_CODE_HEADER]: z.literal(MODULE_CODE) }) },
  (req, _res, next) => {
    const moduleCode = req.get(MODULE_CODE_HEADER)?.trim();
    if (moduleCode === undefined || moduleCode === '') {
      throw validationError(MODULE_CODE_HEADER, FIELD_MESSAGES.required);
    }
    if (moduleCode !== MODULE_CODE) {
      throw validationError(MODULE_CODE_HEADER, ERROR_MESSAGE.unknownModuleCode);
    }
    next();
  },
);

/** Token answers, and their refusals, are never kept by a browser or a proxy cache. */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const loginKeyOf = (address: string, username: string) =>
  `${address}|${username.trim().toLowerCase()}`;

function loginKey(req: Request): string {
  const body: unknown = req.body;
  const username =
    typeof body === 'object' &&
    body !== null &&
    'username' in body &&
    typeof body.username === 'string'
      ? body.username
      : '';
  return loginKeyOf(addressKey(req.ip), username);
}

export function createAuthRouter({
  store,
  tokens,
  passwordHashCost,
  loginRateLimit,
  limits,
}: AuthRouterOptions): Router {
  const router = recordedRouter();

  const loginLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: loginRateLimit,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The key does go through ipKeyGenerator (addressKey); the library cannot see that.
    validate: { keyGeneratorIpFallback: false },
    keyGenerator: loginKey,
    handler: (_req, res) => {
      res.status(429).json(rateLimited(ERROR_MESSAGE.loginRateLimited));
    },
  });
  limits?.add((address, username) => loginLimiter.resetKey(loginKeyOf(address, username)));

  function tokenAnswer(
    accessToken: string,
    expiresAt: Date,
    masterToken: string,
    user: { username: string; userType: string },
  ): Token {
    return {
      token: accessToken,
      module: MODULE_CODE,
      masterToken,
      expiration: expiresAt.toISOString(),
      userName: user.username,
      userType: user.userType,
    };
  }

  router.post(
    `${API_MOUNT}${API_PATHS.tokens}`,
    noStore,
    loginLimiter,
    requireModuleCode,
    validate({ body: loginBody }),
    async (req, res) => {
      const { username, password } = req.body;
      const user = store.read().users.find((candidate) => candidate.username === username);
      const valid =
        user === undefined
          ? await burnPasswordCheck(password, passwordHashCost).then(() => false)
          : await verifyPassword(password, user.passwordHash);
      if (user === undefined || !valid) {
        throw new HttpError(401, ERROR_CODE.BAD_CREDENTIALS, ERROR_MESSAGE.badCredentials);
      }
      const sessionId = randomBytes(16).toString('hex');
      const master = tokens.sign('master', user.username, sessionId);
      const access = tokens.sign('access', user.username, sessionId);
      const now = new Date();
      const signedIn = await store.update((data) => {
        const record = data.users.find((candidate) => candidate.username === user.username);
        if (record === undefined) return undefined;
        record.loginCount += 1;
        record.lastLoginAt = now.toISOString();
        pruneSessions(data, now.getTime());
        data.sessions.push({
          id: sessionId,
          userName: record.username,
          createdAt: now.toISOString(),
          expiresAt: master.expiresAt.toISOString(),
          revokedAt: null,
        });
        return { username: record.username, userType: record.userType };
      });
      // The user was removed while the password was being checked.
      if (signedIn === undefined) {
        throw new HttpError(401, ERROR_CODE.BAD_CREDENTIALS, ERROR_MESSAGE.badCredentials);
      }
      uncountApiRequest(req);
      res.json(tokenAnswer(access.token, access.expiresAt, master.token, signedIn));
    },
  );

  router.post(
    `${URL_MOUNT}${URL_PATHS.refresh}`,
    noStore,
    requireModuleCode,
    validate({ body: refreshBody }),
    (req, res) => {
      const { masterToken } = req.body;
      const claims = tokens.verify(masterToken, 'master');
      if (claims === undefined) throw sessionExpired();
      const user = liveSessionUser(store.read(), claims);
      if (user === undefined) throw sessionExpired();
      const access = tokens.sign('access', user.username, claims.sessionId);
      uncountApiRequest(req);
      res.json(tokenAnswer(access.token, access.expiresAt, masterToken, user));
    },
  );

  router.delete(
    `${API_MOUNT}${API_PATHS.tokens}`,
    requireAuth(store, tokens),
    noInput(async (req, res) => {
      const { sessionId } = authOf(req);
      const revokedAt = new Date().toISOString();
      await store.update((data) => {
        const session = data.sessions.find((candidate) => candidate.id === sessionId);
        if (session !== undefined) session.revokedAt ??= revokedAt;
      });
      res.status(204).end();
    }),
  );

  return router;
}

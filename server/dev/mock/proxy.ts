/**
 * The mock beside a real backend (docs/developer-tools.md): with MOCK_PROXY_TARGET set, a call
 * a forwarding rule sends `real`, or one no route of the mock serves, is forwarded to the target
 * (./forward.ts) ahead of the routes and after the faults (a faulted or delayed call is faulted
 * or delayed whatever serves it). With the sign-in forwarded, the mock's own routes take the
 * target's tokens: checked against MOCK_PROXY_TOKEN_SECRET when given, else trusted as they are.
 * Without a target nothing here changes a call.
 */
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import type { Logger } from 'pino';
import type { ProxyTokenMode } from '@contracts/api/mock-proxy';
import { API_PATHS } from '@contracts/api/paths';
import type { AuthContext } from '../../auth/require-auth';
import { TokenService } from '../../auth/tokens';
import type { ServerConfig } from '../../config';
import type { Store } from '../../db/store';
import { FONTS_MOUNT } from '../../fonts/fonts-router';
import { API_MOUNT } from '../../http/mounts';
import { uncountApiRequest } from '../../http/rate-limit';
import { isUnderMock } from './fault-rules';
import { forward, type ForwardObserver } from './forward';
import type { LocalRoutes } from './local-routes';
import { createRouteRules, type RouteRules } from './proxy-routes';

export interface ProxyDependencies {
  store: Store;
  config: Pick<
    ServerConfig,
    | 'mockProxyTarget'
    | 'mockProxyRoutesFile'
    | 'mockProxyTokenSecret'
    | 'mockProxyTimeoutMs'
    | 'tokenTtlSeconds'
    | 'masterTokenTtlSeconds'
  >;
  logger: Logger;
  /** The app's own routes: a call none of them serves goes to the target. */
  local: LocalRoutes;
  /** True while nothing is forwarded (a recording in place answers offline). */
  suspended?: () => boolean;
  /** Told of each forwarded call before it goes (the request log's details, recordings). */
  observe?: (
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
  ) => ForwardObserver | undefined;
}

export interface Proxy {
  /** Forwards the calls that go to the target; others pass by. */
  beforeRoutes: RequestHandler;
  rules: RouteRules;
  /** The user of a token the target signed, when the mock takes such tokens now. */
  foreignToken(raw: string): AuthContext | undefined;
  target: string | null;
  tokens: ProxyTokenMode | null;
}

/** The sign-in path whose rule decides whether the target's tokens are taken. */
const SIGN_IN_PATH = `${API_MOUNT}${API_PATHS.tokens}`;

export function createProxy(deps: ProxyDependencies): Proxy {
  const { config, logger } = deps;
  const target = config.mockProxyTarget ?? null;
  const tokens: ProxyTokenMode | null =
    target === null ? null : config.mockProxyTokenSecret === undefined ? 'trusted' : 'checked';
  const rules = createRouteRules({
    file: config.mockProxyRoutesFile,
    target: () => target,
    tokens: () => tokens,
  });
  if (target !== null) {
    logger.info(
      { target, tokens },
      tokens === 'checked'
        ? 'forwarding to the real backend; its tokens are checked with MOCK_PROXY_TOKEN_SECRET'
        : 'forwarding to the real backend; its tokens are taken as they are (no MOCK_PROXY_TOKEN_SECRET)',
    );
  }

  const { local } = deps;

  const fonts = FONTS_MOUNT.toLowerCase();
  const beforeRoutes: RequestHandler = (req, res, next) => {
    if (target === null || deps.suspended?.() === true) {
      next();
      return;
    }
    const urlPath = req.path;
    const lower = urlPath.toLowerCase();
    if (isUnderMock(urlPath) || lower === fonts || lower.startsWith(`${fonts}/`)) {
      next();
      return;
    }
    const decided = rules.decide(req.method, urlPath);
    if (decided === 'mock' || (decided === undefined && local.serves(req.method, urlPath))) {
      next();
      return;
    }
    res.locals.mockKind = 'real';
    // The real backend limits its own calls: they do not use up the mock's anonymous limit.
    uncountApiRequest(req);
    forward(req, res, {
      target,
      timeoutMs: config.mockProxyTimeoutMs,
      observer: deps.observe?.(req, res),
    });
  };

  const checker =
    config.mockProxyTokenSecret === undefined
      ? undefined
      : new TokenService({
          secret: config.mockProxyTokenSecret,
          accessTtlSeconds: config.tokenTtlSeconds,
          masterTtlSeconds: config.masterTokenTtlSeconds,
        });

  /** The claims of a target's access token: checked, or decoded as it is. */
  const claimsOf = (raw: string): { userName: string; sessionId: string } | undefined => {
    if (checker !== undefined) return checker.verify(raw, 'access');
    const payload = jwt.decode(raw);
    if (payload === null || typeof payload === 'string') return undefined;
    const { sub, sid, typ, exp } = payload;
    if (typeof sub !== 'string' || sub === '' || (typ !== undefined && typ !== 'access')) {
      return undefined;
    }
    // Taken as it is, but an expired token still ends the session, as the target would say.
    if (typeof exp === 'number' && Math.floor(Date.now() / 1000) >= exp) return undefined;
    return { userName: sub, sessionId: typeof sid === 'string' ? sid : 'target' };
  };

  const foreignToken = (raw: string): AuthContext | undefined => {
    if (target === null || rules.decide('POST', SIGN_IN_PATH) !== 'real') return undefined;
    const claims = claimsOf(raw);
    if (claims === undefined) return undefined;
    const user = deps.store
      .read()
      .users.find((candidate) => candidate.username === claims.userName);
    return {
      userName: claims.userName,
      // A user the mock's data does not have is the target's: its type is not known here.
      userType: user?.userType ?? '',
      sessionId: claims.sessionId,
    };
  };

  return { beforeRoutes, rules, foreignToken, target, tokens };
}

/**
 * The mock beside a real backend (docs/developer-tools.md): with MOCK_PROXY_TARGET set, a call
 * a forwarding rule sends `real`, or one no route of the mock serves, is forwarded to the target
 * (./forward.ts) ahead of the routes and after the faults (a faulted or delayed call is faulted
 * or delayed whatever serves it). With the sign-in forwarded, the client holds the target's
 * tokens:
 * - `checked` (MOCK_PROXY_TOKEN_SECRET given): the mock's own routes take a target's token that
 *   passes the check with that secret;
 * - `forwarded` (no secret): the mock cannot tell a target's token from a made-up one, so it
 *   takes none; a call that carries a token the mock did not sign, to a route of the mock that
 *   needs one, goes to the target, which decides. The tools at /__mock take the mock's own
 *   tokens only.
 * A forwarded call names this mock in its `Via`; one that comes back with it (the target is the
 * mock, or forwards to it) is a loop, answered 508 at once with MOCK_LOOP_HEADER; the mock that
 * sent it passes that answer on as its own (logged `mock`, never recorded). Without a target
 * nothing here changes a call.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import {
  MOCK_LOOP_HEADER,
  MOCK_PROXY_MESSAGE,
  type ProxyTokenMode,
} from '@contracts/api/mock-proxy';
import { API_PATHS } from '@contracts/api/paths';
import type { AuthContext } from '../../auth/require-auth';
import { tokenFromHeader, TokenService } from '../../auth/tokens';
import type { ServerConfig } from '../../config';
import type { Store } from '../../db/store';
import { FONTS_MOUNT } from '../../fonts/fonts-router';
import { API_MOUNT } from '../../http/mounts';
import { uncountApiRequest } from '../../http/rate-limit';
import { midwayFaultOf } from '../../imports/midway-faults';
import { isUnderMock } from './fault-rules';
import { forward, viaNames, type ForwardObserver } from './forward';
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
  /** The token is a valid access token of this server (of a live session). */
  ownToken(raw: string): boolean;
  /** True while nothing is forwarded (a recording in place answers offline). */
  suspended?: () => boolean;
  /** Told of each forwarded call before it goes (the request log's details, recordings). */
  observe?: (
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
  ) => ForwardObserver | undefined;
}

export interface Proxy {
  /**
   * Ahead of the faults: answers 508 a call this mock forwarded that came back to it (a loop:
   * the target is the mock, or forwards to it); others pass by.
   */
  refuseLoop: RequestHandler;
  /** Forwards the calls that go to the target; others pass by. */
  beforeRoutes: RequestHandler;
  /** The call goes to the target (what beforeRoutes would do with it, doing nothing). */
  forwards(req: Request): boolean;
  rules: RouteRules;
  /** The user of a token the target signed, when the mock takes such tokens now. */
  foreignToken(raw: string): AuthContext | undefined;
  target: string | null;
  tokens: ProxyTokenMode | null;
}

/** The sign-in path whose rule decides whether the target's tokens are taken. */
const SIGN_IN_PATH = `${API_MOUNT}${API_PATHS.tokens}`;

/** 508 Loop Detected (RFC 5842 §7.2): the call went round back to this mock. */
const LOOP_DETECTED = 508;

/** A mock's loop refusal (refuseLoop here, in this instance or another), not a target's answer. */
function isLoopRefusal(status: number, headers: IncomingHttpHeaders): boolean {
  return status === LOOP_DETECTED && headers[MOCK_LOOP_HEADER.toLowerCase()] !== undefined;
}

export function createProxy(deps: ProxyDependencies): Proxy {
  const { config, logger } = deps;
  const target = config.mockProxyTarget ?? null;
  // This instance's name in the `Via` of the calls it forwards, new at each start: another
  // instance forwarding to it (a mock in front of a mock) has its own.
  const via = `portal-mock-${randomBytes(6).toString('hex')}`;
  const tokens: ProxyTokenMode | null =
    target === null ? null : config.mockProxyTokenSecret === undefined ? 'forwarded' : 'checked';
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
        : 'forwarding to the real backend; without MOCK_PROXY_TOKEN_SECRET its tokens are not taken: a call with one goes to it',
    );
  }

  const { local } = deps;
  const signInForwarded = (): boolean => rules.decide('POST', SIGN_IN_PATH) === 'real';
  if (tokens === 'forwarded' && signInForwarded()) {
    // The tools take the mock's own tokens only, and the mock's sign-in is not reachable now.
    logger.warn(MOCK_PROXY_MESSAGE.toolsLockedOut);
  }

  /**
   * Without the secret, with the sign-in forwarded: the call carries a token the mock did not
   * sign and asks a route of the mock that checks tokens. The mock cannot check it, the target
   * can: it goes there.
   */
  const targetMustJudge = (req: Request, urlPath: string): boolean => {
    if (tokens !== 'forwarded' || !signInForwarded()) return false;
    const raw = tokenFromHeader(req.get(AUTH_HEADER));
    return raw !== undefined && !deps.ownToken(raw) && !local.isPublic(req.method, urlPath);
  };

  const fonts = FONTS_MOUNT.toLowerCase();
  const forwards = (req: Request): boolean => {
    if (target === null || deps.suspended?.() === true) return false;
    const urlPath = req.path;
    const lower = urlPath.toLowerCase();
    if (isUnderMock(urlPath) || lower === fonts || lower.startsWith(`${fonts}/`)) return false;
    const decided = rules.decide(req.method, urlPath);
    const mockServes =
      decided === 'mock' || (decided === undefined && local.serves(req.method, urlPath));
    return !mockServes || targetMustJudge(req, urlPath);
  };

  const beforeRoutes: RequestHandler = (req, res, next) => {
    if (target === null || !forwards(req)) {
      next();
      return;
    }
    res.locals.mockKind = 'real';
    // The real backend limits its own calls: they do not use up the mock's anonymous limit.
    uncountApiRequest(req);
    // An upload fault of the developer tools (./faults.ts) cuts the forwarded body off.
    const upload = midwayFaultOf(res)?.upload;
    const observer = deps.observe?.(req, res);
    forward(req, res, {
      target,
      via,
      timeoutMs: config.mockProxyTimeoutMs,
      observer: {
        ...observer,
        // A mock's loop refusal come back through the target: passed on, logged `mock`, never
        // recorded as the target's answer.
        response: (status, headers) => {
          if (isLoopRefusal(status, headers)) res.locals.mockKind = undefined;
          observer?.response?.(status, headers);
        },
        // The mock's own 400, 502, 504 or fault cut: logged `mock`, never recorded as the
        // target's answer (./recordings.ts keeps `real` calls only).
        ownAnswer: (status) => {
          res.locals.mockKind = undefined;
          observer?.ownAnswer?.(status);
        },
      },
      cut:
        upload === undefined
          ? undefined
          : {
              afterBytes: upload.failAfterBytes,
              status: upload.error.status,
              answer: { errorCode: upload.error.errorCode, errorMessage: upload.error.message },
            },
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

  /** Only a token that passes the check with MOCK_PROXY_TOKEN_SECRET: none without it. */
  const foreignToken = (raw: string): AuthContext | undefined => {
    if (target === null || checker === undefined || !signInForwarded()) return undefined;
    const claims = checker.verify(raw, 'access');
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

  const refuseLoop: RequestHandler = (req, res, next) => {
    if (target === null || !viaNames(req.get('via'), via)) {
      next();
      return;
    }
    logger.warn({ target }, MOCK_PROXY_MESSAGE.loop(target));
    const answer: ApiError = {
      errorCode: ERROR_CODE.INTERNAL,
      errorMessage: MOCK_PROXY_MESSAGE.loop(target),
    };
    res
      .status(LOOP_DETECTED)
      .set({ 'Cache-Control': 'no-store', [MOCK_LOOP_HEADER]: via })
      .json(answer);
  };

  return { refuseLoop, beforeRoutes, forwards, rules, foreignToken, target, tokens };
}

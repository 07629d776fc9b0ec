/** The access check every protected route runs, and the signed-in user it leaves for handlers. */
import type { Request, RequestHandler } from 'express';
import { AUTH_HEADER } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import type { Snapshot, Store } from '../db/store';
import { sessionExpired } from '../http/errors';
import { uncountApiRequest } from '../http/rate-limit';
import { marksTokenCheck } from '../http/route-docs';
import { sessionById } from './sessions';
import { tokenFromHeader, type TokenClaims, type TokenService } from './tokens';

export interface AuthContext {
  userName: string;
  userType: string;
  sessionId: string;
}

const contexts = new WeakMap<Request, AuthContext>();

/** The signed-in user of a request that passed requireAuth. */
export function authOf(req: Request): AuthContext {
  const context = contexts.get(req);
  if (context === undefined) throw new Error('authOf: the route is not behind requireAuth');
  return context;
}

/** The user of a session that is live (not revoked, not expired) and matches the token. */
export function liveSessionUser(data: Snapshot, claims: TokenClaims, now = Date.now()) {
  const session = sessionById(data, claims.sessionId);
  if (
    session === undefined ||
    session.revokedAt !== null ||
    session.userName !== claims.userName ||
    Date.parse(session.expiresAt) <= now
  ) {
    return undefined;
  }
  return data.users.find((user) => user.username === claims.userName);
}

/** The signed-in user of a valid access token this server signed, of a live session; else undefined. */
export function ownTokenUser(
  store: Store,
  tokens: TokenService,
  raw: string,
): AuthContext | undefined {
  const claims = tokens.verify(raw, 'access');
  const user = claims === undefined ? undefined : liveSessionUser(store.read(), claims);
  return user === undefined || claims === undefined
    ? undefined
    : { userName: user.username, userType: user.userType, sessionId: claims.sessionId };
}

/**
 * The user of a token this server did not sign but takes (the mock beside a real backend takes
 * the backend's tokens: server/dev/mock/proxy.ts), or undefined.
 */
export type ForeignTokenCheck = (token: string) => AuthContext | undefined;

/** The user of a raw token requireAuth takes: this server's own, or one `foreign` takes. */
function tokenUser(
  store: Store,
  tokens: TokenService,
  raw: string,
  foreign: ForeignTokenCheck | undefined,
): AuthContext | undefined {
  return ownTokenUser(store, tokens, raw) ?? foreign?.(raw);
}

/**
 * Whether a request's Authorization header holds a token that requireAuth with the same
 * arguments takes (the general request limit lets such calls through: app.ts).
 */
export function carriesValidToken(
  store: Store,
  tokens: TokenService,
  foreign?: ForeignTokenCheck,
): (req: Request) => boolean {
  return (req) => {
    const raw = tokenFromHeader(req.get(AUTH_HEADER));
    return raw !== undefined && tokenUser(store, tokens, raw, foreign) !== undefined;
  };
}

/**
 * 401 code 11 unless the Authorization header holds a valid access token of a live session, or
 * one `foreign` takes.
 */
export function requireAuth(
  store: Store,
  tokens: TokenService,
  foreign?: ForeignTokenCheck,
): RequestHandler {
  // Marked for the OpenAPI document: the routes behind it need the bearer token.
  return marksTokenCheck<RequestHandler>((req, _res, next) => {
    const raw = tokenFromHeader(req.get(AUTH_HEADER));
    if (raw === undefined) throw sessionExpired(ERROR_MESSAGE.authRequired);
    const context = tokenUser(store, tokens, raw, foreign);
    if (context === undefined) throw sessionExpired();
    contexts.set(req, context);
    uncountApiRequest(req);
    next();
  });
}

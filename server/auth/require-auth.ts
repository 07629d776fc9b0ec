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

/** 401 code 11 unless the Authorization header holds a valid access token of a live session. */
export function requireAuth(store: Store, tokens: TokenService): RequestHandler {
  // Marked for the OpenAPI document: the routes behind it need the bearer token.
  return marksTokenCheck<RequestHandler>((req, _res, next) => {
    const raw = tokenFromHeader(req.get(AUTH_HEADER));
    if (raw === undefined) throw sessionExpired(ERROR_MESSAGE.authRequired);
    const claims = tokens.verify(raw, 'access');
    if (claims === undefined) throw sessionExpired();
    const user = liveSessionUser(store.read(), claims);
    if (user === undefined) throw sessionExpired();
    contexts.set(req, {
      userName: user.username,
      userType: user.userType,
      sessionId: claims.sessionId,
    });
    uncountApiRequest(req);
    next();
  });
}

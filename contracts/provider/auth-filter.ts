import type { NextFunction, Request, Response } from 'express';
import { AUTH_HEADER, MODULE_CODE, MODULE_CODE_HEADER } from '../api/constants';
import type { Token } from '../api/entities';
import { API_PATHS } from '../api/paths';

/** Placeholders the consumer tests send; the provider swaps in real values from a login. */
export const PACT_PLACEHOLDER = {
  token: 'pact-token',
  masterToken: 'pact-master-token',
} as const;

/**
 * Pacts record placeholder tokens. Before each replayed request that carries one, put a real
 * token (Authorization header) or master token (refresh body) from a login to the provider under
 * test in its place, so verification exercises the provider's real authentication.
 *
 * One login serves the whole run: interactions run in any order, so the ones that end or replace
 * a session get a login of their own and leave the shared one alive. Those are the logout
 * (DELETE on the tokens path, which revokes its session) and the refresh (which takes a master
 * token, and which a backend may rotate). A run therefore signs in three times here, besides the
 * login interactions themselves; a shared login that fails is tried again on the next request.
 */
export function realTokenFilter(options: {
  providerBaseUrl: () => string;
  apiBase: string;
  username: string;
  password: string;
}) {
  const login = async (): Promise<Token> => {
    const answer = await fetch(
      `${options.providerBaseUrl()}${options.apiBase}${API_PATHS.tokens}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
        body: JSON.stringify({ username: options.username, password: options.password }),
      },
    );
    if (!answer.ok) throw new Error(`pact login failed with HTTP ${answer.status}`);
    return (await answer.json()) as Token;
  };

  let shared: Promise<Token> | undefined;
  const sharedLogin = (): Promise<Token> => {
    shared ??= login().catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
    return shared;
  };

  return (req: Request, _res: Response, next: NextFunction) => {
    const authHeader = AUTH_HEADER.toLowerCase();
    const body: unknown = req.body;
    const bodyHolder =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
    const swapHeader = req.headers[authHeader] === PACT_PLACEHOLDER.token;
    const swapMaster = bodyHolder?.masterToken === PACT_PLACEHOLDER.masterToken;
    if (!swapHeader && !swapMaster) {
      next();
      return;
    }
    const logout = req.method === 'DELETE' && req.path.endsWith(API_PATHS.tokens);
    const ownSession = logout || swapMaster;
    (ownSession ? login() : sharedLogin()).then(
      (token) => {
        if (swapHeader) req.headers[authHeader] = token.token;
        if (swapMaster && bodyHolder) {
          bodyHolder.masterToken = token.masterToken;
          // The proxy re-sends the parsed body: its length changed with the swap.
          req.headers['content-length'] = String(Buffer.byteLength(JSON.stringify(bodyHolder)));
        }
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

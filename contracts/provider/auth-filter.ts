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
 * Pacts record placeholder tokens. Before each replayed request that carries one, log in to the
 * provider under test and put the real token (Authorization header) or master token (refresh
 * body) in its place, so verification exercises the provider's real authentication. A fresh
 * login each time: interactions run in any order, and a logout interaction revokes its session.
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
    login().then(
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

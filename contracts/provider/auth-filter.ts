import type { NextFunction, Request, Response } from 'express';
import { AUTH_HEADER, MODULE_CODE, MODULE_CODE_HEADER } from '../api/constants';
import type { Token } from '../api/entities';
import { API_PATHS } from '../api/paths';

/** The placeholder token consumer tests send; the provider swaps in a real one. */
export const PACT_TOKEN_PLACEHOLDER = 'pact-token';

/**
 * Pacts record a placeholder Authorization header. Before each replayed request, log in to the
 * provider under test (once) and put its real token in the header, so verification exercises the
 * provider's real authentication instead of turning it off.
 */
export function realTokenFilter(options: {
  providerBaseUrl: () => string;
  apiBase: string;
  username: string;
  password: string;
}) {
  let token: Promise<string> | undefined;
  const login = async (): Promise<string> => {
    const answer = await fetch(
      `${options.providerBaseUrl()}${options.apiBase}${API_PATHS.tokens}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
        body: JSON.stringify({ username: options.username, password: options.password }),
      },
    );
    if (!answer.ok) throw new Error(`pact login failed with HTTP ${answer.status}`);
    return ((await answer.json()) as Token).token;
  };
  return {
    reset: () => {
      token = undefined;
    },
    filter: (req: Request, _res: Response, next: NextFunction) => {
      const header = req.headers[AUTH_HEADER.toLowerCase()];
      if (header !== PACT_TOKEN_PLACEHOLDER) {
        next();
        return;
      }
      token ??= login();
      token.then(
        (real) => {
          req.headers[AUTH_HEADER.toLowerCase()] = real;
          next();
        },
        (error: unknown) => {
          token = undefined;
          next(error);
        },
      );
    },
  };
}

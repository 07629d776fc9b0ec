/**
 * The page's calls: the portal's own login (a browser's navigation to /__mock cannot send a
 * bearer token), then the control API with the token on every call. The token is kept in
 * sessionStorage under the page's own key (the admin app's session is left alone); a 401
 * forgets it, and the page shows the sign-in again.
 */
import { AUTH_HEADER, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { MOCK_PATHS } from '@contracts/api/mock';
import type { FaultList } from '@contracts/api/mock-faults';
import type { RequestLogPage } from '@contracts/api/mock-requests';
import type { ScenarioList } from '@contracts/api/mock-scenarios';
import { API_PATHS } from '@contracts/api/paths';
import { MOCK_PAGE_TEXT } from '@contracts/api/mock-requests';

/** The server mounts the API at /api whatever base the admin app is told (spec README). */
export const LOGIN_PATH = `/api${API_PATHS.tokens}`;
/** sessionStorage keys: the page's own, beside the admin app's. */
export const TOKEN_KEY = 'mock-page.token';
export const USER_KEY = 'mock-page.user';

export type Answer<T> =
  | { ok: true; value: T }
  /** 401: the token is gone or no longer valid (already forgotten). */
  | { ok: false; signedOut: true }
  /** Any other failure: the server's message, or that it could not be reached. */
  | { ok: false; signedOut: false; message: string };

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown, response: Response): string {
  if (typeof body === 'object' && body !== null && 'errorMessage' in body) {
    const { errorMessage } = body as { errorMessage: unknown };
    if (typeof errorMessage === 'string' && errorMessage !== '') return errorMessage;
  }
  return `${response.status} ${response.statusText}`.trim();
}

export class MockApi {
  constructor(private readonly storage: Storage = sessionStorage) {}

  get token(): string | null {
    return this.storage.getItem(TOKEN_KEY);
  }

  get userName(): string | null {
    return this.storage.getItem(USER_KEY);
  }

  signOut(): void {
    this.storage.removeItem(TOKEN_KEY);
    this.storage.removeItem(USER_KEY);
  }

  /** Signs in; undefined on success, else the message to show. */
  async signIn(username: string, password: string): Promise<string | undefined> {
    let response: Response;
    try {
      response = await fetch(LOGIN_PATH, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          [MODULE_CODE_HEADER]: MODULE_CODE,
        },
        body: JSON.stringify({ username, password }),
      });
    } catch {
      return MOCK_PAGE_TEXT.signIn.unreachable;
    }
    const body = await jsonOf(response);
    if (!response.ok) return messageOf(body, response);
    const token = body as Token;
    this.storage.setItem(TOKEN_KEY, token.token);
    this.storage.setItem(USER_KEY, token.userName);
    return undefined;
  }

  private async call<T>(method: string, path: string): Promise<Answer<T>> {
    const token = this.token;
    if (token === null) return { ok: false, signedOut: true };
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers: { Accept: 'application/json', [AUTH_HEADER]: `Bearer ${token}` },
      });
    } catch {
      return { ok: false, signedOut: false, message: MOCK_PAGE_TEXT.unreachable };
    }
    if (response.status === 401) {
      this.signOut();
      return { ok: false, signedOut: true };
    }
    const body = await jsonOf(response);
    if (!response.ok) return { ok: false, signedOut: false, message: messageOf(body, response) };
    return { ok: true, value: body as T };
  }

  requests(after: number | undefined): Promise<Answer<RequestLogPage>> {
    const query = after === undefined ? '' : `?after=${after}`;
    return this.call('GET', `${MOCK_PATHS.requests}${query}`);
  }

  faults(): Promise<Answer<FaultList>> {
    return this.call('GET', MOCK_PATHS.faults);
  }

  deleteFault(id: string): Promise<Answer<unknown>> {
    return this.call('DELETE', MOCK_PATHS.fault.replace(':id', encodeURIComponent(id)));
  }

  scenarios(): Promise<Answer<ScenarioList>> {
    return this.call('GET', MOCK_PATHS.scenarios);
  }

  switchScenario(name: string): Promise<Answer<ScenarioList>> {
    return this.call('POST', MOCK_PATHS.scenario.replace(':name', encodeURIComponent(name)));
  }

  reset(): Promise<Answer<ScenarioList>> {
    return this.call('POST', MOCK_PATHS.reset);
  }
}

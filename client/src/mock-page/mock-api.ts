/**
 * The page's calls: the portal's own login (a browser's navigation to /__mock cannot send a
 * bearer token), then the control API with the token on every call. The access token is kept in
 * sessionStorage under the page's own key (the admin app's session is left alone); the master
 * token only in memory. A 401 renews the access token with the master token (as the admin app
 * does: POST /api/2/tokens/refresh) and makes the call again; when there is no master token (the
 * page was reloaded) or it is refused too, the token is forgotten and the page shows the sign-in.
 * Signing out ends the session on the server (DELETE /api/tokens).
 */
import { AUTH_HEADER, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { MOCK_PATHS } from '@contracts/api/mock';
import type { Fault, FaultInput, FaultList } from '@contracts/api/mock-faults';
import {
  MOCK_PROXY_PATHS,
  type LoggedCallDetail,
  type RecordingInput,
  type RecordingList,
  type RecordingStopped,
  type RouteList,
  type RouteRule,
  type RouteRuleInput,
} from '@contracts/api/mock-proxy';
import type { RequestLogPage } from '@contracts/api/mock-requests';
import type { ScenarioList } from '@contracts/api/mock-scenarios';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
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

function withParam(path: string, param: string, value: string): string {
  return path.replace(param, encodeURIComponent(value));
}

export class MockApi {
  /** The master token of this sign-in: memory only, gone with the page. */
  private masterToken: string | undefined;
  /** A renewal under way: calls answered 401 meanwhile wait for it instead of starting another. */
  private renewal: Promise<boolean> | undefined;

  constructor(private readonly storage: Storage = sessionStorage) {}

  get token(): string | null {
    return this.storage.getItem(TOKEN_KEY);
  }

  get userName(): string | null {
    return this.storage.getItem(USER_KEY);
  }

  /** Forgets the tokens (the server's session is left as it is). */
  private forget(): void {
    this.masterToken = undefined;
    this.storage.removeItem(TOKEN_KEY);
    this.storage.removeItem(USER_KEY);
  }

  /** Signs out: forgets the tokens and ends the session on the server (both tokens stop working). */
  signOut(): void {
    const token = this.token;
    this.forget();
    if (token === null) return;
    // Nothing to wait for: the page is signed out either way.
    fetch(LOGIN_PATH, {
      method: 'DELETE',
      headers: { [AUTH_HEADER]: `Bearer ${token}`, [MODULE_CODE_HEADER]: MODULE_CODE },
    }).catch(() => undefined);
  }

  /** A new access token from the master token; false when there is none or it is refused. */
  private renew(): Promise<boolean> {
    const masterToken = this.masterToken;
    if (masterToken === undefined) return Promise.resolve(false);
    this.renewal ??= (async () => {
      try {
        const response = await fetch(URL_PATHS.refresh, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            [MODULE_CODE_HEADER]: MODULE_CODE,
          },
          body: JSON.stringify({ masterToken }),
        });
        if (!response.ok) return false;
        const token = (await jsonOf(response)) as Token | undefined;
        if (typeof token?.token !== 'string' || this.masterToken !== masterToken) return false;
        this.storage.setItem(TOKEN_KEY, token.token);
        return true;
      } catch {
        return false;
      } finally {
        this.renewal = undefined;
      }
    })();
    return this.renewal;
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
    this.masterToken = token.masterToken;
    return undefined;
  }

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    renewed = false,
  ): Promise<Answer<T>> {
    const token = this.token;
    if (token === null) return { ok: false, signedOut: true };
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [AUTH_HEADER]: `Bearer ${token}`,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      return { ok: false, signedOut: false, message: MOCK_PAGE_TEXT.unreachable };
    }
    if (response.status === 401) {
      // Another call may have renewed the token meanwhile: then this one is tried with it.
      const fresh = this.token !== null && this.token !== token;
      if (!renewed && (fresh || (await this.renew()))) return this.call(method, path, body, true);
      this.forget();
      return { ok: false, signedOut: true };
    }
    const answer = await jsonOf(response);
    if (!response.ok) return { ok: false, signedOut: false, message: messageOf(answer, response) };
    return { ok: true, value: answer as T };
  }

  requests(after: number | undefined): Promise<Answer<RequestLogPage>> {
    const query = after === undefined ? '' : `?after=${after}`;
    return this.call('GET', `${MOCK_PATHS.requests}${query}`);
  }

  faults(): Promise<Answer<FaultList>> {
    return this.call('GET', MOCK_PATHS.faults);
  }

  deleteFault(id: string): Promise<Answer<unknown>> {
    return this.call('DELETE', withParam(MOCK_PATHS.fault, ':id', id));
  }

  addFault(input: FaultInput): Promise<Answer<{ fault: Fault }>> {
    return this.call('POST', MOCK_PATHS.faults, input);
  }

  editFault(id: string, input: FaultInput): Promise<Answer<{ fault: Fault }>> {
    return this.call('PUT', withParam(MOCK_PROXY_PATHS.fault, ':id', id), input);
  }

  requestDetail(id: number): Promise<Answer<LoggedCallDetail>> {
    return this.call('GET', withParam(MOCK_PROXY_PATHS.request, ':id', String(id)));
  }

  routes(): Promise<Answer<RouteList>> {
    return this.call('GET', MOCK_PROXY_PATHS.routes);
  }

  addRoute(input: RouteRuleInput): Promise<Answer<{ route: RouteRule }>> {
    return this.call('POST', MOCK_PROXY_PATHS.routes, input);
  }

  editRoute(id: string, input: RouteRuleInput): Promise<Answer<{ route: RouteRule }>> {
    return this.call('PUT', withParam(MOCK_PROXY_PATHS.route, ':id', id), input);
  }

  deleteRoute(id: string): Promise<Answer<unknown>> {
    return this.call('DELETE', withParam(MOCK_PROXY_PATHS.route, ':id', id));
  }

  recordings(): Promise<Answer<RecordingList>> {
    return this.call('GET', MOCK_PROXY_PATHS.recordings);
  }

  startRecording(input: RecordingInput): Promise<Answer<unknown>> {
    return this.call('POST', MOCK_PROXY_PATHS.recordings, input);
  }

  stopRecording(name: string): Promise<Answer<RecordingStopped>> {
    return this.call('POST', withParam(MOCK_PROXY_PATHS.stopRecording, ':name', name));
  }

  scenarios(): Promise<Answer<ScenarioList>> {
    return this.call('GET', MOCK_PATHS.scenarios);
  }

  switchScenario(name: string): Promise<Answer<ScenarioList>> {
    return this.call('POST', withParam(MOCK_PATHS.scenario, ':name', name));
  }

  reset(): Promise<Answer<ScenarioList>> {
    return this.call('POST', MOCK_PATHS.reset);
  }
}

import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { AUTH_HEADER, ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { RuntimeConfig } from '@contracts/api/entities';
import { logger } from '@/lib/logging/logger';
import { sessionExpired, type SessionState } from '@/lib/store/session-slice';
import { normaliseFetchError, type ApiFailure } from './errors';

/** Which configured base a slice talks to (spec README "One server, three bases"). */
export type ApiBaseKey = 'apiBase' | 'urlBase' | 'merchantApiBase';

/** Per-endpoint options (`extraOptions` in an endpoint definition). */
export interface ApiExtraOptions {
  /**
   * Login and token refresh: send no Authorization header (the stored token may have expired,
   * that is why we refresh) and do not treat a 401 as "session expired" — the caller reports it.
   */
  anonymous?: boolean;
  /**
   * Statuses that are an answer for this endpoint, not a failure: a read whose 404 means "none
   * yet" (03 §4). Passed on to the caller as any failure is, but logged at info, not as an error.
   */
  expectedStatuses?: readonly number[];
}

/** The part of the root state the base query reads. */
interface BaseQueryState {
  session: SessionState;
  config: RuntimeConfig;
}

export type AppBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiFailure,
  ApiExtraOptions,
  FetchBaseQueryMeta
>;

const rawBaseQuery = fetchBaseQuery();

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * The one base query of every API slice:
 * - reads its base URL from the runtime config in the store at call time;
 * - adds `Authorization: <token as stored>` and `moduleCode: THQ` whenever a token exists
 *   (01 §6); an endpoint's own headers win (login and refresh set moduleCode themselves);
 * - turns every failure, network failure included, into `{ status, errorCode, errorMessage }`;
 * - on 401 with errorCode 11 (expired, revoked, forged token) dispatches `sessionExpired`, which
 *   ends the session (`endSession`: the open form's unsaved values are kept for the same user's
 *   next sign-in); the main layout then sends the user to login (01 §8). Every other failure is
 *   logged and passed on to the caller (01 §8), except a call aborted because the session
 *   ended: callers treat that like an expired session (errors.ts isSessionExpiry).
 */
export function createBaseQuery(base: ApiBaseKey): AppBaseQuery {
  return async (args, api, extraOptions) => {
    const state = api.getState() as BaseQueryState;
    const anonymous = extraOptions?.anonymous === true;
    const token = state.session.token;
    const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
    request.url = joinUrl(state.config[base], request.url);

    const headers = new Headers(request.headers as HeadersInit | undefined);
    if (token && !anonymous) {
      if (!headers.has(AUTH_HEADER)) headers.set(AUTH_HEADER, token.token);
      if (!headers.has(MODULE_CODE_HEADER)) headers.set(MODULE_CODE_HEADER, MODULE_CODE);
    }
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    request.headers = headers;

    const result = await rawBaseQuery(request, api, {});
    if (!result.error) return { data: result.data, meta: result.meta };

    const error = normaliseFetchError(result.error);
    const expired = error.status === 401 && error.errorCode === ERROR_CODE.SESSION_EXPIRED;
    // Without a token we are already signed out: nothing to do (and no logout loop).
    if (expired && !anonymous && (api.getState() as BaseQueryState).session.token) {
      api.dispatch(sessionExpired());
    }
    // The request as sent (query parameters included) when fetch got that far.
    const sent = result.meta?.request;
    const label = `${sent?.method ?? request.method ?? 'GET'} ${sent?.url ?? request.url}`;
    if (!expired) {
      // Only the session ending aborts calls (it resets the caches): not a failure.
      if (api.signal.aborted) logger.info(`${label} aborted: the session ended`);
      else if (extraOptions?.expectedStatuses?.includes(error.status)) {
        logger.info(`${label} answered ${error.status}, as expected`);
      } else logger.error(`${label} failed`, error);
    }
    return { error, meta: result.meta };
  };
}

/**
 * The argument type of an endpoint that takes none (RTK Query's `void`, which lets the hook be
 * called without an argument), spelled so that lint's no-invalid-void-type accepts it.
 */
export type NoArg = ReturnType<() => void>;

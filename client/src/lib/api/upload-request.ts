import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { AUTH_HEADER, ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { RuntimeConfig } from '@contracts/api/entities';
import { logger } from '@/lib/logging/logger';
import { sessionExpired, type SessionState } from '@/lib/store/session-slice';
import type { ApiBaseKey } from './base-query';
import { normaliseFetchError, type ApiFailure } from './errors';

/**
 * A multipart upload that reports its bytes as they are sent. fetch gives no upload progress,
 * so in a browser the body goes through XMLHttpRequest; where there is no XMLHttpRequest (node:
 * the pact tests) it goes through fetch, without progress. Either way the request is what the
 * base query (base-query.ts) would send, and a failure comes back as the same `ApiFailure`,
 * with the same session-expiry handling and logging.
 *
 * Transport choice: `defaultUploadTransport()` picks XMLHttpRequest when it exists, else fetch.
 * A caller (a test) may inject its own transport into `uploadRequest` instead.
 */

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body (0 when unknown). */
  total: number;
}

export interface TransportRequest {
  url: string;
  method: string;
  headers: Headers;
  body: FormData;
  signal?: AbortSignal;
  onProgress?(progress: UploadProgress): void;
}

/** What came back: the status and the body as text (status 0: no answer). */
export interface TransportResponse {
  status: number;
  text: string;
}

/** Sends a request; rejects only when no answer came (network, aborted). */
export type UploadTransport = (request: TransportRequest) => Promise<TransportResponse>;

/** Through fetch: no upload progress. */
export const fetchTransport: UploadTransport = async ({ url, method, headers, body, signal }) => {
  const response = await fetch(url, { method, headers, body, signal });
  return { status: response.status, text: await response.text() };
};

/** Through XMLHttpRequest: `onProgress` follows the bytes sent. */
export const xhrTransport: UploadTransport = (request) =>
  new Promise<TransportResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    // FormData sets its own multipart Content-Type (with the boundary).
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      request.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
      });
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.ontimeout = () => reject(new TypeError('Timed out'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (request.signal) {
      if (request.signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(request.body);
  });

/** XMLHttpRequest where it exists (browsers, jsdom), else fetch (node). */
export function defaultUploadTransport(): UploadTransport {
  return typeof XMLHttpRequest === 'undefined' ? fetchTransport : xhrTransport;
}

/** A multipart body with one file under `field` (the one place the form is built). */
export function multipartFile(field: string, file: Blob, fileName: string): FormData {
  const body = new FormData();
  body.append(field, file, fileName);
  return body;
}

export interface UploadArgs {
  /** Path on the base, e.g. IMPORT_PATHS.upload(11). */
  url: string;
  body: FormData;
  onProgress?(progress: UploadProgress): void;
}

interface UploadState {
  session: SessionState;
  config: RuntimeConfig;
}

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The answer as fetchBaseQuery would have reported it. */
function toFetchResult(
  response: TransportResponse,
): { data: unknown } | { error: FetchBaseQueryError } {
  let parsed: { ok: true; value: unknown } | { ok: false } = { ok: true, value: null };
  if (response.text !== '') {
    try {
      parsed = { ok: true, value: JSON.parse(response.text) as unknown };
    } catch {
      parsed = { ok: false };
    }
  }
  const success = response.status >= 200 && response.status < 300;
  if (success) {
    return parsed.ok
      ? { data: parsed.value }
      : {
          error: {
            status: 'PARSING_ERROR',
            originalStatus: response.status,
            data: response.text,
            error: 'The answer is not JSON',
          },
        };
  }
  return { error: { status: response.status, data: parsed.ok ? parsed.value : response.text } };
}

/**
 * POSTs `args.body` to `args.url` on the configured `base`, with the headers the base query
 * adds (Authorization and moduleCode when signed in, Accept JSON), reporting the bytes sent.
 * Answers `{ data }` or `{ error: ApiFailure }` as the base query does; for an endpoint's
 * `queryFn`.
 */
export async function uploadRequest(
  base: ApiBaseKey,
  args: UploadArgs,
  api: Pick<BaseQueryApi, 'getState' | 'dispatch' | 'signal'>,
  transport: UploadTransport = defaultUploadTransport(),
): Promise<{ data: unknown } | { error: ApiFailure }> {
  const state = api.getState() as UploadState;
  const url = joinUrl(state.config[base], args.url);
  const headers = new Headers({ Accept: 'application/json' });
  const token = state.session.token;
  if (token) {
    headers.set(AUTH_HEADER, token.token);
    headers.set(MODULE_CODE_HEADER, MODULE_CODE);
  }
  const label = `POST ${url}`;

  let result: { data: unknown } | { error: FetchBaseQueryError };
  try {
    const response = await transport({
      url,
      method: 'POST',
      headers,
      body: args.body,
      signal: api.signal,
      onProgress: args.onProgress,
    });
    result = toFetchResult(response);
  } catch (thrown) {
    result = { error: { status: 'FETCH_ERROR', error: String(thrown) } };
  }
  if (!('error' in result)) return result;

  const error = normaliseFetchError(result.error);
  const expired = error.status === 401 && error.errorCode === ERROR_CODE.SESSION_EXPIRED;
  if (expired && (api.getState() as UploadState).session.token) api.dispatch(sessionExpired());
  if (!expired) {
    if (api.signal.aborted) logger.info(`${label} aborted: the session ended`);
    else logger.error(`${label} failed`, error);
  }
  return { error };
}

/**
 * A small typed fake of `fetch` for client tests: routes by method and path to a status and a
 * JSON body, and records every request, so the real RTK Query endpoints run unchanged.
 *
 *   const server = installFakeFetch({ 'GET /api/programs': { body: programsPage } });
 *   server.on('POST /api/tokens', { status: 401, body: { errorCode: 10, errorMessage: '…' } });
 *   expect(server.calls('GET /api/programs')[0]!.headers.get('moduleCode')).toBe('THQ');
 */

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `METHOD /path`; a route with `?` matches path and query, one without matches the path only. */
export type RouteKey = `${Method} /${string}`;

export interface FakeResponse {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (e.g. an HTML error page from a proxy), instead of `body`. */
  text?: string;
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  /** Pathname, e.g. `/api/programs`. */
  path: string;
  headers: Headers;
  /** Parsed JSON body, the raw text when not JSON, undefined when empty. */
  body: unknown;
}

/** Answer with a rejected fetch, as the browser does when the network is down. */
export const NETWORK_ERROR = Symbol('network error');

export type FakeHandler =
  | FakeResponse
  | typeof NETWORK_ERROR
  | ((request: RecordedRequest) => FakeResponse | typeof NETWORK_ERROR | Promise<FakeResponse>);

export interface FakeFetch {
  readonly requests: RecordedRequest[];
  /** Requests that matched no route (answered 404). */
  readonly unmatched: RecordedRequest[];
  /** Adds or replaces a route. */
  on(route: RouteKey, handler: FakeHandler): FakeFetch;
  /** Answers the route's next call with `handler`; the calls after it get what they got before. */
  once(route: RouteKey, handler: FakeHandler): FakeFetch;
  /** Recorded requests of one route. */
  calls(route: RouteKey): RecordedRequest[];
  restore(): void;
}

function splitRoute(route: string): [string, string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space).toUpperCase(), route.slice(space + 1)];
}

function matches(route: string, request: RecordedRequest): boolean {
  const [method, target] = splitRoute(route);
  if (method !== request.method) return false;
  return target.includes('?')
    ? target === `${request.path}${request.url.search}`
    : target === request.path;
}

async function record(input: RequestInfo | URL, init?: RequestInit): Promise<RecordedRequest> {
  const request = input instanceof Request ? input : new Request(input, init);
  const text = await request.clone().text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const url = new URL(request.url);
  return {
    method: request.method.toUpperCase(),
    url,
    path: url.pathname,
    headers: request.headers,
    body,
  };
}

function toResponse({ status = 200, body, text, headers = {} }: FakeResponse): Response {
  if (text !== undefined) return new Response(text, { status, headers });
  const empty = status === 204 || status === 205 || body === undefined;
  return new Response(empty ? null : JSON.stringify(body), {
    status,
    headers: empty ? headers : { 'Content-Type': 'application/json', ...headers },
  });
}

/** Replaces the global fetch until `restore()` (call it in afterEach). */
export function installFakeFetch(routes: Partial<Record<RouteKey, FakeHandler>> = {}): FakeFetch {
  const table = new Map<string, FakeHandler>(Object.entries(routes) as [string, FakeHandler][]);
  const requests: RecordedRequest[] = [];
  const unmatched: RecordedRequest[] = [];
  const original = globalThis.fetch;

  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = await record(input, init);
    requests.push(request);
    const route = [...table.keys()].reverse().find((key) => matches(key, request));
    if (route === undefined) {
      unmatched.push(request);
      return toResponse({
        status: 404,
        body: { errorCode: 3, errorMessage: `No fake route for ${request.method} ${request.path}` },
      });
    }
    const handler = table.get(route)!;
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    if (answer === NETWORK_ERROR) throw new TypeError('Failed to fetch');
    return toResponse(answer);
  };

  globalThis.fetch = fake as typeof fetch;

  const api: FakeFetch = {
    requests,
    unmatched,
    on(route, handler) {
      table.set(route, handler);
      return api;
    },
    once(route, handler) {
      const before = table.get(route);
      table.set(route, (request) => {
        if (before === undefined) table.delete(route);
        else table.set(route, before);
        return typeof handler === 'function' ? handler(request) : handler;
      });
      return api;
    },
    calls(route) {
      return requests.filter((request) => matches(route, request));
    },
    restore() {
      globalThis.fetch = original;
    },
  };
  return api;
}

/** A promise to resolve by hand: keeps a fake answer pending (e.g. to see a loading state). */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The image links the builders' imports ask about (`HEAD /images/{id}.png`): 200 for each
 * `stored` id, 404 for each `gone` one, as the server answers a stored and a deleted image.
 */
export function serveImages(
  server: FakeFetch,
  { stored = [], gone = [] }: { stored?: readonly string[]; gone?: readonly string[] },
): void {
  for (const id of stored) server.on(`HEAD /images/${id}.png`, { status: 200 });
  for (const id of gone) server.on(`HEAD /images/${id}.png`, { status: 404 });
}

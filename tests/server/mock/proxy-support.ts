/**
 * Two instances of this server over real HTTP: one the "real backend" (the target), the other
 * the mock with it as MOCK_PROXY_TARGET; and calls to them with fetch.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { MOCK_PROXY_PATHS } from '@contracts/api/mock-proxy';
import { API_PATHS } from '@contracts/api/paths';
import { createPortalServer } from '../../../server/http/http-server';
import { createTestApp, DEMO_USER, type TestApp } from '../support/test-app';

export interface Listening {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

/** Serves an app on a free local port. */
export function listen(app: Express): Promise<Listening> {
  return serve(createPortalServer(app));
}

/** Serves a bare handler (a target that misbehaves) on a free local port. */
export function listenRaw(handler: http.RequestListener): Promise<Listening> {
  return serve(http.createServer(handler));
}

/** What a routed target answers a call: status (200 when absent), headers and body. */
export interface TargetAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: Buffer | string;
}

/** How a routed target answers a path, given the call and its whole body. */
export type TargetRoute = (req: http.IncomingMessage, body: Buffer) => TargetAnswer;

/**
 * A target answering each call by the route of its path (the query left out), read when the
 * call's body has come; a path with no route gets a 404 with a JSON error.
 */
export function listenRouted(routes: ReadonlyMap<string, TargetRoute>): Promise<Listening> {
  return listenRaw((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const route = routes.get((req.url ?? '').split('?', 1)[0] ?? '');
      const answer = route?.(req, Buffer.concat(chunks)) ?? {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
        body: '{"errorCode":3,"errorMessage":"Not found"}',
      };
      res.writeHead(answer.status ?? 200, answer.headers ?? {});
      res.end(answer.body);
    });
  });
}

async function serve(server: http.Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => unknown;
}

/** One call; `token` goes in Authorization, a plain object as a JSON body. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as unknown,
  };
}

/** Signs in as the demo admin at `base`. */
export async function signIn(base: string): Promise<Token> {
  const answer = await call(base, 'POST', `/api${API_PATHS.tokens}`, {
    body: { username: DEMO_USER.username, password: DEMO_USER.password },
    headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
  });
  if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${answer.text}`);
  return answer.json() as Token;
}

/**
 * One call whose request line holds `rawPath` byte for byte (fetch would normalise it: `\` to
 * `/`, dot segments removed; and sends no absolute URL there), with `headers` and a JSON `body`.
 */
export function rawCall(
  base: string,
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const request = http.request(base, { method, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined)
            headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({
          status: response.statusCode ?? 0,
          headers,
          text,
          json: () => JSON.parse(text) as unknown,
        });
      });
    });
    request.on('error', reject);
    request.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

/** A mock in front of a routed target, signed in, with its forwarding rules added. */
export interface MockInFront {
  target: Listening;
  mock: TestApp;
  server: Listening;
  token: string;
  close(): Promise<void>;
}

/**
 * Starts a target answering by `routes` and a mock with the developer tools on and that target
 * as MOCK_PROXY_TARGET, signs in to the mock and adds each forwarding rule (expecting its 201).
 */
export async function mockInFront(
  routes: ReadonlyMap<string, TargetRoute>,
  rules: readonly { path: string; to: 'real' }[],
): Promise<MockInFront> {
  const target = await listenRouted(routes);
  const mock = await createTestApp({
    env: { MOCK_CONTROL: 'true', MOCK_PROXY_TARGET: target.url },
  });
  const server = await listen(mock.app);
  const { token } = await signIn(server.url);
  for (const rule of rules) {
    const added = await call(server.url, 'POST', MOCK_PROXY_PATHS.routes, { token, body: rule });
    expect(added.status).toBe(201);
  }
  return {
    target,
    mock,
    server,
    token,
    close: async () => {
      await server.close();
      await target.close();
      await mock.close();
    },
  };
}

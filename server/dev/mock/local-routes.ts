/**
 * The app's own routes as the developer tools ask about them: whether one serves a call (else
 * the proxy sends it to the real backend, ./proxy.ts) and whether that route answers without a
 * token (else a replayed answer needs one, ./recordings.ts). Read from the app (its declared
 * routes and token checks, ./openapi-document.ts) when first asked: the routes do not change once
 * the app is built.
 */
import { compilePathPattern } from './fault-rules';
import type { RouteSource } from './openapi';
import { appRoutes } from './openapi-document';

export interface LocalRoutes {
  /** Some route of the app answers this method and path. */
  serves(method: string, urlPath: string): boolean;
  /** The route of the app that answers this method and path (the first that matches, as express tries them) needs no token. False when no route does. */
  isPublic(method: string, urlPath: string): boolean;
}

interface LocalRoute {
  method: string;
  pattern: RegExp;
  requiresToken: boolean;
}

export function localRoutes(source: RouteSource): LocalRoutes {
  let routes: LocalRoute[] | undefined;
  const first = (method: string, urlPath: string): LocalRoute | undefined => {
    routes ??= appRoutes(source()).map((route) => ({
      method: route.method.toUpperCase(),
      pattern: compilePathPattern(route.path),
      requiresToken: route.requiresToken,
    }));
    const asked = method === 'HEAD' ? 'GET' : method.toUpperCase();
    return routes.find((route) => route.method === asked && route.pattern.test(urlPath));
  };
  return {
    serves: (method, urlPath) => first(method, urlPath) !== undefined,
    isPublic: (method, urlPath) => first(method, urlPath)?.requiresToken === false,
  };
}

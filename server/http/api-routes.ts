/**
 * The protected API's resource routers behind one layer, each call going only to the routers
 * that have a route it could match (issue 8).
 *
 * Mounted one after the other (`app.use('/api', auth, programs, lookups, journal, ...)`), every
 * call walks every router before the one that answers it: a journal call went through the
 * programs and lookups routers (each a full router pass, parsing the URL and trying each route)
 * and then through the journal router's own three sub-routers. That walking was a good part of
 * an API call's cost, and it grows with every resource added.
 *
 * Here each router is indexed once by the fixed starts of its routes (the whole segments before
 * the first parameter or wildcard: `/programs/:id` starts `/programs`), read with the router's
 * own `listRoutes()` (router 2.3). A call is offered, in the order the routers were given, to
 * the routers with a start that is its path or a prefix of it, so it is answered by the same
 * router as before. A router that cannot be indexed (plain middleware that may answer any path,
 * a RegExp route, an older router without listRoutes) is offered every call. A router made only
 * of sub-routers mounted at its root (the journal router) is replaced by those sub-routers.
 */
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

interface ListedRoute {
  path: unknown;
  router?: Router;
}

type Indexable = Router & { listRoutes?: () => ListedRoute[] };

/** Path-to-regexp's parameter, wildcard, optional-group and escape characters. */
const SPECIAL = /[:*{(\\]/;

/** The whole segments of a route path before its first parameter or wildcard, in lower case. */
export function fixedStart(routePath: string): string {
  const special = routePath.search(SPECIAL);
  const fixed =
    special === -1 ? routePath : routePath.slice(0, routePath.lastIndexOf('/', special));
  return fixed.replace(/\/+$/, '').toLowerCase();
}

/** A layer that is neither a route nor a mounted router: middleware that may answer any path. */
function hasPlainMiddleware(router: Router): boolean {
  return router.stack.some(
    (layer) =>
      layer.route === undefined && !Array.isArray((layer.handle as { stack?: unknown }).stack),
  );
}

function listed(router: Router): ListedRoute[] | undefined {
  const { listRoutes } = router as Indexable;
  return typeof listRoutes === 'function' ? listRoutes.call(router) : undefined;
}

/** The fixed starts of every route of the router, or undefined when any call may reach it. */
function startsOf(router: Router, base = ''): string[] | undefined {
  const routes = listed(router);
  if (routes === undefined || hasPlainMiddleware(router)) return undefined;
  const starts: string[] = [];
  for (const route of routes) {
    if (typeof route.path !== 'string') return undefined;
    const start = base + fixedStart(route.path);
    if (route.router === undefined) {
      starts.push(start);
      continue;
    }
    const inner = startsOf(route.router, start);
    if (inner === undefined) return undefined;
    starts.push(...inner);
  }
  return starts;
}

/** The router's sub-routers when it is nothing but sub-routers mounted at its root. */
function leavesOf(router: Router): Router[] {
  const routes = listed(router);
  if (
    routes === undefined ||
    routes.length === 0 ||
    hasPlainMiddleware(router) ||
    !routes.every((route) => route.path === '/' && route.router !== undefined)
  ) {
    return [router];
  }
  return routes.flatMap((route) => (route.router === undefined ? [] : leavesOf(route.router)));
}

interface Entry {
  router: Router;
  /** undefined: offered every call. */
  starts: string[] | undefined;
}

function mayMatch(entry: Entry, urlPath: string): boolean {
  const { starts } = entry;
  if (starts === undefined) return true;
  for (const start of starts) {
    if (
      start === '' ||
      (urlPath.startsWith(start) &&
        (urlPath.length === start.length || urlPath.charCodeAt(start.length) === 0x2f))
    ) {
      return true;
    }
  }
  return false;
}

/** The lower-case path of a URL without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)).toLowerCase();
}

export function routeToResources(routers: readonly Router[]): RequestHandler {
  const entries: Entry[] = routers
    .flatMap(leavesOf)
    .map((router) => ({ router, starts: startsOf(router) }));
  return (req: Request, res: Response, next: NextFunction) => {
    const urlPath = pathOf(req.url);
    let index = 0;
    const offerNext = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        next(error);
        return;
      }
      while (index < entries.length) {
        const entry = entries[index] as Entry;
        index += 1;
        if (mayMatch(entry, urlPath)) {
          entry.router(req, res, offerNext);
          return;
        }
      }
      next();
    };
    offerNext();
  };
}

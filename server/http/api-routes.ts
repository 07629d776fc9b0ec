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

/** The parts of router 2's Layer and Route a call is dispatched through (router/lib/*.js). */
interface RouteLayer {
  route: { _handlesMethod: (method: string) => boolean };
  /** router 2.3: what matched, or false. */
  match: (urlPath: string) => false | { params: Record<string, string> };
  handleRequest: (req: Request, res: Response, next: NextFunction) => void;
}

type Entry =
  /** A route of a router made only of routes: matched and dispatched here. */
  | { kind: 'route'; layer: RouteLayer; start: string }
  /** A router that cannot be indexed route by route: offered the call whole, in its place. */
  | { kind: 'router'; router: Router; starts: string[] | undefined };

/** The router's routes, when it is made only of routes with string paths (no middleware, no sub-routers). */
function routeLayersOf(router: Router): RouteLayer[] | undefined {
  const layers: RouteLayer[] = [];
  for (const layer of router.stack as unknown as {
    route?: { path: unknown; _handlesMethod?: unknown };
  }[]) {
    const { route } = layer;
    if (
      route === undefined ||
      typeof route.path !== 'string' ||
      typeof route._handlesMethod !== 'function'
    ) {
      return undefined;
    }
    layers.push(layer as unknown as RouteLayer);
  }
  return layers;
}

function entriesOf(router: Router): Entry[] {
  const layers = routeLayersOf(router);
  if (layers === undefined) return [{ kind: 'router', router, starts: startsOf(router) }];
  return layers.map((layer) => ({
    kind: 'route',
    layer,
    start: fixedStart((layer as unknown as { route: { path: string } }).route.path),
  }));
}

function startMatches(start: string, urlPath: string): boolean {
  return (
    start === '' ||
    (urlPath.startsWith(start) &&
      (urlPath.length === start.length || urlPath.charCodeAt(start.length) === 0x2f))
  );
}

function mayMatch(entry: Entry, urlPath: string): boolean {
  if (entry.kind === 'route') return startMatches(entry.start, urlPath);
  const { starts } = entry;
  if (starts === undefined) return true;
  for (const start of starts) if (startMatches(start, urlPath)) return true;
  return false;
}

/** The path of a URL without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The handler. `mount` is the path the routers' routes are relative to when the handler is
 * not itself mounted there (`app.use(handler)` with mount `/api` answers `/api/programs` from
 * a router's `/programs` route, as `app.use('/api', handler)` would, without express's mount
 * layer: issue 8). Only calls under the mount reach it.
 *
 * A router made only of routes is not entered as a router: each of its routes is matched here
 * and dispatched (`Layer.handleRequest`, the route's own method check and handlers), with
 * `req.params` set as the router would, skipping the router's pass over its stack (parsing the
 * URL again, restoring req fields, trying each route before). The order is the routers' and
 * their routes', so the same route answers. OPTIONS calls (the router's automatic Allow
 * answer) and routers with other layers go through the routers themselves.
 */
export function routeToResources(routers: readonly Router[], mount = ''): RequestHandler {
  const entries: Entry[] = routers.flatMap(leavesOf).flatMap(entriesOf);
  const wholeRouters: Entry[] = routers
    .flatMap(leavesOf)
    .map((router) => ({ kind: 'router', router, starts: startsOf(router) }));
  return (req: Request, res: Response, next: NextFunction) => {
    const rawPath = pathOf(req.url).slice(mount.length) || '/';
    const urlPath = rawPath.toLowerCase();
    const list = req.method === 'OPTIONS' ? wholeRouters : entries;
    // `offer.next` rather than a named closure: see http/chain.ts's Walk (no __name per call).
    const offer = { index: 0, next: next as NextFunction };
    offer.next = (error?: unknown): void => {
      if (error !== undefined && error !== null && error !== 'route' && error !== 'router') {
        next(error);
        return;
      }
      while (offer.index < list.length) {
        const entry = list[offer.index] as Entry;
        offer.index += 1;
        if (!mayMatch(entry, urlPath)) continue;
        if (entry.kind === 'router') {
          offerToRouter(entry.router, req, res, offer.next, mount);
          return;
        }
        const { layer } = entry;
        let matched: false | { params: Record<string, string> };
        try {
          matched = layer.match(rawPath);
        } catch (failure) {
          // A parameter with a broken %-escape: decodeURIComponent's error, status 400.
          next(failure);
          return;
        }
        // As the router: HEAD reaches a route without GET, whose dispatch then passes it on.
        if (matched === false) continue;
        if (req.method !== 'HEAD' && !layer.route._handlesMethod(req.method)) continue;
        req.params = matched.params;
        layer.handleRequest(req, res, offer.next);
        return;
      }
      next();
    };
    offer.next();
  };
}

/** A router offered the call as if mounted at `mount`: req.url and baseUrl as express sets them. */
function offerToRouter(
  router: Router,
  req: Request,
  res: Response,
  next: NextFunction,
  mount: string,
): void {
  if (mount === '') {
    router(req, res, next);
    return;
  }
  const { url, baseUrl } = req;
  req.url = url.slice(mount.length) || '/';
  req.baseUrl = baseUrl + mount;
  router(req, res, (error?: unknown) => {
    req.url = url;
    req.baseUrl = baseUrl;
    next(error);
  });
}

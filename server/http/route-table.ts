/**
 * Routers and an app that remember the routes declared on them, for the OpenAPI document and
 * the forwarding proxy's list of the calls the mock answers (dev/mock/openapi-document.ts).
 *
 * Express documents how routes are added (`app.METHOD`, `router.METHOD`, `use`, `route`) but
 * not how to read them back: its router keeps them in undocumented fields. So each router of the
 * app is made here, and its registration methods note each declaration (method, paths,
 * handlers) before handing it, unchanged, to express. Nothing here runs while answering a call.
 *
 * Every router of the server comes from `recordedRouter()` (ESLint forbids express's `Router`
 * elsewhere): a plain one mounted in the app would be left out of the document.
 */
import { METHODS } from 'node:http';
import express, { type Express, type Router, type RouterOptions } from 'express';

/** One declaration, in the order it was made. Paths are as declared (RegExp paths are left out). */
export type Declaration =
  | {
      kind: 'route';
      /** Lower case, as `router.get` names it; `all` for `router.all`. */
      method: string;
      paths: readonly string[];
      handlers: readonly unknown[];
    }
  | { kind: 'use'; paths: readonly string[]; handlers: readonly unknown[] };

/** The routing methods express adds to a router and an app (its own list is http.METHODS). */
const ROUTE_METHODS = [...METHODS.map((method) => method.toLowerCase()), 'all'];

const tables = new WeakMap<object, Declaration[]>();

/** What was declared on a recorded router or app, or undefined for anything else. */
export function declarationsOf(target: unknown): readonly Declaration[] | undefined {
  return typeof target === 'function' ? tables.get(target) : undefined;
}

/** The string paths of a path argument (a string, a RegExp or an array of them). */
function pathsOf(given: unknown): string[] {
  return [given].flat(Infinity).filter((item): item is string => typeof item === 'string');
}

/** `use`'s first argument is a path unless it is a function, or an array starting with one. */
function startsWithPath(args: readonly unknown[]): boolean {
  let first = args[0];
  while (Array.isArray(first) && first.length > 0) first = first[0] as unknown;
  return typeof first !== 'function';
}

type Registrar = (...args: unknown[]) => unknown;

/** A recorded router's declarations, and whether one of its methods is running. */
interface Recorder {
  table: Declaration[];
  /**
   * Set while a wrapped method runs: express's own methods call each other (`router.get` calls
   * `this.route`, then the route's `get`), and only the outermost call is the declaration.
   */
  busy: boolean;
}

/** Replaces `target[name]` with a method that notes what `note` makes of its arguments first. */
function wrap(
  recorder: Recorder,
  target: Record<string, unknown>,
  name: string,
  note: (args: unknown[]) => Declaration | undefined,
): void {
  const original = target[name];
  if (typeof original !== 'function') return;
  target[name] = (...args: unknown[]): unknown => {
    if (recorder.busy) return (original as Registrar).apply(target, args);
    const declaration = note(args);
    if (declaration !== undefined) recorder.table.push(declaration);
    recorder.busy = true;
    try {
      return (original as Registrar).apply(target, args);
    } finally {
      recorder.busy = false;
    }
  };
}

/**
 * Wraps `target`'s routing methods. A route made by `route(path)` passes its path: its methods
 * take handlers only.
 */
function noteRoutes(
  recorder: Recorder,
  target: Record<string, unknown>,
  { isApp = false, routePath }: { isApp?: boolean; routePath?: unknown } = {},
): void {
  for (const method of ROUTE_METHODS) {
    wrap(recorder, target, method, (args) => {
      // `app.get(name)` reads a setting: both uses of app.get are documented.
      if (isApp && method === 'get' && args.length === 1) return undefined;
      const [paths, handlers] =
        routePath === undefined ? [args[0], args.slice(1)] : [routePath, args];
      return { kind: 'route', method, paths: pathsOf(paths), handlers: handlers.flat(Infinity) };
    });
  }
}

function record<T extends Router | Express>(target: T, isApp: boolean): T {
  const recorder: Recorder = { table: [], busy: false };
  tables.set(target, recorder.table);
  const open = target as unknown as Record<string, unknown>;
  noteRoutes(recorder, open, { isApp });
  wrap(recorder, open, 'use', (args) => {
    const hasPath = startsWithPath(args);
    return {
      kind: 'use',
      paths: hasPath ? pathsOf(args[0]) : ['/'],
      handlers: args.slice(hasPath ? 1 : 0).flat(Infinity),
    };
  });
  const route = open.route;
  if (typeof route === 'function') {
    open.route = (routePath: unknown): unknown => {
      const made = (route as Registrar).call(target, routePath) as Record<string, unknown>;
      noteRoutes(recorder, made, { routePath });
      return made;
    };
  }
  return target;
}

/** `express.Router(options)`, recording its routes. */
export function recordedRouter(options?: RouterOptions): Router {
  return record(express.Router(options), false);
}

/** `express()`, recording its routes. */
export function recordedApp(): Express {
  return record(express(), true);
}

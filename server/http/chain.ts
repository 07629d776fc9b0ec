/**
 * Middleware run one after the other as one express layer (issue 8). Mounted one by one with
 * `app.use`, each global middleware cost a pass of express's router on every call: reading the
 * path again, matching the layer, trimming and restoring the URL, a try/catch frame and a
 * promise check. Here the same order, the same `next(error)` and thrown-error and rejected-
 * promise handling, at the cost of one call per middleware. No paths: a middleware that needs
 * one checks it itself.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * A call's walk along the list. `next` is a property, not a `const next = ...`: the server runs
 * through tsx, whose esbuild keeps function names by wrapping every named closure in a
 * `__name()` call (an Object.defineProperty) each time it is made, which per call was a
 * measurable part of the chain's own cost (issue 8). A function assigned to a property gets no
 * name, so no wrapper.
 */
interface Walk {
  index: number;
  next: NextFunction;
}

function walk(list: readonly RequestHandler[], req: Request, res: Response, done: NextFunction) {
  const state: Walk = { index: 0, next: done };
  state.next = (error?: unknown): void => {
    // 'route' / 'router' leave the chain as they leave a router.
    if (error === 'route' || error === 'router') {
      done();
      return;
    }
    if (error !== undefined && error !== null) {
      done(error);
      return;
    }
    const handler = list[state.index];
    state.index += 1;
    if (handler === undefined) {
      done();
      return;
    }
    try {
      const result: unknown = handler(req, res, state.next);
      if (isThenable(result)) {
        result.then(undefined, (failure: unknown) => {
          state.next(failure ?? new Error('Rejected promise'));
        });
      }
    } catch (failure) {
      state.next(failure);
    }
  };
  state.next();
}

export function chain(handlers: readonly RequestHandler[]): RequestHandler {
  const list = [...handlers];
  return (req: Request, res: Response, done: NextFunction) => {
    walk(list, req, res, done);
  };
}

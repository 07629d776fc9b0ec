/**
 * Middleware run one after the other as one express layer (issue 8). Mounted one by one with
 * `app.use`, each global middleware cost a pass of express's router on every call: reading the
 * path again, matching the layer, trimming and restoring the URL, a try/catch frame and a
 * promise check. Here the same order, the same `next(error)` and thrown-error and rejected-
 * promise handling, at the cost of one call per middleware. No paths: a middleware that needs
 * one checks it itself.
 */
import type {
  ErrorRequestHandler,
  Express,
  NextFunction,
  Request,
  RequestHandler,
  Response,
} from 'express';

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

export function chain(handlers: readonly RequestHandler[]): RequestHandler {
  const list = [...handlers];
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (error?: unknown): void => {
      // 'route' / 'router' leave the chain as they leave a router.
      if (error === 'route' || error === 'router') {
        done();
        return;
      }
      if (error !== undefined && error !== null) {
        done(error);
        return;
      }
      const handler = list[index];
      index += 1;
      if (handler === undefined) {
        done();
        return;
      }
      try {
        const result: unknown = handler(req, res, next);
        if (isThenable(result)) {
          result.then(undefined, (failure: unknown) => {
            next(failure ?? new Error('Rejected promise'));
          });
        }
      } catch (failure) {
        next(failure);
      }
    };
    next();
  };
}

/** The parts of an express app the direct handling uses (express 5's application.handle). */
interface HandledApp {
  request: object;
  response: object;
  handle: (req: Request, res: Response, callback?: NextFunction) => void;
}

/**
 * The app answers every call through `main`, then `notFound`, with `onError` for a failure,
 * without express's router pass around them (issue 8): application.handle's own set-up (the
 * request and response prototypes, locals, the circular references) and the router's
 * (originalUrl, baseUrl, params), then the handlers. Its router's per-call closures, URL
 * parsing and layer matching for the one layer were a measurable part of every API call. The
 * same handlers stay mounted with `app.use` (the app's description), and behave the same.
 */
export function handleDirectly(
  app: Express,
  main: RequestHandler,
  notFound: RequestHandler,
  onError: ErrorRequestHandler,
): void {
  const handled = app as unknown as HandledApp;
  const { request, response } = handled;
  handled.handle = (req, res, callback) => {
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, request);
    Object.setPrototypeOf(res, response);
    if (res.locals === undefined) res.locals = Object.create(null) as Response['locals'];
    req.originalUrl ??= req.url;
    req.baseUrl = '';
    req.params = {};
    /** What the error handler passes on: the headers were sent; the connection cannot be saved. */
    const last = (error?: unknown) => {
      if (callback !== undefined) {
        callback(error);
        return;
      }
      if (res.headersSent) req.socket.destroy();
      else res.status(500).end();
    };
    const failed = (error: unknown) => {
      try {
        onError(error, req, res, last);
      } catch (failure) {
        last(failure);
      }
    };
    main(req, res, (error?: unknown) => {
      if (error !== undefined && error !== null && error !== 'route' && error !== 'router') {
        failed(error);
        return;
      }
      notFound(req, res, (notFoundError?: unknown) => {
        if (notFoundError === undefined || notFoundError === null) last();
        else failed(notFoundError);
      });
    });
  };
}

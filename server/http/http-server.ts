/**
 * The HTTP server of an express app whose requests and responses are born with the app's own
 * prototypes.
 *
 * express gives each request and response its prototypes when it starts handling them:
 * `Object.setPrototypeOf(req, app.request)` and the same for `res` (express/lib/application.js,
 * `app.handle`). Changing the prototype of an object that already exists gives it a new hidden
 * class in V8, so node's HTTP code, express and every middleware then read and write properties
 * of objects whose shape their inline caches have not seen. Measured with `npm run bench --
 * --api` and CPU profiles of `GET /api/programs`: about 40% of the server's CPU per call went
 * away (575 to 328 µs under the profiler), spread over the router, express's `res.send`, node's
 * header and socket code and the garbage collector.
 *
 * Node lets a server name the constructors it makes requests and responses with (the
 * `IncomingMessage` and `ServerResponse` options of `http.createServer`). Here they are
 * constructors whose `prototype` is the app's `request` and `response`, which themselves inherit
 * node's: express's `setPrototypeOf` then finds the prototype already in place and changes
 * nothing. The requests and responses are node's own objects, filled in by node's own
 * constructors; only their prototype differs, and it is the one express would give them
 * anyway. Tests drive the app through supertest, which makes a plain server: the same app, the
 * slower path (tests/server/http-server.test.ts compares the two).
 */
import http from 'node:http';
import type { Express } from 'express';
import { answerClientErrorsAsJson } from './client-errors';

/** A constructor the way node's server calls it (`new C(...)`). */
type Construct = new (...args: never[]) => object;

/**
 * A constructor for `base`'s objects whose instances have `proto` as their prototype: `new`
 * makes the object from this function (so every request shares one hidden class, made once)
 * and node's constructor fills it in. Not `Reflect.construct(base, args, Born)`: V8 then derives
 * a new hidden class for every object it makes, and a call took three times as long. A function
 * rather than a class: a class's `prototype` cannot be replaced. Undefined when `base` is a class
 * (node 20 to 24 write these two as functions), whose constructor cannot be called on an object.
 */
function bornWith<Base extends Construct>(base: Base, proto: object): Base | undefined {
  if (/^class\b/.test(Function.prototype.toString.call(base))) return undefined;
  const fill = base as unknown as (this: object, first: unknown, second: unknown) => void;
  // Node passes one argument to a request's constructor and two to a response's.
  function Born(this: object, first: unknown, second: unknown): void {
    fill.call(this, first, second);
  }
  Born.prototype = proto;
  return Born as unknown as Base;
}

export function createHttpServer(app: Express): http.Server {
  const IncomingMessage = bornWith<typeof http.IncomingMessage>(http.IncomingMessage, app.request);
  const ServerResponse = bornWith<typeof http.ServerResponse>(http.ServerResponse, app.response);
  // A node whose classes cannot be made this way gets express's own way: slower, the same answers.
  if (IncomingMessage === undefined || ServerResponse === undefined) return http.createServer(app);
  return http.createServer({ IncomingMessage, ServerResponse }, app);
}

/**
 * The server `npm start` serves the portal with (server/index.ts): the app's, with the requests
 * Node's own parser refuses answered as JSON too (client-errors.ts).
 */
export function createPortalServer(app: Express): http.Server {
  const server = createHttpServer(app);
  answerClientErrorsAsJson(server);
  return server;
}

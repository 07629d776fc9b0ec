/**
 * The server `npm start` serves the portal with (server/index.ts): node's own HTTP server for
 * the app, with the requests Node's parser refuses answered as JSON too (client-errors.ts).
 *
 * Plain `http.createServer(app)`, as express's app.listen makes it. Making each request and
 * response with the app's prototypes already in place (the `IncomingMessage` / `ServerResponse`
 * options) spared express's `setPrototypeOf` on Node 20, but costs CPU on Node 26: measured
 * with a bare Express app answering GET /api/programs, 34-38 µs of CPU a request plain against
 * 47-48 µs so made (on Node 20: 132-139 µs plain, 59-61 µs so made).
 */
import http from 'node:http';
import type { Express } from 'express';
import { answerClientErrorsAsJson } from './client-errors';

export function createPortalServer(app: Express): http.Server {
  const server = http.createServer(app);
  answerClientErrorsAsJson(server);
  return server;
}

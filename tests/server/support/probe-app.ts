/**
 * An express app for testing one piece of the request pipeline: the given layers, then a 404
 * answering `{answeredBy: 'not found'}` and an error handler answering `{error: message}` with the
 * error's status (as express's own handler reads it) or 500,
 * so a test sees whether a call was answered, fell through, or failed, and with what.
 */
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';

export function probeApp(...layers: RequestHandler[]): Express {
  const app = express();
  for (const layer of layers) app.use(layer);
  app.use((_req, res) => {
    res.status(404).json({ answeredBy: 'not found' });
  });
  const onError: ErrorRequestHandler = (error: Error & { status?: number }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ error: error.message });
  };
  app.use(onError);
  return app;
}

/**
 * The server index.ts listens with (server/http/http-server.ts): requests and responses are made
 * with express's prototypes already in place, and the app answers through it exactly as through
 * express's own app.listen.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { createHttpServer } from '../../server/http/http-server';

/** A small app using what handlers use: params, query, headers, a JSON body, a thrown error. */
function sampleApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/items/:id', (req, res) => {
    res
      .set('X-Item', req.params.id)
      .json({ id: req.params.id, q: req.query.q, ua: req.get('x-ua') });
  });
  app.post('/items', express.json(), (req, res) => {
    res.status(201).json({ body: req.body as unknown, ip: req.ip !== undefined });
  });
  app.get('/broken', () => {
    throw new Error('broken on purpose');
  });
  app.use((_req, res) => {
    res.status(404).json({ errorCode: 404 });
  });
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).json({ errorMessage: error.message });
  };
  app.use(onError);
  return app;
}

async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

async function answersOf(base: string): Promise<Answer[]> {
  const calls: [string, RequestInit][] = [
    ['/items/7?q=abc', { headers: { 'X-UA': 'probe' } }],
    [
      '/items',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'card' }),
      },
    ],
    ['/broken', {}],
    ['/nowhere', {}],
  ];
  const answers: Answer[] = [];
  for (const [path, init] of calls) {
    const response = await fetch(`${base}${path}`, init);
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive'),
    );
    answers.push({ status: response.status, body: await response.json(), headers });
  }
  return answers;
}

describe('createHttpServer', () => {
  it('makes each request and response with the app’s prototypes before express sees them', async () => {
    const app = sampleApp();
    const server = createHttpServer(app);
    const seen: boolean[] = [];
    server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      seen.push(
        Object.getPrototypeOf(req) === app.request &&
          Object.getPrototypeOf(res) === app.response &&
          req instanceof http.IncomingMessage &&
          res instanceof http.ServerResponse,
      );
    });
    const base = await listening(server);
    try {
      await answersOf(base);
    } finally {
      await close(server);
    }
    expect(seen).toEqual([true, true, true, true]);
  });

  it('answers every call exactly as the same app behind express’s app.listen', async () => {
    const app = sampleApp();
    const ours = createHttpServer(app);
    const theirs = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => theirs.once('listening', resolve));
    const oursBase = await listening(ours);
    try {
      const expected = await answersOf(
        `http://127.0.0.1:${(theirs.address() as AddressInfo).port}`,
      );
      const answers = await answersOf(oursBase);
      expect(answers).toEqual(expected);
      expect(answers.map(({ status }) => status)).toEqual([200, 201, 500, 404]);
      expect(answers[0]).toMatchObject({
        body: { id: '7', q: 'abc', ua: 'probe' },
        headers: { 'x-item': '7' },
      });
      expect(answers[1]?.body).toEqual({ body: { name: 'card' }, ip: true });
      expect(answers[2]?.body).toEqual({ errorMessage: 'broken on purpose' });
    } finally {
      await Promise.all([close(ours), close(theirs)]);
    }
  });
});

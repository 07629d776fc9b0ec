import type { RequestHandler } from 'express';
import request from 'supertest';
import { chain } from '../../server/http/chain';
import { probeApp } from './support/probe-app';

/** An app with the chain as its one layer, then a 404 and an error handler naming the error. */
const appOf = (handlers: RequestHandler[]) => probeApp(chain(handlers));

describe('chain', () => {
  it('runs the handlers in order and stops at the one that answers', async () => {
    const seen: string[] = [];
    const note =
      (name: string): RequestHandler =>
      (_req, _res, next) => {
        seen.push(name);
        next();
      };
    const answer: RequestHandler = (_req, res) => {
      res.json({ seen });
    };
    const app = appOf([note('a'), note('b'), answer, note('never')]);
    expect((await request(app).get('/x').expect(200)).body).toEqual({ seen: ['a', 'b'] });
  });

  it('goes on to the layers after it when every handler calls next', async () => {
    const app = appOf([(_req, _res, next) => next()]);
    expect((await request(app).get('/x').expect(404)).body).toEqual({ answeredBy: 'not found' });
  });

  it.each<[string, RequestHandler]>([
    ['next(error)', (_req, _res, next) => next(new Error('passed on'))],
    [
      'a thrown error',
      () => {
        throw new Error('passed on');
      },
    ],
    ['a rejected promise', () => Promise.reject(new Error('passed on'))],
  ])('hands %s to the error handlers, skipping the rest', async (_name, failing) => {
    const after = jest.fn();
    const app = appOf([
      failing,
      (_req, res) => {
        after();
        res.json({});
      },
    ]);
    expect((await request(app).get('/x').expect(500)).body).toEqual({ error: 'passed on' });
    expect(after).not.toHaveBeenCalled();
  });

  it("leaves the chain on next('route'), as a router does", async () => {
    const app = appOf([(_req, _res, next) => next('route'), (_req, res) => res.json({})]);
    await request(app).get('/x').expect(404);
  });
});

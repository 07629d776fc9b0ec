/**
 * The route table: routers and an app that note the routes declared on them through express's
 * documented registration methods, for the OpenAPI document and the forwarding proxy. The
 * routers still answer calls as express's own do (supertest through a recorded app), and the
 * walk over them gives each route once, with its mount path and whether a token guards it.
 */
import type { RequestHandler } from 'express';
import request from 'supertest';
import { appRoutes } from '../../server/dev/mock/openapi-document';
import { marksTokenCheck } from '../../server/http/route-docs';
import { declarationsOf, recordedApp, recordedRouter } from '../../server/http/route-table';

const answer =
  (text: string): RequestHandler =>
  (_req, res) => {
    res.type('text/plain').send(text);
  };

const summary = (source: unknown): string[] =>
  appRoutes(source).map(
    (route) => `${route.method} ${route.path}${route.requiresToken ? ' (token)' : ''}`,
  );

describe('a recorded router', () => {
  it('notes each declaration once, in order, with its paths and handlers', () => {
    const router = recordedRouter();
    const first = answer('a');
    const second = answer('b');
    router.get('/a', first);
    router.post(['/b', '/c'], [first, second]);
    router.route('/d').put(first).delete(second);
    router.use(first);
    router.use(['/e', '/f'], second);
    expect(declarationsOf(router)).toEqual([
      { kind: 'route', method: 'get', paths: ['/a'], handlers: [first] },
      { kind: 'route', method: 'post', paths: ['/b', '/c'], handlers: [first, second] },
      { kind: 'route', method: 'put', paths: ['/d'], handlers: [first] },
      { kind: 'route', method: 'delete', paths: ['/d'], handlers: [second] },
      { kind: 'use', paths: ['/'], handlers: [first] },
      { kind: 'use', paths: ['/e', '/f'], handlers: [second] },
    ]);
  });

  it('answers calls as express routes them', async () => {
    const app = recordedApp();
    const router = recordedRouter();
    router.get('/items/:id', (req, res) => {
      res.json({ id: req.params.id });
    });
    router.route('/things').post(answer('made'));
    app.use('/api', router);
    await request(app).get('/api/items/7').expect(200, { id: '7' });
    await request(app).post('/api/things').expect(200, 'made');
    await request(app).get('/api/things').expect(404);
  });

  it('leaves out reading a setting with app.get, and RegExp paths', () => {
    const app = recordedApp();
    app.set('title', 'portal');
    expect(app.get('title')).toBe('portal');
    app.get(/^\/regexp$/, answer('r'));
    expect(appRoutes(app)).toEqual([]);
    expect(declarationsOf(answer('plain'))).toBeUndefined();
  });
});

describe('the routes of a recorded app', () => {
  it('joins mount paths and marks the routes a token check covers', () => {
    const app = recordedApp();
    const guard = marksTokenCheck<RequestHandler>((_req, _res, next) => {
      next();
    });
    const open = recordedRouter();
    open.post('/tokens', answer('signed in'));
    const guarded = recordedRouter();
    guarded.get('/programs/:id', answer('program'));
    const inner = recordedRouter();
    inner.get('/pages', answer('pages'));
    guarded.use('/journal', inner);
    const ownCheck = recordedRouter();
    ownCheck.post('/images', guard, answer('image'));
    ownCheck.get('/images/:id', answer('bytes'));

    app.use('/api', open);
    app.use('/api', guard, guarded);
    app.use(ownCheck);
    app.all('/anything', answer('any'));
    app.use('/other', recordedRouter().get('/x', answer('x')));

    expect(summary(app)).toEqual([
      'post /api/tokens',
      'get /api/programs/:id (token)',
      'get /api/journal/pages (token)',
      'post /images (token)',
      'get /images/:id',
      'get /other/x',
    ]);
  });
});

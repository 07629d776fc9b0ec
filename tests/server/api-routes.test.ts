import { Router, type Request, type Response } from 'express';
import request from 'supertest';
import { fixedStart, routeToResources } from '../../server/http/api-routes';
import { probeApp } from './support/probe-app';

describe('fixedStart', () => {
  it.each([
    ['/programs', '/programs'],
    ['/programs/:id', '/programs'],
    ['/gift-card/Bins/:id/extension-number', '/gift-card/bins'],
    ['/countries/:countryId/states', '/countries'],
    ['/:anything', ''],
    ['/files/*rest', '/files'],
    // An optional group: conservatively offered every call.
    ['/items{/:id}', ''],
    ['/a/b/', '/a/b'],
  ])('%s starts %s', (routePath, start) => {
    expect(fixedStart(routePath)).toBe(start);
  });
});

describe('routeToResources', () => {
  /** Which routers a call went through, in order, and who answered. */
  function appOf(routers: Router[], seen: string[]) {
    const api = Router();
    api.use('/api', routeToResources(routers));
    return probeApp((_req, _res, next) => {
      seen.length = 0;
      next();
    }, api);
  }

  it('answers each call from the router that answered it when they were mounted in a row', async () => {
    const seen: string[] = [];
    const answer = (by: string) => (_req: Request, res: Response) => {
      res.json({ answeredBy: by, seen: [...seen] });
    };
    const programs = Router();
    programs.get('/programs', answer('programs'));
    programs.get('/programs/:id', answer('program'));
    const lookups = Router();
    lookups.get('/countries/:id/states', answer('states'));
    lookups.get('/gift-card/configurations/expiry-type', answer('expiry types'));
    const configs = Router();
    configs.get('/gift-card/configurations/:id', answer('configuration'));
    // Not indexable (plain middleware): offered every call, in its place.
    const audit = Router();
    audit.use((req, _res, next) => {
      seen.push(`audit ${req.path}`);
      next();
    });
    const composed = Router().use(programs, lookups);
    const app = appOf([composed, audit, configs], seen);

    const answers = {
      '/api/programs': { answeredBy: 'programs', seen: [] },
      '/api/PROGRAMS/7?x=1': { answeredBy: 'program', seen: [] },
      '/api/countries/3/states': { answeredBy: 'states', seen: [] },
      '/api/gift-card/configurations/expiry-type': { answeredBy: 'expiry types', seen: [] },
      '/api/gift-card/configurations/12': {
        answeredBy: 'configuration',
        seen: ['audit /gift-card/configurations/12'],
      },
    };
    for (const [url, expected] of Object.entries(answers)) {
      const response = await request(app).get(url).expect(200);
      expect(response.body).toEqual(expected);
    }
    const missing = await request(app).get('/api/programsx').expect(404);
    expect(missing.body).toEqual({ answeredBy: 'not found' });
    expect(seen).toEqual(['audit /programsx']);
  });

  it('passes an error on to the error handlers, and a next() on to the next router', async () => {
    const seen: string[] = [];
    const first = Router();
    first.get('/things/:id', (req, _res, next) => {
      if (req.params.id === 'bad') throw new Error('bad thing');
      next();
    });
    const second = Router();
    second.get('/things/:id', (_req, res) => {
      res.json({ answeredBy: 'second' });
    });
    const app = appOf([first, second], seen);
    expect((await request(app).get('/api/things/1').expect(200)).body).toEqual({
      answeredBy: 'second',
    });
    expect((await request(app).get('/api/things/bad').expect(500)).body).toEqual({
      error: 'bad thing',
    });
  });

  it('answers under its mount without being mounted: params, HEAD, OPTIONS and a broken escape as the router', async () => {
    const items = Router();
    items.get('/items/:id', (req, res) => {
      res.json({ id: req.params.id });
    });
    items.put('/items/:id', (_req, res) => {
      res.json({ put: true });
    });
    const app = probeApp(routeToResources([items], '/api'));
    expect((await request(app).get('/api/items/a%20b?x=1').expect(200)).body).toEqual({
      id: 'a b',
    });
    await request(app).head('/api/items/7').expect(200);
    const options = await request(app).options('/api/items/7').expect(200);
    expect(options.headers.allow).toBe('GET, HEAD, PUT');
    await request(app).delete('/api/items/7').expect(404);
    expect((await request(app).get('/api/items/%ff').expect(400)).body.error).toMatch(/decode/);
  });
});

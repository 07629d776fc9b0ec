import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../../server/app';
import { createTestApp, DEMO_USER, loginRequest } from './support/test-app';

describe('request logs', () => {
  it('log each request as JSON without credentials', async () => {
    const t = await createTestApp();
    try {
      const lines: string[] = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const app = createApp({ db: t.store, config: t.config, logger });

      await loginRequest(app, DEMO_USER).set('Cookie', 'token=cookie-secret').expect(200);
      await request(app)
        .get('/api/programs')
        .set('Authorization', 'Bearer header-secret-token')
        .set('Cookie', 'token=cookie-secret')
        .expect(401);

      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.length).toBeGreaterThanOrEqual(2);
      expect(entries.some((entry) => entry.msg === 'request completed')).toBe(true);
      const all = lines.join('\n');
      expect(all).not.toContain('header-secret-token');
      expect(all).not.toContain('cookie-secret');
      expect(all).not.toContain(DEMO_USER.password);
      // A request line: id, method, URL, status and time; no headers (each costs time per call).
      const programs = entries.find(
        (entry) => (entry.req as { url?: string } | undefined)?.url === '/api/programs',
      );
      expect(programs).toMatchObject({
        msg: 'request completed',
        req: { id: expect.anything(), method: 'GET', url: '/api/programs' },
        res: { statusCode: 401 },
        responseTime: expect.any(Number),
      });
      expect(all).not.toContain('"headers"');
    } finally {
      await t.close();
    }
  });

  it('are silent at LOG_LEVEL=silent', async () => {
    const t = await createTestApp();
    try {
      expect(t.config.logLevel).toBe('silent');
      const write = jest.spyOn(process.stdout, 'write');
      await request(t.app).get('/config.json').expect(200);
      expect(write).not.toHaveBeenCalled();
      write.mockRestore();
    } finally {
      await t.close();
    }
  });
});

import request from 'supertest';
import type { RuntimeConfig } from '@contracts/api/entities';
import { RUNTIME_CONFIG_PATH } from '@contracts/api/paths';
import { createTestApp } from './support/test-app';

describe('GET /config.json', () => {
  it('answers the defaults without a token', async () => {
    const t = await createTestApp();
    try {
      const response = await request(t.app).get(RUNTIME_CONFIG_PATH).expect(200);
      const expected: RuntimeConfig = {
        apiBase: '/api',
        urlBase: '',
        merchantApiBase: '/api',
        inactivityLimitSeconds: 600,
        productionHosts: [],
        testSiteHost: '',
        liveSiteHost: '',
      };
      expect(response.body).toEqual(expected);
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('answers what the environment configures', async () => {
    const t = await createTestApp({
      env: {
        API_BASE: 'https://api.example.com/api/',
        URL_BASE: 'https://api.example.com',
        MERCHANT_API_BASE: '/merchant',
        INACTIVITY_LIMIT_SECONDS: '120',
        PRODUCTION_HOSTS: 'portal.example.com, admin.example.com:8443',
        TEST_SITE_HOST: 'http://test-sites.example.com',
        LIVE_SITE_HOST: 'https://sites.example.com/',
      },
    });
    try {
      const response = await request(t.app).get(RUNTIME_CONFIG_PATH).expect(200);
      expect(response.body).toEqual({
        apiBase: 'https://api.example.com/api',
        urlBase: 'https://api.example.com',
        merchantApiBase: '/merchant',
        inactivityLimitSeconds: 120,
        productionHosts: ['portal.example.com', 'admin.example.com:8443'],
        testSiteHost: 'http://test-sites.example.com',
        liveSiteHost: 'https://sites.example.com',
      });
    } finally {
      await t.close();
    }
  });
});

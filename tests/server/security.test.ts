import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';

function cspOf(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('sends helmet headers and a CSP the client runs under, and no X-Powered-By', async () => {
    t = await createTestApp();
    const response = await request(t.app).get('/config.json').expect(200);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const csp = cspOf(response.headers['content-security-policy']);
    expect(Object.fromEntries(csp)).toStrictEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': expect.stringMatching(/^'self' 'nonce-[A-Za-z0-9+/=]{24}'$/),
      'img-src': "'self' data: blob:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
    });
  });

  it("answers API calls, errors too, with OWASP's REST set: no-store, a CSP allowing nothing, DENY", async () => {
    t = await createTestApp();
    const { token } = await t.login();
    const answers = [
      await request(t.app).get('/api/programs').set('Authorization', token).expect(200),
      await request(t.app).get('/api/programs').expect(401),
      await request(t.app).get('/API/nowhere').set('Authorization', token).expect(404),
    ];
    for (const response of answers) {
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      // The document headers stay with the documents.
      expect(response.headers['x-xss-protection']).toBeUndefined();
    }
  });

  it('sends the document headers on error answers outside the API', async () => {
    t = await createTestApp();
    const response = await request(t.app).get('/no-such-page').expect(404);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('allows connecting to absolute bases configured for the client', async () => {
    t = await createTestApp({
      env: {
        API_BASE: 'https://api.example.com/portal/api',
        URL_BASE: 'https://files.example.com',
      },
    });
    const response = await request(t.app).get('/config.json').expect(200);
    const csp = cspOf(response.headers['content-security-policy']);
    expect(csp.get('connect-src')).toBe("'self' https://api.example.com https://files.example.com");
    expect(csp.get('img-src')).toContain('https://files.example.com');
  });

  it('serves the built client at / when it exists', async () => {
    t = await createTestApp();
    const clientDir = path.join(t.dir, 'client');
    await mkdir(clientDir);
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
    await writeFile(path.join(clientDir, 'main.js'), 'console.log(1)');
    const withClient = await createTestApp({ env: { CLIENT_DIR: clientDir } });
    try {
      const index = await request(withClient.app).get('/').expect(200);
      expect(index.headers['content-type']).toMatch(/^text\/html/);
      expect(index.text).toContain('<title>Portal</title>');
      expect(index.headers['content-security-policy']).toContain("script-src 'self'");
      const script = await request(withClient.app).get('/main.js').expect(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    } finally {
      await withClient.close();
    }
  });

  it.each([
    ['as written', '<meta name="csp-nonce" content="" />'],
    ['as the production build minifies it', '<meta name=csp-nonce content>'],
  ])(
    'puts a fresh CSP nonce in index.html (%s), the same as in its style-src, never cached',
    async (_how, meta) => {
      t = await createTestApp();
      const clientDir = path.join(t.dir, 'client');
      await mkdir(clientDir);
      await writeFile(path.join(clientDir, 'index.html'), `<!doctype html><head>${meta}</head>`);
      const withClient = await createTestApp({ env: { CLIENT_DIR: clientDir } });
      try {
        const nonces = [];
        for (const url of ['/', '/index.html']) {
          const index = await request(withClient.app).get(url).expect(200);
          expect(index.headers['cache-control']).toBe('no-store');
          const inPage = /<meta name="csp-nonce" content="([^"]+)" \/>/.exec(index.text)?.[1];
          const inHeader = /'nonce-([^']+)'/.exec(
            cspOf(index.headers['content-security-policy']).get('style-src') ?? '',
          )?.[1];
          expect(inPage).toBeDefined();
          expect(inPage).toBe(inHeader);
          nonces.push(inPage);
        }
        expect(nonces[0]).not.toBe(nonces[1]);
      } finally {
        await withClient.close();
      }
    },
  );

  it('answers 404 JSON at / when there is no built client', async () => {
    t = await createTestApp();
    const response = await request(t.app).get('/').expect(404);
    expect(response.body).toMatchObject({ errorCode: 3 });
  });
});

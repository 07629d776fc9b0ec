/** The built client as the server serves it: source maps only outside production. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ERROR_CODE } from '@contracts/api/constants';
import { createTestApp, type TestApp } from './support/test-app';

const SCRIPT = 'console.log(1);\n//# sourceMappingURL=main.1234abcd.js.map\n';
const SOURCE_MAP = '{"version":3,"sources":["webpack://portal/./client/src/main.tsx"]}';

/** A built client in a temp folder: index.html, a script and its source map. */
async function builtClient(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'client-files-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Portal</title>');
  await writeFile(path.join(dir, 'assets/main.1234abcd.js'), SCRIPT);
  await writeFile(path.join(dir, 'assets/main.1234abcd.js.map'), SOURCE_MAP);
  return dir;
}

/** The app as `NODE_ENV=<nodeEnv> npm start` builds it (createApp reads NODE_ENV then). */
async function appWith(nodeEnv: string, clientDir: string): Promise<TestApp> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    return await createTestApp({ env: { CLIENT_DIR: clientDir, NODE_ENV: nodeEnv } });
  } finally {
    process.env.NODE_ENV = before;
  }
}

describe('client files', () => {
  let clientDir: string;
  let t: TestApp;

  beforeEach(async () => {
    clientDir = await builtClient();
  });

  afterEach(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('does not serve source maps in production, however the path is written', async () => {
    t = await appWith('production', clientDir);
    await request(t.app).get('/').expect(200).expect('Content-Type', /html/);
    const script = await request(t.app).get('/assets/main.1234abcd.js').expect(200);
    expect(script.text).toBe(SCRIPT);

    for (const mapPath of [
      '/assets/main.1234abcd.js.map',
      '/assets/main.1234abcd.js%2Emap',
      '/assets/main.1234abcd.js.MAP',
      '/assets/main.1234abcd.js.%6D%61%70',
    ]) {
      const response = await request(t.app).get(mapPath);
      expect({ path: mapPath, status: response.status }).toEqual({ path: mapPath, status: 404 });
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: expect.any(String),
      });
      expect(response.text).not.toContain('sourcesContent');
      expect(response.text).not.toContain('client/src');
    }
  });

  it("answers a published site's page by any of its addresses, never cached", async () => {
    for (const site of ['mj', 'mm']) {
      await mkdir(path.join(clientDir, site));
      await writeFile(
        path.join(clientDir, site, 'index.html'),
        `<!doctype html><title>${site}</title>`,
      );
    }
    t = await appWith('production', clientDir);
    for (const address of ['/mj/', '/mj/index.html', '/mm/', '/mm/index.html']) {
      for (const encoding of ['gzip', 'identity']) {
        const response = await request(t.app).get(address).set('Accept-Encoding', encoding);
        expect({
          address,
          encoding,
          status: response.status,
          cache: response.headers['cache-control'],
        }).toEqual({ address, encoding, status: 200, cache: 'no-store' });
        expect(response.text).toContain(`<title>${address.slice(1, 3)}</title>`);
      }
    }
  });

  it('serves source maps outside production, for the browser’s developer tools', async () => {
    t = await appWith('development', clientDir);
    const response = await request(t.app).get('/assets/main.1234abcd.js.map').expect(200);
    expect(response.text).toBe(SOURCE_MAP);
  });
});

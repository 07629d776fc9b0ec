/** The built client's files never answer an API path, even when the folder holds such a file. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { AUTH_HEADER, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { JOURNAL_SITE_PATHS } from '@contracts/api/journal';
import { createTestApp, type TestApp } from './support/test-app';

const DECOY = 'served from the client folder';

describe('client files and the API', () => {
  let clientDir: string;
  let t: TestApp | undefined;

  beforeEach(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'client-files-api-'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
    await mkdir(path.join(clientDir, 'api'));
    await writeFile(path.join(clientDir, 'api', 'programs'), DECOY);
    await mkdir(path.join(clientDir, 'mj', 'api', 'sites'), { recursive: true });
    await writeFile(path.join(clientDir, 'mj', 'index.html'), '<!doctype html><title>Site</title>');
    await writeFile(path.join(clientDir, 'mj', 'api', 'sites', 'no-such-site'), DECOY);
  });

  afterEach(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('answers API paths from the API, and client paths from the folder', async () => {
    t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
    const { token } = await t.login();

    const programs = await request(t.app)
      .get('/api/programs')
      .set(AUTH_HEADER, token)
      .set(MODULE_CODE_HEADER, MODULE_CODE)
      .expect(200);
    expect(programs.text).not.toContain(DECOY);
    for (const apiPath of ['/api/programs', '/API/programs']) {
      const refused = await request(t.app).get(apiPath).expect(401);
      expect(refused.text).not.toContain(DECOY);
    }
    const site = await request(t.app).get(JOURNAL_SITE_PATHS.site('no-such-site')).expect(404);
    expect(site.text).not.toContain(DECOY);

    const page = await request(t.app)
      .get(JOURNAL_SITE_PATHS.page + 'index.html')
      .expect(200);
    expect(page.text).toContain('<title>Site</title>');
    await request(t.app).get('/').expect(200).expect('Content-Type', /html/);
  });
});

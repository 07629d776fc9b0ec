/**
 * `npm run openapi [-- <file>]`: writes the OpenAPI document for the backend team without a
 * running server (docs/developer-tools.md; default file `dist/openapi.json`). It is the very
 * answer of GET /__mock/openapi.json: the app is built on a temporary copy of the demo data
 * (db.json), listens on a free local port, signs in as the demo admin, asks for the document and
 * closes; the temporary folder is removed. Only `servers` differs: the server's own URL
 * (`http://localhost:<PORT>`, PORT as `npm start` uses it) instead of the relative `/`.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { MOCK_PATHS } from '@contracts/api/mock';
import { API_PATHS } from '@contracts/api/paths';
import { createApp } from '../app';
import { loadConfig, PROJECT_ROOT, SEED_FILE } from '../config';
import { Store } from '../db/store';

/** The demo seed's admin (README.md). */
const DEMO_ADMIN = { username: 'admin', password: 'admin123' };

async function main(): Promise<void> {
  const target = path.resolve(PROJECT_ROOT, process.argv[2] ?? 'dist/openapi.json');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-openapi-'));
  const dbFile = path.join(dir, 'db.json');
  await copyFile(SEED_FILE, dbFile);
  const config = loadConfig({
    ...process.env,
    DB_FILE: dbFile,
    LOG_LEVEL: 'silent',
    MOCK_CONTROL: 'true',
    NODE_ENV: 'development',
    CLIENT_DIR: path.join(dir, 'no-client'),
  });
  const store = await Store.open(dbFile);
  const server = createApp({ db: store, config }).listen(0, '127.0.0.1');
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve).once('error', reject);
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await fetch(`${origin}/api${API_PATHS.tokens}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
      body: JSON.stringify(DEMO_ADMIN),
    });
    if (!login.ok) throw new Error(`could not sign in as the demo admin: ${login.status}`);
    const { token } = (await login.json()) as Token;
    const answer = await fetch(`${origin}${MOCK_PATHS.openapi}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!answer.ok) throw new Error(`the document was not given: ${answer.status}`);
    const document = (await answer.json()) as Record<string, unknown>;
    document.servers = [{ url: `http://localhost:${config.port}` }];
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`OpenAPI document written to ${path.relative(process.cwd(), target) || target}`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

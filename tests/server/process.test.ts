/** The real entry points, run as processes: server/index.ts and server/scripts/db-reset.ts. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import { API_PATHS } from '@contracts/api/paths';
import { PROJECT_ROOT, SEED_FILE } from '../../server/config';
import type { Data } from '../../server/db/schema';
import { DEMO_USER } from './support/test-app';

jest.setTimeout(30_000);

function run(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function firstLineMatching(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

describe('server processes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-process-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('seeds the data file, serves, and stops cleanly on SIGTERM keeping the generated secret', async () => {
    const dbFile = path.join(dir, 'nested', 'db.json');
    const child = run('server/index.ts', { PORT: '0', DB_FILE: dbFile, TOKEN_SECRET: '' });
    const exited = exitOf(child);
    try {
      const [, port] = await firstLineMatching(child, /Portal running on http:\/\/localhost:(\d+)/);
      const response = await fetch(`http://localhost:${port}/api${API_PATHS.tokens}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
        body: JSON.stringify(DEMO_USER),
      });
      expect(response.status).toBe(200);
      const token = (await response.json()) as Token;
      const programs = await fetch(`http://localhost:${port}/api${API_PATHS.programs}`, {
        headers: { Authorization: token.token },
      });
      expect(programs.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    const data = JSON.parse(await readFile(dbFile, 'utf8')) as Data;
    expect(data.users.find((user) => user.username === 'admin')?.loginCount).toBe(1);
    expect(data.meta.tokenSecret).toEqual(expect.any(String));
  });

  it('db:reset overwrites the data file from db.json and empties the files folder', async () => {
    const dbFile = path.join(dir, 'db.json');
    await writeFile(dbFile, '{"users": []}');
    await mkdir(path.join(dir, 'files'));
    await writeFile(path.join(dir, 'files', 'a'.repeat(32)), 'bytes');
    const child = run('server/scripts/db-reset.ts', { DB_FILE: dbFile });
    expect(await exitOf(child)).toBe(0);
    expect(await readFile(dbFile, 'utf8')).toBe(await readFile(SEED_FILE, 'utf8'));
    expect(await readdir(path.join(dir, 'files'))).toEqual([]);
  });
});

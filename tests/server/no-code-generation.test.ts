/**
 * The server `npm start` runs (the compiled dist/server, built first when stale) works with
 * node's `--disallow-code-generation-from-strings`: no code of the project makes code from
 * strings (`eval`, `new Function`), on the main thread or in a worker thread. Checked over HTTP:
 * a card file big enough for the import's PIN hash thread is uploaded and imported as the client
 * does, then the published journal site checks the balance of one of its cards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AUTH_HEADER, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import {
  IMPORT_FILE_FIELD,
  IMPORT_PATHS,
  type ImportAnswer,
  type ImportRequest,
  type UploadAnswer,
} from '@contracts/api/imports';
import { JOURNAL_SITE_PATHS, type BalanceAnswer } from '@contracts/api/journal';
import { API_PATHS } from '@contracts/api/paths';
import { SCHEME_PATHS, type CardBin, type GiftConfig } from '@contracts/api/schemes';
import { compiledServer, listeningPort } from '../../scripts/lib/portal-server';
import { PROJECT_ROOT, SEED_FILE } from '../../server/config';
import { DATA_FILE_MODE } from '../../server/db/json-file';
import type { Data } from '../../server/db/schema';
import { PIN_HASH_THREAD_MIN_BYTES } from '../../server/imports/import-service';
import { buildGiftConfig } from '../support/builders';
import { DEMO_USER, testEnv } from './support/test-app';
import { addTestSite, TEST_SITE } from './support/test-programs';

const FLAG = '--disallow-code-generation-from-strings';
/**
 * A configured gift program of the test's own and its published journal site, added to the
 * seed's data in the data file the server starts on (card BIN 1, 627182, is reference data).
 */
const PROGRAM_ID = TEST_SITE.profile.programId;
const SITE = TEST_SITE.profile.siteUrl;
const CONFIG = buildGiftConfig({ programId: PROGRAM_ID, liveCardBinId: 1, suffixStand: '001' });

/** The seed with the test's program, configuration and site, as the server's data file. */
async function writeDataFile(dbFile: string): Promise<void> {
  const data = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Data;
  addTestSite(data);
  data.configurations.push(structuredClone(CONFIG));
  await mkdir(path.dirname(dbFile), { recursive: true });
  await writeFile(dbFile, JSON.stringify(data, null, 2), { mode: DATA_FILE_MODE });
}

let dir: string;
let server: ChildProcess | undefined;
let output = '';
let base = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'no-code-generation-'));
  const dbFile = path.join(dir, 'data', 'db.json');
  await writeDataFile(dbFile);
  const main = await compiledServer();
  server = spawn(process.execPath, [FLAG, main], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      ...testEnv(dbFile, { LOG_LEVEL: 'warn' }),
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  base = `http://127.0.0.1:${await listeningPort(server, () => output, 60_000)}`;
}, 120_000);

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(dir, { recursive: true, force: true });
});

/** A JSON call; throws with the server's answer and output when it is not 2xx. */
async function call<T>(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const answer = await fetch(`${base}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${text}\n${output}`);
  return JSON.parse(text) as T;
}

it(`imports a card file and checks a balance on the built server run with ${FLAG}`, async () => {
  const moduleHeader = { [MODULE_CODE_HEADER]: MODULE_CODE };
  const { token } = await call<Token>('POST', `/api${API_PATHS.tokens}`, moduleHeader, DEMO_USER);
  const signedIn = { ...moduleHeader, [AUTH_HEADER]: token };
  const config = await call<GiftConfig>(
    'GET',
    `/api${SCHEME_PATHS.configuration(PROGRAM_ID)}`,
    signedIn,
  );
  const bin = await call<CardBin>('GET', `/api${SCHEME_PATHS.bin(config.liveCardBinId)}`, signedIn);
  const prefix = `${bin.number}${config.suffixStand ?? ''}`;
  const cardNumber = (n: number) =>
    `${prefix}${String(n).padStart(bin.cardLength - prefix.length, '0')}`;
  const line = (n: number) => `${cardNumber(n)}|${1000 + (n % 9000)}|${n % 500}.25|2030-12-31\n`;
  // Big enough for the import to hash its PINs on a thread of their own.
  const lines = Math.ceil(PIN_HASH_THREAD_MIN_BYTES / line(0).length) + 1000;
  const text = `cardNumber|pin|balance|expiryDate\n${Array.from({ length: lines }, (_, n) => line(n)).join('')}`;

  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, new Blob([text]), 'cards.txt');
  const uploaded = await fetch(`${base}/api${IMPORT_PATHS.upload(PROGRAM_ID)}`, {
    method: 'POST',
    headers: signedIn,
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const { fileName } = (await uploaded.json()) as UploadAnswer;
  const request: ImportRequest = {
    programId: PROGRAM_ID,
    fileName,
    userFileName: 'cards.txt',
    binNumber: bin.number,
    extension: config.suffixStand ?? '',
    cardLength: bin.cardLength,
  };
  const imported = await call<ImportAnswer>(
    'POST',
    `/api${IMPORT_PATHS.processCardFile}`,
    signedIn,
    request,
  );
  expect(imported).toMatchObject({
    currentStep: 'completed',
    totalSuccessLines: lines,
    totalErrorLines: 0,
  });

  const n = lines - 7;
  const balance = await call<BalanceAnswer>(
    'POST',
    JOURNAL_SITE_PATHS.balance(SITE),
    {},
    {
      cardNumber: cardNumber(n),
      pin: String(1000 + (n % 9000)),
    },
  );
  expect(balance.balanceCents).toBe((n % 500) * 100 + 25);
  expect(output).not.toMatch(/EvalError|Code generation from strings disallowed/);
}, 120_000);

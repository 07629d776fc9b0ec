/**
 * Scenarios and reset of the developer tools (docs/developer-tools.md), over
 * HTTP: the control calls, each scenario's data as the API answers it, and what a switch keeps.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { AUTH_HEADER } from '@contracts/api/constants';
import { JOURNAL_PATHS, JOURNAL_SITE_PATHS } from '@contracts/api/journal';
import { MOCK_PATHS } from '@contracts/api/mock';
import { SCENARIO, type ScenarioList } from '@contracts/api/mock-scenarios';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { SCHEME_PATHS, SCHEME_TEXT } from '@contracts/api/schemes';
import { PROVIDER_STATES_PATH, STATE } from '@contracts/provider/states';
import pino from 'pino';
import { createApp } from '../../../server/app';
import { hashPassword } from '../../../server/auth/passwords';
import { loadConfig, PROJECT_ROOT, SEED_FILE } from '../../../server/config';
import { Store } from '../../../server/db/store';
import { IMPORT_RUNNING_MESSAGE } from '../../../server/dev/mock/scenarios';
import { STORE_HEADER, upload } from '../../../server/dev/scenarios/record-blocks';
import { ImportService } from '../../../server/imports/import-service';
import { SCENARIO_FILE } from '../../../server/dev/scenarios/apply';
import { ACME, HARBOUR, LARGE, READY } from '../../../server/dev/scenarios/catalogue';
import { PNG_BYTES } from '../support/fixtures';
import { createTestApp, loginRequest, testEnv, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const scenarioPath = (name: string) => MOCK_PATHS.scenario.replace(':name', name);

interface Paged<K extends string, T> {
  _embedded: Record<K, T[]>;
  page: { totalElements: number };
}

describe('scenarios (/__mock/scenarios, /__mock/reset)', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    // The provider states too: a test signs in as the user a state makes.
    t = await createTestApp({ env: { PROVIDER_STATES: 'true' } });
    token = (await t.login()).token;
  });
  afterEach(async () => {
    await t.close();
  });

  const control = (method: 'get' | 'post', url: string) =>
    request(t.app)[method](url).set(AUTH_HEADER, token);
  const api = (url: string) => request(t.app).get(`/api${url}`).set(AUTH_HEADER, token);
  const switchTo = async (name: string, params?: object) => {
    const call = control('post', scenarioPath(name));
    const response = await (params === undefined ? call : call.send(params));
    expect(response.status).toBe(200);
    return response.body as ScenarioList;
  };
  const programNames = async () => {
    const body = (await api(`${API_PATHS.programs}?size=1000`).expect(200)).body as Paged<
      'programs',
      { programId: number; name: string }
    >;
    return body._embedded.programs.map((p) => p.name);
  };
  const programIdOf = async (schemeName: string) => {
    const body = (await api(`${API_PATHS.programs}?size=1000`).expect(200)).body as Paged<
      'programs',
      { programId: number; name: string }
    >;
    const program = body._embedded.programs.find((p) => p.name === schemeName);
    if (program === undefined) throw new Error(`no program ${schemeName}`);
    return program.programId;
  };

  it('needs a signed-in token for every control call', async () => {
    await request(t.app).get(MOCK_PATHS.scenarios).expect(401);
    await request(t.app).post(scenarioPath(SCENARIO.empty)).expect(401);
    await request(t.app).post(MOCK_PATHS.reset).expect(401);
    // Nothing switched.
    expect(await programNames()).not.toEqual([]);
  });

  it('lists every scenario with a description, demo being current at first', async () => {
    const response = await control('get', MOCK_PATHS.scenarios).expect(200);
    const list = response.body as ScenarioList;
    expect(list.current).toBe(SCENARIO.demo);
    expect(list.scenarios.map((s) => s.name)).toEqual(Object.values(SCENARIO));
    for (const scenario of list.scenarios) expect(scenario.description).toMatch(/\w.*\.$/);
  });

  it('answers 404 for an unknown name and 400 for a parameter the scenario does not take', async () => {
    const unknown = await control('post', scenarioPath('no-such-scenario')).expect(404);
    expect(unknown.body).toMatchObject({
      errorMessage: expect.stringContaining('no-such-scenario'),
    });
    const bad = await control('post', scenarioPath(SCENARIO.empty)).send({ size: 3 }).expect(400);
    expect(bad.body).toMatchObject({ errorMessage: expect.stringContaining('params') });
    const list = (await control('get', MOCK_PATHS.scenarios).expect(200)).body as ScenarioList;
    expect(list.current).toBe(SCENARIO.demo);
  });

  it('switches to empty: no program, no site, no card; the developer stays signed in', async () => {
    const image = await request(t.app)
      .post(URL_PATHS.images)
      .set(AUTH_HEADER, token)
      .attach('file', PNG_BYTES, { filename: 'logo.png', contentType: 'image/png' })
      .expect(200);
    const imageId = (image.body as { id: string }).id;

    const list = await switchTo(SCENARIO.empty);
    expect(list.current).toBe(SCENARIO.empty);
    // The same token still works: its session was kept.
    const programs = (await api(API_PATHS.programs).expect(200)).body as Paged<'programs', unknown>;
    expect(programs._embedded.programs).toEqual([]);
    expect(programs.page.totalElements).toBe(0);
    const profiles = (await api(JOURNAL_PATHS.profiles).expect(200)).body as Paged<
      'profiles',
      unknown
    >;
    expect(profiles._embedded.profiles).toEqual([]);
    // The demo site and its cards are gone; the uploaded image file went with its record.
    await request(t.app).get(JOURNAL_SITE_PATHS.site('demo-gift')).expect(404);
    await request(t.app).get(URL_PATHS.image(imageId)).expect(404);
    expect(await t.storedFiles()).toEqual([]);
    // No imported record is left (and the folder stays, so a restart seeds no demo cards).
    expect(await readdir(t.config.recordsDir)).toEqual([]);
    // Users stay: the operator can still sign in.
    await loginRequest(t.app, { username: 'operator', password: 'operator123' }).expect(200);
  });

  it('keeps only the sessions of users the new data still has', async () => {
    const state = await request(t.app)
      .post(PROVIDER_STATES_PATH)
      .send({ state: STATE.user, action: 'setup' })
      .expect(200);
    const pact = await loginRequest(t.app, state.body as object).expect(200);
    const pactToken = (pact.body as { token: string }).token;
    await request(t.app).get(`/api${API_PATHS.programs}`).set(AUTH_HEADER, pactToken).expect(200);

    await switchTo(SCENARIO.empty);
    await request(t.app).get(`/api${API_PATHS.programs}`).set(AUTH_HEADER, pactToken).expect(401);
    await api(API_PATHS.programs).expect(200);
  });

  it('published-journal: the site answers and checks a balance of its imported cards', async () => {
    await switchTo(SCENARIO.publishedJournal);
    expect(await programNames()).toEqual([HARBOUR.schemeName]);
    const site = await request(t.app).get(JOURNAL_SITE_PATHS.site(HARBOUR.siteUrl)).expect(200);
    expect(JSON.stringify(site.body)).toContain('Harbour Gift Card Balance');
    const programId = await programIdOf(HARBOUR.schemeName);
    const files = await api(SCHEME_PATHS.uploadedFiles(programId)).expect(200);
    expect(JSON.stringify(files.body)).toContain(HARBOUR.cardFile);
    // The first card of the file: BIN 999021, suffix 001, serial 1; PIN 7919, 1.37 (cardLine).
    const answer = await request(t.app)
      .post(JOURNAL_SITE_PATHS.balance(HARBOUR.siteUrl))
      .send({ cardNumber: '9990210010000001', pin: '7919' })
      .expect(200);
    expect(answer.body).toMatchObject({ balanceCents: 137 });
  });

  it('scheme-without-config: General Settings only, activation refused', async () => {
    await switchTo(SCENARIO.schemeWithoutConfig);
    expect(await programNames()).toEqual([ACME.schemeName]);
    const programId = await programIdOf(ACME.schemeName);
    await api(SCHEME_PATHS.configuration(programId)).expect(404);
    const activation = await request(t.app)
      .put(`/api${SCHEME_PATHS.summary(programId)}`)
      .set(AUTH_HEADER, token)
      .expect(409);
    expect(activation.body).toMatchObject({ errorMessage: SCHEME_TEXT.activateWithoutConfig });
  });

  it('scheme-ready-to-activate: every step done, both schemes activate', async () => {
    await switchTo(SCENARIO.schemeReadyToActivate);
    expect((await programNames()).sort()).toEqual(
      [READY.giftSchemeName, READY.loyaltySchemeName].sort(),
    );
    for (const name of [READY.giftSchemeName, READY.loyaltySchemeName]) {
      const programId = await programIdOf(name);
      await api(SCHEME_PATHS.configuration(programId)).expect(200);
      await api(SCHEME_PATHS.settlement(programId)).expect(200);
      await api(`${SCHEME_PATHS.liability}?programId=${programId}`).expect(200);
      const files = await api(SCHEME_PATHS.uploadedFiles(programId)).expect(200);
      expect(JSON.stringify(files.body)).toContain(READY.cardFile);
      const activated = await request(t.app)
        .put(`/api${SCHEME_PATHS.summary(programId)}`)
        .set(AUTH_HEADER, token)
        .send({})
        .expect(200);
      expect(activated.body).toEqual({ programId, schemeStatus: 5 });
    }
    const loyaltyId = await programIdOf(READY.loyaltySchemeName);
    await api(SCHEME_PATHS.campaignNonAction(loyaltyId)).expect(200);
  });

  it('large, at a small size: its schemes, sites and cards as the parameters ask', async () => {
    await switchTo(SCENARIO.large, { profiles: 60, schemes: 7, cards: 25 });
    const programs = (await api(`${API_PATHS.programs}?size=1`).expect(200)).body as Paged<
      'programs',
      unknown
    >;
    // 7 schemes and 2 programs of 50 sites each.
    expect(programs.page.totalElements).toBe(9);
    const profiles = (await api(`${JOURNAL_PATHS.profiles}?size=1`).expect(200)).body as Paged<
      'profiles',
      unknown
    >;
    expect(profiles.page.totalElements).toBe(60);
    await request(t.app).get(JOURNAL_SITE_PATHS.site('large-site-1')).expect(200);
    await request(t.app).get(JOURNAL_SITE_PATHS.site('large-site-2')).expect(404);
    const firstId = await programIdOf(LARGE.firstSchemeName);
    const files = await api(SCHEME_PATHS.uploadedFiles(firstId)).expect(200);
    expect(JSON.stringify(files.body)).toContain(LARGE.cardFile);
    // The parameters are remembered: a reset builds the same.
    await control('post', MOCK_PATHS.reset).expect(200);
    const again = (await api(`${JOURNAL_PATHS.profiles}?size=1`).expect(200)).body as Paged<
      'profiles',
      unknown
    >;
    expect(again.page.totalElements).toBe(60);
  });

  it('resets to the current scenario, dropping what was changed since', async () => {
    await switchTo(SCENARIO.publishedJournal);
    const client = await request(t.app)
      .post(`/api${SCHEME_PATHS.clients}`)
      .set(AUTH_HEADER, token)
      .send({ clientName: 'Made After The Switch', binTypeId: 0 });
    expect(client.status).toBe(201);
    expect(JSON.stringify((await api(SCHEME_PATHS.clients).expect(200)).body)).toContain(
      'Made After The Switch',
    );

    const list = (await control('post', MOCK_PATHS.reset).expect(200)).body as ScenarioList;
    expect(list.current).toBe(SCENARIO.publishedJournal);
    await request(t.app).get(JOURNAL_SITE_PATHS.site(HARBOUR.siteUrl)).expect(200);
    const clients = await api(SCHEME_PATHS.clients).expect(200);
    expect(JSON.stringify(clients.body)).not.toContain('Made After The Switch');

    // The scenario is remembered beside the data file, with its parameters.
    const saved = JSON.parse(await readFile(path.join(t.dir, SCENARIO_FILE), 'utf8')) as object;
    expect(saved).toEqual({ name: SCENARIO.publishedJournal, params: {} });
  });

  it('a reset asked while a switch runs resets to the scenario that switch put in place', async () => {
    const switching = control('post', scenarioPath(SCENARIO.publishedJournal)).then((r) => r);
    // The reset arrives while the switch runs (about a second here), and waits for it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const reset = await control('post', MOCK_PATHS.reset).expect(200);
    expect((await switching).status).toBe(200);
    expect((reset.body as ScenarioList).current).toBe(SCENARIO.publishedJournal);
    await request(t.app).get(JOURNAL_SITE_PATHS.site(HARBOUR.siteUrl)).expect(200);
    const saved = JSON.parse(await readFile(path.join(t.dir, SCENARIO_FILE), 'utf8')) as object;
    expect(saved).toEqual({ name: SCENARIO.publishedJournal, params: {} });
  });

  it('switches back to demo: the seed with its demo cards', async () => {
    await switchTo(SCENARIO.empty);
    await switchTo(SCENARIO.demo);
    await request(t.app).get(JOURNAL_SITE_PATHS.site('demo-gift')).expect(200);
    await request(t.app)
      .post(JOURNAL_SITE_PATHS.balance('demo-gift'))
      .send({ cardNumber: '6271820010000011', pin: '1234' })
      .expect(200);
  });
});

describe('a switch while an import runs', () => {
  it('answers 409 and changes nothing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-scenario-import-'));
    const dbFile = path.join(dir, 'db.json');
    await copyFile(SEED_FILE, dbFile);
    const config = loadConfig(testEnv(dbFile));
    const store = await Store.open(dbFile);
    // Each line waits, so the import is still running when the switch arrives.
    const imports = ImportService.open({
      recordsDir: config.recordsDir,
      importsDir: config.importsDir,
      keysDir: config.keysDir,
      logger: pino({ level: 'silent' }),
      testHooks: { lineDelayMs: 20 },
    });
    const app = createApp({ db: store, config, imports });
    try {
      const passwordHash = await hashPassword('secret-password', 16);
      await store.update((data) => {
        data.users.push({
          username: 'dev',
          userType: 'ADMIN',
          passwordHash,
          loginCount: 0,
          lastLoginAt: null,
        });
      });
      const login = await loginRequest(app, {
        username: 'dev',
        password: 'secret-password',
      }).expect(200);
      const token = (login.body as { token: string }).token;
      const lines = Array.from({ length: 400 }, (_, i) => `S${i}|Store ${i}|1 Street|City|2000|AU`);
      const fileName = await upload(imports, {
        programId: 1,
        kind: 'store',
        userFileName: 'slow-stores.txt',
        content: `${STORE_HEADER}\n${lines.join('\n')}\n`,
      });
      const running = imports.process('store', {
        programId: 1,
        fileName,
        userFileName: 'slow-stores.txt',
      });
      // Failed only if the test fails midway (the service closes under it).
      running.catch(() => undefined);
      expect(imports.importing).toBe(true);
      const refused = await request(app)
        .post(scenarioPath(SCENARIO.empty))
        .set(AUTH_HEADER, token)
        .expect(409);
      expect(refused.body).toMatchObject({ errorMessage: IMPORT_RUNNING_MESSAGE });
      await request(app).post(MOCK_PATHS.reset).set(AUTH_HEADER, token).expect(409);
      expect(store.read().programs.length).toBeGreaterThan(0);
      await running;
      const list = await request(app).get(MOCK_PATHS.scenarios).set(AUTH_HEADER, token).expect(200);
      expect((list.body as ScenarioList).current).toBe(SCENARIO.demo);
    } finally {
      await store.close();
      await imports.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run db:reset', () => {
  it('resets the data files to the remembered scenario (no server running)', async () => {
    const t = await createTestApp();
    try {
      await t.store.close();
      await writeFile(
        path.join(t.dir, SCENARIO_FILE),
        JSON.stringify({ name: SCENARIO.schemeWithoutConfig, params: {} }),
      );
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', path.join(PROJECT_ROOT, 'server/scripts/db-reset.ts')],
        {
          cwd: PROJECT_ROOT,
          env: { ...process.env, DB_FILE: t.config.dbFile, LOG_LEVEL: 'silent' },
        },
      );
      expect(stdout).toContain(SCENARIO.schemeWithoutConfig);
      const store = await Store.open(t.config.dbFile);
      expect(store.read().programs.map((p) => p.schemeName)).toEqual([ACME.schemeName]);
      await store.close();
      // An empty records folder: a start then seeds no demo cards into it.
      expect(await readdir(t.config.recordsDir)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('stops on an unknown --scenario, listing the names', async () => {
    const t = await createTestApp();
    try {
      await t.store.close();
      const failed = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(PROJECT_ROOT, 'server/scripts/db-reset.ts'),
          '--scenario',
          'nope',
        ],
        { cwd: PROJECT_ROOT, env: { ...process.env, DB_FILE: t.config.dbFile } },
      ).catch((error: unknown) => error as { code: number; stderr: string });
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr).toContain(Object.values(SCENARIO).join(', '));
    } finally {
      await t.close();
    }
  });
});

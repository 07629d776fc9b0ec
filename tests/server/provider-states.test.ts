import { pino } from 'pino';
import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { IMPORT_PATHS } from '@contracts/api/imports';
import { MERCHANT_SITE_STORES, PROVIDER_STATES_PATH, STATE } from '@contracts/provider/states';
import { JOURNAL_PAGE_TYPE, JOURNAL_SITE_PATHS } from '@contracts/api/journal';
import { MERCHANT_PAGE_TYPE, MERCHANT_PATHS, MERCHANT_SITE_PATHS } from '@contracts/api/merchant';
import { MERCHANT_SITE_TEXT } from '@contracts/api/merchant-site';
import { PROGRAM_TYPE, SCHEME_PATHS, SCHEME_TEXT } from '@contracts/api/schemes';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MOCK_MOUNT, MOCK_PATHS } from '@contracts/api/mock';
import { URL_PATHS } from '@contracts/api/paths';
import { SCENARIO } from '@contracts/api/mock-scenarios';
import { PROJECT_ROOT } from '../../server/config';
import { PACT_RECORDS, pactJournalProfile, pactScheme } from '../../server/dev/provider-states';
import { NO_STEPS, scheme as schemeBlock } from '../../server/dev/scenarios/blocks';
import { HARBOUR } from '../../server/dev/scenarios/catalogue';
import { createApp } from '../../server/app';
import { createPortalServer } from '../../server/http/http-server';
import { createTestApp, loginRequest, type TestApp } from './support/test-app';

/** The provider states are there only when asked for. */
const WITH_STATES = { PROVIDER_STATES: 'true' };

/** This machine's first IPv4 address that is not loopback, if it has one. */
function nonLoopbackAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address !== undefined && !address.internal && address.family === 'IPv4')
    ?.address;
}

/** Serves the app on every interface (not only loopback) on a free port. */
async function listenEverywhere(t: TestApp) {
  const server = createPortalServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const stateCall = (url: string, state: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ state, params: {}, action: 'setup' }),
  });

const setUp = (t: TestApp, state: string, params: Record<string, unknown> = {}) =>
  request(t.app).post(PROVIDER_STATES_PATH).send({ state, params, action: 'setup' });

const FRESH_EACH_TIME = new Set<string>([
  STATE.user,
  STATE.publishedSiteWithCard,
  STATE.publishedSiteWithCardWithoutExpiry,
  STATE.publishedSiteWithoutCard,
  STATE.programMissing,
  STATE.journalProfileMissing,
  STATE.merchantProfileMissing,
  STATE.schemeClientMissing,
  STATE.cardBinMissing,
  // A new upload (a server-made name) on every setup.
  STATE.schemeWithUploadedCardFile,
  STATE.schemeWithUploadedStoreFile,
  STATE.schemeWithUploadedDeviceFile,
  STATE.schemeWithCardImportErrors,
  STATE.schemeWithCorrectedImportLine,
  STATE.schemeWithChangedFailingImportLine,
  STATE.schemeWithFailedCardImport,
]);

describe('pact provider-state endpoint (development only)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('is not there unless PROVIDER_STATES=true', async () => {
    t = await createTestApp();
    expect(t.config.providerStates).toBe(false);
    const response = await setUp(t, STATE.user);
    expect(response.status).toBe(404);
    // The app's 404 for a path nobody serves: nothing tells the endpoint exists.
    expect(response.body).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: `${ERROR_MESSAGE.notFound}: POST ${PROVIDER_STATES_PATH}`,
    });
    expect((await t.dataFile()).users.map((user) => user.username)).not.toContain('pact-user');
  });

  it('is not there with NODE_ENV=production, even with PROVIDER_STATES=true (said at start)', async () => {
    t = await createTestApp({ env: { ...WITH_STATES, NODE_ENV: 'production' } });
    const response = await setUp(t, STATE.programExists);
    expect(response.status).toBe(404);
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    createApp({ db: t.store, config: t.config, logger });
    expect(lines.join('\n')).toContain(
      'PROVIDER_STATES ignored: the provider states are off with NODE_ENV=production',
    );
  });

  it('answers a call from this machine that came through a proxy as if it were not there', async () => {
    t = await createTestApp({ env: WITH_STATES });
    for (const [name, value] of [
      ['X-Forwarded-For', '203.0.113.7'],
      ['X-Forwarded-For', '127.0.0.1'],
      ['Forwarded', 'for=203.0.113.7;proto=https'],
      ['X-Forwarded-Proto', 'https'],
      ['X-Real-IP', '203.0.113.7'],
      ['Via', '1.1 proxy.example'],
    ] as const) {
      const response = await request(t.app)
        .post(PROVIDER_STATES_PATH)
        .set(name, value)
        .send({ state: STATE.user, params: {}, action: 'setup' });
      expect([name, response.status]).toEqual([name, 404]);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: `${ERROR_MESSAGE.notFound}: POST ${PROVIDER_STATES_PATH}`,
      });
    }
    expect((await t.dataFile()).users.map((user) => user.username)).not.toContain('pact-user');
    // The same call made directly is served.
    await setUp(t, STATE.user).expect(200);
  });

  it('answers only calls made on this machine (a loopback socket)', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const server = await listenEverywhere(t);
    try {
      const local = await stateCall(`http://127.0.0.1:${server.port}${PROVIDER_STATES_PATH}`, '');
      expect(local.status).toBe(200);
      // Through an address of the network: not loopback, so not there.
      const remote = nonLoopbackAddress();
      if (remote !== undefined) {
        const url = `http://${remote}:${server.port}${PROVIDER_STATES_PATH}`;
        expect((await stateCall(url, STATE.user)).status).toBe(404);
      }
    } finally {
      await server.close();
    }
    expect((await t.dataFile()).users.map((user) => user.username)).not.toContain('pact-user');
  });

  it('creates a user with a generated password and answers it, never taking one', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const first = await setUp(t, STATE.user).expect(200);
    const { username, password } = first.body as { username: string; password: string };
    expect(password.length).toBeGreaterThanOrEqual(16);
    await loginRequest(t.app, { username, password }).expect(200);
    const second = await setUp(t, STATE.user).expect(200);
    expect((second.body as { password: string }).password).not.toBe(password);
    await loginRequest(t.app, { username, password }).expect(401);
  });

  it('sets every state up twice on its own records and leaves the demo data as it was', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const before = await t.dataFile();
    const answers: unknown[][] = [[], []];
    for (const run of [0, 1]) {
      for (const state of Object.values(STATE)) {
        const params = {
          pageTypeId:
            state === STATE.journalProfileWithoutPageType
              ? JOURNAL_PAGE_TYPE.FAQ
              : JOURNAL_PAGE_TYPE.LOCATIONS,
          programTypeId: PROGRAM_TYPE.LOYALTY,
          configured: true,
        };
        const response = await setUp(t, state, params).expect(200);
        // The user's password and the card's PIN are new on every setup; a free id is one
        // above the largest at the time (the scheme states add programs, clients and BINs).
        if (!FRESH_EACH_TIME.has(state)) {
          answers[run]?.push(response.body);
        }
      }
    }
    // A rerun finds the same records.
    expect(answers[1]).toEqual(answers[0]);
    const after = await t.dataFile();
    for (const key of [
      'journalProfiles',
      'journalPages',
      'moduleCodes',
      'programs',
      'clients',
      'cardBins',
      'configurations',
      'financialSettlements',
      'liabilityReportConfigs',
      'baseCampaignActions',
      'merchantProfiles',
      'merchantSelectedPages',
      'merchantSelectedSubPages',
    ] as const) {
      const kept = after[key].slice(0, before[key].length);
      expect(kept).toEqual(before[key]);
    }
    expect(after.users.filter((user) => user.username !== 'pact-user')).toEqual(before.users);
  });

  it('sets a scheme up with exactly the steps named, for the wizard calls to find', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const { token } = await t.login();
    const get = (path: string) => request(t.app).get(`/api${path}`).set(AUTH_HEADER, token);

    const bare = await setUp(t, STATE.scheme, {
      programTypeId: PROGRAM_TYPE.GIFT,
      configured: false,
    }).expect(200);
    const programId = (bare.body as { programId: number }).programId;
    await get(SCHEME_PATHS.configuration(programId)).expect(404);
    const activation = await request(t.app)
      .put(`/api${SCHEME_PATHS.summary(programId)}`)
      .set(AUTH_HEADER, token)
      .expect(409);
    expect(activation.body).toMatchObject({ errorMessage: SCHEME_TEXT.activateWithoutConfig });

    const withLiability = await setUp(t, STATE.schemeWithLiability, {
      programTypeId: PROGRAM_TYPE.GIFT,
    }).expect(200);
    expect(withLiability.body).toMatchObject({ programId });
    await get(SCHEME_PATHS.configuration(programId)).expect(200);
    await get(SCHEME_PATHS.settlement(programId)).expect(200);
    await get(`${SCHEME_PATHS.liability}?programId=${programId}`).expect(200);
    const scheme = await get(SCHEME_PATHS.scheme(programId)).expect(200);
    expect(scheme.body).toMatchObject({ schemeStatus: 4, clientName: 'Pact Client' });

    const campaign = await setUp(t, STATE.schemeWithBaseCampaign).expect(200);
    const loyaltyId = (campaign.body as { programId: number }).programId;
    expect(loyaltyId).not.toBe(programId);
    const rows = await get(SCHEME_PATHS.campaignNonAction(loyaltyId)).expect(200);
    expect(rows.body).toMatchObject({
      _embedded: { nonActions: [{ fromValue: 0 }, { toValue: 200 }] },
    });

    // Back to General Settings only: the later steps are gone again.
    await setUp(t, STATE.scheme, { programTypeId: PROGRAM_TYPE.GIFT, configured: false }).expect(
      200,
    );
    await get(SCHEME_PATHS.settlement(programId)).expect(404);
    await get(`${SCHEME_PATHS.liability}?programId=${programId}`).expect(404);
  });

  it("sets up a published site's card, its wrong PIN and a number it has not", async () => {
    t = await createTestApp({ env: WITH_STATES });
    const check = (siteUrl: string, body: { cardNumber: string; pin: string }) =>
      request(t.app).post(JOURNAL_SITE_PATHS.balance(siteUrl)).send(body);
    const withCard = (await setUp(t, STATE.publishedSiteWithCard).expect(200)).body as {
      siteUrl: string;
      cardNumber: string;
      pin: string;
      wrongPin: string;
    };
    expect(withCard.wrongPin).not.toBe(withCard.pin);
    await check(withCard.siteUrl, withCard).expect(200);
    const refused = { errorCode: ERROR_CODE.CARD_OR_PIN_WRONG };
    const wrong = await check(withCard.siteUrl, { ...withCard, pin: withCard.wrongPin });
    expect([wrong.status, wrong.body]).toEqual([403, expect.objectContaining(refused)]);
    const numbers = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const without = (await setUp(t, STATE.publishedSiteWithoutCard).expect(200)).body as {
        siteUrl: string;
        cardNumber: string;
      };
      expect(without.siteUrl).toBe(withCard.siteUrl);
      numbers.add(without.cardNumber);
      const unknown = await check(without.siteUrl, { cardNumber: without.cardNumber, pin: '1234' });
      expect([unknown.status, unknown.body]).toEqual([403, expect.objectContaining(refused)]);
    }
    expect(numbers.size).toBe(3);
  });

  it('sets up a published card without an expiry, which the balance check answers as such', async () => {
    t = await createTestApp({ env: WITH_STATES });
    for (let run = 0; run < 2; run += 1) {
      const card = (await setUp(t, STATE.publishedSiteWithCardWithoutExpiry).expect(200)).body as {
        siteUrl: string;
        cardNumber: string;
        pin: string;
      };
      expect(card.siteUrl).toBe(PACT_RECORDS.publishedSiteUrl);
      const answer = await request(t.app)
        .post(JOURNAL_SITE_PATHS.balance(card.siteUrl))
        .send({ cardNumber: card.cardNumber, pin: card.pin })
        .expect(200);
      expect(answer.body).toMatchObject({ expiryDate: null, status: 'active' });
    }
  });

  it('sets up a published site whose image links answer the stored image, and none after', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const site = async () => {
      const { siteUrl } = (await setUp(t, STATE.publishedJournalProfileWithImages).expect(200))
        .body as { siteUrl: string };
      expect(siteUrl).toBe(PACT_RECORDS.publishedSiteUrl);
      return (await request(t.app).get(JOURNAL_SITE_PATHS.site(siteUrl)).expect(200)).body as {
        logo: string | null;
        headerImg: string | null;
        favIcon: string | null;
        backgroundImg: string | null;
      };
    };
    await site();
    const { logo, headerImg, favIcon, backgroundImg } = await site();
    expect(logo).toBe(URL_PATHS.image(PACT_RECORDS.journalImageId));
    expect([headerImg, favIcon, backgroundImg]).toEqual([logo, logo, logo]);
    const image = await request(t.app).get(String(logo)).expect(200);
    expect(image.headers['content-type']).toMatch(/^image\/png/);

    // The plain published profile has none again.
    await setUp(t, STATE.publishedJournalProfile).expect(200);
    const plain = await request(t.app)
      .get(JOURNAL_SITE_PATHS.site(PACT_RECORDS.publishedSiteUrl))
      .expect(200);
    expect(plain.body).toMatchObject({ logo: null, headerImg: null, favIcon: null });
  });

  it("clears the verifier's failed logins and balance checks, so a verification runs again at once", async () => {
    t = await createTestApp({
      env: { ...WITH_STATES, LOGIN_RATE_LIMIT: '2', BALANCE_RATE_LIMIT: '3' },
    });
    const check = (siteUrl: string, body: { cardNumber: string; pin: string }) =>
      request(t.app).post(JOURNAL_SITE_PATHS.balance(siteUrl)).send(body);
    // What one verification run asks of these limits, run more often than either allows.
    for (let run = 1; run <= 4; run += 1) {
      const user = (await setUp(t, STATE.user).expect(200)).body as {
        username: string;
        password: string;
      };
      await loginRequest(t.app, { ...user, password: 'wrong-password' }).expect(401);
      await loginRequest(t.app, user).expect(200);

      const withCard = (await setUp(t, STATE.publishedSiteWithCard).expect(200)).body as {
        siteUrl: string;
        cardNumber: string;
        pin: string;
        wrongPin: string;
      };
      await check(withCard.siteUrl, withCard).expect(200);
      await check(withCard.siteUrl, { ...withCard, pin: withCard.wrongPin }).expect(403);
      const without = (await setUp(t, STATE.publishedSiteWithoutCard).expect(200)).body as {
        siteUrl: string;
        cardNumber: string;
      };
      await check(without.siteUrl, { cardNumber: without.cardNumber, pin: '1234' }).expect(403);
    }
    // The limit still holds between state set-ups: one check made since the last, two more.
    const some = { cardNumber: '6035990000000011', pin: '1234' };
    for (let i = 0; i < 2; i += 1) await check(PACT_RECORDS.publishedSiteUrl, some).expect(403);
    const limited = await check(PACT_RECORDS.publishedSiteUrl, some);
    expect([limited.status, limited.body.errorCode]).toEqual([429, ERROR_CODE.RATE_LIMITED]);
  });

  it("uses up the caller's balance checks and store searches until the next state set-up", async () => {
    t = await createTestApp({ env: { ...WITH_STATES, BALANCE_RATE_LIMIT: '3' } });
    const some = { cardNumber: '6035990000000011', pin: '1234' };
    const check = (siteUrl: string) =>
      request(t.app).post(JOURNAL_SITE_PATHS.balance(siteUrl)).send(some);
    const search = (url: string) =>
      request(t.app).get(MERCHANT_SITE_PATHS.stores(url)).query({ page: 1, size: 10 });
    const refused = (response: request.Response) => [response.status, response.body.errorCode];
    const limited = [429, ERROR_CODE.RATE_LIMITED];

    for (let run = 0; run < 2; run += 1) {
      const { siteUrl } = (await setUp(t, STATE.publishedSiteBalanceChecksUsedUp).expect(200))
        .body as { siteUrl: string };
      expect(siteUrl).toBe(PACT_RECORDS.publishedSiteUrl);
      expect(refused(await check(siteUrl))).toEqual(limited);
      const { url } = (await setUp(t, STATE.merchantSiteSearchesUsedUp).expect(200)).body as {
        url: string;
      };
      expect(url).toBe(PACT_RECORDS.merchantSiteUrl);
      expect(refused(await search(url))).toEqual(limited);
      // Any other set-up clears both again.
      await setUp(t, STATE.programExists).expect(200);
      await check(siteUrl).expect(403);
      await search(url).expect(200);
    }
  });

  it('sets up uploads and a completed import that the import calls find', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const { token } = await t.login();
    const api = (path: string) => `/api${path}`;
    const post = (path: string, body: object) =>
      request(t.app).post(api(path)).set(AUTH_HEADER, token).send(body);
    const get = (path: string) => request(t.app).get(api(path)).set(AUTH_HEADER, token);
    const GIFT = { programTypeId: PROGRAM_TYPE.GIFT };
    const stateValues = async (state: string) =>
      (await setUp(t, state, GIFT).expect(200)).body as Record<string, string | number>;

    const card = await stateValues(STATE.schemeWithUploadedCardFile);
    expect(card).toMatchObject({ binNumber: '999901', extension: '001', cardLength: 16 });
    await get(IMPORT_PATHS.progressCardFile(String(card.fileName))).expect(200, {
      currentStep: 'uploaded',
      currentLine: 0,
      totalLines: 0,
      numErrorLines: 0,
    });
    const { programId, fileName, binNumber, extension, cardLength } = card;
    const imported = await post(IMPORT_PATHS.processCardFile, {
      programId,
      fileName,
      userFileName: 'pact-import-cards.txt',
      binNumber,
      extension,
      cardLength,
    }).expect(200);
    expect(imported.body).toMatchObject({
      totalSuccessLines: 1,
      totalErrorLines: 1,
      currentStep: 'completed',
    });

    for (const [state, path] of [
      [STATE.schemeWithUploadedStoreFile, IMPORT_PATHS.processMerchantFile],
      [STATE.schemeWithUploadedDeviceFile, IMPORT_PATHS.processDeviceFile],
    ] as const) {
      const values = await stateValues(state);
      expect(values.programId).toBe(programId);
      const answer = await post(path, {
        programId,
        fileName: values.fileName,
        userFileName: 'pact.txt',
      }).expect(200);
      expect(answer.body).toMatchObject({
        totalSuccessLines: 1,
        totalErrorLines: 0,
        outFileName: null,
      });
    }

    const done = await stateValues(STATE.schemeWithCardImportErrors);
    await get(IMPORT_PATHS.progressCardFile(String(done.fileName))).expect(200, {
      currentStep: 'completed',
      currentLine: 2,
      totalLines: 2,
      numErrorLines: 1,
    });
    const errors = await get(IMPORT_PATHS.downloadFile(String(done.outFileName))).expect(200);
    expect(errors.text).toMatch(
      /^cardNumber\|pin\|balance\|expiryDate\|error\n0000000000000001\|1234\|25\.00\|2099-12-31\|line 3: cardNumber: [^\n]+\n$/,
    );
  });

  it('sets merchant profiles up that the merchant calls find, and frees the new URL', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const { token } = await t.login();
    const api = (path: string) => `/api${path}`;
    const get = (path: string) => request(t.app).get(api(path)).set(AUTH_HEADER, token);
    const post = (path: string, body: object) =>
      request(t.app).post(api(path)).set(AUTH_HEADER, token).send(body);
    const values = async (state: string) =>
      (await setUp(t, state).expect(200)).body as Record<string, string | number>;

    const draft = await values(STATE.merchantProfile);
    const profileId = Number(draft.profileId);
    const profile = await get(MERCHANT_PATHS.profile(profileId)).expect(200);
    expect(profile.body).toMatchObject({
      id: profileId,
      programId: draft.programId,
      testURL: draft.url,
      primaryLanguageId: draft.languageId,
      secundaryLanguageId: null,
      publishLive: 0,
      moduleCode: null,
    });
    const pages = await get(MERCHANT_PATHS.selectedPageTypes(profileId)).expect(200);
    expect((pages.body as { pageTypes: { typeId: number }[] }).pageTypes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ typeId: MERCHANT_PAGE_TYPE.HOME }),
        expect.objectContaining({ typeId: MERCHANT_PAGE_TYPE.LOCATIONS }),
        expect.objectContaining({ typeId: MERCHANT_PAGE_TYPE.TERMS }),
      ]),
    );
    await get(MERCHANT_PATHS.selectedPageSubTypes(profileId)).expect(200, {
      profileId,
      pageSubtypes: [{ subtypeId: draft.subtypeId, pageTypeFk: MERCHANT_PAGE_TYPE.TERMS }],
    });
    // The sub-page the state names as unselectable is refused; its module code is accepted.
    await post(MERCHANT_PATHS.saveSelectedPageSubTypes, {
      profileId,
      pageSubtypes: [
        { subtypeId: draft.unselectedSubtypeId, pageTypeFk: MERCHANT_PAGE_TYPE.PRIVACY_POLICY },
      ],
    }).expect(400);
    await post(MERCHANT_PATHS.moduleCode, {
      name: 'Pact Gift Card',
      code: draft.code,
      programId: draft.programId,
    }).expect(200);

    const published = await values(STATE.publishedMerchantProfile);
    expect(published.profileId).not.toBe(profileId);
    await post(MERCHANT_PATHS.publishLive, {
      creationDate: Date.now(),
      programId: published.programId,
      profileId: published.profileId,
      profileLocationId: 0,
    }).expect(200);

    const missing = await values(STATE.merchantProfileMissing);
    await get(MERCHANT_PATHS.profile(missing.profileId!)).expect(404);

    const unused = await values(STATE.merchantUrlUnused);
    const created = await post(MERCHANT_PATHS.profiles, {
      programId: unused.programId,
      testURL: unused.url,
      primaryLanguageId: unused.languageId,
      siteThemeId: 1,
    }).expect(201);
    const newId = (created.body as { id: number }).id;
    await values(STATE.merchantUrlUnused);
    await get(MERCHANT_PATHS.profile(newId)).expect(404);
    await get(MERCHANT_PATHS.selectedPageTypes(newId)).expect(404);
  });

  it('sets a published merchant site up whose store search finds its imported stores, twice', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const site = (url: string) => request(t.app).get(MERCHANT_SITE_PATHS.site(url));
    const search = (url: string, query: Record<string, string | number>) =>
      request(t.app).get(MERCHANT_SITE_PATHS.stores(url)).query(query);
    const names = [...MERCHANT_SITE_STORES.names];

    for (let setup = 0; setup < 2; setup += 1) {
      const values = (await setUp(t, STATE.merchantSiteWithStores).expect(200)).body as {
        url: string;
        programId: number;
      };
      const published = await site(values.url).expect(200);
      expect(published.body).toMatchObject({
        url: values.url,
        pages: expect.arrayContaining([
          expect.objectContaining({ typeId: MERCHANT_PAGE_TYPE.LOCATIONS }),
        ]),
      });
      // A rerun replaces the stores (same codes): still the same stores, in import order.
      const all = await search(values.url, { q: MERCHANT_SITE_STORES.query, size: 50 }).expect(200);
      const found = all.body as {
        _embedded: { stores: { storeName: string }[] };
        page: { totalElements: number };
      };
      expect(found._embedded.stores.map((s) => s.storeName)).toEqual(names);
      expect(found.page.totalElements).toBe(names.length);
      const second = await search(values.url, {
        q: MERCHANT_SITE_STORES.query,
        page: 2,
        size: 2,
      }).expect(200);
      expect(second.body).toMatchObject({
        _embedded: { stores: [{ storeName: names[2] }] },
        page: { number: 2, size: 2, hasNext: false, totalPages: 2 },
      });
    }

    // The unpublished profile and the unused URL, as the site's 404s name them.
    const draft = (await setUp(t, STATE.merchantProfile).expect(200)).body as { url: string };
    await site(draft.url).expect(404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MERCHANT_SITE_TEXT.notPublished,
    });
    const unused = (await setUp(t, STATE.merchantUrlUnused).expect(200)).body as { url: string };
    await site(unused.url).expect(404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MERCHANT_SITE_TEXT.unknownSite,
    });
  });

  it('answers 400 naming params for a scheme state without a known programTypeId', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const response = await setUp(t, STATE.scheme, { programTypeId: 2, configured: true });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorMessage: expect.stringMatching(/^params: /) });
    await setUp(t, STATE.scheme, { programTypeId: 1 }).expect(400);
  });

  it('answers 400 naming the state for a state it does not know, and {} for no state', async () => {
    t = await createTestApp({ env: WITH_STATES });
    const unknown = await setUp(t, 'the moon is full');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errorMessage: expect.stringMatching(/^state: /) });
    await setUp(t, '').expect(200, {});
  });

  it('sets states up through the scenario building blocks: their records are what a block makes', async () => {
    t = await createTestApp({ env: WITH_STATES });
    // On a scenario's data too: states add their own records beside it.
    const { token } = await t.login();
    await request(t.app)
      .post(MOCK_PATHS.scenario.replace(':name', SCENARIO.publishedJournal))
      .set(AUTH_HEADER, token)
      .expect(200);
    const scheme = await setUp(t, STATE.schemeWithLiability, {
      programTypeId: PROGRAM_TYPE.GIFT,
    }).expect(200);
    const site = await setUp(t, STATE.publishedJournalProfile).expect(200);
    const data = structuredClone(await t.dataFile());

    // A block called again on the data changes nothing, and answers what the state answered.
    const again = structuredClone(data);
    const values = schemeBlock(
      again,
      pactScheme(PROGRAM_TYPE.GIFT, {
        ...NO_STEPS,
        configured: true,
        settlement: true,
        liability: true,
      }),
    );
    expect(values).toEqual(scheme.body);
    expect(pactJournalProfile(again, PACT_RECORDS.publishedSiteUrl, true)).toEqual(site.body);
    expect(again).toEqual(data);
    // The scenario's own records are still there.
    expect(data.programs.map((p) => p.schemeName)).toContain(HARBOUR.schemeName);
    expect(data.journalProfiles.map((p) => p.siteUrl)).toEqual([
      HARBOUR.siteUrl,
      PACT_RECORDS.publishedSiteUrl,
    ]);
  });
});

describe('the pacts', () => {
  it('never name the developer tools (/__mock): the real backend has none of them', async () => {
    const dir = path.join(PROJECT_ROOT, 'contracts', 'pacts');
    const files = (await readdir(dir)).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      const pact = JSON.parse(text) as { interactions: { request: { path: string } }[] };
      expect(pact.interactions.length).toBeGreaterThan(0);
      for (const interaction of pact.interactions) {
        expect(interaction.request.path.toLowerCase()).not.toContain(MOCK_MOUNT);
      }
      expect(text.toLowerCase()).not.toContain(MOCK_MOUNT);
    }
  });
});

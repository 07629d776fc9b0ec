/**
 * The general per-address limit (API_RATE_LIMIT) through the real app: it counts what an address
 * does without proving who it is, so the documented workflows from one address (pact
 * verification: a login, a provider state and a signed-in call per interaction) never meet it,
 * nor do signed-in calls outside the API (uploads, review mail, logout, refresh, the developer
 * tools), while anonymous traffic and the brute-force limits (sign-in, PIN) still do.
 */
import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { ImageUploadResult, Token } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { JOURNAL_SITE_PATHS } from '@contracts/api/journal';
import { MAIL_STATUS, type ReviewMailResult } from '@contracts/api/mail';
import { MOCK_PATHS } from '@contracts/api/mock';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import { PROVIDER_STATES_PATH, STATE } from '@contracts/provider/states';
import { loadConfig } from '../../server/config';
import { PNG_BYTES } from './support/fixtures';
import { createTestApp, DEMO_USER, loginRequest, type TestApp } from './support/test-app';
import { addTestSite, TEST_SITE } from './support/test-programs';

/** API_RATE_LIMIT as `npm start` has it. */
const DEFAULT_API_RATE_LIMIT = loadConfig({}).apiRateLimit;
/** Interactions in the committed pacts (contracts/pacts), rounded up. */
const PACT_INTERACTIONS = 150;
/** A published journal site of the test's own (added in `prepare`). */
const SITE = TEST_SITE.profile.siteUrl;

const RATE_LIMITED = {
  errorCode: ERROR_CODE.RATE_LIMITED,
  errorMessage: ERROR_MESSAGE.rateLimited,
};

const setUpState = (t: TestApp, state: string) =>
  request(t.app).post(PROVIDER_STATES_PATH).send({ state, params: {}, action: 'setup' });

const signedIn = (t: TestApp, token: string) =>
  request(t.app).get(`/api${API_PATHS.programs}`).set(AUTH_HEADER, token);

describe('the general per-address limit (API_RATE_LIMIT)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('lets three verifications of signed-in calls through at the default limit; the sign-in and PIN limits still hold', async () => {
    expect(DEFAULT_API_RATE_LIMIT).toBeGreaterThan(0);
    t = await createTestApp({
      env: {
        API_RATE_LIMIT: String(DEFAULT_API_RATE_LIMIT),
        PROVIDER_STATES: 'true',
        LOGIN_RATE_LIMIT: '3',
        CARD_PIN_ATTEMPTS: '3',
      },
      prepare: addTestSite,
    });
    const statuses = new Map<number, number>();
    const note = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // As `npm run contracts:verify` does it, three times: per interaction its provider state,
    // a login (the real token for the pact's placeholder) and the signed-in call.
    for (let run = 0; run < 3; run += 1) {
      for (let interaction = 0; interaction < PACT_INTERACTIONS; interaction += 1) {
        note((await setUpState(t, STATE.programExists)).status);
        const login = await loginRequest(t.app, DEMO_USER);
        note(login.status);
        note((await signedIn(t, (login.body as Token).token)).status);
      }
    }
    // Far more than the limit's worth of requests, none refused.
    expect(3 * 3 * PACT_INTERACTIONS).toBeGreaterThan(2 * DEFAULT_API_RATE_LIMIT);
    expect([...statuses]).toEqual([[200, 3 * 3 * PACT_INTERACTIONS]]);

    // The published site still answers, its anonymous budget untouched.
    const site = await request(t.app).get(JOURNAL_SITE_PATHS.site(SITE));
    expect(site.status).toBe(200);
    expect(site.headers.ratelimit).toMatch(
      new RegExp(`^limit=${DEFAULT_API_RATE_LIMIT}, remaining=${DEFAULT_API_RATE_LIMIT - 1},`),
    );

    // Guessing a password is still stopped.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await loginRequest(t.app, { ...DEMO_USER, password: 'wrong' }).expect(401);
    }
    expect((await loginRequest(t.app, DEMO_USER)).status).toBe(429);

    // Guessing a PIN too.
    const card = (await setUpState(t, STATE.publishedSiteWithCard).expect(200)).body as {
      siteUrl: string;
      cardNumber: string;
      pin: string;
      wrongPin: string;
    };
    const check = (pin: string) =>
      request(t.app)
        .post(JOURNAL_SITE_PATHS.balance(card.siteUrl))
        .send({ cardNumber: card.cardNumber, pin });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await check(card.wrongPin)).status).toBe(403);
    }
    expect((await check(card.pin)).status).toBe(429);
  }, 120_000);

  it('counts anonymous requests: past the limit they are refused, signed-in calls go on', async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT: '5' }, prepare: addTestSite });
    const { token } = await t.login();
    for (let n = 0; n < 5; n += 1) {
      await request(t.app).get('/config.json').expect(200);
      // Signed-in calls between them take nothing of the budget.
      await signedIn(t, token).expect(200);
    }
    for (const refused of [
      await request(t.app).get('/config.json'),
      await request(t.app).get(JOURNAL_SITE_PATHS.site(SITE)),
      // A login needs the budget: it is not yet known to succeed.
      await loginRequest(t.app, DEMO_USER),
      // A protected call without a token.
      await request(t.app).get(`/api${API_PATHS.programs}`),
    ]) {
      expect([refused.status, refused.body]).toEqual([429, RATE_LIMITED]);
    }
    // A token on a protected call is checked by the route: a valid one is served, a forged one
    // is the usual 401 (and counted).
    await signedIn(t, token).expect(200);
    const forged = await signedIn(t, `${token.slice(0, -2)}xx`);
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });
  });

  it('past the limit, every call that needs a token goes on with a valid one: image and review uploads, review mail, the outbox, refresh, logout, the developer tools', async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT: '5', MOCK_CONTROL: 'true' } });
    const { token, masterToken } = await t.login();
    const forgedToken = `${token.slice(0, -2)}xx`;
    const uploadImage = (path: string, auth?: string) => {
      const upload = request(t.app).post(path);
      if (auth !== undefined) upload.set(AUTH_HEADER, auth);
      return upload.attach('file', PNG_BYTES, { filename: 'logo.png', contentType: 'image/png' });
    };
    const refresh = (master: string) =>
      request(t.app)
        .post(URL_PATHS.refresh)
        .set(MODULE_CODE_HEADER, MODULE_CODE)
        .send({ masterToken: master });
    for (let n = 0; n < 5; n += 1) await request(t.app).get('/config.json').expect(200);
    expect((await request(t.app).get('/config.json')).status).toBe(429);

    // Without a token, or with one that is not valid, they are refused as anonymous calls are.
    for (const refused of [
      await uploadImage(URL_PATHS.images),
      await uploadImage(URL_PATHS.images, forgedToken),
      await uploadImage(URL_PATHS.imagesReview, forgedToken),
      await request(t.app).get(URL_PATHS.mailOutbox).set(AUTH_HEADER, forgedToken),
      await request(t.app).get(MOCK_PATHS.requests),
    ]) {
      expect([refused.status, refused.body]).toEqual([429, RATE_LIMITED]);
    }

    const image = await uploadImage(URL_PATHS.images, token);
    expect(image.status).toBe(200);
    expect(await t.storedFiles()).toEqual([(image.body as ImageUploadResult).id]);
    const review = await uploadImage(URL_PATHS.imagesReview, token);
    expect(review.status).toBe(200);
    const mail = await request(t.app)
      .post(URL_PATHS.mail)
      .set(AUTH_HEADER, token)
      .send({
        email: 'reviewer@example.com',
        schemeName: 'Limit Scheme',
        image: (review.body as ImageUploadResult).id,
      });
    expect(mail.status).toBe(200);
    const { id } = mail.body as ReviewMailResult;
    expect(mail.body).toMatchObject({ status: MAIL_STATUS.KEPT });
    await request(t.app).get(URL_PATHS.mailOutbox).set(AUTH_HEADER, token).expect(200);
    await request(t.app).get(URL_PATHS.mailOutboxItem(id)).set(AUTH_HEADER, token).expect(200);
    await request(t.app).get(MOCK_PATHS.requests).set(AUTH_HEADER, token).expect(200);

    // The refresh carries its master token in the body: its route checks it.
    const renewed = await refresh(masterToken);
    expect(renewed.status).toBe(200);
    const forgedRefresh = await refresh(`${masterToken.slice(0, -2)}xx`);
    expect(forgedRefresh.status).toBe(401);
    expect(forgedRefresh.body).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });

    // Anonymous calls are still refused.
    expect((await request(t.app).get('/config.json')).status).toBe(429);
    const logout = await request(t.app)
      .delete(`/api${API_PATHS.tokens}`)
      .set(AUTH_HEADER, (renewed.body as Token).token);
    expect(logout.status).toBeLessThan(300);
    // The session is over: its token is no longer valid, so it no longer gets past the limit.
    expect((await uploadImage(URL_PATHS.images, token)).status).toBe(429);
  });
});

import request from 'supertest';
import { PROVIDER_STATES_PATH, STATE } from '@contracts/provider/states';
import { JOURNAL_PAGE_TYPE } from '@contracts/api/journal';
import { createTestApp, loginRequest, type TestApp } from './support/test-app';

const setUp = (t: TestApp, state: string, params: Record<string, unknown> = {}) =>
  request(t.app).post(PROVIDER_STATES_PATH).send({ state, params, action: 'setup' });

describe('pact provider-state endpoint (development only)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('is not there when NODE_ENV=production', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    const response = await setUp(t, STATE.programExists);
    expect(response.status).toBe(404);
  });

  it('creates a user with a generated password and answers it, never taking one', async () => {
    t = await createTestApp();
    const first = await setUp(t, STATE.user).expect(200);
    const { username, password } = first.body as { username: string; password: string };
    expect(password.length).toBeGreaterThanOrEqual(16);
    await loginRequest(t.app, { username, password }).expect(200);
    const second = await setUp(t, STATE.user).expect(200);
    expect((second.body as { password: string }).password).not.toBe(password);
    await loginRequest(t.app, { username, password }).expect(401);
  });

  it('sets every state up twice on its own records and leaves the demo data as it was', async () => {
    t = await createTestApp();
    const before = await t.dataFile();
    const answers: unknown[][] = [[], []];
    for (const run of [0, 1]) {
      for (const state of Object.values(STATE)) {
        const params = {
          pageTypeId:
            state === STATE.journalProfileWithoutPageType
              ? JOURNAL_PAGE_TYPE.FAQ
              : JOURNAL_PAGE_TYPE.LOCATIONS,
        };
        const response = await setUp(t, state, params).expect(200);
        if (state !== STATE.user && state !== STATE.publishedSiteWithCard) {
          answers[run]?.push(response.body);
        }
      }
    }
    // A rerun finds the same records.
    expect(answers[1]).toEqual(answers[0]);
    const after = await t.dataFile();
    for (const key of ['journalProfiles', 'journalPages', 'moduleCodes', 'programs'] as const) {
      const kept = after[key].slice(0, before[key].length);
      expect(kept).toEqual(before[key]);
    }
    expect(after.users.filter((user) => user.username !== 'pact-user')).toEqual(before.users);
  });

  it('answers 400 naming the state for a state it does not know, and {} for no state', async () => {
    t = await createTestApp();
    const unknown = await setUp(t, 'the moon is full');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errorMessage: expect.stringMatching(/^state: /) });
    await setUp(t, '').expect(200, {});
  });
});

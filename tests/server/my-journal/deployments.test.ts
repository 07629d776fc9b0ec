import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import {
  JOURNAL_PATHS,
  journalModuleCode,
  type Deployment,
  type JournalProfile,
  type ModuleCode,
} from '@contracts/api/journal';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { DEMO_USERS } from '../support/test-app';
import {
  createJournalTestApp,
  TEST_PROFILE,
  TEST_PROGRAMS,
  expectError,
  type JournalTestApp,
} from './journal-test-app';

/** The program of the test site, and another one. */
const GIFT = TEST_PROGRAMS.gift.programId;
const OTHER = TEST_PROGRAMS.other.programId;
const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });

describe('journal deployments', () => {
  let t: JournalTestApp;
  beforeEach(async () => {
    t = await createJournalTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const deploy = (body: unknown) => t.post(JOURNAL_PATHS.deployments, body);

  it('records a deployment of a published profile, by the signed-in user', async () => {
    const before = Date.now();
    const response = await deploy({ profileId: TEST_PROFILE.profileId });
    expect(response.status).toBe(201);
    const deployment = response.body as Deployment;
    expect(deployment).toEqual({
      deploymentId: 1,
      profileId: 1,
      siteUrl: TEST_PROFILE.siteUrl,
      location: 0,
      deployedAt: expect.any(String),
      userName: 'admin',
    });
    expect(Date.parse(deployment.deployedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await t.dataFile()).deployments).toEqual([deployment]);
  });

  it("takes the profile's location and the user of the token", async () => {
    await t.put(JOURNAL_PATHS.profile(1), { location: 1 }).expect(200);
    const operator = (await t.login(DEMO_USERS.operator)).token;
    await deploy({ profileId: 1 }).expect(201);
    const response = await request(t.app)
      .post(`/api${JOURNAL_PATHS.deployments}`)
      .set(AUTH_HEADER, operator)
      .send({ profileId: 1 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ deploymentId: 2, location: 1, userName: 'operator' });
  });

  it('refuses an unpublished profile with 409 and writes nothing', async () => {
    await t.post(JOURNAL_PATHS.profiles, { programId: GIFT, siteUrl: 'draft-site' }).expect(201);
    await t.expectNothingWritten(async () => {
      expectError(await deploy({ profileId: 2 }), 409, {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: 'profileId: Profile is not published yet',
      });
    });
  });

  it('answers 404 JSON for an unknown profile and writes nothing', async () => {
    await t.expectNothingWritten(async () => {
      expectError(await deploy({ profileId: 999 }), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: 'Profile 999 not found',
      });
    });
  });

  it.each<[string, unknown, string]>([
    ['no profileId', {}, `profileId: ${FIELD_MESSAGES.required}`],
    ['a string profileId', { profileId: '1' }, 'profileId: Expected a number'],
    ['an unknown field', { profileId: 1, siteUrl: TEST_PROFILE.siteUrl }, 'siteUrl: Unknown field'],
  ])('refuses %s with 400 and writes nothing', async (_name, body, message) => {
    await t.expectNothingWritten(async () => {
      expectError(await deploy(body), 400, invalid(message));
    });
  });

  it('runs the whole publish flow of 01 §4.2 through the API', async () => {
    const created = await t
      .post(`${JOURNAL_PATHS.profiles}?returnBody=true`, {
        programId: OTHER,
        siteUrl: 'harbour',
        title: 'Harbour balance',
      })
      .expect(201);
    const profile = created.body as JournalProfile;
    // Step 3 makes the mandatory Login page: no publishing without it.
    await t.post(JOURNAL_PATHS.pages, { pageTypeId: 1, profileId: profile.profileId }).expect(201);

    // No code yet: the lookup answers 204, so the client creates one.
    await t.get(`${JOURNAL_PATHS.moduleCodeById(OTHER)}?returnBody=true&moduleCodeId=`).expect(204);
    const code = journalModuleCode(
      OTHER,
      TEST_PROGRAMS.other.schemeAbbreviation,
      profile.profileId,
    );
    const moduleCode = (
      await t
        .post(`${JOURNAL_PATHS.moduleCodes}?returnBody=true`, {
          name: TEST_PROGRAMS.other.schemeName,
          code,
          programId: OTHER,
        })
        .expect(201)
    ).body as ModuleCode;

    const published = await t
      .put(`${JOURNAL_PATHS.profile(profile.profileId)}?returnBody=true`, {
        ...profile,
        isPublished: 1,
        moduleCode: moduleCode.code,
        moduleCodeId: moduleCode.moduleCodeId,
      })
      .expect(200);
    expect(published.body).toMatchObject({ isPublished: 1, moduleCode: code });

    const found = await t
      .get(
        `${JOURNAL_PATHS.moduleCodeById(OTHER)}?returnBody=true&moduleCodeId=${moduleCode.moduleCodeId}`,
      )
      .expect(200);
    expect(found.body).toMatchObject({ code });

    const deployed = await deploy({ profileId: profile.profileId }).expect(201);
    expect(deployed.body).toMatchObject({ profileId: profile.profileId, siteUrl: 'harbour' });
  });
});

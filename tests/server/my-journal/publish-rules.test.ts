/**
 * Rules the spec leaves open (docs/decisions.md): a site is published only with its mandatory
 * Login page, and the client's website address is a URL.
 */
import { ERROR_CODE } from '@contracts/api/constants';
import {
  JOURNAL_LIMITS,
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  JOURNAL_TEXT,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  createJournalTestApp,
  expectError,
  TEST_PROGRAMS,
  type JournalTestApp,
} from './journal-test-app';

/** The program of the test site (journal-test-app.ts). */
const GIFT = TEST_PROGRAMS.gift.programId;

describe('journal publish rules', () => {
  let t: JournalTestApp;
  beforeEach(async () => {
    t = await createJournalTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const newProfile = async (siteUrl: string): Promise<JournalProfile> =>
    (
      await t
        .post(`${JOURNAL_PATHS.profiles}?returnBody=true`, { programId: GIFT, siteUrl })
        .expect(201)
    ).body as JournalProfile;
  const addPage = async (profileId: number, pageTypeId: number) =>
    (
      await t
        .post(`${JOURNAL_PATHS.pages}?returnBody=true`, { profileId, pageTypeId, enabled: 1 })
        .expect(201)
    ).body as JournalPage;
  const publish = (profile: JournalProfile) =>
    t.put(`${JOURNAL_PATHS.profile(profile.profileId)}?returnBody=true`, {
      ...profile,
      isPublished: 1,
    });
  const loginMissing = {
    errorCode: ERROR_CODE.CONFLICT,
    errorMessage: `isPublished: ${JOURNAL_TEXT.loginPageMissing}`,
  };

  describe('publishing needs the Login page', () => {
    it('refuses a profile without pages with 409 saying what is missing, and writes nothing', async () => {
      const profile = await newProfile('no-pages');
      await t.expectNothingWritten(async () => {
        expectError(await publish(profile), 409, loginMissing);
      });
      expect((await t.profile(profile.profileId)).isPublished).toBe(0);
    });

    it('refuses a profile whose Login page is disabled, or that has only other pages', async () => {
      const profile = await newProfile('login-off');
      await addPage(profile.profileId, JOURNAL_PAGE_TYPE.LOCATIONS);
      expectError(await publish(profile), 409, loginMissing);
      // The API never stores a Login page disabled; a data file may still hold one.
      const login = await addPage(profile.profileId, JOURNAL_PAGE_TYPE.LOGIN);
      await t.store.update((data) => {
        const stored = data.journalPages.find((page) => page.pageId === login.pageId);
        if (stored !== undefined) stored.enabled = 0;
      });
      expectError(await publish(profile), 409, loginMissing);
    });

    it("does not count another profile's Login page", async () => {
      const first = await newProfile('first-site');
      const second = await newProfile('second-site');
      await addPage(first.profileId, JOURNAL_PAGE_TYPE.LOGIN);
      expectError(await publish(second), 409, loginMissing);
      await publish(first).expect(200);
    });

    it('publishes once the Login page is there and enabled', async () => {
      const profile = await newProfile('with-login');
      await addPage(profile.profileId, JOURNAL_PAGE_TYPE.LOGIN);
      const response = await publish(profile).expect(200);
      expect(response.body).toMatchObject({ isPublished: 1 });
      // Saving the published site again is not publishing: not checked again.
      await t
        .put(JOURNAL_PATHS.profile(profile.profileId), { isPublished: 1, title: 'Again' })
        .expect(200);
    });

    it('leaves other saves and unpublishing alone', async () => {
      const profile = await newProfile('draft-only');
      await t.put(JOURNAL_PATHS.profile(profile.profileId), { title: 'Draft' }).expect(200);
      await t.put(JOURNAL_PATHS.profile(profile.profileId), { isPublished: 0 }).expect(200);
    });
  });

  describe("the client's website address", () => {
    const setWebsite = (clientWebsite: unknown) =>
      t.put(`${JOURNAL_PATHS.profile(1)}?returnBody=true`, { clientWebsite });

    it.each(['https://shop.example', 'http://shop.example:8080/path?q=1', 'www.shop.example'])(
      'takes %s',
      async (address) => {
        const response = await setWebsite(address).expect(200);
        expect(response.body).toMatchObject({ clientWebsite: address });
      },
    );

    it.each([null, ''])('takes %p as no address', async (empty) => {
      await setWebsite(empty).expect(200);
    });

    it.each(['shop', 'not a url', 'javascript:alert(1)', 'https://', 'mailto:a@shop.example'])(
      'refuses %s with 400 "Invalid URL" and writes nothing',
      async (address) => {
        await t.expectNothingWritten(async () => {
          expectError(await setWebsite(address), 400, {
            errorCode: ERROR_CODE.VALIDATION,
            errorMessage: `clientWebsite: ${FIELD_MESSAGES.url}`,
          });
        });
      },
    );

    it('refuses it on a new profile too', async () => {
      expectError(
        await t.post(JOURNAL_PATHS.profiles, {
          programId: GIFT,
          siteUrl: 'bad-website',
          clientWebsite: 'shop',
        }),
        400,
        { errorCode: ERROR_CODE.VALIDATION, errorMessage: `clientWebsite: ${FIELD_MESSAGES.url}` },
      );
    });

    it(`caps it at ${JOURNAL_LIMITS.clientWebsite} characters`, async () => {
      const address = (length: number) => `https://shop.example/${'a'.repeat(length - 21)}`;
      expect(address(JOURNAL_LIMITS.clientWebsite)).toHaveLength(JOURNAL_LIMITS.clientWebsite);
      expectError(await setWebsite(address(JOURNAL_LIMITS.clientWebsite + 1)), 400, {
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: `clientWebsite: ${FIELD_MESSAGES.maxlength}`,
      });
      await setWebsite(address(JOURNAL_LIMITS.clientWebsite)).expect(200);
    });
  });
});

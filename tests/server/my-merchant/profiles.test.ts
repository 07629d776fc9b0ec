import { ERROR_CODE, SITE_PROGRAM } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import {
  MERCHANT_LIMITS,
  MERCHANT_PATHS,
  MERCHANT_THEME,
  type MerchantProfile,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  createMerchantTestApp,
  expectError,
  PAGE,
  TEST_PROFILES,
  TEST_PROGRAMS,
  type MerchantTestApp,
} from './merchant-test-app';
import { buildMerchantProfile } from '../../support/builders';
import { addTestLoyaltyProgram, TEST_LOYALTY_PROGRAM as LOYALTY } from '../support/test-programs';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
/** The programs of the test profiles (published and draft), and one without a profile. */
const { gift: GIFT, other: OTHER, third: THIRD } = TEST_PROGRAMS;
const NEW_PROFILE = {
  programId: THIRD.programId,
  liveURL: 'new-shop',
  primaryLanguageId: 1,
  secundaryLanguageId: null,
  siteThemeId: MERCHANT_THEME.DARK,
  overrideCSS: 'body { background-color: #121212; }',
};

describe('merchant profiles', () => {
  let t: MerchantTestApp;
  beforeEach(async () => {
    t = await createMerchantTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  describe('reading', () => {
    it('lists the profiles as an embedded list in id order', async () => {
      const response = await t.get(MERCHANT_PATHS.profiles).expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.body as EmbeddedList<'profiles', MerchantProfile>;
      expect(body._embedded.profiles).toEqual([TEST_PROFILES.published, TEST_PROFILES.draft]);
      expect(body.page).toMatchObject({ totalElements: 2, number: 1 });
    });

    it('answers one profile with the field names of 02 §3', async () => {
      const response = await t.get(MERCHANT_PATHS.profile(2)).expect(200);
      expect(response.body).toEqual(TEST_PROFILES.draft);
    });

    it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
      expectError(await t.get(MERCHANT_PATHS.profile(99)), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: 'Profile 99 not found',
      });
      expectError(
        await t.get(MERCHANT_PATHS.profile('abc')),
        400,
        invalid('id: Must be a whole number'),
      );
    });
  });

  describe('creating', () => {
    it('answers 201 with the id; the profile is unpublished, the secondary language null', async () => {
      const response = await t
        .post(MERCHANT_PATHS.profiles, { ...NEW_PROFILE, secundaryLanguageId: 2 })
        .expect(201);
      expect(response.body).toEqual({ id: 3 });
      expect(await t.profile(3)).toEqual({
        id: 3,
        programId: THIRD.programId,
        liveURL: 'new-shop',
        testURL: null,
        primaryLanguageId: 1,
        secundaryLanguageId: null,
        siteThemeId: MERCHANT_THEME.DARK,
        overrideCSS: NEW_PROFILE.overrideCSS,
        siteTitle: null,
        description: null,
        siteKeywords: null,
        analyticsTrackingCode: null,
        headerLogoPath: null,
        logoPath: null,
        faviconPath: null,
        backgroundPath: null,
        moduleCode: null,
        publishLive: 0,
        publishTest: 0,
      });
    });

    it('never starts published or with a module code, whatever is sent', async () => {
      await t
        .post(MERCHANT_PATHS.profiles, { ...NEW_PROFILE, publishLive: 1, publishTest: 1 })
        .expect(201);
      expect(await t.profile(3)).toMatchObject({
        publishLive: 0,
        publishTest: 0,
        moduleCode: null,
      });
    });

    it('answers the stored profile with returnBody=true', async () => {
      const response = await t
        .post(`${MERCHANT_PATHS.profiles}?returnBody=true`, {
          ...NEW_PROFILE,
          liveURL: null,
          testURL: 'on-test',
        })
        .expect(201);
      expect(response.body).toMatchObject({ id: 3, liveURL: null, testURL: 'on-test' });
    });

    it('selects the mandatory page types at once, named after their type', async () => {
      await t.post(MERCHANT_PATHS.profiles, NEW_PROFILE).expect(201);
      const response = await t.get(MERCHANT_PATHS.selectedPageTypes(3)).expect(200);
      expect(response.body as SelectedPageTypes).toEqual({
        profileId: 3,
        pageTypes: [
          { typeId: PAGE.HOME, navItem: 'Home', title: 'Home', content: null },
          { typeId: PAGE.LOCATIONS, navItem: 'Locations', title: 'Locations', content: null },
        ],
      });
    });

    const refusals: [string, Record<string, unknown>, number, string][] = [
      ['no URL', { liveURL: null }, 400, 'liveURL: liveURL or testURL is required'],
      ['an empty URL', { liveURL: '' }, 400, 'liveURL: liveURL or testURL is required'],
      ['a URL of 3 characters', { liveURL: 'abc' }, 400, `liveURL: ${FIELD_MESSAGES.minlength}`],
      [
        'a URL of 33 characters',
        { testURL: 'a'.repeat(MERCHANT_LIMITS.url.max + 1) },
        400,
        `testURL: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a URL with a slash',
        { liveURL: 'my/shop' },
        400,
        'liveURL: Only letters, digits, - and _ are allowed',
      ],
      [
        "another profile's live URL, in another case",
        { liveURL: 'TEST-Merchant' },
        409,
        'liveURL: TEST-Merchant is already used',
      ],
      [
        "another profile's test URL as the live URL",
        { liveURL: 'second-shop' },
        409,
        'liveURL: second-shop is already used',
      ],
      [
        "another profile's URL as the test URL",
        { testURL: 'test-merchant' },
        409,
        'testURL: test-merchant is already used',
      ],
      ['a title of 1 character', { siteTitle: 'A' }, 400, `siteTitle: ${FIELD_MESSAGES.minlength}`],
      [
        'a title of 101 characters',
        { siteTitle: 'A'.repeat(MERCHANT_LIMITS.siteTitle.max + 1) },
        400,
        `siteTitle: ${FIELD_MESSAGES.maxlength}`,
      ],
      ['theme 3', { siteThemeId: 3 }, 400, 'siteThemeId: Must be 1 (light) or 2 (dark)'],
      ['no theme', { siteThemeId: undefined }, 400, `siteThemeId: ${FIELD_MESSAGES.required}`],
      [
        'an unknown language',
        { primaryLanguageId: 99 },
        400,
        'primaryLanguageId: Language 99 does not exist',
      ],
      [
        'no language',
        { primaryLanguageId: undefined },
        400,
        `primaryLanguageId: ${FIELD_MESSAGES.required}`,
      ],
      // Step 1's Scheme Name (02 §5: required) is the profile's program.
      ['no program', { programId: undefined }, 400, `programId: ${FIELD_MESSAGES.required}`],
      ['an unknown program', { programId: 999 }, 400, 'programId: Program 999 does not exist'],
      [
        'an image path that is no uploaded image',
        { logoPath: '/images/0123456789abcdef0123456789abcdef.png' },
        400,
        'logoPath: Image /images/0123456789abcdef0123456789abcdef.png does not exist',
      ],
      ['an unknown field', { colour: 'red' }, 400, 'colour: Unknown field'],
    ];
    it.each(refusals)('refuses %s and writes nothing', async (_case, change, status, message) => {
      await t.expectNothingWritten(async () => {
        const response = await t.post(MERCHANT_PATHS.profiles, { ...NEW_PROFILE, ...change });
        expectError(response, status, {
          errorCode: status === 409 ? ERROR_CODE.CONFLICT : ERROR_CODE.VALIDATION,
          errorMessage: message,
        });
      });
    });

    it('takes URLs of exactly 4 and 32 characters and a title of 2 and 100', async () => {
      await t
        .post(MERCHANT_PATHS.profiles, { ...NEW_PROFILE, liveURL: 'abcd', siteTitle: 'AB' })
        .expect(201);
      await t
        .post(MERCHANT_PATHS.profiles, {
          ...NEW_PROFILE,
          liveURL: 'a'.repeat(32),
          siteTitle: 'A'.repeat(100),
        })
        .expect(201);
    });

    // Scheme Name offers gift programs only; an imported file names its own program.
    it('refuses a loyalty program and writes nothing; a stored profile of one still saves', async () => {
      await t.store.update((data) => {
        addTestLoyaltyProgram(data);
        data.merchantProfiles.push(
          buildMerchantProfile({ id: 3, programId: LOYALTY.programId, liveURL: 'loyal-shop' }),
        );
      });
      await t.expectNothingWritten(async () => {
        const response = await t.post(MERCHANT_PATHS.profiles, {
          ...NEW_PROFILE,
          programId: LOYALTY.programId,
        });
        expectError(response, 400, {
          errorCode: ERROR_CODE.VALIDATION,
          errorMessage: `programId: ${SITE_PROGRAM.notGift(LOYALTY.programId, LOYALTY.schemeName)}`,
        });
      });
      await t.put(MERCHANT_PATHS.profile(3), { siteTitle: 'Loyal Shop' }).expect(200);
      expect(await t.profile(3)).toMatchObject({
        programId: LOYALTY.programId,
        siteTitle: 'Loyal Shop',
      });
    });
  });

  describe('updating', () => {
    const update = (id: number | string, body: unknown, returnBody = true) =>
      t.put(`${MERCHANT_PATHS.profile(id)}${returnBody ? '?returnBody=true' : ''}`, body);

    it('answers the stored profile with returnBody=true, keeping fields left out', async () => {
      const response = await update(2, { siteTitle: 'Renamed Shop', liveURL: 'renamed' }).expect(
        200,
      );
      const expected = { ...TEST_PROFILES.draft, siteTitle: 'Renamed Shop', liveURL: 'renamed' };
      expect(response.body).toEqual(expected);
      expect(await t.profile(2)).toEqual(expected);
    });

    it('answers the id without returnBody', async () => {
      const response = await update(2, { siteThemeId: MERCHANT_THEME.DARK }, false).expect(200);
      expect(response.body).toEqual({ id: 2 });
    });

    it('takes the whole profile back, its own URLs included, and stores no secondary language', async () => {
      const whole = { ...TEST_PROFILES.published, id: 77, secundaryLanguageId: 2, publishLive: 0 };
      const response = await update(1, whole).expect(200);
      expect(response.body).toEqual({ ...TEST_PROFILES.published, publishLive: 0 });
    });

    it('answers 404 for an unknown profile and writes nothing', async () => {
      await t.expectNothingWritten(async () => {
        expectError(await update(99, { siteTitle: 'Nobody' }), 404, {
          errorCode: ERROR_CODE.NOT_FOUND,
          errorMessage: 'Profile 99 not found',
        });
      });
    });

    const refusals: [string, Record<string, unknown>, number, string][] = [
      [
        'a change of program',
        { programId: OTHER.programId },
        400,
        'programId: The program of a profile cannot change',
      ],
      [
        "another profile's URL",
        { testURL: 'Second-Shop' },
        409,
        'testURL: Second-Shop is already used',
      ],
      [
        'clearing both URLs',
        { liveURL: null, testURL: '' },
        400,
        'liveURL: liveURL or testURL is required',
      ],
      ['a title of 1 character', { siteTitle: 'x' }, 400, `siteTitle: ${FIELD_MESSAGES.minlength}`],
      ['theme 0', { siteThemeId: 0 }, 400, 'siteThemeId: Must be 1 (light) or 2 (dark)'],
      [
        'an unknown language',
        { primaryLanguageId: 9 },
        400,
        'primaryLanguageId: Language 9 does not exist',
      ],
      ['publishLive 2', { publishLive: 2 }, 400, 'publishLive: Must be 0 or 1'],
      [
        'a TAB in the keywords',
        { siteKeywords: 'shop\tgift' },
        400,
        `siteKeywords: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'a NUL in the title',
        { siteTitle: 'Shop\u0000' },
        400,
        `siteTitle: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'an unknown module code',
        { moduleCode: `MMC_${GIFT.programId}XYZ1` },
        400,
        `moduleCode: Module code MMC_${GIFT.programId}XYZ1 does not exist for program ${GIFT.programId}`,
      ],
    ];
    it.each(refusals)('refuses %s and writes nothing', async (_case, change, status, message) => {
      await t.expectNothingWritten(async () => {
        expectError(await update(1, change), status, {
          errorCode: status === 409 ? ERROR_CODE.CONFLICT : ERROR_CODE.VALIDATION,
          errorMessage: message,
        });
      });
    });

    it('keeps line breaks and tabs in the CSS, and a stored title with a TAB', async () => {
      const legacy = 'Old\tShop';
      await t.store.update((data) => {
        const profile = data.merchantProfiles.find((p) => p.id === 1);
        if (profile) profile.siteTitle = legacy;
      });
      const overrideCSS = 'body {\n\tcolor: red;\n}';
      const response = await update(1, { ...(await t.profile(1)), overrideCSS }).expect(200);
      expect(response.body).toMatchObject({ siteTitle: legacy, overrideCSS });
      await t.post(MERCHANT_PATHS.siteSettings, { id: 1, siteTitle: legacy }).expect(200);
      await t.expectNothingWritten(async () => {
        expectError(await t.post(MERCHANT_PATHS.siteSettings, { id: 2, siteTitle: legacy }), 400, {
          errorCode: ERROR_CODE.VALIDATION,
          errorMessage: `siteTitle: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
        });
      });
    });

    it('clears an image path (image removal)', async () => {
      const response = await update(1, { logoPath: '' }).expect(200);
      expect((response.body as MerchantProfile).logoPath).toBeNull();
    });
  });

  describe('site settings', () => {
    it('sets the title and tracking code and answers the id', async () => {
      const response = await t
        .post(MERCHANT_PATHS.siteSettings, {
          id: 2,
          siteTitle: 'Second Shop Online',
          analyticsTrackingCode: "gtag('config', 'G-123');",
        })
        .expect(200);
      expect(response.body).toEqual({ id: 2 });
      expect(await t.profile(2)).toEqual({
        ...TEST_PROFILES.draft,
        siteTitle: 'Second Shop Online',
        analyticsTrackingCode: "gtag('config', 'G-123');",
      });
    });

    it('keeps the tracking code optional', async () => {
      await t.post(MERCHANT_PATHS.siteSettings, { id: 2, siteTitle: 'Only a title' }).expect(200);
      expect(await t.profile(2)).toMatchObject({
        siteTitle: 'Only a title',
        analyticsTrackingCode: null,
      });
    });

    const refusals: [string, Record<string, unknown>, number, string][] = [
      ['no title', { id: 2 }, 400, `siteTitle: ${FIELD_MESSAGES.required}`],
      ['a blank title', { id: 2, siteTitle: '    ' }, 400, `siteTitle: ${FIELD_MESSAGES.required}`],
      [
        'a title of one space',
        { id: 2, siteTitle: ' ' },
        400,
        `siteTitle: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a title with a lone surrogate',
        { id: 2, siteTitle: 'Shop \ud800' },
        400,
        `siteTitle: ${TEXT_INPUT_MESSAGE.malformed}`,
      ],
      [
        'a title of 1 character',
        { id: 2, siteTitle: 'x' },
        400,
        `siteTitle: ${FIELD_MESSAGES.minlength}`,
      ],
      [
        'a title of 101 characters',
        { id: 2, siteTitle: 'x'.repeat(101) },
        400,
        `siteTitle: ${FIELD_MESSAGES.maxlength}`,
      ],
      ['an unknown profile', { id: 99, siteTitle: 'Nobody' }, 404, 'Profile 99 not found'],
      [
        'a title with a TAB',
        { id: 2, siteTitle: 'Second\tShop' },
        400,
        `siteTitle: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
    ];
    it.each(refusals)('refuses %s and writes nothing', async (_case, body, status, message) => {
      await t.expectNothingWritten(async () => {
        expectError(await t.post(MERCHANT_PATHS.siteSettings, body), status, {
          errorCode: status === 404 ? ERROR_CODE.NOT_FOUND : ERROR_CODE.VALIDATION,
          errorMessage: message,
        });
      });
    });
  });
});

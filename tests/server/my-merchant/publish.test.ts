import { ERROR_CODE } from '@contracts/api/constants';
import {
  MERCHANT_MODULE_ID,
  MERCHANT_PATHS,
  MERCHANT_TEXT,
  merchantModuleCode,
  type MerchantModuleCode,
} from '@contracts/api/merchant';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  createMerchantTestApp,
  expectError,
  TEST_PROFILES,
  TEST_PROGRAMS,
  type MerchantTestApp,
} from './merchant-test-app';

/** The programs of the published profile (1) and of the draft (2): merchant-test-app.ts. */
const GIFT = TEST_PROGRAMS.gift.programId;
const OTHER = TEST_PROGRAMS.other.programId;

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });

describe('publishing a merchant site', () => {
  let t: MerchantTestApp;
  beforeEach(async () => {
    t = await createMerchantTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const codeOf = (programId: number, profileId: number) =>
    merchantModuleCode(programId, t.abbreviationOf(programId), profileId);

  describe('module code', () => {
    it('keeps MMC_ + program id + abbreviation + profile id, sets it on the profile (200)', async () => {
      const code = codeOf(OTHER, 2);
      expect(code).toBe(`MMC_${OTHER}${TEST_PROGRAMS.other.schemeAbbreviation}2`);
      const response = await t
        .post(MERCHANT_PATHS.moduleCode, { name: 'Second Shop', code, programId: OTHER })
        .expect(200);
      expect(response.body as MerchantModuleCode).toEqual({
        moduleCodeId: 1,
        moduleId: MERCHANT_MODULE_ID,
        code,
        name: 'Second Shop',
        programId: OTHER,
      });
      expect((await t.profile(2)).moduleCode).toBe(code);
    });

    it('answers the stored code when it is sent again (publishing after an unpublish)', async () => {
      const body = { name: 'Test Merchant', code: codeOf(GIFT, 1), programId: GIFT };
      const first = await t.post(MERCHANT_PATHS.moduleCode, body).expect(200);
      const again = await t.post(MERCHANT_PATHS.moduleCode, body).expect(200);
      expect(again.body).toEqual(first.body);
      expect((await t.dataFile()).moduleCodes).toHaveLength(1);
    });

    it('refuses a code that does not follow the rule, and writes nothing', async () => {
      const prefix = `MMC_${GIFT}${t.abbreviationOf(GIFT)}`;
      const wrong = [
        `MJC_${GIFT}${t.abbreviationOf(GIFT)}1`,
        `${prefix}`,
        `${prefix}x`,
        // Profile 2 belongs to the other program, and profile 9 does not exist.
        `${prefix}2`,
        `${prefix}9`,
      ];
      for (const code of wrong) {
        await t.expectNothingWritten(async () => {
          expectError(
            await t.post(MERCHANT_PATHS.moduleCode, { name: 'X', code, programId: GIFT }),
            400,
            invalid(
              `code: Must be ${prefix} followed by the id of a merchant profile of program ${GIFT}`,
            ),
          );
        });
      }
    });

    it('refuses an unknown program and a missing name, and writes nothing', async () => {
      await t.expectNothingWritten(async () => {
        expectError(
          await t.post(MERCHANT_PATHS.moduleCode, { name: 'X', code: 'MMC_999X1', programId: 999 }),
          400,
          invalid('programId: Program 999 does not exist'),
        );
        expectError(
          await t.post(MERCHANT_PATHS.moduleCode, { code: codeOf(GIFT, 1), programId: GIFT }),
          400,
          invalid(`name: ${FIELD_MESSAGES.required}`),
        );
        expectError(
          await t.post(MERCHANT_PATHS.moduleCode, {
            name: '  ',
            code: codeOf(GIFT, 1),
            programId: GIFT,
          }),
          400,
          invalid(`name: ${FIELD_MESSAGES.required}`),
        );
        expectError(
          await t.post(MERCHANT_PATHS.moduleCode, {
            name: 'Gift\nScheme',
            code: codeOf(GIFT, 1),
            programId: GIFT,
          }),
          400,
          invalid(`name: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
        );
      });
    });
  });

  describe('profilepublish/live', () => {
    const publish = (body: Record<string, unknown>) =>
      t.post(MERCHANT_PATHS.publishLive, {
        creationDate: 1_736_931_600_000,
        programId: GIFT,
        profileId: 1,
        profileLocationId: 0,
        ...body,
      });

    it('records the publish of a published profile and answers 200', async () => {
      const response = await publish({}).expect(200);
      const record = {
        publishId: 1,
        creationDate: 1_736_931_600_000,
        programId: GIFT,
        profileId: 1,
        profileLocationId: 0,
        userName: 'admin',
      };
      expect(response.body).toEqual(record);
      expect((await t.dataFile()).merchantPublishes).toEqual([record]);
    });

    const refusals: [string, Record<string, unknown>, number, number, string][] = [
      [
        'an unpublished profile',
        { profileId: 2, programId: OTHER },
        409,
        ERROR_CODE.CONFLICT,
        `profileId: ${MERCHANT_TEXT.notPublishedYet}`,
      ],
      ['an unknown profile', { profileId: 99 }, 404, ERROR_CODE.NOT_FOUND, 'Profile 99 not found'],
      [
        'another program than the profile’s',
        { programId: OTHER },
        400,
        ERROR_CODE.VALIDATION,
        `programId: Profile 1 belongs to program ${GIFT}`,
      ],
      [
        'a profile location other than 0',
        { profileLocationId: 3 },
        400,
        ERROR_CODE.VALIDATION,
        'profileLocationId: Must be 0',
      ],
      [
        'a creation date that is not milliseconds',
        { creationDate: '2025-01-01' },
        400,
        ERROR_CODE.VALIDATION,
        'creationDate: Must be a time in milliseconds',
      ],
    ];
    it.each(refusals)(
      'refuses %s and writes nothing',
      async (_case, change, status, code, message) => {
        await t.expectNothingWritten(async () => {
          expectError(await publish(change), status, { errorCode: code, errorMessage: message });
        });
      },
    );

    it('publishes a draft after the flag is set, as the summary does (02 §4)', async () => {
      const draft = TEST_PROFILES.draft;
      const code = codeOf(draft.programId, draft.id);
      await t
        .post(MERCHANT_PATHS.moduleCode, { name: 'Second', code, programId: draft.programId })
        .expect(200);
      await t
        .put(`${MERCHANT_PATHS.profile(draft.id)}?returnBody=true`, {
          ...(await t.profile(draft.id)),
          publishLive: 1,
          publishTest: 1,
        })
        .expect(200);
      await publish({ profileId: draft.id, programId: draft.programId }).expect(200);
      expect(await t.profile(draft.id)).toMatchObject({ moduleCode: code, publishLive: 1 });
    });
  });
});

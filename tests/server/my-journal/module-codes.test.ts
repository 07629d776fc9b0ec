import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import {
  JOURNAL_PATHS,
  journalModuleCode,
  MODULE_ID,
  type ModuleCode,
} from '@contracts/api/journal';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  createJournalTestApp,
  TEST_MODULE_CODE,
  TEST_PROGRAMS,
  expectError,
  type JournalTestApp,
} from './journal-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
const PREFIX_MESSAGE = "code: Must start with MJC_ or MMC_, followed by the site's code";
/** The program of the test site (it has TEST_MODULE_CODE), and two others without codes. */
const { gift: GIFT, other: OTHER, third: THIRD } = TEST_PROGRAMS;
const ID = GIFT.programId;

describe('module codes', () => {
  let t: JournalTestApp;
  beforeEach(async () => {
    t = await createJournalTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const createCode = (body: unknown, returnBody = true) =>
    t.post(`${JOURNAL_PATHS.moduleCodes}${returnBody ? '?returnBody=true' : ''}`, body);
  const lookup = (programId: number | string, moduleCodeId?: string) =>
    t.get(
      `${JOURNAL_PATHS.moduleCodeById(programId)}?returnBody=true${
        moduleCodeId === undefined ? '' : `&moduleCodeId=${moduleCodeId}`
      }`,
    );
  const programCodes = (programId: number | string) =>
    t.get(`${JOURNAL_PATHS.programModuleCodes(programId)}?returnBody=true`);

  describe('creating', () => {
    it('creates a journal code (the publish pattern) and stores it', async () => {
      const code = journalModuleCode(OTHER.programId, OTHER.schemeAbbreviation, 5);
      const name = OTHER.schemeName;
      const response = await createCode({ name, code, programId: OTHER.programId });
      expect(response.status).toBe(201);
      const created: ModuleCode = {
        moduleCodeId: 2,
        moduleId: MODULE_ID.JOURNAL,
        code: `MJC_${OTHER.programId}${OTHER.schemeAbbreviation}5`,
        name,
        programId: OTHER.programId,
      };
      expect(response.body).toEqual(created);
      expect((await t.dataFile()).moduleCodes).toEqual([TEST_MODULE_CODE, created]);
    });

    it('reads the product line from the prefix: MMC_ is the merchant builder', async () => {
      const code = `MMC_${THIRD.programId}${THIRD.schemeAbbreviation}1`;
      const response = await createCode({ name: 'Shop', code, programId: THIRD.programId });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ moduleId: MODULE_ID.MERCHANT, code });
    });

    it('answers the id and the code without returnBody=true', async () => {
      const code = journalModuleCode(ID, GIFT.schemeAbbreviation, 2);
      const response = await createCode({ name: 'Gift', code, programId: ID }, false);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ moduleCodeId: 2, code });
    });

    it('refuses a code that is already used, in any case, with 409', async () => {
      await t.expectNothingWritten(async () => {
        // TEST_MODULE_CODE with its abbreviation in lower case.
        const code = journalModuleCode(ID, GIFT.schemeAbbreviation.toLowerCase(), 1);
        expect(code.toUpperCase()).toBe(TEST_MODULE_CODE.code);
        expectError(await createCode({ name: 'Again', code, programId: ID }), 409, {
          errorCode: ERROR_CODE.CONFLICT,
          errorMessage: `code: ${code} is already used`,
        });
      });
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['an unknown prefix', { name: 'X', code: `ABC_${ID}TGC2`, programId: ID }, PREFIX_MESSAGE],
      ['a bare prefix', { name: 'X', code: 'MJC_', programId: ID }, PREFIX_MESSAGE],
      [
        'a code with a dash',
        { name: 'X', code: `MJC_${ID}-TGC`, programId: ID },
        'code: Only letters, digits and _ are allowed',
      ],
      [
        'an unknown program',
        { name: 'X', code: 'MJC_999X1', programId: 999 },
        'programId: Program 999 does not exist',
      ],
      [
        'a string programId',
        { name: 'X', code: 'MJC_1X1', programId: String(ID) },
        'programId: Expected a number',
      ],
      ['no code', { name: 'X', programId: ID }, `code: ${FIELD_MESSAGES.required}`],
      [
        'an empty name',
        { name: '', code: 'MJC_1X1', programId: ID },
        `name: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a blank name',
        { name: '   ', code: 'MJC_1X1', programId: ID },
        `name: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a TAB in the name',
        { name: 'Gift\tScheme', code: 'MJC_1X1', programId: ID },
        `name: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'an unknown field',
        { name: 'X', code: 'MJC_1X1', programId: ID, moduleId: 2 },
        'moduleId: Unknown field',
      ],
      [
        'an oversize code',
        { name: 'X', code: `MJC_${'1'.repeat(61)}`, programId: ID },
        `code: ${FIELD_MESSAGES.maxlength}`,
      ],
    ])('refuses %s with 400 naming the field and writes nothing', async (_name, body, message) => {
      await t.expectNothingWritten(async () => {
        expectError(await createCode(body), 400, invalid(message));
      });
    });
  });

  describe("a program's codes", () => {
    it('lists them as an embedded list', async () => {
      const second = journalModuleCode(ID, GIFT.schemeAbbreviation, 2);
      const otherCode = journalModuleCode(OTHER.programId, OTHER.schemeAbbreviation, 3);
      await createCode({ name: 'Gift', code: second, programId: ID }).expect(201);
      await createCode({ name: 'Other', code: otherCode, programId: OTHER.programId }).expect(201);
      const response = await programCodes(ID).expect(200);
      const body = response.body as EmbeddedList<'moduleCodes', ModuleCode>;
      expect(body._embedded.moduleCodes.map((code) => code.code)).toEqual([
        TEST_MODULE_CODE.code,
        second,
      ]);
      expect(body._embedded.moduleCodes[0]).toEqual(TEST_MODULE_CODE);
    });

    it('answers an empty list for a program without codes and 404 for an unknown one', async () => {
      const empty = await programCodes(THIRD.programId).expect(200);
      expect(empty.body).toEqual({
        _embedded: { moduleCodes: [] },
        page: { size: 0, totalElements: 0, totalPages: 0, number: 1 },
      });
      expectError(await programCodes(999), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: 'Program 999 not found',
      });
      expectError(await programCodes('byid'), 400, invalid('programId: Must be a whole number'));
    });
  });

  describe('lookup by id', () => {
    it('answers 200 with the code when it belongs to the program', async () => {
      const response = await lookup(ID, '1');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual(TEST_MODULE_CODE);
    });

    it.each([
      ['an empty moduleCodeId', ''],
      ['no moduleCodeId', undefined],
      ['an id that does not exist', '99'],
    ])('answers 204 without a body for %s', async (_name, moduleCodeId) => {
      const response = await lookup(ID, moduleCodeId);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
    });

    it("answers 204 for another program's code", async () => {
      const response = await lookup(OTHER.programId, '1');
      expect(response.status).toBe(204);
    });

    it('answers 400 for a malformed moduleCodeId and 404 for an unknown program', async () => {
      expectError(await lookup(ID, 'abc'), 400, invalid('moduleCodeId: Must be a whole number'));
      expectError(await lookup(ID, '0'), 400, invalid('moduleCodeId: Must be at least 1'));
      expectError(await lookup(999, '1'), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: 'Program 999 not found',
      });
    });
  });
});

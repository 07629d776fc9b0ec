import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import {
  MERCHANT_EMBEDDED,
  MERCHANT_PATHS,
  type MerchantLanguage,
  type MerchantPageSubType,
  type MerchantPageType,
  type MerchantProgram,
} from '@contracts/api/merchant';
import {
  createMerchantTestApp,
  expectError,
  TEST_LANGUAGES,
  TEST_PAGE_TYPES,
  TEST_PROGRAMS,
  TEST_SUB_TYPES,
  type MerchantTestApp,
} from './merchant-test-app';

describe('what the merchant wizard picks from', () => {
  let t: MerchantTestApp;
  beforeAll(async () => {
    t = await createMerchantTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the programs with id, name and abbreviation, views of the program store', async () => {
    const response = await t.get(MERCHANT_PATHS.programs).expect(200);
    const body = response.body as EmbeddedList<'programs', MerchantProgram>;
    const stored = t.store.read().programs;
    expect(body._embedded[MERCHANT_EMBEDDED.programs]).toEqual(
      [...stored]
        .sort((a, b) => a.programId - b.programId)
        .map((p) => ({ id: p.programId, name: p.schemeName, abbreviation: p.schemeAbbreviation })),
    );
  });

  it('answers one program, and 404 for an unknown one', async () => {
    const program = TEST_PROGRAMS.other;
    const response = await t.get(MERCHANT_PATHS.program(program.programId)).expect(200);
    expect(response.body).toEqual({
      id: program.programId,
      name: program.schemeName,
      abbreviation: program.schemeAbbreviation,
    });
    expectError(await t.get(MERCHANT_PATHS.program(9999)), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: 'Program 9999 not found',
    });
  });

  it('lists the languages', async () => {
    const response = await t.get(MERCHANT_PATHS.languages).expect(200);
    const body = response.body as EmbeddedList<'languages', MerchantLanguage>;
    expect(body._embedded.languages).toEqual(TEST_LANGUAGES);
  });

  it('lists the page types with fl_mandatory and their sub-types as children', async () => {
    const response = await t.get(MERCHANT_PATHS.pageTypes).expect(200);
    const body = response.body as EmbeddedList<'pageTypes', MerchantPageType>;
    expect(body._embedded.pageTypes).toEqual(
      TEST_PAGE_TYPES.map((type) => ({
        ...type,
        children: TEST_SUB_TYPES.filter((sub) => sub.typeId === type.id),
      })),
    );
    expect(body._embedded.pageTypes.find((type) => type.name === 'Locations')).toMatchObject({
      fl_mandatory: 1,
      children: [],
    });
  });

  it('lists the sub-page types with their parent', async () => {
    const response = await t.get(MERCHANT_PATHS.pageSubTypes).expect(200);
    const body = response.body as EmbeddedList<'pageSubtypes', MerchantPageSubType>;
    expect(body._embedded.pageSubtypes).toEqual(TEST_SUB_TYPES);
  });
});

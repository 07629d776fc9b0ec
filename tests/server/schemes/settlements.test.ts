import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  SCHEME_EMBEDDED,
  SCHEME_FINANCE_MESSAGE,
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE,
  type Bank,
  type FinancialSettlement,
} from '@contracts/api/schemes';
import { buildFinancialSettlement } from '../../support/builders';
import {
  createFinanceTestApp,
  expectError,
  GIFT,
  LOYALTY,
  SCRIPT,
  UNKNOWN_ID,
  type FinanceTestApp,
} from './finance-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
/** Epoch seconds of UTC midnight of a calendar day (month 1-based). */
const day = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date) / 1000;
const BANK_1 = { bankName: 'Commonwealth Bank of Australia', accountFormat: '000-000 00000000' };

describe('financial settlements', () => {
  let t: FinanceTestApp;
  beforeEach(async () => {
    t = await createFinanceTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const settlement = (overrides: Partial<FinancialSettlement> = {}) =>
    buildFinancialSettlement({ programId: GIFT.programId, ...overrides });
  const create = (body: unknown) => t.post(SCHEME_PATHS.settlements, body);
  const update = (id: number, body: unknown) => t.put(SCHEME_PATHS.settlement(id), body);
  const read = (id: number) => t.get(SCHEME_PATHS.settlement(id));

  it('lists the banks with their account formats', async () => {
    const response = await t.get(SCHEME_PATHS.settlementBanks).expect(200);
    const body = response.body as EmbeddedList<'banks', Bank>;
    expect(body._embedded[SCHEME_EMBEDDED.banks]).toEqual((await t.dataFile()).banks);
    expect(body._embedded.banks).toContainEqual({ id: 1, ...BANK_1 });
  });

  it('answers 404 for a scheme without a settlement or an unknown scheme, 400 for a bad id', async () => {
    expectError(await read(GIFT.programId), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: SCHEME_FINANCE_MESSAGE.settlementNotFound(GIFT.programId),
    });
    expectError(await read(UNKNOWN_ID), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: SCHEME_SERVER_MESSAGE.schemeNotFound(UNKNOWN_ID),
    });
    expectError(await read(0), 400, invalid('id: Must be at least 1'));
  });

  it('creates a settlement, raises the scheme to status 4 and reads it back with its bank', async () => {
    const sent = settlement({ schemeStatus: 1 });
    const response = await create(sent).expect(201);
    const expected = { ...sent, schemeStatus: 4, bank: BANK_1, bankName: BANK_1.bankName };
    expect(response.body).toEqual(expected);
    expect((await read(GIFT.programId).expect(200)).body).toEqual(expected);
    expect(await t.schemeStatus(GIFT.programId)).toBe(4);
    const { bank: _bank, bankName: _name, ...stored } = expected;
    expect((await t.dataFile()).financialSettlements).toEqual([stored]);
  });

  it('stores an empty bank authority as null and defaults the dual billing flag to 0', async () => {
    const { flDualBillingSeq: _flag, ...withoutFlag } = settlement({ bankAuthority: '' });
    const response = await create(withoutFlag).expect(201);
    expect(response.body).toMatchObject({ bankAuthority: null, flDualBillingSeq: 0 });
  });

  it('refuses a second settlement for the same scheme with nothing written', async () => {
    await create(settlement()).expect(201);
    await t.expectNothingWritten(async () => {
      expectError(await create(settlement({ poolAccName: 'Other' })), 409, {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: `programId: ${SCHEME_FINANCE_MESSAGE.settlementExists}`,
      });
    });
  });

  it('updates a settlement to monthly with a when option; the status never goes down', async () => {
    await create(settlement()).expect(201);
    const changed = settlement({
      bankId: 8,
      poolAccBankNumber: 'ab-C1d2-123456',
      frequency: 1,
      frequencyWhen: 2,
      frequencyDayOfWeek: null,
      flDualBillingSeq: 1,
    });
    const response = await update(GIFT.programId, changed).expect(200);
    expect(response.body).toMatchObject({
      ...changed,
      schemeStatus: 4,
      bank: { bankName: 'Demo Test Bank', accountFormat: 'AA-****-000000' },
      bankName: 'Demo Test Bank',
    });
    expect((await read(GIFT.programId)).body).toEqual(response.body);
  });

  it('keeps an active scheme active when its settlement is saved', async () => {
    await t.close();
    t = await createFinanceTestApp((data) => {
      const loyalty = data.programs.find((p) => p.programId === LOYALTY.programId);
      if (loyalty) loyalty.schemeStatus = 5;
    });
    await create(settlement({ programId: LOYALTY.programId })).expect(201);
    expect(await t.schemeStatus(LOYALTY.programId)).toBe(5);
  });

  it('answers 404 when updating a missing settlement or an unknown scheme, 400 for another programId', async () => {
    await t.expectNothingWritten(async () => {
      expectError(await update(GIFT.programId, settlement()), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: SCHEME_FINANCE_MESSAGE.settlementNotFound(GIFT.programId),
      });
      expectError(await update(UNKNOWN_ID, settlement({ programId: UNKNOWN_ID })), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: SCHEME_SERVER_MESSAGE.schemeNotFound(UNKNOWN_ID),
      });
      expectError(await create(settlement({ programId: UNKNOWN_ID })), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: SCHEME_SERVER_MESSAGE.schemeNotFound(UNKNOWN_ID),
      });
      expectError(
        await update(GIFT.programId, settlement({ programId: LOYALTY.programId })),
        400,
        invalid(`programId: ${SCHEME_FINANCE_MESSAGE.programMismatch}`),
      );
    });
  });

  describe('refuses bad input naming the field, with nothing written', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'a bank authority with a leading zero',
        { bankAuthority: '0123' },
        `bankAuthority: ${FIELD_MESSAGES.nonZeroStart}`,
      ],
      [
        'a bank authority with letters',
        { bankAuthority: '12a' },
        `bankAuthority: ${FIELD_MESSAGES.numOnly}`,
      ],
      [
        'a bank authority over 16 digits',
        { bankAuthority: '1'.repeat(17) },
        `bankAuthority: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'script in the pool account name',
        { poolAccName: SCRIPT },
        `poolAccName: ${FIELD_MESSAGES.alphaNumOnly}`,
      ],
      [
        'an empty pool account name',
        { poolAccName: '' },
        `poolAccName: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a blank pool account name',
        { poolAccName: '   ' },
        `poolAccName: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a blank pool account number',
        { poolAccBankNumber: '  ' },
        `poolAccBankNumber: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a pool account name over 100',
        { poolAccName: 'a'.repeat(101) },
        `poolAccName: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a missing pool account number',
        { poolAccBankNumber: undefined },
        `poolAccBankNumber: ${FIELD_MESSAGES.required}`,
      ],
      [
        'an account number off the format',
        { poolAccBankNumber: '062000 12345678' },
        `poolAccBankNumber: ${SCHEME_FINANCE_MESSAGE.accountFormat(BANK_1.accountFormat)}`,
      ],
      [
        'script as the account number',
        { poolAccBankNumber: SCRIPT },
        `poolAccBankNumber: ${SCHEME_FINANCE_MESSAGE.accountFormat(BANK_1.accountFormat)}`,
      ],
      [
        'an account number over 30',
        { poolAccBankNumber: '1'.repeat(31) },
        `poolAccBankNumber: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'an unknown bank',
        { bankId: 99 },
        `bankId: ${SCHEME_SERVER_MESSAGE.notExisting('Bank', 99)}`,
      ],
      ['a bank id as text', { bankId: '1' }, 'bankId: Expected a number'],
      [
        'an unknown frequency',
        { frequency: 5 },
        `frequency: ${SCHEME_FINANCE_MESSAGE.oneOf([1, 2, 3, 4])}`,
      ],
      [
        'a day of week past Friday',
        { frequencyDayOfWeek: 6 },
        `frequencyDayOfWeek: ${SCHEME_FINANCE_MESSAGE.oneOf([1, 2, 3, 4, 5])}`,
      ],
      [
        'a weekly settlement without its day',
        { frequencyDayOfWeek: null },
        `frequencyDayOfWeek: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a weekly settlement with a when option',
        { frequencyWhen: 1 },
        `frequencyWhen: ${SCHEME_FINANCE_MESSAGE.whenOnlyMonthly}`,
      ],
      [
        'a monthly settlement without its when',
        { frequency: 1, frequencyDayOfWeek: null },
        `frequencyWhen: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a monthly settlement with a day of week',
        { frequency: 1, frequencyWhen: 1 },
        `frequencyDayOfWeek: ${SCHEME_FINANCE_MESSAGE.noDayOfWeekWhenMonthly}`,
      ],
      ['no start date', { startDate: undefined }, `startDate: ${FIELD_MESSAGES.required}`],
      ['no end date', { endDate: undefined }, `endDate: ${FIELD_MESSAGES.required}`],
      ['a start date as text', { startDate: '01.01.2026' }, 'startDate: Expected a number'],
      [
        'a start date in milliseconds with a fraction',
        { startDate: 1767225600.5 },
        `startDate: ${SCHEME_FINANCE_MESSAGE.epochSeconds}`,
      ],
      ['a negative end date', { endDate: -1 }, `endDate: ${SCHEME_FINANCE_MESSAGE.epochSeconds}`],
      [
        'an end before the start',
        { startDate: day(2026, 3, 10), endDate: day(2026, 3, 9) },
        `endDate: ${FIELD_MESSAGES.endDateValidation}`,
      ],
      [
        'a weekday not in the period',
        { frequencyDayOfWeek: 1, startDate: day(2026, 3, 3), endDate: day(2026, 3, 5) },
        `frequencyDayOfWeek: ${FIELD_MESSAGES.dateValidationWeekly}`,
      ],
      [
        'a monthly day not in the period',
        {
          frequency: 1,
          frequencyWhen: 2,
          frequencyDayOfWeek: null,
          startDate: day(2026, 3, 10),
          endDate: day(2026, 3, 20),
        },
        `frequencyWhen: ${FIELD_MESSAGES.dateValidationMonthly}`,
      ],
      [
        'a dual billing flag of 2',
        { flDualBillingSeq: 2 },
        `flDualBillingSeq: ${SCHEME_SERVER_MESSAGE.flag}`,
      ],
      ['an unknown field', { extra: 1 }, 'extra: Unknown field'],
      ['a programId as text', { programId: '101' }, 'programId: Expected a number'],
      [
        'a TAB in the pool account number',
        { poolAccBankNumber: '062-000\t12345678' },
        `poolAccBankNumber: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
    ];

    it.each(cases)('%s', async (_name, overrides, message) => {
      await t.expectNothingWritten(async () => {
        expectError(await create({ ...settlement(), ...overrides }), 400, invalid(message));
      });
      await create(settlement()).expect(201);
      await t.expectNothingWritten(async () => {
        expectError(
          await update(GIFT.programId, { ...settlement(), ...overrides }),
          400,
          invalid(message),
        );
      });
    });
  });

  it('passes the weekly and monthly checks when the day is in the period', async () => {
    // Monday 2 March 2026 to Friday 6 March: Wednesday is in it.
    await create(
      settlement({ frequencyDayOfWeek: 3, startDate: day(2026, 3, 2), endDate: day(2026, 3, 6) }),
    ).expect(201);
    // 2 April 2026 is a Thursday, within 1-10 April.
    const monthly = settlement({
      frequency: 1,
      frequencyWhen: 2,
      frequencyDayOfWeek: null,
      startDate: day(2026, 4, 1),
      endDate: day(2026, 4, 10),
    });
    await update(GIFT.programId, monthly).expect(200);
    // Daily needs no day of week.
    const daily = settlement({ frequency: 4, frequencyDayOfWeek: null });
    await update(GIFT.programId, daily).expect(200);
  });

  it('refuses a body that is not JSON with nothing written', async () => {
    await t.expectNothingWritten(async () => {
      const response = await create('programId=101').set('Content-Type', 'text/plain');
      expect(response.status).toBe(415);
      expectError(await create(undefined), 400, invalid(`programId: ${FIELD_MESSAGES.required}`));
    });
  });
});

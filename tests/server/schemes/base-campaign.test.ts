import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  BASE_CAMPAIGN_ACTION,
  SCHEME_FINANCE_MESSAGE,
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE,
  type BaseCampaignAction,
  type BaseCampaignNonAction,
} from '@contracts/api/schemes';
import { buildBaseCampaignAction } from '../../support/builders';
import {
  createFinanceTestApp,
  expectError,
  GIFT,
  LOYALTY,
  NO_CONFIG,
  SCRIPT,
  UNKNOWN_ID,
  type FinanceTestApp,
} from './finance-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
const SCALE = [
  { min: 0, max: 20, multiplier: 1 },
  { min: 21, max: 40, multiplier: 1.5 },
  { min: 41, max: 200, multiplier: 2 },
];

describe('base campaign', () => {
  let t: FinanceTestApp;
  beforeEach(async () => {
    t = await createFinanceTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const action = (overrides: Partial<BaseCampaignAction> = {}) =>
    buildBaseCampaignAction({ programId: LOYALTY.programId, ...overrides });
  const create = (body: unknown) => t.post(SCHEME_PATHS.baseCampaign, body);
  const update = (body: unknown) => t.post(SCHEME_PATHS.baseCampaignUpdate, body);
  const readAction = (programId: number | string) => t.get(SCHEME_PATHS.campaignAction(programId));
  const readNonActions = async (programId: number) => {
    const response = await t.get(SCHEME_PATHS.campaignNonAction(programId)).expect(200);
    return (response.body as EmbeddedList<'nonActions', BaseCampaignNonAction>)._embedded
      .nonActions;
  };

  it('creates the default allocation and reads it back; no scale rows', async () => {
    const response = await create(action()).expect(201);
    const expected = action();
    expect(response.body).toEqual(expected);
    expect((await readAction(LOYALTY.programId).expect(200)).body).toEqual(expected);
    expect(await readNonActions(LOYALTY.programId)).toEqual([]);
    expect((await t.dataFile()).baseCampaignActions).toEqual([expected]);
  });

  it('keeps only the fields the action type uses', async () => {
    const flat = await create(
      action({ actionTypeId: 2, actionParameter1: 10, actionParameter2: 3, range: SCALE }),
    ).expect(201);
    expect(flat.body).toEqual(action({ actionTypeId: 2, actionParameter1: 10 }));
    const relative = await update(
      action({ actionTypeId: 3, actionParameter1: 2, actionParameter2: 0.5, range: SCALE }),
    ).expect(200);
    expect(relative.body).toEqual(
      action({ actionTypeId: 3, actionParameter1: 2, actionParameter2: 0.5 }),
    );
  });

  it.each([BASE_CAMPAIGN_ACTION.SLIDING, BASE_CAMPAIGN_ACTION.STEPING])(
    'stores a scale of type %i and answers its rows as non-actions',
    async (actionTypeId) => {
      await create(action({ actionTypeId, actionParameter1: 5, range: SCALE })).expect(201);
      expect((await readAction(LOYALTY.programId)).body).toEqual(
        action({ actionTypeId, range: SCALE }),
      );
      expect(await readNonActions(LOYALTY.programId)).toEqual(
        SCALE.map((row) => ({
          programId: LOYALTY.programId,
          actionTypeId,
          fromValue: row.min,
          toValue: row.max,
          multiplier: row.multiplier,
        })),
      );
    },
  );

  it('switches mode on update: a flat action after a scale has no rows', async () => {
    await create(action({ actionTypeId: 4, range: SCALE })).expect(201);
    const response = await update(action({ actionTypeId: 2, actionParameter1: 7 })).expect(200);
    expect(response.body).toEqual(action({ actionTypeId: 2, actionParameter1: 7 }));
    expect(await readNonActions(LOYALTY.programId)).toEqual([]);
    // A one-row scale up to 200 and a row of one value are fine.
    const rows = [
      { min: 0, max: 199, multiplier: 1 },
      { min: 200, max: 200, multiplier: 3 },
    ];
    await update(action({ actionTypeId: 5, range: rows })).expect(200);
    expect(await readNonActions(LOYALTY.programId)).toHaveLength(2);
  });

  it('answers 404 for a missing campaign or an unknown scheme, 409 for a second one', async () => {
    expectError(await readAction(LOYALTY.programId), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: SCHEME_FINANCE_MESSAGE.baseCampaignNotFound(LOYALTY.programId),
    });
    const unknown = {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: SCHEME_SERVER_MESSAGE.schemeNotFound(UNKNOWN_ID),
    };
    expectError(await readAction(UNKNOWN_ID), 404, unknown);
    expectError(await t.get(SCHEME_PATHS.campaignNonAction(UNKNOWN_ID)), 404, unknown);
    expectError(await readAction('abc'), 400, invalid('programId: Must be a whole number'));
    await t.expectNothingWritten(async () => {
      expectError(await update(action()), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: SCHEME_FINANCE_MESSAGE.baseCampaignNotFound(LOYALTY.programId),
      });
      expectError(await create(action({ programId: UNKNOWN_ID })), 404, unknown);
      expectError(await update(action({ programId: UNKNOWN_ID })), 404, unknown);
    });
    await create(action()).expect(201);
    await t.expectNothingWritten(async () => {
      expectError(await create(action({ actionTypeId: 2, actionParameter1: 1 })), 409, {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: `programId: ${SCHEME_FINANCE_MESSAGE.baseCampaignExists}`,
      });
    });
  });

  it('refuses every call for a gift scheme with 400 naming programId', async () => {
    const loyaltyOnly = invalid(`programId: ${SCHEME_FINANCE_MESSAGE.loyaltyOnly}`);
    for (const gift of [GIFT.programId, NO_CONFIG.programId]) {
      await t.expectNothingWritten(async () => {
        expectError(await create(action({ programId: gift })), 400, loyaltyOnly);
        expectError(await update(action({ programId: gift })), 400, loyaltyOnly);
      });
      expectError(await readAction(gift), 400, loyaltyOnly);
      expectError(await t.get(SCHEME_PATHS.campaignNonAction(gift)), 400, loyaltyOnly);
    }
  });

  describe('refuses bad input naming the field, with nothing written', () => {
    const sliding = { actionTypeId: 4 };
    const row = (index: number, overrides: Record<string, unknown>) =>
      SCALE.map((r, i) => (i === index ? { ...r, ...overrides } : r));
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'an unknown action type',
        { actionTypeId: 6 },
        `actionTypeId: ${SCHEME_FINANCE_MESSAGE.actionType}`,
      ],
      [
        'an action type as text',
        { actionTypeId: '2' },
        `actionTypeId: ${SCHEME_FINANCE_MESSAGE.actionType}`,
      ],
      [
        'a missing action type',
        { actionTypeId: undefined },
        `actionTypeId: ${SCHEME_FINANCE_MESSAGE.actionType}`,
      ],
      ['flat without points', { actionTypeId: 2 }, `actionParameter1: ${FIELD_MESSAGES.required}`],
      [
        'flat points as script',
        { actionTypeId: 2, actionParameter1: SCRIPT },
        'actionParameter1: Expected a number',
      ],
      [
        'flat points out of range',
        { actionTypeId: 2, actionParameter1: 10000 },
        `actionParameter1: ${SCHEME_SERVER_MESSAGE.money}`,
      ],
      [
        'flat points with three decimals',
        { actionTypeId: 2, actionParameter1: 1.005 },
        `actionParameter1: ${SCHEME_SERVER_MESSAGE.money}`,
      ],
      [
        'relative without units',
        { actionTypeId: 3, actionParameter2: 1 },
        `actionParameter1: ${FIELD_MESSAGES.required}`,
      ],
      [
        'relative without amount per',
        { actionTypeId: 3, actionParameter1: 1 },
        `actionParameter2: ${FIELD_MESSAGES.required}`,
      ],
      [
        'relative with amount per 0',
        { actionTypeId: 3, actionParameter1: 1, actionParameter2: 0 },
        `actionParameter2: ${SCHEME_FINANCE_MESSAGE.amountPer}`,
      ],
      ['sliding without rows', { ...sliding, range: [] }, `range: ${FIELD_MESSAGES.required}`],
      [
        'steping with range null',
        { actionTypeId: 5, range: null },
        `range: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a scale not starting at 0',
        { ...sliding, range: row(0, { min: 1 }) },
        `range.0.min: ${SCHEME_FINANCE_MESSAGE.scaleStart}`,
      ],
      [
        'a gap between rows',
        { ...sliding, range: row(1, { min: 22 }) },
        `range.1.min: ${SCHEME_FINANCE_MESSAGE.scaleNext(21)}`,
      ],
      [
        'overlapping rows',
        { ...sliding, range: row(1, { min: 20 }) },
        `range.1.min: ${SCHEME_FINANCE_MESSAGE.scaleNext(21)}`,
      ],
      [
        'a row ending below its start',
        { ...sliding, range: row(1, { max: 10 }) },
        `range.1.max: ${SCHEME_FINANCE_MESSAGE.scaleOrder}`,
      ],
      [
        'a row past 200',
        { ...sliding, range: row(2, { max: 201 }) },
        `range.2.max: ${SCHEME_FINANCE_MESSAGE.scaleValue}`,
      ],
      [
        'a fractional bound',
        { ...sliding, range: row(0, { max: 20.5 }) },
        `range.0.max: ${SCHEME_FINANCE_MESSAGE.scaleValue}`,
      ],
      [
        'a row without multiplier',
        { ...sliding, range: [{ min: 0, max: 20 }] },
        `range.0.multiplier: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a multiplier of 0',
        { ...sliding, range: row(0, { multiplier: 0 }) },
        `range.0.multiplier: ${SCHEME_FINANCE_MESSAGE.multiplier}`,
      ],
      [
        'a multiplier as script',
        { ...sliding, range: row(0, { multiplier: SCRIPT }) },
        'range.0.multiplier: Expected a number',
      ],
      [
        'a row with an unknown field',
        { ...sliding, range: row(0, { label: SCRIPT }) },
        'range.0.label: Unknown field',
      ],
      ['a range that is not a list', { ...sliding, range: 'rows' }, 'range: Expected an array'],
      [
        'too many rows',
        {
          ...sliding,
          range: Array.from({ length: 202 }, (_, i) => ({ min: i, max: i, multiplier: 1 })),
        },
        `range: ${SCHEME_FINANCE_MESSAGE.tooManyRows}`,
      ],
      [
        'a programId as text',
        { programId: String(LOYALTY.programId) },
        'programId: Expected a number',
      ],
      ['an unknown field', { parameters: [] }, 'parameters: Unknown field'],
    ];

    it.each(cases)('%s', async (_name, overrides, message) => {
      await t.expectNothingWritten(async () => {
        expectError(await create({ ...action(), ...overrides }), 400, invalid(message));
      });
      await create(action()).expect(201);
      await t.expectNothingWritten(async () => {
        expectError(await update({ ...action(), ...overrides }), 400, invalid(message));
      });
    });
  });
});

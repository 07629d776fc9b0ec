import request from 'supertest';
import { AUTH_HEADER, ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE as MESSAGE,
  type CardBin,
  type Scheme,
  type SingleValue,
} from '@contracts/api/schemes';
import { buildGiftConfig, buildLoyaltyConfig, buildScheme } from '../../support/builders';
import { createTestApp } from '../support/test-app';
import {
  createSchemeTestApp,
  expectError,
  SCRIPT,
  TEST_BINS,
  type SchemeTestApp,
} from './core-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });

describe('scheme configurations', () => {
  let t: SchemeTestApp;
  beforeEach(async () => {
    t = await createSchemeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (body: unknown) =>
    t.post(`${SCHEME_PATHS.configurations}?responseBody=true`, body);
  const update = (id: number | string, body: unknown) =>
    t.put(SCHEME_PATHS.configuration(id), body);
  const schemeStatus = async (id: number) =>
    ((await t.get(SCHEME_PATHS.scheme(id)).expect(200)).body as Scheme).schemeStatus;
  const gift = buildGiftConfig({ programId: 1, schemeStatus: 2 });
  const loyalty = buildLoyaltyConfig({ programId: 2, schemeStatus: 2 });

  it('answers 404 before a configuration exists, and for an unknown scheme', async () => {
    expectError(await t.get(SCHEME_PATHS.configuration(1)), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MESSAGE.configNotFound(1),
    });
    expectError(await t.get(SCHEME_PATHS.configuration(99)), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: MESSAGE.schemeNotFound(99),
    });
  });

  it('creates a gift configuration, raising the scheme to status 2', async () => {
    const response = await create(gift).expect(200);
    expect(response.body).toEqual(gift);
    await t.get(SCHEME_PATHS.configuration(1)).expect(200, gift);
    expect(await schemeStatus(1)).toBe(2);
  });

  it('creates a loyalty configuration', async () => {
    await create(loyalty).expect(200, loyalty);
    await t.get(SCHEME_PATHS.configuration(2)).expect(200, loyalty);
  });

  it('answers {programId} without responseBody, and refuses a second create with 409', async () => {
    await t.post(SCHEME_PATHS.configurations, gift).expect(200, { programId: 1 });
    await t.expectNothingWritten(async () => {
      expectError(await create(gift), 409, {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: `programId: ${MESSAGE.configExists}`,
      });
    });
  });

  it('updates a configuration: new suffixes may be added, saved ones stay', async () => {
    await create(gift).expect(200);
    const changed = { ...gift, creditMax: 2000, suffixVirtual: '003', numberStandCards: 5 };
    await update(1, changed).expect(200, changed);
    await t.expectNothingWritten(async () => {
      expectError(
        await update(1, { ...changed, suffixStand: '004' }),
        400,
        invalid(`suffixStand: ${MESSAGE.suffixLocked}`),
      );
      expectError(
        await update(1, { ...changed, suffixVirtual: null }),
        400,
        invalid(`suffixVirtual: ${MESSAGE.suffixLocked}`),
      );
      expectError(
        await update(1, { ...changed, liveCardBinId: 3, suffixStand: '0001' }),
        400,
        invalid(`liveCardBinId: ${MESSAGE.configFieldLocked}`),
      );
    });
  });

  it('answers 404 for an update without a configuration or of an unknown scheme', async () => {
    await t.expectNothingWritten(async () => {
      expectError(await update(1, gift), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: MESSAGE.configNotFound(1),
      });
      expectError(await update(99, { ...gift, programId: 99 }), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: MESSAGE.schemeNotFound(99),
      });
    });
  });

  it('keeps suffixes unique within the BIN and the extension base moves on', async () => {
    await t
      .get(SCHEME_PATHS.binExtensionNumber(TEST_BINS.master.id))
      .expect(200, { singleValue: 0 } satisfies SingleValue);
    await create({ ...gift, suffixStand: '001', suffixBulk: '002', numberBulkCards: 10 }).expect(
      200,
    );
    await t
      .get(SCHEME_PATHS.binExtensionNumber(TEST_BINS.master.id))
      .expect(200, { singleValue: 2 });
    await t.expectNothingWritten(async () => {
      expectError(await create({ ...loyalty, suffixStand: '002' }), 409, {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: `suffixStand: ${MESSAGE.suffixTaken('002')}`,
      });
    });
    await create({ ...loyalty, suffixStand: '003', suffixVirtual: '005' }).expect(200);
    await t
      .get(SCHEME_PATHS.binExtensionNumber(TEST_BINS.master.id))
      .expect(200, { singleValue: 5 });
  });

  it('takes the client own BIN for a client with its own BIN, a master BIN for a transactor', async () => {
    await t.close();
    t = await createSchemeTestApp((data) => {
      data.programs.push(buildScheme({ programId: 3, clientId: 2, schemeName: 'Local Scheme' }));
    });
    const local = { ...gift, programId: 3, liveCardBinId: TEST_BINS.local.id, suffixStand: '01' };
    await t.expectNothingWritten(async () => {
      expectError(
        await create({ ...local, liveCardBinId: TEST_BINS.master.id, suffixStand: '001' }),
        400,
        invalid(`liveCardBinId: ${MESSAGE.clientBinRequired}`),
      );
      expectError(
        await create({ ...gift, liveCardBinId: TEST_BINS.local.id, suffixStand: '01' }),
        400,
        invalid(`liveCardBinId: ${MESSAGE.masterBinRequired}`),
      );
      expectError(
        await create({ ...local, suffixStand: '001' }),
        400,
        invalid(`suffixStand: ${MESSAGE.suffixDigits(2)}`),
      );
    });
    const response = await create(local).expect(200);
    expect(response.body).toMatchObject({ suffixLength: 2, suffixStand: '01' });
  });

  const badGift: [string, Record<string, unknown>, string][] = [
    ['money over 9999.99', { creditMax: 10000 }, `creditMax: ${MESSAGE.money}`],
    ['negative money', { creditMin: -1 }, `creditMin: ${MESSAGE.money}`],
    ['three decimals', { topupMin: 5.125 }, `topupMin: ${MESSAGE.money}`],
    ['money as text', { redeemMax: '100' }, 'redeemMax: Expected a number'],
    ['a missing top-up', { topupMax: undefined }, 'topupMax: This field is required'],
    ['no expiry from', { expiryFrom: undefined }, `expiryFrom: ${FIELD_MESSAGES.required}`],
    ['no expiry term', { expiryTerm: undefined }, `expiryTerm: ${FIELD_MESSAGES.required}`],
    [
      'min over max',
      { creditMin: 1000, creditMax: 100, topupMax: 50, redeemMax: 50 },
      `creditMin: ${FIELD_MESSAGES.minOverMax}`,
    ],
    ['min equal to max', { redeemMin: 1000 }, `redeemMin: ${FIELD_MESSAGES.minOverMax}`],
    ['top-up over the credit', { creditMax: 400 }, `topupMax: ${FIELD_MESSAGES.transOverLimit}`],
    [
      'transaction over the credit',
      { creditMax: 600, redeemMax: 700 },
      `redeemMax: ${FIELD_MESSAGES.transOverLimit}`,
    ],
    ['loyalty fields on a gift', { loyaltyBalanceMax: 5 }, 'loyaltyBalanceMax: Unknown field'],
    ['program type 2', { programTypeId: 2 }, `programTypeId: ${MESSAGE.programType}`],
    ['an unknown scheme', { programId: 99 }, `programId: ${MESSAGE.notExisting('Scheme', 99)}`],
    [
      'an unknown BIN',
      { liveCardBinId: 99 },
      `liveCardBinId: ${MESSAGE.notExisting('Card BIN', 99)}`,
    ],
    [
      'an unknown expiry type',
      { expiryFrom: 99 },
      `expiryFrom: ${MESSAGE.notExisting('Expiry type', 99)}`,
    ],
    [
      'an unknown expiry term',
      { expiryTerm: 7 },
      `expiryTerm: ${MESSAGE.notExisting('Expiry term', 7)}`,
    ],
    ['a flag of 2', { multiTopup: 2 }, `multiTopup: ${MESSAGE.flag}`],
    ['script in a suffix', { suffixStand: SCRIPT }, `suffixStand: ${FIELD_MESSAGES.maxlength}`],
    ['letters in a suffix', { suffixStand: '0a1' }, `suffixStand: ${FIELD_MESSAGES.numOnly}`],
    ['a short suffix', { suffixStand: '01' }, `suffixStand: ${MESSAGE.suffixDigits(3)}`],
    [
      'the same suffix twice',
      { suffixVirtual: '001' },
      `suffixVirtual: ${MESSAGE.suffixDuplicate}`,
    ],
    [
      'a 16-digit card count',
      { numberStandCards: 10 ** 15 },
      `numberStandCards: ${FIELD_MESSAGES.maxlength}`,
    ],
    [
      'a fractional card count',
      { numberStandCards: 1.5 },
      `numberStandCards: ${MESSAGE.wholeNumber}`,
    ],
    [
      'cards without their suffix',
      { numberBulkCards: 5 },
      `numberBulkCards: ${MESSAGE.cardCountWithoutSuffix}`,
    ],
  ];
  it.each(badGift)(
    'refuses a gift configuration with %s (400 naming the field, nothing written)',
    async (_c, change, message) => {
      await t.expectNothingWritten(async () => {
        expectError(await create({ ...gift, ...change }), 400, invalid(message));
      });
    },
  );

  it('refuses a configuration of the other program type than the scheme', async () => {
    await t.expectNothingWritten(async () => {
      expectError(
        await create(buildLoyaltyConfig({ programId: 1 })),
        400,
        invalid(`programTypeId: ${MESSAGE.programTypeMismatch}`),
      );
    });
  });

  it('names programTypeId when it is missing, and refuses a body that is not an object', async () => {
    await t.expectNothingWritten(async () => {
      expectError(
        await create({ ...gift, programTypeId: undefined }),
        400,
        invalid('programTypeId: This field is required'),
      );
      const notObject = await create([gift]);
      expect(notObject.status).toBe(400);
      expect(notObject.body).toMatchObject({ errorCode: ERROR_CODE.VALIDATION });
    });
  });

  const badLoyalty: [string, Record<string, unknown>, string][] = [
    [
      'no balance min',
      { loyaltyBalanceMin: undefined },
      `loyaltyBalanceMin: ${FIELD_MESSAGES.required}`,
    ],
    [
      'no balance max',
      { loyaltyBalanceMax: undefined },
      `loyaltyBalanceMax: ${FIELD_MESSAGES.required}`,
    ],
    ['a balance over 9999.99', { loyaltyBalanceMax: 10000 }, `loyaltyBalanceMax: ${MESSAGE.money}`],
    [
      'balance min not under max',
      { loyaltyBalanceMin: 5000 },
      `loyaltyBalanceMin: ${FIELD_MESSAGES.minOverMax}`,
    ],
    [
      'transaction over the balance',
      { loyaltyBalanceMax: 1500 },
      `redeemMax: ${FIELD_MESSAGES.transOverLimit}`,
    ],
    ['a bulk suffix', { suffixBulk: '002' }, 'suffixBulk: Unknown field'],
    ['top-up fields', { topupMax: 10 }, 'topupMax: Unknown field'],
  ];
  it.each(badLoyalty)('refuses a loyalty configuration with %s', async (_c, change, message) => {
    await t.expectNothingWritten(async () => {
      expectError(await create({ ...loyalty, ...change }), 400, invalid(message));
    });
  });
});

describe('card BINs', () => {
  let t: SchemeTestApp;
  beforeEach(async () => {
    t = await createSchemeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('lists every BIN as embedded `bins`, and the master BINs with ?flInternal=1', async () => {
    const all = (await t.get(SCHEME_PATHS.bins).expect(200)).body as EmbeddedList<'bins', CardBin>;
    expect(all._embedded.bins).toEqual([TEST_BINS.master, TEST_BINS.local, TEST_BINS.master2]);
    const masters = (await t.get(`${SCHEME_PATHS.bins}?flInternal=1`).expect(200))
      .body as EmbeddedList<'bins', CardBin>;
    expect(masters._embedded.bins).toEqual([TEST_BINS.master, TEST_BINS.master2]);
    expectError(
      await t.get(`${SCHEME_PATHS.bins}?flInternal=2`),
      400,
      invalid(`flInternal: ${MESSAGE.flag}`),
    );
  });

  it('reads one BIN and its extension base; unknown ids are 404', async () => {
    await t.get(SCHEME_PATHS.bin(2)).expect(200, TEST_BINS.local);
    await t.get(SCHEME_PATHS.binExtensionNumber(2)).expect(200, { singleValue: 0 });
    for (const path of [SCHEME_PATHS.bin(99), SCHEME_PATHS.binExtensionNumber(99)]) {
      expectError(await t.get(path), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: MESSAGE.binNotFound(99),
      });
    }
    expectError(await t.get(SCHEME_PATHS.bin('x')), 400, invalid('id: Must be a whole number'));
  });

  it('leaves the lookups under /gift-card/configurations to the lookups router', async () => {
    await t.get('/gift-card/configurations/expiry-type').expect(200);
    await t.get('/gift-card/configurations/expiry-term').expect(200);
    await t.get('/gift-card/schemes/programTypes').expect(200);
  });
});

describe('the seeded schemes', () => {
  it('have configurations the server accepts as they are, and one gift scheme without', async () => {
    const seeded = await createTestApp();
    try {
      const token = (await seeded.login()).token;
      const data = await seeded.dataFile();
      expect(data.configurations.length).toBeGreaterThan(0);
      for (const config of data.configurations) {
        await request(seeded.app)
          .put(`/api${SCHEME_PATHS.configuration(config.programId)}`)
          .set(AUTH_HEADER, token)
          .send(config)
          .expect(200, config);
      }
      const without = data.programs.filter(
        (p) => !data.configurations.some((c) => c.programId === p.programId),
      );
      expect(without.map((p) => p.programTypeId)).toEqual([1]);
    } finally {
      await seeded.close();
    }
  });
});

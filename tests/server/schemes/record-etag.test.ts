/**
 * Optimistic concurrency of the wizard's records (server/http/record-etag.ts): a read answers a
 * strong ETag; a save whose If-Match is not the record's current tag is 412 and writes nothing;
 * a matching one saves and answers the new tag; a save without If-Match is not checked.
 */
import type request from 'supertest';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { SCHEME_PATHS } from '@contracts/api/schemes';
import {
  buildBaseCampaignAction,
  buildFinancialSettlement,
  buildGiftConfig,
  buildLiabilityReportConfig,
  buildSchemeInput,
} from '../../support/builders';
import { TEST_SCHEMES, createSchemeTestApp, expectError } from './core-test-app';
import { GIFT, LOYALTY, createFinanceTestApp } from './finance-test-app';
import type { SchemeTestApp } from './core-test-app';

const STRONG = /^"[A-Za-z0-9_-]{43}"$/;
const STALE = { errorCode: ERROR_CODE.CONFLICT, errorMessage: ERROR_MESSAGE.staleRecord };

interface Resource {
  name: string;
  app(): Promise<SchemeTestApp>;
  read(t: SchemeTestApp): request.Test;
  /**
   * A save of the record: `change` makes it differ from what is stored; `read` is the record as
   * read before the test (the configuration's save sends it back, one amount changed).
   */
  save(t: SchemeTestApp, change: number, read: Record<string, unknown>): request.Test;
}

const gift = TEST_SCHEMES.gift;

const RESOURCES: Resource[] = [
  {
    name: 'scheme',
    app: () => createSchemeTestApp(),
    read: (t) => t.get(SCHEME_PATHS.scheme(gift.programId)),
    save: (t, change) =>
      t.put(
        `${SCHEME_PATHS.scheme(gift.programId)}?returnBody=true`,
        buildSchemeInput({ programId: gift.programId, mobile: `04000000${change}0` }),
      ),
  },
  {
    name: 'configuration',
    app: () =>
      createSchemeTestApp((data) => {
        data.configurations.push(buildGiftConfig({ programId: gift.programId }));
      }),
    read: (t) => t.get(SCHEME_PATHS.configuration(gift.programId)),
    save: (t, change, read) =>
      t.put(SCHEME_PATHS.configuration(gift.programId), { ...read, creditMax: 1000 + change }),
  },
  {
    name: 'financial settlement',
    app: () =>
      createFinanceTestApp((data) => {
        data.financialSettlements.push(buildFinancialSettlement({ programId: GIFT.programId }));
      }),
    read: (t) => t.get(SCHEME_PATHS.settlement(GIFT.programId)),
    save: (t, change) =>
      t.put(
        SCHEME_PATHS.settlement(GIFT.programId),
        buildFinancialSettlement({ programId: GIFT.programId, poolAccName: `Pool ${change}` }),
      ),
  },
  {
    name: 'liability report',
    app: () =>
      createFinanceTestApp((data) => {
        data.liabilityReportConfigs.push(buildLiabilityReportConfig({ programId: GIFT.programId }));
      }),
    read: (t) => t.get(`${SCHEME_PATHS.liability}?programId=${GIFT.programId}`),
    save: (t, change) =>
      t.put(
        `${SCHEME_PATHS.liability}?returnBody=true`,
        buildLiabilityReportConfig({ programId: GIFT.programId, emailSubject: `Report ${change}` }),
      ),
  },
  {
    name: 'base campaign',
    app: () =>
      createFinanceTestApp((data) => {
        data.baseCampaignActions.push(buildBaseCampaignAction({ programId: LOYALTY.programId }));
      }),
    read: (t) => t.get(SCHEME_PATHS.campaignAction(LOYALTY.programId)),
    save: (t, change) =>
      t.post(
        SCHEME_PATHS.baseCampaignUpdate,
        buildBaseCampaignAction({
          programId: LOYALTY.programId,
          actionTypeId: 2,
          actionParameter1: change,
        }),
      ),
  },
];

describe.each(RESOURCES)('the $name', (resource) => {
  let t: SchemeTestApp;
  let read: Record<string, unknown>;
  beforeEach(async () => {
    t = await resource.app();
    read = (await resource.read(t).expect(200)).body as Record<string, unknown>;
  });
  afterEach(async () => {
    await t.close();
  });

  const save = (change: number) => resource.save(t, change, read);
  const etagOf = async () => {
    const response = await resource.read(t).expect(200);
    return String(response.headers.etag);
  };

  it('is read with a strong ETag that changes when the record does', async () => {
    const first = await etagOf();
    expect(first).toMatch(STRONG);
    expect(await etagOf()).toBe(first);
    await save(1).expect(200);
    const second = await etagOf();
    expect(second).toMatch(STRONG);
    expect(second).not.toBe(first);
  });

  it('refuses a save with a stale If-Match with 412, writing nothing', async () => {
    const opened = await etagOf();
    // Someone else saves after this operator opened the record.
    await save(1).expect(200);
    await t.expectNothingWritten(async () => {
      expectError(await save(2).set('If-Match', opened), 412, STALE);
    });
  });

  it('saves with the current If-Match and answers the new ETag', async () => {
    const opened = await etagOf();
    const response = await save(1).set('If-Match', opened).expect(200);
    const fresh = await etagOf();
    expect(fresh).not.toBe(opened);
    expect(response.headers.etag).toBe(fresh);
    // The new tag is the one to save with next.
    await save(2).set('If-Match', fresh).expect(200);
  });

  it('takes any of a list of tags, and *', async () => {
    const opened = await etagOf();
    await save(1).set('If-Match', `"other", ${opened}`).expect(200);
    await save(2).set('If-Match', '*').expect(200);
  });

  it('never takes a weak tag, even of the current record', async () => {
    const opened = await etagOf();
    await t.expectNothingWritten(async () => {
      expectError(await save(1).set('If-Match', `W/${opened}`), 412, STALE);
    });
  });

  it('saves without If-Match as it always did, whatever changed since', async () => {
    await etagOf();
    await save(1).expect(200);
    await save(2).expect(200);
  });
});

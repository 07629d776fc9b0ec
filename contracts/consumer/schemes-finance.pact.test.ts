/** @jest-environment node */
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE } from '../api/constants';
import {
  BASE_CAMPAIGN_ACTION,
  PROGRAM_TYPE,
  SCHEME_EMBEDDED,
  SCHEME_PATHS,
  SCHEME_STATUS,
  SCHEME_TEXT,
  type BaseCampaignAction,
  type FinancialSettlement,
  type LiabilityReportConfig,
} from '../api/schemes';
import { schemesApi } from '@/features/schemes/api/schemes-api';
import {
  JSON_ANSWER,
  newPact,
  SIGNED_IN_HEADERS,
  SIGNED_IN_NO_BODY,
  STATE,
  epochSeconds,
  errorBody,
  storeFor,
} from './support/pact';
import {
  BASE_CAMPAIGN_INPUT,
  JSON_REQUEST,
  LIABILITY_INPUT,
  RETURN_BODY,
  SCHEME_EXAMPLE,
  SETTLEMENT_INPUT,
  apiPathFromState,
  baseCampaignBodyFromState,
  liabilityBodyFromState,
  queryFromState,
  settlementBodyFromState,
  conflictOn,
  invalidField,
} from './support/schemes';

const { eachLike, integer, number, string, like } = MatchersV3;

const GIFT = { programTypeId: PROGRAM_TYPE.GIFT };
const LOYALTY = { programTypeId: PROGRAM_TYPE.LOYALTY };
const GIFT_CONFIGURED = { ...GIFT, configured: true };
const GIFT_UNCONFIGURED = { ...GIFT, configured: false };
const { programId } = SCHEME_EXAMPLE;

const settlementPath = () => apiPathFromState(SCHEME_PATHS.settlement, 'programId', programId);
const liabilityQuery = () => ({ programId: queryFromState('programId', programId) });

// -------------------------------------------------------------------------- financial settlement

const BANK = {
  id: integer(1),
  bankName: string('Commonwealth Bank of Australia'),
  accountFormat: string('000-000 00000000'),
};

/** A settlement as answered: the bank's name and format filled in, the scheme's status. */
const settlementAnswer = (settlement: FinancialSettlement) =>
  like({
    ...settlement,
    startDate: epochSeconds(settlement.startDate),
    endDate: epochSeconds(settlement.endDate),
    bank: { bankName: 'Commonwealth Bank of Australia', accountFormat: '000-000 00000000' },
    bankName: 'Commonwealth Bank of Australia',
    schemeStatus: SCHEME_STATUS.FINANCIAL,
  });

describe('financial settlements (03 §7)', () => {
  it('lists the banks with their account formats', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a request for the settlement banks')
      .withRequest({
        method: 'GET',
        path: `/api${SCHEME_PATHS.settlementBanks}`,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { _embedded: { [SCHEME_EMBEDDED.banks]: eachLike(BANK) } },
      });

    await pact.executeTest(async (mock) => {
      const banks = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.banks.initiate())
        .unwrap();
      expect(banks[0]).toMatchObject({ accountFormat: '000-000 00000000' });
    });
  });

  it("reads a scheme's settlement", async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithSettlement, GIFT)
      .uponReceiving("a request for a scheme's financial settlement")
      .withRequest({ method: 'GET', path: settlementPath(), headers: SIGNED_IN_HEADERS })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: settlementAnswer(SETTLEMENT_INPUT),
      });

    await pact.executeTest(async (mock) => {
      const settlement = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.settlement.initiate(programId))
        .unwrap();
      expect(settlement).toMatchObject({
        frequency: 3,
        bankName: 'Commonwealth Bank of Australia',
      });
    });
  });

  it('answers 404 while a scheme has no settlement, which the client reads as none', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_CONFIGURED)
      .uponReceiving('a request for the financial settlement of a scheme that has none')
      .withRequest({ method: 'GET', path: settlementPath(), headers: SIGNED_IN_HEADERS })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Financial settlement of scheme 1 not found'),
      });

    await pact.executeTest(async (mock) => {
      const settlement = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.settlement.initiate(programId))
        .unwrap();
      expect(settlement).toBeNull();
    });
  });

  it('creates a settlement and raises the scheme to status 4', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_CONFIGURED)
      .uponReceiving('a new financial settlement')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.settlements}`,
        headers: JSON_REQUEST,
        body: settlementBodyFromState(SETTLEMENT_INPUT),
      })
      .willRespondWith({
        status: 201,
        headers: JSON_ANSWER,
        body: settlementAnswer(SETTLEMENT_INPUT),
      });

    await pact.executeTest(async (mock) => {
      const settlement = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.createSettlement.initiate(SETTLEMENT_INPUT))
        .unwrap();
      expect(settlement).toMatchObject({ schemeStatus: SCHEME_STATUS.FINANCIAL });
    });
  });

  it('answers 409 naming programId when the scheme already has a settlement', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithSettlement, GIFT)
      .uponReceiving('a second financial settlement of a scheme')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.settlements}`,
        headers: JSON_REQUEST,
        body: settlementBodyFromState(SETTLEMENT_INPUT),
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: conflictOn('programId', 'The scheme already has a financial settlement'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createSettlement.initiate(SETTLEMENT_INPUT),
      );
      expect(result.error).toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('answers 400 naming endDate when it is before the start date', async () => {
    const pact = newPact();
    const input = {
      ...SETTLEMENT_INPUT,
      startDate: SETTLEMENT_INPUT.endDate,
      endDate: SETTLEMENT_INPUT.startDate,
    };
    pact
      .given(STATE.scheme, GIFT_CONFIGURED)
      .uponReceiving('a new financial settlement ending before it starts')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.settlements}`,
        headers: JSON_REQUEST,
        body: settlementBodyFromState(input),
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField('endDate', 'End date is set before start date'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createSettlement.initiate(input),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('saves a settlement', async () => {
    const pact = newPact();
    const input = { ...SETTLEMENT_INPUT, poolAccName: 'Pact Pool Two', frequencyDayOfWeek: 3 };
    pact
      .given(STATE.schemeWithSettlement, GIFT)
      .uponReceiving('a save of a financial settlement')
      .withRequest({
        method: 'PUT',
        path: settlementPath(),
        headers: JSON_REQUEST,
        body: settlementBodyFromState(input),
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: settlementAnswer(input) });

    await pact.executeTest(async (mock) => {
      const settlement = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.updateSettlement.initiate(input))
        .unwrap();
      expect(settlement).toMatchObject({ poolAccName: 'Pact Pool Two', frequencyDayOfWeek: 3 });
    });
  });

  it('answers 404 to a save while the scheme has no settlement', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_CONFIGURED)
      .uponReceiving('a save of a financial settlement that does not exist')
      .withRequest({
        method: 'PUT',
        path: settlementPath(),
        headers: JSON_REQUEST,
        body: settlementBodyFromState(SETTLEMENT_INPUT),
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Financial settlement of scheme 1 not found'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.updateSettlement.initiate(SETTLEMENT_INPUT),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });
});

// ------------------------------------------------------------------------------------ liability

const LOOKUP_ITEM = { id: integer(1), value: string('Daily') };

/** A liability report as answered: its next run, when it has one, in epoch seconds. */
const liabilityAnswer = ({ nextExecutionDate, ...liability }: LiabilityReportConfig) =>
  like({
    ...liability,
    nextExecutionDate: nextExecutionDate === null ? null : epochSeconds(nextExecutionDate),
  });

describe('liability reports (03 §7)', () => {
  it.each([
    [
      'liability frequencies',
      SCHEME_PATHS.liabilityFrequency,
      SCHEME_EMBEDDED.frequencies,
      'liabilityFrequencies',
    ],
    [
      'liability scheduler functions',
      SCHEME_PATHS.liabilitySchedulerFunction,
      SCHEME_EMBEDDED.schedulerFunctions,
      'schedulerFunctions',
    ],
  ] as const)('lists the %s', async (name, path, embedded, endpoint) => {
    const pact = newPact();
    pact
      .uponReceiving(`a request for the ${name}`)
      .withRequest({ method: 'GET', path: `/api${path}`, headers: SIGNED_IN_HEADERS })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { _embedded: { [embedded]: eachLike(LOOKUP_ITEM) } },
      });

    await pact.executeTest(async (mock) => {
      const items = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints[endpoint].initiate())
        .unwrap();
      expect(items[0]).toMatchObject({ id: 1, value: 'Daily' });
    });
  });

  it("reads a scheme's liability report", async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithLiability, GIFT)
      .uponReceiving("a request for a scheme's liability report")
      .withRequest({
        method: 'GET',
        path: `/api${SCHEME_PATHS.liability}`,
        query: liabilityQuery(),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: liabilityAnswer(LIABILITY_INPUT),
      });

    await pact.executeTest(async (mock) => {
      const liability = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.liability.initiate(programId))
        .unwrap();
      expect(liability).toEqual(LIABILITY_INPUT);
    });
  });

  it('answers 404 while a scheme has no liability report, which the client reads as none', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithSettlement, GIFT)
      .uponReceiving('a request for the liability report of a scheme that has none')
      .withRequest({
        method: 'GET',
        path: `/api${SCHEME_PATHS.liability}`,
        query: liabilityQuery(),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Liability report of scheme 1 not found'),
      });

    await pact.executeTest(async (mock) => {
      const liability = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.liability.initiate(programId))
        .unwrap();
      expect(liability).toBeNull();
    });
  });

  it('creates a liability report and answers 200 with it, active', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithSettlement, GIFT)
      .uponReceiving('a new liability report')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.liability}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: liabilityBodyFromState(LIABILITY_INPUT),
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: liabilityAnswer(LIABILITY_INPUT),
      });

    await pact.executeTest(async (mock) => {
      const liability = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.createLiability.initiate(LIABILITY_INPUT))
        .unwrap();
      expect(liability).toEqual(LIABILITY_INPUT);
    });
  });

  it('answers 409 naming programId when the scheme already has a liability report', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithLiability, GIFT)
      .uponReceiving('a second liability report of a scheme')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.liability}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: liabilityBodyFromState(LIABILITY_INPUT),
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: conflictOn('programId', 'The scheme already has a liability report'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createLiability.initiate(LIABILITY_INPUT),
      );
      expect(result.error).toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('answers 400 naming emailRecipient for a recipient that is not an e-mail address', async () => {
    const pact = newPact();
    const input: LiabilityReportConfig = { ...LIABILITY_INPUT, emailRecipient: 'finance' };
    pact
      .given(STATE.schemeWithSettlement, GIFT)
      .uponReceiving('a new liability report with a recipient that is not an e-mail address')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.liability}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: liabilityBodyFromState(input),
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField('emailRecipient', 'Invalid email address'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createLiability.initiate(input),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('saves a liability report', async () => {
    const pact = newPact();
    const input: LiabilityReportConfig = {
      ...LIABILITY_INPUT,
      emailCC: 'cc@pact.example',
      groupingHorizon: 12,
    };
    pact
      .given(STATE.schemeWithLiability, GIFT)
      .uponReceiving('a save of a liability report')
      .withRequest({
        method: 'PUT',
        path: `/api${SCHEME_PATHS.liability}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: liabilityBodyFromState(input),
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: liabilityAnswer(input) });

    await pact.executeTest(async (mock) => {
      const liability = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.updateLiability.initiate(input))
        .unwrap();
      expect(liability).toEqual(input);
    });
  });

  it('answers 404 to a save while the scheme has no liability report', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithSettlement, GIFT)
      .uponReceiving('a save of a liability report that does not exist')
      .withRequest({
        method: 'PUT',
        path: `/api${SCHEME_PATHS.liability}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: liabilityBodyFromState(LIABILITY_INPUT),
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Liability report of scheme 1 not found'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.updateLiability.initiate(LIABILITY_INPUT),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });
});

// -------------------------------------------------------------------------------- base campaign

const SCALE_ROW = { min: integer(0), max: integer(20), multiplier: number(1) };

describe('base campaigns of loyalty schemes (03 §7)', () => {
  it("reads a scheme's base campaign action with its scale", async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithBaseCampaign)
      .uponReceiving("a request for a loyalty scheme's base campaign action")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.campaignAction, 'programId', programId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          programId: integer(programId),
          actionTypeId: BASE_CAMPAIGN_ACTION.SLIDING,
          actionParameter1: null,
          actionParameter2: null,
          range: eachLike(SCALE_ROW),
        },
      });

    await pact.executeTest(async (mock) => {
      const action = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.campaignAction.initiate(programId))
        .unwrap();
      expect(action).toMatchObject({ actionTypeId: BASE_CAMPAIGN_ACTION.SLIDING });
      expect(action?.range?.[0]).toEqual({ min: 0, max: 20, multiplier: 1 });
    });
  });

  it('answers 404 while a scheme has no base campaign, which the client reads as none', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithLiability, LOYALTY)
      .uponReceiving('a request for the base campaign action of a scheme that has none')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.campaignAction, 'programId', programId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Base campaign of scheme 1 not found'),
      });

    await pact.executeTest(async (mock) => {
      const action = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.campaignAction.initiate(programId))
        .unwrap();
      expect(action).toBeNull();
    });
  });

  it("lists a scheme's scale rows as fromValue, toValue, multiplier", async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithBaseCampaign)
      .uponReceiving("a request for a loyalty scheme's base campaign scale rows")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.campaignNonAction, 'programId', programId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: {
            [SCHEME_EMBEDDED.nonActions]: eachLike({
              programId: integer(programId),
              actionTypeId: integer(BASE_CAMPAIGN_ACTION.SLIDING),
              fromValue: integer(0),
              toValue: integer(20),
              multiplier: number(1),
            }),
          },
        },
      });

    await pact.executeTest(async (mock) => {
      const rows = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.campaignNonActions.initiate(programId))
        .unwrap();
      expect(rows[0]).toMatchObject({ fromValue: 0, toValue: 20, multiplier: 1 });
    });
  });

  it('creates a base campaign with a sliding scale', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithLiability, LOYALTY)
      .uponReceiving('a new base campaign')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.baseCampaign}`,
        headers: JSON_REQUEST,
        body: baseCampaignBodyFromState(BASE_CAMPAIGN_INPUT),
      })
      .willRespondWith({ status: 201, headers: JSON_ANSWER, body: like(BASE_CAMPAIGN_INPUT) });

    await pact.executeTest(async (mock) => {
      const action = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.createBaseCampaign.initiate(BASE_CAMPAIGN_INPUT))
        .unwrap();
      expect(action).toEqual(BASE_CAMPAIGN_INPUT);
    });
  });

  it('answers 409 naming programId when the scheme already has a base campaign', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithBaseCampaign)
      .uponReceiving('a second base campaign of a scheme')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.baseCampaign}`,
        headers: JSON_REQUEST,
        body: baseCampaignBodyFromState(BASE_CAMPAIGN_INPUT),
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: conflictOn('programId', 'The scheme already has a base campaign'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createBaseCampaign.initiate(BASE_CAMPAIGN_INPUT),
      );
      expect(result.error).toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('answers 400 naming the first row when the scale does not start at 0', async () => {
    const pact = newPact();
    const input: BaseCampaignAction = {
      ...BASE_CAMPAIGN_INPUT,
      range: [{ min: 5, max: 200, multiplier: 1 }],
    };
    pact
      .given(STATE.schemeWithLiability, LOYALTY)
      .uponReceiving('a new base campaign whose scale does not start at 0')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.baseCampaign}`,
        headers: JSON_REQUEST,
        body: baseCampaignBodyFromState(input),
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField('range.0.min', 'Must be 0: the scale starts there'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createBaseCampaign.initiate(input),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('saves a base campaign as a flat allocation', async () => {
    const pact = newPact();
    const input: Required<BaseCampaignAction> = {
      programId,
      actionTypeId: BASE_CAMPAIGN_ACTION.FLAT,
      actionParameter1: 50,
      actionParameter2: null,
      range: [],
    };
    pact
      .given(STATE.schemeWithBaseCampaign)
      .uponReceiving('a save of a base campaign')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.baseCampaignUpdate}`,
        headers: JSON_REQUEST,
        body: baseCampaignBodyFromState(input),
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { ...input, programId: integer(programId), actionParameter1: number(50) },
      });

    await pact.executeTest(async (mock) => {
      const action = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.updateBaseCampaign.initiate(input))
        .unwrap();
      expect(action).toEqual(input);
    });
  });

  it('answers 404 to a save while the scheme has no base campaign', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithLiability, LOYALTY)
      .uponReceiving('a save of a base campaign that does not exist')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.baseCampaignUpdate}`,
        headers: JSON_REQUEST,
        body: baseCampaignBodyFromState(BASE_CAMPAIGN_INPUT),
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Base campaign of scheme 1 not found'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.updateBaseCampaign.initiate(BASE_CAMPAIGN_INPUT),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });
});

// ---------------------------------------------------------------------------- summary, activation

/** The activation is a PUT without a body. */
const EMPTY_PUT = SIGNED_IN_NO_BODY;

describe('scheme summary and activation (03 §7, §8)', () => {
  it("lists a scheme's uploaded files with their dates in epoch seconds", async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeWithUploadedFile, GIFT)
      .uponReceiving("a request for a scheme's uploaded files")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.uploadedFiles, 'programId', programId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: {
            [SCHEME_EMBEDDED.files]: eachLike({
              fileName: string('pact-cards.csv'),
              createdDate: epochSeconds(Date.UTC(2026, 0, 1) / 1000),
            }),
          },
        },
      });

    await pact.executeTest(async (mock) => {
      const files = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.uploadedFiles.initiate(programId))
        .unwrap();
      expect(files[0]).toEqual({ fileName: 'pact-cards.csv', createdDate: 1767225600 });
    });
  });

  it('activates a configured scheme: status 5', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_CONFIGURED)
      .uponReceiving('an activation of a configured scheme')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(SCHEME_PATHS.summary, 'programId', programId),
        headers: EMPTY_PUT,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { programId: integer(programId), schemeStatus: SCHEME_STATUS.ACTIVE },
      });

    await pact.executeTest(async (mock) => {
      const answer = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.activateScheme.initiate(programId))
        .unwrap();
      expect(answer).toEqual({ programId, schemeStatus: SCHEME_STATUS.ACTIVE });
    });
  });

  it('refuses to activate a scheme without configuration with the 03 §8 text', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_UNCONFIGURED)
      .uponReceiving('an activation of a scheme without configuration')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(SCHEME_PATHS.summary, 'programId', programId),
        headers: EMPTY_PUT,
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: { errorCode: ERROR_CODE.CONFLICT, errorMessage: SCHEME_TEXT.activateWithoutConfig },
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.activateScheme.initiate(programId),
      );
      expect(result.error).toMatchObject({
        status: 409,
        errorMessage: SCHEME_TEXT.activateWithoutConfig,
      });
    });
  });
});

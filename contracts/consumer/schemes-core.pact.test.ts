/** @jest-environment node */
import { MatchersV3 } from '@pact-foundation/pact';
import { AUTH_HEADER, ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '../api/constants';
import {
  PROGRAM_TYPE,
  SCHEME_EMBEDDED,
  SCHEME_PATHS,
  SCHEME_TEXT,
  type Client,
  type NewClient,
  type Scheme,
} from '../api/schemes';
import { schemesApi } from '@/features/schemes/api/schemes-api';
import { selectToken } from '@/lib/store/session-slice';
import {
  JSON_ANSWER,
  newPact,
  PACT_TOKEN,
  SIGNED_IN_HEADERS,
  STATE,
  errorBody,
  storeFor,
} from './support/pact';
import {
  GIFT_CONFIG_INPUT,
  GIFT_SCHEME_INPUT,
  JSON_REQUEST,
  LOYALTY_CONFIG_INPUT,
  MISSING_ID,
  PACT_NAMES,
  RESPONSE_BODY,
  RETURN_BODY,
  SCHEME_EXAMPLE,
  apiPathFromState,
  configBodyFromState,
  fromSchemeState,
  schemeBodyFromState,
  conflictOn,
  invalidField,
} from './support/schemes';

const { eachLike, integer, string, like, fromProviderState } = MatchersV3;

const GIFT_SCHEME = { programTypeId: PROGRAM_TYPE.GIFT, configured: false };
const GIFT_SCHEME_CONFIGURED = { programTypeId: PROGRAM_TYPE.GIFT, configured: true };
const LOYALTY_SCHEME = { programTypeId: PROGRAM_TYPE.LOYALTY, configured: false };

// ------------------------------------------------------------------------------------ clients

const NEW_CLIENT: NewClient = {
  clientName: PACT_NAMES.newClient,
  binTypeId: 0,
  binNumber: null,
  binName: null,
  binCountryId: null,
};
const PACT_CLIENT: Client = {
  clientId: SCHEME_EXAMPLE.clientId,
  clientName: PACT_NAMES.client,
  binTypeId: 0,
  binNumber: null,
  binName: null,
  binCountryId: null,
};

describe('scheme clients (03 §7)', () => {
  it('lists the clients', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeClient)
      .uponReceiving('a request for the scheme clients')
      .withRequest({
        method: 'GET',
        path: `/api${SCHEME_PATHS.clients}`,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: {
            [SCHEME_EMBEDDED.clients]: eachLike({
              clientId: integer(1),
              clientName: string(PACT_NAMES.client),
              binTypeId: integer(0),
            }),
          },
        },
      });

    await pact.executeTest(async (mock) => {
      const clients = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.schemeClients.initiate())
        .unwrap();
      expect(clients[0]).toMatchObject({ clientName: PACT_NAMES.client, binTypeId: 0 });
    });
  });

  it('creates a client and answers {status: 201, data}', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeClientNameUnused)
      .uponReceiving('a new scheme client')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.clients}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: {
          ...NEW_CLIENT,
          clientName: fromProviderState('${clientName}', PACT_NAMES.newClient),
        },
      })
      .willRespondWith({
        status: 201,
        headers: JSON_ANSWER,
        body: {
          status: 201,
          data: like({ ...NEW_CLIENT, clientId: integer(SCHEME_EXAMPLE.clientId) }),
        },
      });

    await pact.executeTest(async (mock) => {
      const answer = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.createClient.initiate(NEW_CLIENT))
        .unwrap();
      expect(answer).toMatchObject({ status: 201, data: { clientName: PACT_NAMES.newClient } });
    });
  });

  it('answers 400 naming binNumber for an international BIN that is not 6 digits', async () => {
    const pact = newPact();
    const client: NewClient = {
      clientName: PACT_NAMES.newClient,
      binTypeId: 1,
      binNumber: '1234',
      binName: 'Pact BIN',
      binCountryId: null,
    };
    pact
      .given(STATE.schemeClientNameUnused)
      .uponReceiving('a new scheme client with a BIN number of the wrong length')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.clients}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: client,
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField('binNumber', 'Must be exactly 6 digits'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createClient.initiate(client),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('answers 409 naming clientName for a name another client has', async () => {
    const pact = newPact();
    const client: NewClient = { ...NEW_CLIENT, clientName: PACT_NAMES.client };
    pact
      .given(STATE.schemeClient)
      .uponReceiving('a new scheme client with a name already used')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.clients}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: { ...client, clientName: fromProviderState('${clientName}', PACT_NAMES.client) },
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: conflictOn('clientName', `${PACT_NAMES.client} is already a client`),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createClient.initiate(client),
      );
      expect(result.error).toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('updates a client and answers {status: 200, data}', async () => {
    const pact = newPact();
    pact
      .given(STATE.schemeClient)
      .uponReceiving('a save of a scheme client')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(SCHEME_PATHS.client, 'clientId', SCHEME_EXAMPLE.clientId),
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: {
          ...PACT_CLIENT,
          clientId: fromSchemeState('clientId'),
          clientName: fromProviderState('${clientName}', PACT_NAMES.client),
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { status: 200, data: like(PACT_CLIENT) },
      });

    await pact.executeTest(async (mock) => {
      const answer = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.updateClient.initiate(PACT_CLIENT))
        .unwrap();
      expect(answer).toEqual({ status: 200, data: PACT_CLIENT });
    });
  });

  it("answers 404 'Can not find client' for an unknown client", async () => {
    const pact = newPact();
    const missing: Client = { ...PACT_CLIENT, clientId: MISSING_ID };
    pact
      .given(STATE.schemeClientMissing)
      .uponReceiving('a save of a scheme client that does not exist')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(SCHEME_PATHS.client, 'clientId', MISSING_ID),
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: { ...missing, clientId: fromProviderState('${clientId}', MISSING_ID) },
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: { errorCode: ERROR_CODE.NOT_FOUND, errorMessage: SCHEME_TEXT.clientNotFound },
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.updateClient.initiate(missing),
      );
      expect(result.error).toMatchObject({
        status: 404,
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: SCHEME_TEXT.clientNotFound,
      });
    });
  });
});

// ------------------------------------------------------------------------------------ schemes

/** The fields every scheme holds with a value, whichever way it was made. */
const SCHEME_CORE = {
  programId: integer(1),
  programTypeId: integer(PROGRAM_TYPE.GIFT),
  clientId: integer(1),
  clientName: string(PACT_NAMES.client),
  schemeName: string(PACT_NAMES.giftScheme),
  schemeShortName: string('PACTGS'),
  schemeAbbreviation: string('PGS'),
  poweruserLogin: string('pact.admin'),
  email: string('scheme@pact.example'),
  mobile: string('0412345678'),
  landline: string('0298765432'),
  transactionMethodsStr: string('1'),
  schemeStatus: integer(1),
};

/**
 * A scheme as answered after General Settings: never the password. Without reviewSentAt: it is
 * this project's addition (the time the review mail went), which the client reads as "not sent
 * for review" when it is absent or null, so a backend need not have it.
 */
const schemeAnswer = (input: typeof GIFT_SCHEME_INPUT, schemeStatus: number): Scheme => {
  const { poweruserPassword: _p, poweruserPasswordRepeat: _r, ...fields } = input;
  return {
    ...fields,
    programId: SCHEME_EXAMPLE.programId,
    clientName: PACT_NAMES.client,
    schemeStatus,
  } as Scheme;
};

describe('schemes (03 §7)', () => {
  it.each([
    ['gift', GIFT_SCHEME],
    ['loyalty', LOYALTY_SCHEME],
  ] as const)('lists the %s schemes by program type', async (name, params) => {
    const pact = newPact();
    pact
      .given(STATE.scheme, params)
      .uponReceiving(`a request for the ${name} schemes`)
      .withRequest({
        method: 'GET',
        path: `/api${SCHEME_PATHS.schemes}`,
        query: { programTypeId: String(params.programTypeId) },
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: {
            [SCHEME_EMBEDDED.schemes]: eachLike({
              ...SCHEME_CORE,
              programTypeId: params.programTypeId,
            }),
          },
        },
      });

    await pact.executeTest(async (mock) => {
      const schemes = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.schemes.initiate(params.programTypeId))
        .unwrap();
      expect(schemes[0]).toMatchObject({ programTypeId: params.programTypeId });
    });
  });

  it('reads one scheme, without its password', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_SCHEME)
      .uponReceiving('a request for a scheme by id')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.scheme, 'programId', SCHEME_EXAMPLE.programId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: like({ ...schemeAnswer(GIFT_SCHEME_INPUT, 1), address1: '1 Pact Street' }),
      });

    await pact.executeTest(async (mock) => {
      const scheme = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.scheme.initiate(SCHEME_EXAMPLE.programId))
        .unwrap();
      expect(scheme).toMatchObject({ schemeName: PACT_NAMES.giftScheme, schemeStatus: 1 });
      expect(scheme).not.toHaveProperty('poweruserPassword');
    });
  });

  it('answers 404 for an unknown scheme', async () => {
    const pact = newPact();
    pact
      .given(STATE.programMissing)
      .uponReceiving('a request for a scheme that does not exist')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.scheme, 'programId', MISSING_ID),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, `Scheme ${MISSING_ID} not found`),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.scheme.initiate(MISSING_ID),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });

  it('creates a scheme at status 1 and answers it', async () => {
    const pact = newPact();
    const input = {
      ...GIFT_SCHEME_INPUT,
      schemeName: PACT_NAMES.newScheme,
      poweruserPassword: 'Secret#123',
      poweruserPasswordRepeat: 'Secret#123',
    };
    pact
      .given(STATE.schemeNameUnused)
      .given(STATE.scheme, GIFT_SCHEME)
      .uponReceiving('a new scheme')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.schemes}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: {
          ...schemeBodyFromState(input),
          schemeName: fromProviderState('${schemeName}', PACT_NAMES.newScheme),
        },
      })
      .willRespondWith({
        status: 201,
        headers: JSON_ANSWER,
        body: like({ ...schemeAnswer(input, 1), schemeName: PACT_NAMES.newScheme }),
      });

    await pact.executeTest(async (mock) => {
      const scheme = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.createScheme.initiate(input))
        .unwrap();
      expect(scheme).toMatchObject({ schemeName: PACT_NAMES.newScheme, schemeStatus: 1 });
      expect(scheme).not.toHaveProperty('poweruserPassword');
    });
  });

  it('answers 400 naming poweruserPasswordRepeat when the passwords differ', async () => {
    const pact = newPact();
    const input = {
      ...GIFT_SCHEME_INPUT,
      schemeName: PACT_NAMES.newScheme,
      poweruserPassword: 'Secret#123',
      poweruserPasswordRepeat: 'Secret#124',
    };
    pact
      .given(STATE.scheme, GIFT_SCHEME)
      .uponReceiving('a new scheme whose password repeat differs')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.schemes}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: schemeBodyFromState(input),
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField('poweruserPasswordRepeat', 'Values are not equal'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createScheme.initiate(input),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('saves General Settings of a scheme, keeping its password and status', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_SCHEME_CONFIGURED)
      .uponReceiving('a save of a scheme')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(SCHEME_PATHS.scheme, 'programId', SCHEME_EXAMPLE.programId),
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: schemeBodyFromState(GIFT_SCHEME_INPUT),
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: like(schemeAnswer(GIFT_SCHEME_INPUT, 2)),
      });

    await pact.executeTest(async (mock) => {
      const scheme = await storeFor(mock.url)
        .dispatch(
          schemesApi.endpoints.updateScheme.initiate({
            programId: SCHEME_EXAMPLE.programId,
            scheme: GIFT_SCHEME_INPUT,
          }),
        )
        .unwrap();
      expect(scheme).toEqual(schemeAnswer(GIFT_SCHEME_INPUT, 2));
    });
  });

  it('answers 404 to a save of an unknown scheme', async () => {
    const pact = newPact();
    pact
      .given(STATE.programMissing)
      .uponReceiving('a save of a scheme that does not exist')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(SCHEME_PATHS.scheme, 'programId', MISSING_ID),
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: GIFT_SCHEME_INPUT,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, `Scheme ${MISSING_ID} not found`),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.updateScheme.initiate({
          programId: MISSING_ID,
          scheme: GIFT_SCHEME_INPUT,
        }),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });

  it('answers 401 with error code 11 to a scheme call with a forged token', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a request for the gift schemes with a forged token')
      .withRequest({
        method: 'GET',
        path: `/api${SCHEME_PATHS.schemes}`,
        query: { programTypeId: String(PROGRAM_TYPE.GIFT) },
        headers: { [AUTH_HEADER]: 'forged-token', [MODULE_CODE_HEADER]: MODULE_CODE },
      })
      .willRespondWith({
        status: 401,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.SESSION_EXPIRED, 'Session expired'),
      });

    await pact.executeTest(async (mock) => {
      const store = storeFor(mock.url, { ...PACT_TOKEN, token: 'forged-token' });
      expect(selectToken(store.getState())).not.toBeNull();
      await store.dispatch(schemesApi.endpoints.schemes.initiate(PROGRAM_TYPE.GIFT));
      // The shared layer signs out on errorCode 11 (01 §8): the token and the cache are cleared.
      expect(selectToken(store.getState())).toBeNull();
      expect(store.getState().api.queries).toEqual({});
    });
  });
});

// ------------------------------------------------------------------------------ configuration

/** A configuration as answered: the server sets suffixLength and the scheme's status. */
const configAnswer = (config: typeof GIFT_CONFIG_INPUT, schemeStatus: number) =>
  like({ ...config, suffixLength: 3, schemeStatus });

describe('scheme configurations (03 §7)', () => {
  it("reads a scheme's configuration", async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_SCHEME_CONFIGURED)
      .uponReceiving("a request for a configured scheme's configuration")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.configuration, 'programId', SCHEME_EXAMPLE.programId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: configAnswer(GIFT_CONFIG_INPUT, 2),
      });

    await pact.executeTest(async (mock) => {
      const config = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.configuration.initiate(SCHEME_EXAMPLE.programId))
        .unwrap();
      expect(config).toMatchObject({ programTypeId: PROGRAM_TYPE.GIFT, suffixLength: 3 });
    });
  });

  it('answers 404 while a scheme has no configuration, which the client reads as none', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_SCHEME)
      .uponReceiving("a request for an unconfigured scheme's configuration")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.configuration, 'programId', SCHEME_EXAMPLE.programId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Configuration of scheme 1 not found'),
      });

    await pact.executeTest(async (mock) => {
      const config = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.configuration.initiate(SCHEME_EXAMPLE.programId))
        .unwrap();
      expect(config).toBeNull();
    });
  });

  it.each([
    ['gift', GIFT_SCHEME, GIFT_CONFIG_INPUT],
    ['loyalty', LOYALTY_SCHEME, LOYALTY_CONFIG_INPUT],
  ] as const)('creates a %s configuration at status 2', async (name, params, input) => {
    const pact = newPact();
    pact
      .given(STATE.scheme, params)
      .uponReceiving(`a new ${name} configuration`)
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.configurations}`,
        query: RESPONSE_BODY,
        headers: JSON_REQUEST,
        body: configBodyFromState(input),
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: configAnswer(input, 2) });

    await pact.executeTest(async (mock) => {
      const config = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.createConfiguration.initiate(input))
        .unwrap();
      expect(config).toEqual({ ...input, suffixLength: 3, schemeStatus: 2 });
    });
  });

  it('answers 409 naming programId when the scheme already has a configuration', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_SCHEME_CONFIGURED)
      .uponReceiving('a second configuration of a scheme')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.configurations}`,
        query: RESPONSE_BODY,
        headers: JSON_REQUEST,
        body: configBodyFromState(GIFT_CONFIG_INPUT),
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: conflictOn('programId', 'The scheme already has a configuration'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createConfiguration.initiate(GIFT_CONFIG_INPUT),
      );
      expect(result.error).toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('answers 400 naming topupMax when it is over the max credit', async () => {
    const pact = newPact();
    const input = { ...GIFT_CONFIG_INPUT, topupMax: 2000 };
    pact
      .given(STATE.scheme, GIFT_SCHEME)
      .uponReceiving('a new configuration whose max top-up is over the max credit')
      .withRequest({
        method: 'POST',
        path: `/api${SCHEME_PATHS.configurations}`,
        query: RESPONSE_BODY,
        headers: JSON_REQUEST,
        body: configBodyFromState(input),
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField('topupMax', 'Max value could not be greater than the total credit'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.createConfiguration.initiate(input),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('saves a configuration', async () => {
    const pact = newPact();
    const input = { ...GIFT_CONFIG_INPUT, numberStandCards: 250, redeemMax: 750 };
    pact
      .given(STATE.scheme, GIFT_SCHEME_CONFIGURED)
      .uponReceiving('a save of a configuration')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(SCHEME_PATHS.configuration, 'programId', SCHEME_EXAMPLE.programId),
        headers: JSON_REQUEST,
        body: configBodyFromState(input),
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: configAnswer(input, 2) });

    await pact.executeTest(async (mock) => {
      const config = await storeFor(mock.url)
        .dispatch(
          schemesApi.endpoints.updateConfiguration.initiate({
            programId: SCHEME_EXAMPLE.programId,
            config: input,
          }),
        )
        .unwrap();
      expect(config).toMatchObject({ numberStandCards: 250, redeemMax: 750 });
    });
  });

  it('answers 404 to a save while the scheme has no configuration', async () => {
    const pact = newPact();
    pact
      .given(STATE.scheme, GIFT_SCHEME)
      .uponReceiving('a save of a configuration that does not exist')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(SCHEME_PATHS.configuration, 'programId', SCHEME_EXAMPLE.programId),
        headers: JSON_REQUEST,
        body: configBodyFromState(GIFT_CONFIG_INPUT),
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Configuration of scheme 1 not found'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.updateConfiguration.initiate({
          programId: SCHEME_EXAMPLE.programId,
          config: GIFT_CONFIG_INPUT,
        }),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });
});

// ------------------------------------------------------------------------------------- BINs

const CARD_BIN = {
  id: integer(1),
  number: string('999901'),
  name: string('PACT Master BIN'),
  cardLength: integer(16),
  extensionLength: integer(3),
  flInternal: integer(1),
};

describe('card BINs (03 §7)', () => {
  it('lists the card BINs with their internal flag', async () => {
    const pact = newPact();
    pact
      .given(STATE.masterCardBin)
      .uponReceiving('a request for the card BINs')
      .withRequest({ method: 'GET', path: `/api${SCHEME_PATHS.bins}`, headers: SIGNED_IN_HEADERS })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { _embedded: { [SCHEME_EMBEDDED.bins]: eachLike(CARD_BIN) } },
      });

    await pact.executeTest(async (mock) => {
      const bins = await storeFor(mock.url).dispatch(schemesApi.endpoints.bins.initiate()).unwrap();
      expect(bins[0]).toMatchObject({ extensionLength: 3, flInternal: 1 });
    });
  });

  it('reads one card BIN', async () => {
    const pact = newPact();
    pact
      .given(STATE.masterCardBin)
      .uponReceiving('a request for a card BIN by id')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.bin, 'binId', 1),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: CARD_BIN });

    await pact.executeTest(async (mock) => {
      const bin = await storeFor(mock.url).dispatch(schemesApi.endpoints.bin.initiate(1)).unwrap();
      expect(bin).toMatchObject({ number: '999901', flInternal: 1 });
    });
  });

  it('answers 404 for an unknown card BIN', async () => {
    const pact = newPact();
    pact
      .given(STATE.cardBinMissing)
      .uponReceiving('a request for a card BIN that does not exist')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.bin, 'binId', MISSING_ID),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, `Card BIN ${MISSING_ID} not found`),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        schemesApi.endpoints.bin.initiate(MISSING_ID),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });

  it("answers a BIN's next free extension base", async () => {
    const pact = newPact();
    pact
      .given(STATE.masterCardBin)
      .uponReceiving("a request for a card BIN's extension number")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(SCHEME_PATHS.binExtensionNumber, 'binId', 1),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: { singleValue: integer(2) } });

    await pact.executeTest(async (mock) => {
      const base = await storeFor(mock.url)
        .dispatch(schemesApi.endpoints.binExtensionNumber.initiate(1))
        .unwrap();
      expect(base).toBe(2);
    });
  });
});

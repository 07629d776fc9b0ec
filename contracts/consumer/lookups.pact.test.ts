/** @jest-environment node */
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE, PROGRAM_TYPE } from '../api/constants';
import { API_PATHS, EMBEDDED } from '../api/paths';
import { lookupsApi } from '@/lib/api/lookups-api';
import {
  JSON_ANSWER,
  newPact,
  SIGNED_IN_HEADERS,
  STATE,
  errorBody,
  storeFor,
} from './support/pact';

const { eachLike, integer, string, fromProviderState } = MatchersV3;

const PAGE = {
  size: integer(1000),
  totalElements: integer(5),
  totalPages: integer(1),
  number: integer(1),
};
const LOOKUP_ITEM = { id: integer(1), value: string('Australia') };
const PROGRAM = {
  programId: integer(1),
  programTypeId: integer(PROGRAM_TYPE.GIFT),
  name: string('Demo Gift Card'),
  shortName: string('DEMOGC'),
  abbreviation: string('DGC'),
  clientId: integer(1),
};

type Store = ReturnType<typeof storeFor>;

/** One embedded-list lookup: the request the client makes and the list it reads. */
const simpleLookups: {
  name: string;
  path: string;
  embedded: string;
  fetch: (store: Store) => Promise<{ id: number; value: string }[]>;
}[] = [
  {
    name: 'countries',
    path: API_PATHS.countries,
    embedded: EMBEDDED.countries,
    fetch: (store) => store.dispatch(lookupsApi.endpoints.countries.initiate()).unwrap(),
  },
  {
    name: 'transaction methods',
    path: API_PATHS.transactionMethods,
    embedded: EMBEDDED.transactionMethods,
    fetch: (store) => store.dispatch(lookupsApi.endpoints.transactionMethods.initiate()).unwrap(),
  },
  {
    name: 'expiry types',
    path: API_PATHS.expiryTypes,
    embedded: EMBEDDED.expiryTypes,
    fetch: (store) => store.dispatch(lookupsApi.endpoints.expiryTypes.initiate()).unwrap(),
  },
  {
    name: 'expiry terms',
    path: API_PATHS.expiryTerms,
    embedded: EMBEDDED.expiryTerms,
    fetch: (store) => store.dispatch(lookupsApi.endpoints.expiryTerms.initiate()).unwrap(),
  },
  {
    name: 'program types',
    path: API_PATHS.programTypes,
    embedded: EMBEDDED.programTypes,
    fetch: (store) => store.dispatch(lookupsApi.endpoints.programTypes.initiate()).unwrap(),
  },
];

describe('lookups (01 §7.2)', () => {
  it('lists the programs as an embedded list', async () => {
    const pact = newPact();
    pact
      .given(STATE.programExists)
      .uponReceiving('a request for the programs')
      .withRequest({ method: 'GET', path: `/api${API_PATHS.programs}`, headers: SIGNED_IN_HEADERS })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { _embedded: { [EMBEDDED.programs]: eachLike(PROGRAM) }, page: PAGE },
      });

    await pact.executeTest(async (mock) => {
      const programs = await storeFor(mock.url)
        .dispatch(lookupsApi.endpoints.programs.initiate())
        .unwrap();
      expect(programs[0]).toEqual(
        expect.objectContaining({ programId: 1, name: 'Demo Gift Card' }),
      );
    });
  });

  it('reads one program by id', async () => {
    const pact = newPact();
    pact
      .given(STATE.programExists)
      .uponReceiving('a request for a program by id')
      .withRequest({
        method: 'GET',
        path: fromProviderState(
          `/api${API_PATHS.program('${programId}')}`,
          `/api${API_PATHS.program(1)}`,
        ),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: PROGRAM,
      });

    await pact.executeTest(async (mock) => {
      const program = await storeFor(mock.url)
        .dispatch(lookupsApi.endpoints.program.initiate(1))
        .unwrap();
      expect(program.programId).toBe(1);
    });
  });

  it('answers 404 with an error body for an unknown program', async () => {
    const pact = newPact();
    pact
      .given(STATE.programMissing)
      .uponReceiving('a request for a program that does not exist')
      .withRequest({
        method: 'GET',
        path: fromProviderState(
          `/api${API_PATHS.program('${programId}')}`,
          `/api${API_PATHS.program(9999)}`,
        ),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Program 9999 not found'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(lookupsApi.endpoints.program.initiate(9999));
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });

  it('lists the states of a country', async () => {
    const pact = newPact();
    pact
      .given(STATE.countryWithStates)
      .uponReceiving('a request for the states of a country')
      .withRequest({
        method: 'GET',
        path: fromProviderState(
          `/api${API_PATHS.countryStates('${countryId}')}`,
          `/api${API_PATHS.countryStates(1)}`,
        ),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: {
            [EMBEDDED.states]: eachLike({
              ...LOOKUP_ITEM,
              value: string('New South Wales'),
              countryId: integer(1),
            }),
          },
          page: PAGE,
        },
      });

    await pact.executeTest(async (mock) => {
      const states = await storeFor(mock.url)
        .dispatch(lookupsApi.endpoints.states.initiate(1))
        .unwrap();
      expect(states[0]?.countryId).toBe(1);
    });
  });

  it.each(simpleLookups)('lists the $name as an embedded list', async (lookup) => {
    const pact = newPact();
    pact
      .uponReceiving(`a request for the ${lookup.name}`)
      .withRequest({ method: 'GET', path: `/api${lookup.path}`, headers: SIGNED_IN_HEADERS })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { _embedded: { [lookup.embedded]: eachLike(LOOKUP_ITEM) }, page: PAGE },
      });

    await pact.executeTest(async (mock) => {
      const items = await lookup.fetch(storeFor(mock.url));
      expect(items.length).toBeGreaterThan(0);
      expect(typeof items[0]?.value).toBe('string');
    });
  });
});

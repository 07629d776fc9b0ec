/**
 * The real app with a signed-in admin for the client, scheme, configuration and BIN calls. The
 * records every test starts with are built here (not read from the demo seed): a transactor
 * client (1) and a local client (2, BIN 627182001), a gift scheme (1) and a loyalty scheme (2)
 * of client 1 without configurations, a master BIN (1, extension length 3), a second master BIN
 * (3) and client 2's local BIN (2, extension length 2). Lookups (countries, states, transaction
 * methods, expiry types and terms) are the seed's.
 */
import request from 'supertest';
import { AUTH_HEADER } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import type { Data } from '../../../server/db/schema';
import { buildCardBin, buildClient, buildScheme } from '../../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

export const SCRIPT = '<script>alert(1)</script>';

export const TEST_CLIENTS = {
  transactor: buildClient({ clientId: 1, clientName: 'Test Transactor Client' }),
  local: buildClient({
    clientId: 2,
    clientName: 'Test Local Client',
    binTypeId: 2,
    binNumber: '627182001',
    binName: 'Test Local BIN',
    binCountryId: 1,
  }),
} as const;

export const TEST_SCHEMES = {
  gift: buildScheme({ programId: 1, clientId: 1, clientName: TEST_CLIENTS.transactor.clientName }),
  loyalty: buildScheme({
    programId: 2,
    programTypeId: 3,
    clientId: 1,
    clientName: TEST_CLIENTS.transactor.clientName,
    schemeName: 'Test Loyalty Scheme',
    schemeShortName: 'TESTLS',
    schemeAbbreviation: 'TLS',
  }),
} as const;

export const TEST_BINS = {
  master: buildCardBin({ id: 1 }),
  local: buildCardBin({
    id: 2,
    number: '627182001',
    name: 'Test Local BIN',
    cardLength: 19,
    extensionLength: 2,
    flInternal: 0,
  }),
  master2: buildCardBin({ id: 3, number: '627183', name: 'Second Master BIN', extensionLength: 4 }),
} as const;

function useTestSchemeData(data: Data): void {
  data.clients = [structuredClone(TEST_CLIENTS.transactor), structuredClone(TEST_CLIENTS.local)];
  data.programs = [structuredClone(TEST_SCHEMES.gift), structuredClone(TEST_SCHEMES.loyalty)];
  data.cardBins = [
    structuredClone(TEST_BINS.master),
    structuredClone(TEST_BINS.local),
    structuredClone(TEST_BINS.master2),
  ];
  data.configurations = [];
  data.financialSettlements = [];
  data.liabilityReportConfigs = [];
  data.baseCampaignActions = [];
  data.journalProfiles = [];
  data.journalPages = [];
  data.moduleCodes = [];
}

export interface SchemeTestApp extends TestApp {
  get(path: string): request.Test;
  /** Without a body, none is sent. */
  post(path: string, body?: unknown): request.Test;
  put(path: string, body?: unknown): request.Test;
  /** Runs `send` and checks that the data file did not change by a byte. */
  expectNothingWritten(send: () => Promise<unknown>): Promise<void>;
  /** The stored status of a scheme. */
  schemeStatus(programId: number): Promise<number | undefined>;
}

/**
 * A test app signed in as admin, calling the API base, with the seed's scheme data replaced by
 * `useData` and then `prepare`. The scheme and finance tests each pass their own data.
 */
export async function createSignedInSchemeApp(
  useData: (data: Data) => void,
  prepare: (data: Data) => void = () => undefined,
): Promise<SchemeTestApp> {
  const t = await createTestApp({
    prepare: (data) => {
      useData(data);
      prepare(data);
    },
  });
  const token = (await t.login()).token;
  const api = (path: string) => `/api${path}`;
  const withBody = (test: request.Test, body: unknown) =>
    body === undefined ? test : test.send(body as object);
  return {
    ...t,
    get: (path) => request(t.app).get(api(path)).set(AUTH_HEADER, token),
    post: (path, body) => withBody(request(t.app).post(api(path)).set(AUTH_HEADER, token), body),
    put: (path, body) => withBody(request(t.app).put(api(path)).set(AUTH_HEADER, token), body),
    async expectNothingWritten(send) {
      const before = await t.dataFileBytes();
      await send();
      expect(await t.dataFileBytes()).toEqual(before);
    },
    async schemeStatus(programId) {
      return (await t.dataFile()).programs.find((p) => p.programId === programId)?.schemeStatus;
    },
  };
}

export function createSchemeTestApp(
  prepare: (data: Data) => void = () => undefined,
): Promise<SchemeTestApp> {
  return createSignedInSchemeApp(useTestSchemeData, prepare);
}

/** Checks an error answer: status, JSON content type and `{ errorCode, errorMessage }`. */
export function expectError(response: request.Response, status: number, body: ApiError): void {
  expect({ status: response.status, body: response.body as unknown }).toEqual({ status, body });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
}

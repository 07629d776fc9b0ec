/**
 * The real app with a signed-in admin for the settlement, liability, base campaign and summary
 * calls: the scheme records every test starts with are built here (not read from the demo seed):
 * a gift scheme with a configuration, a loyalty scheme with a configuration, and a gift scheme
 * without one; no settlement, liability, base campaign or uploaded file.
 */
import request from 'supertest';
import { AUTH_HEADER } from '@contracts/api/constants';
import type { ApiError } from '@contracts/api/entities';
import { PROGRAM_TYPE } from '@contracts/api/schemes';
import type { Data, ProgramRecord } from '../../../server/db/schema';
import { buildGiftConfig, buildLoyaltyConfig, buildScheme } from '../../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

export const SCRIPT = '<script>alert(1)</script>';

/** A scheme (program) record as stored: the scheme builder's, status 2 (configured). */
export const schemeRecord = (overrides: Partial<ProgramRecord> = {}): ProgramRecord => ({
  ...buildScheme({ schemeStatus: 2 }),
  ...overrides,
});

export const GIFT = schemeRecord({ programId: 101, programTypeId: PROGRAM_TYPE.GIFT });
export const LOYALTY = schemeRecord({
  programId: 102,
  programTypeId: PROGRAM_TYPE.LOYALTY,
  schemeName: 'Test Rewards',
  schemeStatus: 3,
});
export const NO_CONFIG = schemeRecord({
  programId: 103,
  schemeName: 'Unconfigured',
  schemeStatus: 1,
});
export const UNKNOWN_ID = 999;

/** Replaces the seed's schemes and their step records with the test's own. */
function useTestSchemes(data: Data): void {
  data.programs = [structuredClone(GIFT), structuredClone(LOYALTY), structuredClone(NO_CONFIG)];
  data.configurations = [
    buildGiftConfig({ programId: GIFT.programId }),
    buildLoyaltyConfig({ programId: LOYALTY.programId }),
  ];
  data.financialSettlements = [];
  data.liabilityReportConfigs = [];
  data.baseCampaignActions = [];
  data.uploadedFiles = [];
}

export interface FinanceTestApp extends TestApp {
  get(path: string): request.Test;
  post(path: string, body?: unknown): request.Test;
  put(path: string, body?: unknown): request.Test;
  /** Runs `send` and checks that the data file did not change by a byte. */
  expectNothingWritten(send: () => Promise<unknown>): Promise<void>;
  /** The stored status of a scheme. */
  schemeStatus(programId: number): Promise<number | undefined>;
}

export async function createFinanceTestApp(
  prepare: (data: Data) => void = () => undefined,
): Promise<FinanceTestApp> {
  const t = await createTestApp({
    prepare: (data) => {
      useTestSchemes(data);
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

/** Checks an error answer: status, JSON content type and `{ errorCode, errorMessage }`. */
export function expectError(response: request.Response, status: number, body: ApiError): void {
  expect({ status: response.status, body: response.body as unknown }).toEqual({ status, body });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
}

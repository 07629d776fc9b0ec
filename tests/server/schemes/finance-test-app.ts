/**
 * The real app with a signed-in admin for the settlement, liability, base campaign and summary
 * calls: the scheme records every test starts with are built here (not read from the demo seed):
 * a gift scheme with a configuration, a loyalty scheme with a configuration, and a gift scheme
 * without one; no settlement, liability, base campaign or uploaded file.
 */
import { PROGRAM_TYPE } from '@contracts/api/schemes';
import type { Data, ProgramRecord } from '../../../server/db/schema';
import { buildGiftConfig, buildLoyaltyConfig, buildScheme } from '../../support/builders';
import { createSignedInSchemeApp, type SchemeTestApp } from './core-test-app';

export { expectError, SCRIPT } from './core-test-app';

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
}

export type FinanceTestApp = SchemeTestApp;

export function createFinanceTestApp(
  prepare: (data: Data) => void = () => undefined,
): Promise<FinanceTestApp> {
  return createSignedInSchemeApp(useTestSchemes, prepare);
}

/**
 * Scenarios of the developer tools (docs/developer-tools.md): named data sets a
 * developer switches to, and that the pact provider states set up through the same code. The
 * server's implementation is server/dev/scenarios/ and server/dev/mock/scenarios.ts.
 */
export const SCENARIO = {
  demo: 'demo',
  empty: 'empty',
  publishedJournal: 'published-journal',
  schemeWithoutConfig: 'scheme-without-config',
  schemeReadyToActivate: 'scheme-ready-to-activate',
  large: 'large',
} as const;
export type ScenarioName = (typeof SCENARIO)[keyof typeof SCENARIO];

export interface ScenarioInfo {
  name: string;
  /** One sentence: what the data set holds. */
  description: string;
  /**
   * A recording of real answers (contracts/api/mock-proxy.ts), saved under the data folder,
   * rather than one of the built-in data sets.
   */
  recorded?: boolean;
}

/** GET /__mock/scenarios. POST /__mock/scenarios/{name} and POST /__mock/reset answer the same. */
export interface ScenarioList {
  current: string;
  scenarios: ScenarioInfo[];
}

/**
 * POST /__mock/scenarios/large's optional body: the sizes of the data set (defaults 2,000
 * journal profiles, 2,000 schemes, 1,000,000 cards). The other scenarios take no parameters.
 */
export interface LargeScenarioParams {
  profiles?: number;
  schemes?: number;
  cards?: number;
}

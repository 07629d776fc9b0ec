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

const SCENARIO_NAMES: ReadonlySet<string> = new Set(Object.values(SCENARIO));

/** One of the built-in scenarios' names (a recorded scenario's name is the developer's own). */
export function isScenarioName(value: string): value is ScenarioName {
  return SCENARIO_NAMES.has(value);
}

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

/**
 * The BroadcastChannel on which the /__mock page tells the portal's open tabs of its origin that
 * it switched or reset the data: they drop the data they hold and read it again.
 */
export const MOCK_DATA_CHANNEL = 'mock-data';

/** What the /__mock page posts on MOCK_DATA_CHANNEL after a switch or a reset. */
export interface DataReplacedMessage {
  type: 'data-replaced';
  /** The scenario the data now holds. */
  scenario: string;
}

/**
 * Anything posted on the channel is checked before use: any page of the origin may post (the
 * published sites under /mj/ and /mm/ too), so a tab shows `scenario` only when it is a built-in
 * scenario's name (isScenarioName).
 */
export function isDataReplacedMessage(value: unknown): value is DataReplacedMessage {
  if (value === null || typeof value !== 'object') return false;
  const { type, scenario } = value as Partial<Record<keyof DataReplacedMessage, unknown>>;
  return type === 'data-replaced' && typeof scenario === 'string' && scenario.length > 0;
}

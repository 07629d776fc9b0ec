/**
 * The mock server's developer tools (docs/developer-tools.md): where they live. Each
 * part keeps its own shapes beside it (mock-faults.ts, mock-scenarios.ts, mock-requests.ts).
 * Never part of the pacts: the real backend has none of this.
 */
export const MOCK_MOUNT = '/__mock';

export const MOCK_PATHS = {
  /** GET: the live page (HTML). */
  page: MOCK_MOUNT,
  /** GET list, POST add, DELETE all. */
  faults: `${MOCK_MOUNT}/faults`,
  /** DELETE one. */
  fault: `${MOCK_MOUNT}/faults/:id`,
  /** GET: the request log, newest first. */
  requests: `${MOCK_MOUNT}/requests`,
  /** GET: the scenarios and the current one. */
  scenarios: `${MOCK_MOUNT}/scenarios`,
  /** POST: switch to the scenario (its data replaces the current data). */
  scenario: `${MOCK_MOUNT}/scenarios/:name`,
  /** POST: reset the data to the current scenario. */
  reset: `${MOCK_MOUNT}/reset`,
  /** GET: the OpenAPI document of every route. */
  openapi: `${MOCK_MOUNT}/openapi.json`,
} as const;

/** The request header that fakes one call (Prism's form): `Prefer: code=500, delay=800`. */
export const MOCK_PREFER_HEADER = 'prefer';

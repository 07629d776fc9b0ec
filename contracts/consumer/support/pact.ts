import path from 'node:path';
import { MatchersV3, PactV3, SpecificationVersion, type V3Request } from '@pact-foundation/pact';
import { AUTH_HEADER, MODULE_CODE, MODULE_CODE_HEADER } from '../../api/constants';
import type { Token } from '../../api/entities';
import { PACT_PLACEHOLDER } from '../../provider/auth-filter';
import { PACT_PARTICIPANTS } from '../../provider/states';
import { apiSlices } from '@/lib/api/api-slices';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import { makeStore, type AppStore } from '@/lib/store/store';

export { STATE } from '../../provider/states';

/** Where the pact files go (committed): one file per consumer. */
export const PACT_DIR = path.resolve(__dirname, '../../pacts');

/**
 * How long a test waits, after its last answer, before the mock server is asked whether every
 * request arrived. pact-core 19 (pact 16.3+) records a match just after it answers, and under
 * load the check can run first: "expected but not received" for a request that was answered
 * (pact-foundation/pact-reference#535, open). 16.2.0, before it, crashes here on a body; this
 * wait closes the window (40 runs without a failure, against one in about 15 without it).
 */
const MATCH_SETTLE_MS = 50;

/** The admin app's pact by default; the published site's bundle is the consumer `journal-site`. */
export function newPact(consumer: string = PACT_PARTICIPANTS.portalClient): PactV3 {
  // V4 files: interactions merge into one file per pair without upgrade notes.
  const pact = new PactV3({
    consumer,
    provider: PACT_PARTICIPANTS.provider,
    dir: PACT_DIR,
    logLevel: 'warn',
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
  });
  const executeTest = pact.executeTest.bind(pact);
  pact.executeTest = (testFn) =>
    executeTest(async (mockServer) => {
      const result = await testFn(mockServer);
      await new Promise((resolve) => setTimeout(resolve, MATCH_SETTLE_MS));
      return result;
    });
  return pact;
}

/** JSON answers: Express adds a charset. */
export const JSON_ANSWER = {
  'Content-Type': MatchersV3.regex(/application\/json.*/.source, 'application/json; charset=utf-8'),
};

/** Headers the shared layer adds to every call while signed in (01 §6). */
export const SIGNED_IN_HEADERS = {
  [AUTH_HEADER]: PACT_PLACEHOLDER.token,
  [MODULE_CODE_HEADER]: MODULE_CODE,
};

/**
 * A signed-in PUT or POST without a body: fetch sends `Content-Length: 0`. Recorded, so the
 * verifier's proxy passes it on as such (without it the proxy sends a chunked body).
 */
export const SIGNED_IN_NO_BODY = { ...SIGNED_IN_HEADERS, 'Content-Length': '0' };

/** The stored token the client holds in these tests; the provider swaps in real ones. */
export const PACT_TOKEN: Token = {
  token: PACT_PLACEHOLDER.token,
  module: MODULE_CODE,
  masterToken: PACT_PLACEHOLDER.masterToken,
  expiration: '2030-01-01T00:00:00.000Z',
  userName: 'admin',
  userType: 'ADMIN',
};

/**
 * The client's real store, pointed at the Pact mock server with the default base layout
 * (API base /api, URL base the root, merchant base /api), so pacts record the paths the real
 * client calls. Its development checks warn only past 500 ms (store.ts).
 */
export function storeFor(mockUrl: string, token: Token | null = PACT_TOKEN): AppStore {
  const store = makeStore(
    {
      config: {
        ...DEFAULT_RUNTIME_CONFIG,
        apiBase: `${mockUrl}${DEFAULT_RUNTIME_CONFIG.apiBase}`,
        urlBase: `${mockUrl}${DEFAULT_RUNTIME_CONFIG.urlBase}`,
        merchantApiBase: `${mockUrl}${DEFAULT_RUNTIME_CONFIG.merchantApiBase}`,
      },
      session: { token },
    },
    { checksWarnAfterMs: 500 },
  );
  stores.push(store);
  return store;
}

/**
 * The stores of the current test, emptied after it. A query a test unsubscribes from stays
 * cached for RTK Query's keepUnusedDataFor (60 s) behind a timer of the test process, which
 * kept the consumer run alive for most of a minute after its last test; resetting each API
 * slice drops the cache and its timers.
 */
const stores: AppStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) {
    for (const slice of apiSlices) store.dispatch(slice.util.resetApiState());
  }
});

/** The shape of every error answer. */
export function errorBody(errorCode: number, example: string) {
  return { errorCode, errorMessage: MatchersV3.string(example) };
}

/** An integer whose digits match `pattern`: Pact combines the two rules (AND). */
function integerMatching(pattern: string, example: number): MatchersV3.Matcher<number> {
  const rules = [
    { 'pact:matcher:type': 'integer' },
    { 'pact:matcher:type': 'regex', regex: pattern },
  ];
  // The FFI takes an array of rules in `pact:matcher:type`; pact-js types it as one name.
  return { 'pact:matcher:type': rules, value: example } as unknown as MatchersV3.Matcher<number>;
}

/**
 * A timestamp in whole epoch seconds (03 §3 settlement and liability dates): an integer of at
 * most 10 digits, so milliseconds (13 digits for any date after 2001) fail.
 */
export const epochSeconds = (example: number) => integerMatching('^\\d{1,10}$', example);

/** A timestamp in epoch milliseconds (02 §3 publish record): an integer of 11 to 13 digits. */
export const epochMillis = (example: number) => integerMatching('^\\d{11,13}$', example);

/**
 * Puts a regex on a text answer's whole body (`$`): pact-js takes a text body only as it is,
 * so the rule goes on after willRespondWith, for the same request.
 */
export function textBodyMatching(
  pact: PactV3,
  request: V3Request,
  pattern: string,
  example: string,
): void {
  pact.withResponseMatchingRules(request, {
    body: { path: '$', rules: [MatchersV3.regex(pattern, example)] },
  });
}

import { ERROR_CODE } from '@contracts/api/constants';
import { SCHEME_PATHS } from '@contracts/api/schemes';
import { schemesApi } from '@/features/schemes/api/schemes-api';
import { setLogSink, type LogEntry } from '@/lib/logging/logger';
import { makeStore } from '@/lib/store/store';
import { TEST_TOKEN } from '../../support/client-app';
import { installFakeFetch, type FakeFetch } from '../../support/fake-fetch';

/**
 * A scheme's configuration, settlement, liability report and base campaign answer 404 until
 * they exist (03 §4): that is an answer, read as null, and not logged as a failed call (01 §8
 * logs failures); any other failure still is.
 */
let server: FakeFetch;
let logged: LogEntry[];
let restoreSink: () => void;
beforeEach(() => {
  server = installFakeFetch();
  logged = [];
  restoreSink = setLogSink((entry) => logged.push(entry));
});
afterEach(() => {
  server.restore();
  restoreSink();
});
const at = (level: LogEntry['level']) =>
  logged.filter((entry) => entry.level === level).map((entry) => entry.message);

const notFound = { status: 404, body: { errorCode: ERROR_CODE.NOT_FOUND, errorMessage: 'none' } };
const store = () => makeStore({ session: { token: TEST_TOKEN } });

it('reads a 404 as "none yet": null, logged at info, not as an error', async () => {
  server.on(`GET /api${SCHEME_PATHS.configuration(7)}`, notFound);
  server.on(`GET /api${SCHEME_PATHS.settlement(7)}`, notFound);
  server.on(`GET /api${SCHEME_PATHS.campaignAction(7)}`, notFound);
  server.on(`GET /api${SCHEME_PATHS.liability}?programId=7`, notFound);
  const s = store();
  const { endpoints } = schemesApi;
  const answers = [
    await s.dispatch(endpoints.configuration.initiate(7)),
    await s.dispatch(endpoints.settlement.initiate(7)),
    await s.dispatch(endpoints.campaignAction.initiate(7)),
    await s.dispatch(endpoints.liability.initiate(7)),
  ];
  expect(answers.map((answer) => answer.data)).toEqual([null, null, null, null]);
  expect(at('error')).toEqual([]);
  expect(at('info')).toHaveLength(4);
  expect(at('info')).toEqual(
    expect.arrayContaining([expect.stringMatching(/configurations\/7 answered 404, as expected$/)]),
  );
});

it('still logs any other failure of those reads as an error', async () => {
  server.on(`GET /api${SCHEME_PATHS.configuration(7)}`, {
    status: 500,
    body: { errorCode: 99, errorMessage: 'broken' },
  });
  const answer = await store().dispatch(schemesApi.endpoints.configuration.initiate(7));
  expect(answer.error).toMatchObject({ status: 500 });
  expect(at('error')).toEqual([expect.stringMatching(/configurations\/7 failed$/)]);
});

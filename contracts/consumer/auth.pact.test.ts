/** @jest-environment node */
import { MatchersV3 } from '@pact-foundation/pact';
import { AUTH_HEADER, ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '../api/constants';
import { API_PATHS, URL_PATHS } from '../api/paths';
import { PACT_PLACEHOLDER } from '../provider/auth-filter';
import { authApi, refreshApi } from '@/features/auth/api/auth-api';
import { lookupsApi } from '@/lib/api/lookups-api';
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

const { string, fromProviderState } = MatchersV3;

/** The user the state creates, with the password it generated: the client logs in as it. */
const PACT_USER = { username: 'pact-user', password: 'generated-password' };
const STATE_USERNAME = fromProviderState('${username}', PACT_USER.username);

const TOKEN_ANSWER = {
  token: string('eyJhbGciOiJIUzI1NiJ9.access.signature'),
  module: MODULE_CODE,
  masterToken: string('eyJhbGciOiJIUzI1NiJ9.master.signature'),
  // 01 §3 gives no format: an ISO 8601 date-time with a zone, as the session monitor's
  // Date.parse reads it (fraction of a second optional).
  expiration: MatchersV3.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/.source,
    '2030-01-01T00:15:00.000Z',
  ),
  userName: string('admin'),
  userType: string('ADMIN'),
};

describe('token service (01 §7.1)', () => {
  it('logs in with valid credentials and the module code', async () => {
    const pact = newPact();
    pact
      .given(STATE.user)
      .uponReceiving('a login with valid credentials')
      .withRequest({
        method: 'POST',
        path: `/api${API_PATHS.tokens}`,
        headers: { [MODULE_CODE_HEADER]: MODULE_CODE, 'Content-Type': 'application/json' },
        body: {
          username: STATE_USERNAME,
          password: fromProviderState('${password}', PACT_USER.password),
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { ...TOKEN_ANSWER, userName: STATE_USERNAME },
      });

    await pact.executeTest(async (mock) => {
      const store = storeFor(mock.url, null);
      const token = await store.dispatch(authApi.endpoints.login.initiate(PACT_USER)).unwrap();
      expect(token.userName).toBe(PACT_USER.username);
      expect(token.module).toBe(MODULE_CODE);
    });
  });

  it('answers 401 with an error code and message for a wrong password', async () => {
    const pact = newPact();
    pact
      .given(STATE.user)
      .uponReceiving('a login with a wrong password')
      .withRequest({
        method: 'POST',
        path: `/api${API_PATHS.tokens}`,
        headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
        body: { username: STATE_USERNAME, password: 'wrong-password' },
      })
      .willRespondWith({
        status: 401,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.BAD_CREDENTIALS, 'Invalid username or password'),
      });

    await pact.executeTest(async (mock) => {
      const store = storeFor(mock.url, null);
      const result = await store.dispatch(
        authApi.endpoints.login.initiate({
          username: PACT_USER.username,
          password: 'wrong-password',
        }),
      );
      expect(result.error).toMatchObject({
        status: 401,
        errorCode: ERROR_CODE.BAD_CREDENTIALS,
        errorMessage: 'Invalid username or password',
      });
    });
  });

  it('refreshes the token with the master token and keeps the user name', async () => {
    const pact = newPact();
    pact
      .given(STATE.user)
      .uponReceiving('a token refresh with a valid master token')
      .withRequest({
        method: 'POST',
        path: URL_PATHS.refresh,
        headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
        body: { masterToken: PACT_PLACEHOLDER.masterToken },
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: TOKEN_ANSWER });

    await pact.executeTest(async (mock) => {
      const store = storeFor(mock.url);
      const token = await store
        .dispatch(
          refreshApi.endpoints.refreshToken.initiate({
            masterToken: PACT_PLACEHOLDER.masterToken,
            moduleCode: MODULE_CODE,
          }),
        )
        .unwrap();
      expect(token.userName).toBe('admin');
    });
  });

  it('refuses a refresh with a master token that is not valid', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a token refresh with an invalid master token')
      .withRequest({
        method: 'POST',
        path: URL_PATHS.refresh,
        headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
        body: { masterToken: 'not-a-valid-master-token' },
      })
      .willRespondWith({
        status: 401,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.SESSION_EXPIRED, 'Session expired, please log in again'),
      });

    await pact.executeTest(async (mock) => {
      const store = storeFor(mock.url);
      const result = await store.dispatch(
        refreshApi.endpoints.refreshToken.initiate({
          masterToken: 'not-a-valid-master-token',
          moduleCode: MODULE_CODE,
        }),
      );
      expect(result.error).toMatchObject({ status: 401, errorCode: ERROR_CODE.SESSION_EXPIRED });
    });
  });

  it('revokes the session on logout', async () => {
    const pact = newPact();
    pact
      .given(STATE.user)
      .uponReceiving('a logout')
      .withRequest({
        method: 'DELETE',
        path: `/api${API_PATHS.tokens}`,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({ status: 204 });

    await pact.executeTest(async (mock) => {
      const store = storeFor(mock.url);
      const result = await store.dispatch(authApi.endpoints.revokeToken.initiate());
      expect(result.error).toBeUndefined();
    });
  });

  it('answers 401 with error code 11 to a forged token, and the client signs out', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a call with a forged token')
      .withRequest({
        method: 'GET',
        path: `/api${API_PATHS.programs}`,
        headers: { [AUTH_HEADER]: 'forged-token', [MODULE_CODE_HEADER]: MODULE_CODE },
      })
      .willRespondWith({
        status: 401,
        headers: JSON_ANSWER,
        // Exactly 11 (01 §8): the client signs out on that code only.
        body: {
          errorCode: ERROR_CODE.SESSION_EXPIRED,
          errorMessage: string('Session expired'),
        },
      });

    await pact.executeTest(async (mock) => {
      const store = storeFor(mock.url, { ...PACT_TOKEN, token: 'forged-token' });
      expect(selectToken(store.getState())).not.toBeNull();
      await store.dispatch(lookupsApi.endpoints.programs.initiate());
      // The shared layer logs out on errorCode 11 (01 §8): the token and the cache are cleared.
      expect(selectToken(store.getState())).toBeNull();
      expect(store.getState().api.queries).toEqual({});
    });
  });
});

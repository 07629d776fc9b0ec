import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import { API_PATHS, URL_PATHS } from '@contracts/api/paths';
import type { LoginRequest, RefreshRequest, Token } from '@contracts/api/entities';
import { api, urlApi } from '@/lib/api/api-slices';
import type { NoArg } from '@/lib/api/base-query';

/** Token service on the API base (01 §7.1; spec README "Auth and session"). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /tokens with the module code; no token is sent, a 401 is the caller's to report. */
    login: build.mutation<Token, LoginRequest>({
      query: (body) => ({
        url: API_PATHS.tokens,
        method: 'POST',
        body,
        headers: { [MODULE_CODE_HEADER]: MODULE_CODE },
      }),
      extraOptions: { anonymous: true },
    }),
    /** DELETE /tokens: revokes the session (and its master token) on the server. */
    revokeToken: build.mutation<NoArg, NoArg>({
      query: () => ({ url: API_PATHS.tokens, method: 'DELETE' }),
    }),
  }),
});

export interface RefreshArgs extends RefreshRequest {
  /** The module code of the stored token (01 §7.1). */
  moduleCode: string;
}

/** Token refresh on the URL base, with the master token (01 §4.1, §7.1). */
export const refreshApi = urlApi.injectEndpoints({
  endpoints: (build) => ({
    refreshToken: build.mutation<Token, RefreshArgs>({
      query: ({ masterToken, moduleCode }) => ({
        url: URL_PATHS.refresh,
        method: 'POST',
        body: { masterToken } satisfies RefreshRequest,
        headers: { [MODULE_CODE_HEADER]: moduleCode },
      }),
      extraOptions: { anonymous: true },
    }),
  }),
});

export const { useLoginMutation, useRevokeTokenMutation } = authApi;
export const { useRefreshTokenMutation } = refreshApi;

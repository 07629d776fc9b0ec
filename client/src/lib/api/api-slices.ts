import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';

/**
 * One API slice per configured base, each with no endpoints of its own: features add theirs with
 * `injectEndpoints` (and tag types with `enhanceEndpoints({ addTagTypes })`).
 */

/** API base: most calls (tokens, lookups, journal, schemes). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery('apiBase'),
  endpoints: () => ({}),
});

/** URL base: token refresh, images, review mail. */
export const urlApi = createApi({
  reducerPath: 'urlApi',
  baseQuery: createBaseQuery('urlBase'),
  endpoints: () => ({}),
});

/** Merchant-wizard API base: /mymerchant/... */
export const merchantApi = createApi({
  reducerPath: 'merchantApi',
  baseQuery: createBaseQuery('merchantApiBase'),
  endpoints: () => ({}),
});

export const apiSlices = [api, urlApi, merchantApi] as const;

import { useMemo } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import { CLIENT_ERROR_CODE, isApiFailure } from './errors';

/** The spec's error of a store: code 0 and message null mean "no error" (01 §3). */
export interface StoreError {
  code: number;
  message: string | null;
}

/** The spec's list/item store: data plus loading, updating and creating flags and an error. */
export interface StoreShape<T> {
  data: T | undefined;
  loading: boolean;
  updating: boolean;
  creating: boolean;
  error: StoreError;
}

export const NO_ERROR: StoreError = { code: 0, message: null };

/** What is read from an RTK Query query hook result. */
export interface QueryLike<T> {
  data?: T;
  isLoading?: boolean;
  isFetching?: boolean;
  error?: unknown;
}

/** What is read from an RTK Query mutation hook result (`useXMutation()[1]`). */
export interface MutationLike {
  isLoading?: boolean;
  error?: unknown;
}

/** Any error RTK Query can report, as `{ code, message }`. */
export function toStoreError(error: unknown): StoreError {
  if (error === undefined || error === null) return NO_ERROR;
  if (isApiFailure(error)) return { code: error.errorCode, message: error.errorMessage };
  const serialized = error as SerializedError;
  return {
    code: CLIENT_ERROR_CODE.UNKNOWN,
    message: serialized.message ?? 'Something went wrong.',
  };
}

/**
 * One shared way to present queries and mutations as the spec's store shape. `loading` is true
 * while the query has no data yet or is fetching; `updating`/`creating` follow the given
 * mutations. The first error found (query, then update, then create) is reported.
 */
export function toStoreShape<T>(
  query?: QueryLike<T>,
  mutations: { update?: MutationLike; create?: MutationLike } = {},
): StoreShape<T> {
  const { update, create } = mutations;
  return {
    data: query?.data,
    loading: Boolean(query?.isLoading || query?.isFetching),
    updating: Boolean(update?.isLoading),
    creating: Boolean(create?.isLoading),
    error: toStoreError(query?.error ?? update?.error ?? create?.error),
  };
}

/**
 * True while a store has nothing to show yet (its first load). A screen that shows a store's data
 * keeps showing it while the data is read again (after a change of its own invalidated it):
 * replacing it with the loading indicator would take away the control the operator is on, and
 * with it the keyboard focus.
 */
export function isFirstLoad(store: Pick<StoreShape<unknown>, 'data' | 'loading'>): boolean {
  return store.loading && store.data === undefined;
}

/** Hook form of `toStoreShape`, memoised on the fields it reads. */
export function useStoreShape<T>(
  query?: QueryLike<T>,
  mutations: { update?: MutationLike; create?: MutationLike } = {},
): StoreShape<T> {
  const { update, create } = mutations;
  const data = query?.data;
  const loading = Boolean(query?.isLoading || query?.isFetching);
  const queryError = query?.error;
  const updating = update?.isLoading;
  const updateError = update?.error;
  const creating = create?.isLoading;
  const createError = create?.error;
  return useMemo(
    () =>
      toStoreShape<T>(
        { data, isLoading: loading, error: queryError },
        {
          update: { isLoading: updating, error: updateError },
          create: { isLoading: creating, error: createError },
        },
      ),
    [data, loading, queryError, updating, updateError, creating, createError],
  );
}

import { renderHook } from '@testing-library/react';
import { CLIENT_ERROR_CODE } from '@/lib/api/errors';
import { NO_ERROR, toStoreError, toStoreShape, useStoreShape } from '@/lib/api/store-shape';

describe('store shape helper (01 §3)', () => {
  it('no error is code 0 and message null', () => {
    expect(NO_ERROR).toEqual({ code: 0, message: null });
    expect(toStoreShape({ data: [1], isLoading: false })).toEqual({
      data: [1],
      loading: false,
      updating: false,
      creating: false,
      error: { code: 0, message: null },
    });
  });

  it('loading while the query loads or refetches', () => {
    expect(toStoreShape({ isLoading: true }).loading).toBe(true);
    expect(toStoreShape({ data: 1, isFetching: true }).loading).toBe(true);
  });

  it('updating and creating follow their mutations', () => {
    const shape = toStoreShape(
      { data: 1 },
      { update: { isLoading: true }, create: { isLoading: false } },
    );
    expect(shape).toMatchObject({ updating: true, creating: false });
    expect(toStoreShape(undefined, { create: { isLoading: true } }).creating).toBe(true);
  });

  it('maps a failed call to { code: errorCode, message: errorMessage }', () => {
    const error = { status: 400, errorCode: 1, errorMessage: 'siteUrl is too short' };
    expect(toStoreShape({ error }).error).toEqual({ code: 1, message: 'siteUrl is too short' });
    expect(toStoreShape({}, { update: { error } }).error.code).toBe(1);
  });

  it('maps other thrown errors to a client code', () => {
    expect(toStoreError({ name: 'Error', message: 'boom' })).toEqual({
      code: CLIENT_ERROR_CODE.UNKNOWN,
      message: 'boom',
    });
  });

  it('the hook keeps the same object while nothing changes', () => {
    const query = { data: [1, 2], isLoading: false };
    const { result, rerender } = renderHook(({ q }) => useStoreShape(q), {
      initialProps: { q: query },
    });
    const first = result.current;
    rerender({ q: { ...query } });
    expect(result.current).toBe(first);
    rerender({ q: { ...query, isLoading: true } });
    expect(result.current.loading).toBe(true);
  });
});

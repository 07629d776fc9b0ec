import { NO_ERROR, type StoreError, type StoreShape } from './store-shape';

/**
 * Several stores a screen needs together (e.g. a step's page types and the profile's pages):
 * ready once every one has data; loading while one is still loading and not all are in (a
 * refetch keeps the screen); the first error, if any.
 */
export function loadAll(
  shapes: readonly Pick<StoreShape<unknown>, 'data' | 'loading' | 'error'>[],
): {
  ready: boolean;
  state: { loading: boolean; error: StoreError };
} {
  const ready = shapes.every((shape) => shape.data !== undefined);
  return {
    ready,
    state: {
      loading: !ready && shapes.some((shape) => shape.loading),
      error: shapes.find((shape) => shape.error.code !== 0)?.error ?? NO_ERROR,
    },
  };
}

import type { ReactNode } from 'react';
import type { StoreShape } from '@/lib/api/store-shape';
import { ErrorAlert } from './error-alert';
import { LoadingIndicator } from './loading-indicator';

/**
 * A store's content: the loading indicator replaces it while loading (01 §2.2), the error takes
 * its place on failure, and otherwise the children show.
 */
export function QueryContent<T>({
  state,
  children,
}: {
  state: Pick<StoreShape<T>, 'loading' | 'error'>;
  children: ReactNode;
}) {
  if (state.loading) return <LoadingIndicator />;
  if (state.error.code !== 0) return <ErrorAlert error={state.error} />;
  return <>{children}</>;
}

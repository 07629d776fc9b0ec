import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { LoadingIndicator } from '@/components/common/loading-indicator';
import { FALLBACK_PATH } from '@/config/paths';

/** Shown while a lazily loaded screen is fetched on the first page load. */
export function RouteLoading() {
  return <LoadingIndicator />;
}

/** A screen failed to load or render (e.g. a chunk could not be fetched after a deployment). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="container py-5">
      {/* Takes the focus when a dialog's opener is gone (components/dialogs/return-focus). */}
      <h1 className="h3" tabIndex={-1}>
        This screen could not be opened
      </h1>
      <p className="text-body-secondary">{detail}</p>
      <p>
        Reload the page to try again, or <Link to={FALLBACK_PATH}>go to the start page</Link>.
      </p>
    </main>
  );
}

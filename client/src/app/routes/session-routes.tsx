import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { FALLBACK_PATH, HOME_PATH } from '@/config/paths';
import { draftRouteFor, draftRouteTaken } from '@/lib/session/session-draft';
import { useAppSelector } from '@/lib/store/hooks';
import { selectToken } from '@/lib/store/session-slice';

/**
 * Login; with a token already held, the user goes straight to the journal dashboard (01 §2.1),
 * or back to the screen that held unsaved changes for this user when the session ended (its
 * values, those that may be kept, are put back there).
 */
export function LoginRoute() {
  const token = useAppSelector(selectToken);
  const userName = token?.userName;
  useEffect(() => {
    if (userName !== undefined) draftRouteTaken(userName);
  }, [userName]);
  // The router is there once a token was held: the login screen replaces the signed-in ones.
  if (userName === undefined) return <LoginScreen replacesScreen />;
  return <Navigate to={draftRouteFor(userName) ?? HOME_PATH} replace />;
}

/**
 * Guards the main layout: any user holding a token reaches it (01 §6); without one — never
 * signed in, logged out, session expired — the user goes to login.
 */
export function RequireSession() {
  const token = useAppSelector(selectToken);
  return token ? <Outlet /> : <Navigate to={FALLBACK_PATH} replace />;
}

/** Unknown routes go to the root path (01 §2.1). */
export function FallbackRoute() {
  return <Navigate to={FALLBACK_PATH} replace />;
}

/** A parent state opened directly goes to its first child, keeping the query (e.g. `?id=`). */
export function RedirectTo({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

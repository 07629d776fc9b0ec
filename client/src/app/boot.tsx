import { StrictMode, Suspense, lazy, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { LoadingIndicator } from '@/components/common/loading-indicator';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { FALLBACK_PATH } from '@/config/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { selectToken } from '@/lib/store/session-slice';
import type { AppStore } from '@/lib/store/store';
import { LazyDialogHost } from './lazy-dialog-host';

const SignedInApp = lazy(() =>
  import(/* webpackChunkName: "app" */ './signed-in-app').then((module) => ({
    default: module.SignedInApp,
  })),
);

/**
 * Without a token, every route leads to login (01 §2.1): the login screen shows at its own hash
 * route, without the router, and any other address (typed, a link, Back) goes to it. The hash
 * routes keep their shape, so the router, created once a token is held, starts on the login
 * route and goes on to the journal dashboard from there.
 */
function SignedOut() {
  useEffect(() => {
    const loginHash = `#${FALLBACK_PATH}`;
    const toLogin = () => {
      if (window.location.hash !== loginHash) window.history.replaceState(null, '', loginHash);
    };
    toLogin();
    window.addEventListener('hashchange', toLogin);
    return () => window.removeEventListener('hashchange', toLogin);
  }, []);
  return (
    <>
      <LoginScreen />
      <LazyDialogHost />
    </>
  );
}

/**
 * The page's first screen. Signed out: the login screen only, with what it needs (the main
 * chunk). Holding a token (after the session restore or a login): the app — router, layout and
 * areas — loads on demand, and stays (after a logout its router shows the login route).
 */
function Screens() {
  const token = useAppSelector(selectToken);
  const [appNeeded, setAppNeeded] = useState(false);
  if (token && !appNeeded) setAppNeeded(true);
  return appNeeded ? (
    <Suspense fallback={<LoadingIndicator />}>
      <SignedInApp />
    </Suspense>
  ) : (
    <SignedOut />
  );
}

export interface BootProps {
  store: AppStore;
  /** The session's persistence: the screens wait for the restored session. */
  persistor: Persistor;
}

/** The page's root: store, the restored session, then the login screen or the app. */
export function Boot({ store, persistor }: BootProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <PersistGate persistor={persistor} loading={null}>
          <Screens />
        </PersistGate>
      </Provider>
    </StrictMode>
  );
}

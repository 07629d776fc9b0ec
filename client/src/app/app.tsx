import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { DialogHost } from '@/components/dialogs/dialog-host';
import type { AppStore } from '@/lib/store/store';
import type { AppRouter } from './router';

export interface AppProps {
  store: AppStore;
  router: AppRouter;
  /** The session's persistence (the app has one; tests usually run without). */
  persistor?: Persistor;
}

/** The composition root: store, router and the dialog host. */
export function App({ store, router, persistor }: AppProps) {
  const routes = <RouterProvider router={router} />;
  return (
    <StrictMode>
      <Provider store={store}>
        {persistor ? (
          <PersistGate persistor={persistor} loading={null}>
            {routes}
          </PersistGate>
        ) : (
          routes
        )}
        <DialogHost />
      </Provider>
    </StrictMode>
  );
}

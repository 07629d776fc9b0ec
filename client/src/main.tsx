import 'bootstrap/dist/css/bootstrap.min.css';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { makeStore } from '@/lib/store/store';

/** Reads the runtime configuration first (the bases are not baked in), then starts the app. */
async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  const store = makeStore({ config }, { persist: true });
  const persistor = persistStore(store);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <App store={store} router={createAppRouter()} persistor={persistor} />,
  );
}

void start();

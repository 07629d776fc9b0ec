// The login screen's styles: the part of Bootstrap it uses (webpack.config.ts cuts it down at
// build time). The full Bootstrap comes with the signed-in app's chunk and the dialogs' chunk.
import 'bootstrap/dist/css/bootstrap.min.css?login';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { Boot } from '@/app/boot';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { makeStore } from '@/lib/store/store';

/** Reads the runtime configuration first (the bases are not baked in), then starts the app. */
async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  const store = makeStore({ config }, { persist: true });
  const persistor = persistStore(store);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(<Boot store={store} persistor={persistor} />);
}

void start();

// `npm run build:server`: compiles the server to dist/server when its sources changed since the
// last build (scripts/lib/build-server.mjs); `-- --force` builds in any case. `npm start` does
// this itself; the browser tests, Lighthouse and the bench run it before starting the server.
import { buildServerIfNeeded } from './lib/build-server.mjs';

try {
  await buildServerIfNeeded({ force: process.argv.includes('--force') });
} catch {
  // esbuild has printed what failed.
  console.error('The server build failed.');
  process.exit(1);
}

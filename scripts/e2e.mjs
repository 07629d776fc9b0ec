// `npm run test:e2e`: browser tests in Debian's Chromium against the real server.
import { buildClientIfNeeded } from './lib/build-client.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { bin, run } from './lib/run.mjs';

ensureChromium();
buildClientIfNeeded();
process.exit(await run(bin('jest'), ['--selectProjects', 'e2e', ...process.argv.slice(2)]));

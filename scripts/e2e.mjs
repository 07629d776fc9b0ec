// `npm run test:e2e`: browser tests in Debian's Chromium against the real server.
import { buildClientIfNeeded } from './lib/build-client.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { bin, run } from './lib/run.mjs';

ensureChromium();
buildClientIfNeeded();
// The caller's arguments first: after --selectProjects, a path pattern would be read as one
// more project name and every browser test would run.
process.exit(await run(bin('jest'), [...process.argv.slice(2), '--selectProjects', 'e2e']));

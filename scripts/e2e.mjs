// `npm run test:e2e`: browser tests in Debian's Chromium against the real server.
import { buildClientIfNeeded } from './lib/build-client.mjs';
import { ensureTestBrowser } from './lib/chromium.mjs';
import { bin, browserWorkers, run } from './lib/run.mjs';

ensureTestBrowser();
buildClientIfNeeded();
const args = process.argv.slice(2);
// The caller's arguments first: after --selectProjects, a path pattern would be read as one
// more project name and every browser test would run.
process.exit(await run(bin('jest'), [...args, ...browserWorkers(args), '--selectProjects', 'e2e']));

// `npm run test:contracts`: Pact consumer tests write contracts/pacts (cleared first, because
// interactions merge into existing files), then provider verification runs them against createApp.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/build-client.mjs';
import { bin, run } from './lib/run.mjs';

const env = { PACT_DO_NOT_TRACK: 'true' };
rmSync(path.join(root, 'contracts/pacts'), { recursive: true, force: true });
const consumer = await run(
  bin('jest'),
  ['--selectProjects', 'consumer', ...process.argv.slice(2)],
  { env },
);
if (consumer !== 0) process.exit(consumer);
// In CI the regenerated pacts must be the committed ones: the backend team verifies those.
if (process.env.CI === 'true' && existsSync(path.join(root, '.git'))) {
  const drift = await run('git', ['diff', '--exit-code', '--stat', '--', 'contracts/pacts']);
  if (drift !== 0) {
    console.error('contracts/pacts differs from the committed pact files: commit them.');
    process.exit(drift);
  }
}
process.exit(await run(bin('jest'), ['--selectProjects', 'provider'], { env }));

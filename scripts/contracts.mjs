// `npm run test:contracts`: Pact consumer tests write contracts/pacts (cleared first, because
// interactions merge into existing files), then provider verification runs them against createApp.
import { rmSync } from 'node:fs';
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
process.exit(await run(bin('jest'), ['--selectProjects', 'provider'], { env }));

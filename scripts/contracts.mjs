// `npm run test:contracts`: the Pact consumer tests write contracts/pacts, then (with CI=true)
// the drift check, then provider verification against createApp: scripts/lib/pact-drift.mjs,
// shared with `npm test`. Extra arguments go to the consumer run.
import { runContracts } from './lib/pact-drift.mjs';

process.exit(await runContracts({ consumerArgs: process.argv.slice(2) }));

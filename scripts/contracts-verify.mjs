// `npm run contracts:verify -- <base URL>`: verifies the committed pacts against another provider
// (the backend team's use). See contracts/provider/verify-external.ts for the details.
import { bin, run } from './lib/run.mjs';

const baseUrl = process.argv[2];
if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
  console.error('Usage: npm run contracts:verify -- <base URL, e.g. https://backend.example:8443>');
  process.exit(2);
}
process.exit(
  await run(bin('tsx'), ['contracts/provider/verify-external.ts', baseUrl], {
    env: { PACT_DO_NOT_TRACK: 'true' },
  }),
);

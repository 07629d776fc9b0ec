/**
 * Verifies the committed pacts (contracts/pacts) against another provider: the backend team's use.
 *   npm run contracts:verify -- https://backend.example:8443
 * Paths in the pacts use the default layout (API base /api, URL base = the root), relative to the
 * URL given. Variables: PACT_USERNAME / PACT_PASSWORD (default admin / admin123) for the real token
 * swapped into authenticated requests; PACT_STATE_CHANGE_URL, where the provider sets up the named
 * provider states (without it, states are not set up and the provider must already hold the data).
 */
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { realTokenFilter } from './auth-filter';

const providerBaseUrl = process.argv[2];
if (!providerBaseUrl) {
  console.error('Usage: npm run contracts:verify -- <base URL>');
  process.exit(2);
}

const requestFilter = realTokenFilter({
  providerBaseUrl: () => providerBaseUrl,
  apiBase: process.env.PACT_API_BASE ?? '/api',
  username: process.env.PACT_USERNAME ?? 'admin',
  password: process.env.PACT_PASSWORD ?? 'admin123',
});

new Verifier({
  provider: 'portal-server',
  providerBaseUrl,
  pactUrls: [path.resolve(__dirname, '../pacts')],
  logLevel: 'warn',
  requestFilter,
  ...(process.env.PACT_STATE_CHANGE_URL
    ? { stateChangeUrl: process.env.PACT_STATE_CHANGE_URL }
    : {}),
})
  .verifyProvider()
  .then(() => {
    console.log(`Pacts verified against ${providerBaseUrl}.`);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });

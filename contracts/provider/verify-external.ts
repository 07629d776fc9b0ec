/**
 * Verifies the committed pacts (contracts/pacts, every consumer) against a running provider: the
 * backend team's use, and this project's own server.
 *   npm run contracts:verify -- https://backend.example:8443
 * Paths in the pacts use the default layout (API base /api, URL base = the root), relative to the
 * URL given. Verification WRITES to the provider: the states create their own users, programs,
 * profiles, pages, module codes and a gift card, and the interactions add profiles, pages, module
 * codes, deployments, images and sessions.
 *
 * Variables:
 *   PACT_USERNAME / PACT_PASSWORD  the login whose real token replaces the pacts' placeholder in
 *                                  signed-in requests (default admin / admin123, the demo login):
 *                                  three logins a run (auth-filter.ts).
 *   PACT_STATE_CHANGE_URL          where the provider sets up the named provider states (pact's
 *                                  state-change protocol: POST { state, params, action }, answering
 *                                  the values the pacts inject). Default: `<base URL>/_pact/provider-states`
 *                                  when the provider answers there (this project's server started
 *                                  with PROVIDER_STATES=true, called on its own machine without a
 *                                  proxy); otherwise no states are set up, and only the
 *                                  interactions that name no state can pass (docs/contracts.md).
 *                                  `off` never sets them up.
 */
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { realTokenFilter } from './auth-filter';
import { forwardingStateHandlers } from './state-forwarding';
import { PACT_PARTICIPANTS, PROVIDER_STATES_PATH } from './states';

const providerBaseUrl = process.argv[2]?.replace(/\/+$/, '');
if (!providerBaseUrl) {
  console.error('Usage: npm run contracts:verify -- <base URL>');
  process.exit(2);
}

/** True when the URL answers pact's state-change call for "no state" with JSON. */
async function answersStateChanges(url: string): Promise<boolean> {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: '', params: {}, action: 'setup' }),
    });
    return answer.ok && /application\/json/.test(answer.headers.get('content-type') ?? '');
  } catch {
    return false;
  }
}

async function stateChangeUrl(baseUrl: string): Promise<string | undefined> {
  const configured = process.env.PACT_STATE_CHANGE_URL?.trim();
  if (configured === 'off') return undefined;
  if (configured) return configured;
  const ownEndpoint = `${baseUrl}${PROVIDER_STATES_PATH}`;
  if (await answersStateChanges(ownEndpoint)) return ownEndpoint;
  console.warn(
    `No provider-state endpoint at ${ownEndpoint}: provider states are not set up ` +
      '(this project’s server has it when started with PROVIDER_STATES=true and called on its ' +
      'own machine; for another provider, set PACT_STATE_CHANGE_URL to its own).',
  );
  return undefined;
}

async function main(baseUrl: string): Promise<void> {
  const statesUrl = await stateChangeUrl(baseUrl);
  if (statesUrl !== undefined) console.log(`Provider states are set up at ${statesUrl}.`);
  await new Verifier({
    provider: PACT_PARTICIPANTS.provider,
    providerBaseUrl: baseUrl,
    pactUrls: [path.resolve(__dirname, '../pacts')],
    logLevel: 'warn',
    requestFilter: realTokenFilter({
      providerBaseUrl: () => baseUrl,
      apiBase: process.env.PACT_API_BASE ?? '/api',
      username: process.env.PACT_USERNAME ?? 'admin',
      password: process.env.PACT_PASSWORD ?? 'admin123',
    }),
    ...(statesUrl === undefined ? {} : { stateHandlers: forwardingStateHandlers(statesUrl) }),
  }).verifyProvider();
  console.log(`Pacts verified against ${baseUrl}.`);
}

main(providerBaseUrl).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

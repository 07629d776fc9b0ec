/** @jest-environment node */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { buildJournalProfile } from '../../tests/support/builders';
import { createTestApp, DEMO_USER, type TestApp } from '../../tests/server/support/test-app';
import { realTokenFilter } from './auth-filter';
import { forwardingStateHandlers } from './state-forwarding';
import { PACT_PARTICIPANTS, PROVIDER_STATES_PATH } from './states';

// One test replays every interaction of every pact, each with its provider state set up and torn
// down: about 20 s on a quiet machine, several times that on a loaded one (over 120 s with two
// suites running side by side on 2 cores). The bound is for a hung verifier, not for speed.
jest.setTimeout(600_000);

let testApp: TestApp;
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  // The provider states are off unless asked for. The data is a server's that has been used a
  // while: beside the seed, a journal profile with every field that may be empty empty (its CSS
  // emptied in the CSS editor), since list interactions match every record the server holds.
  testApp = await createTestApp({
    env: { PROVIDER_STATES: 'true' },
    prepare: (data) => {
      data.journalProfiles.push(
        buildJournalProfile({
          profileId: Math.max(0, ...data.journalProfiles.map((p) => p.profileId)) + 1,
          programId: data.programs[0]!.programId,
          siteUrl: 'worn-journal-profile',
          title: null,
          cssOverride: null,
        }),
      );
    },
  });
  server = await new Promise<Server>((resolve) => {
    const listening = testApp.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await testApp.close();
});

/**
 * States are set up through the app's own development endpoint (server/dev), the one
 * `npm run contracts:verify` calls on a running server: one set of handlers, exercised here.
 */
/** The demo user's login count: the verifier's filter signs in as that user. */
const demoLogins = () =>
  testApp.store.read().users.find((user) => user.username === DEMO_USER.username)?.loginCount ?? 0;

it('the server honours every pact of its consumers', async () => {
  const loginsBefore = demoLogins();
  const verifier = new Verifier({
    provider: PACT_PARTICIPANTS.provider,
    providerBaseUrl: baseUrl,
    pactUrls: [path.resolve(__dirname, '../pacts')],
    logLevel: 'warn',
    stateHandlers: forwardingStateHandlers(`${baseUrl}${PROVIDER_STATES_PATH}`),
    requestFilter: realTokenFilter({
      providerBaseUrl: () => baseUrl,
      apiBase: testApp.config.apiBase,
      username: DEMO_USER.username,
      password: DEMO_USER.password,
    }),
  });
  await expect(verifier.verifyProvider()).resolves.toBeDefined();
  // One shared login, one for the logout and one for the refresh (auth-filter.ts).
  expect(demoLogins() - loginsBefore).toBe(3);
});

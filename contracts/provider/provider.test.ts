/** @jest-environment node */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { hashPassword } from '../../server/auth/passwords';
import { createTestApp, TEST_HASH_COST, type TestApp } from '../../tests/server/support/test-app';
import { STATE } from '../consumer/support/pact';
import { realTokenFilter } from './auth-filter';

jest.setTimeout(120_000);

/**
 * Parameters of a provider state, as the consumer named them. Pact types a handler as both a
 * state handler and a message state handler, so the argument arrives as `unknown` and is narrowed.
 */
type Params = Record<string, unknown>;
const paramsOf = (raw: unknown): Params =>
  typeof raw === 'object' && raw !== null ? (raw as Params) : {};
const numberParam = (raw: unknown, name: string): number => {
  const value = Number(paramsOf(raw)[name]);
  if (!Number.isInteger(value)) throw new Error(`provider state needs an integer "${name}"`);
  return value;
};

let testApp: TestApp;
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  testApp = await createTestApp();
  server = await new Promise<Server>((resolve) => {
    const listening = testApp.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await testApp.close();
});

/** State handlers seed data through the same store the app uses. */
const stateHandlers = {
  [STATE.user]: async (params?: unknown) => {
    const username = String(paramsOf(params).username ?? '');
    const password = String(paramsOf(params).password ?? '');
    const passwordHash = await hashPassword(password, TEST_HASH_COST);
    await testApp.store.update((data) => {
      const user = data.users.find((candidate) => candidate.username === username);
      if (user) user.passwordHash = passwordHash;
      else
        data.users.push({
          username,
          userType: 'ADMIN',
          passwordHash,
          loginCount: 0,
          lastLoginAt: null,
        });
    });
  },
  [STATE.programExists]: async (params?: unknown) => {
    const programId = numberParam(params, 'programId');
    await testApp.store.update((data) => {
      if (data.programs.some((program) => program.programId === programId)) return;
      const template = data.programs[0];
      if (!template) throw new Error('the seed holds no program to copy');
      data.programs.push({ ...structuredClone(template), programId });
    });
  },
  [STATE.programMissing]: async (params?: unknown) => {
    const programId = numberParam(params, 'programId');
    await testApp.store.update((data) => {
      data.programs = data.programs.filter((program) => program.programId !== programId);
    });
  },
  [STATE.countryWithStates]: async (params?: unknown) => {
    const countryId = numberParam(params, 'countryId');
    await testApp.store.update((data) => {
      if (!data.countries.some((country) => country.id === countryId)) {
        data.countries.push({ id: countryId, value: `Country ${countryId}` });
      }
      if (!data.states.some((state) => state.countryId === countryId)) {
        const id = Math.max(0, ...data.states.map((state) => state.id)) + 1;
        data.states.push({ id, value: `State ${id}`, countryId });
      }
    });
  },
};

it('the server honours every pact of the client', async () => {
  const verifier = new Verifier({
    provider: 'portal-server',
    providerBaseUrl: baseUrl,
    pactUrls: [path.resolve(__dirname, '../pacts')],
    logLevel: 'warn',
    stateHandlers,
    requestFilter: realTokenFilter({
      providerBaseUrl: () => baseUrl,
      apiBase: testApp.config.apiBase,
      username: 'admin',
      password: 'admin123',
    }),
  });
  await expect(verifier.verifyProvider()).resolves.toBeDefined();
});

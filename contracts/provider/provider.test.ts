/** @jest-environment node */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { JOURNAL_MODULE_PREFIX, MODULE_ID, type JournalProfile } from '../api/journal';
import { hashPassword } from '../../server/auth/passwords';
import type { Data } from '../../server/db/schema';
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

const stringParam = (raw: unknown, name: string): string => {
  const value = paramsOf(raw)[name];
  if (typeof value !== 'string' || value === '') {
    throw new Error(`provider state needs a string "${name}"`);
  }
  return value;
};

/**
 * Puts the journal profile of the journal states in place, as the consumer pacts describe it:
 * texts filled in, no images, no module code. Any other profile using its siteUrl goes.
 */
function upsertJournalProfile(data: Data, profileId: number, siteUrl: string, isPublished: 0 | 1) {
  const profile: JournalProfile = {
    profileId,
    programId: 1,
    creationDate: '2025-01-15T09:00:00.000Z',
    isPublished,
    title: 'Demo Gift Card Balance',
    keywords: 'gift card, balance',
    description: 'Check the balance of your gift card.',
    googleAnalytics: 'UA-000000-1',
    clientWebsite: 'https://www.demoretail.example',
    siteUrl,
    themeId: 2,
    expirationDateCount: 0,
    location: 0,
    moduleCode: null,
    moduleCodeId: null,
    logo: null,
    headerImg: null,
    favIcon: null,
    backgroundImg: null,
    cssOverride: 'body {\n  background-color: #1e1e1e;\n}\n',
  };
  data.journalProfiles = [
    ...data.journalProfiles.filter(
      (other) =>
        other.profileId !== profileId && other.siteUrl.toLowerCase() !== siteUrl.toLowerCase(),
    ),
    profile,
  ];
}

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
  [STATE.journalProfile]: async (params?: unknown) => {
    const profileId = numberParam(params, 'profileId');
    const siteUrl = stringParam(params, 'siteUrl');
    await testApp.store.update((data) => upsertJournalProfile(data, profileId, siteUrl, 0));
  },
  [STATE.publishedJournalProfile]: async (params?: unknown) => {
    const profileId = numberParam(params, 'profileId');
    const siteUrl = stringParam(params, 'siteUrl');
    await testApp.store.update((data) => upsertJournalProfile(data, profileId, siteUrl, 1));
  },
  [STATE.journalProfileWithPages]: async (params?: unknown) => {
    const profileId = numberParam(params, 'profileId');
    const pageId = numberParam(params, 'pageId');
    const pageTypeId = numberParam(params, 'pageTypeId');
    await testApp.store.update((data) => {
      if (!data.journalProfiles.some((profile) => profile.profileId === profileId)) {
        upsertJournalProfile(data, profileId, `profile-${profileId}`, 0);
      }
      // The page of that id is that profile's page of that type, and the only one of the type.
      data.journalPages = [
        ...data.journalPages.filter(
          (page) =>
            page.pageId !== pageId &&
            !(page.profileId === profileId && page.pageTypeId === pageTypeId),
        ),
        {
          pageId,
          pageTypeId,
          profileId,
          enabled: 1,
          title: 'Page title',
          content: '<p>Page content</p>',
          navItem: null,
        },
      ];
    });
  },
  [STATE.journalProfileWithoutPageType]: async (params?: unknown) => {
    const profileId = numberParam(params, 'profileId');
    const pageTypeId = numberParam(params, 'pageTypeId');
    await testApp.store.update((data) => {
      if (!data.journalProfiles.some((profile) => profile.profileId === profileId)) {
        upsertJournalProfile(data, profileId, `profile-${profileId}`, 0);
      }
      data.journalPages = data.journalPages.filter(
        (page) => !(page.profileId === profileId && page.pageTypeId === pageTypeId),
      );
    });
  },
  [STATE.journalProfileMissing]: async (params?: unknown) => {
    const profileId = numberParam(params, 'profileId');
    await testApp.store.update((data) => {
      data.journalProfiles = data.journalProfiles.filter((p) => p.profileId !== profileId);
      data.journalPages = data.journalPages.filter((page) => page.profileId !== profileId);
    });
  },
  [STATE.siteUrlUnused]: async (params?: unknown) => {
    const siteUrl = stringParam(params, 'siteUrl').toLowerCase();
    await testApp.store.update((data) => {
      data.journalProfiles = data.journalProfiles.filter(
        (profile) => profile.siteUrl.toLowerCase() !== siteUrl,
      );
    });
  },
  [STATE.moduleCode]: async (params?: unknown) => {
    const programId = numberParam(params, 'programId');
    const moduleCodeId = numberParam(params, 'moduleCodeId');
    const code = stringParam(params, 'code');
    await testApp.store.update((data) => {
      data.moduleCodes = [
        ...data.moduleCodes.filter(
          (existing) =>
            existing.moduleCodeId !== moduleCodeId &&
            existing.code.toLowerCase() !== code.toLowerCase(),
        ),
        {
          moduleCodeId,
          moduleId: code.startsWith(JOURNAL_MODULE_PREFIX) ? MODULE_ID.JOURNAL : MODULE_ID.MERCHANT,
          code,
          name:
            data.programs.find((program) => program.programId === programId)?.schemeName ?? code,
          programId,
        },
      ];
    });
  },
  [STATE.moduleCodeUnused]: async (params?: unknown) => {
    const code = stringParam(params, 'code').toLowerCase();
    await testApp.store.update((data) => {
      data.moduleCodes = data.moduleCodes.filter(
        (existing) => existing.code.toLowerCase() !== code,
      );
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

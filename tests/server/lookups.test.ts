import request from 'supertest';
import { ERROR_CODE, PROGRAM_TYPE } from '@contracts/api/constants';
import type { CountryState, EmbeddedList, LookupItem, Program } from '@contracts/api/entities';
import { API_PATHS, EMBEDDED } from '@contracts/api/paths';
import type { ProgramRecord } from '../../server/db/schema';
import { createTestApp, type TestApp } from './support/test-app';
import {
  addTestLoyaltyProgram,
  addTestPrograms,
  TEST_LOYALTY_PROGRAM as LOYALTY,
  TEST_PROGRAMS,
} from './support/test-programs';

const GIFTS = Object.values(TEST_PROGRAMS);

/** The /programs view of a built program. */
const asProgram = (
  p: Pick<
    ProgramRecord,
    | 'programId'
    | 'programTypeId'
    | 'schemeName'
    | 'schemeShortName'
    | 'schemeAbbreviation'
    | 'clientId'
  >,
): Program => ({
  programId: p.programId,
  programTypeId: p.programTypeId,
  name: p.schemeName,
  shortName: p.schemeShortName,
  abbreviation: p.schemeAbbreviation,
  clientId: p.clientId,
});

describe('lookups', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp({
      prepare: (data) => {
        addTestPrograms(data);
        addTestLoyaltyProgram(data);
      },
    });
    auth = (await t.login()).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string) => request(t.app).get(`/api${path}`).set('Authorization', auth);

  it.each([
    [API_PATHS.countries, EMBEDDED.countries],
    [API_PATHS.transactionMethods, EMBEDDED.transactionMethods],
    [API_PATHS.expiryTypes, EMBEDDED.expiryTypes],
    [API_PATHS.expiryTerms, EMBEDDED.expiryTerms],
    [API_PATHS.programTypes, EMBEDDED.programTypes],
  ])('GET %s answers an embedded list of {id, value}', async (path, name) => {
    const response = await get(path).expect(200);
    const body = response.body as EmbeddedList<string, LookupItem>;
    const items = body._embedded[name];
    expect(items?.length).toBeGreaterThan(0);
    for (const item of items ?? []) {
      expect(item).toEqual({ id: expect.any(Number), value: expect.any(String) });
    }
    expect(body.page).toEqual({
      size: items?.length,
      totalElements: items?.length,
      totalPages: 1,
      number: 1,
    });
  });

  it('program types are Gift 1 and Loyalty 3', async () => {
    const response = await get(API_PATHS.programTypes).expect(200);
    expect(response.body._embedded.programTypes).toEqual([
      { id: PROGRAM_TYPE.GIFT, value: 'Gift' },
      { id: PROGRAM_TYPE.LOYALTY, value: 'Loyalty' },
    ]);
  });

  it('GET /countries/{id}/states lists the states of that country', async () => {
    const response = await get(API_PATHS.countryStates(1)).expect(200);
    const states = (response.body as EmbeddedList<'states', CountryState>)._embedded.states;
    expect(states.length).toBeGreaterThan(1);
    for (const state of states) {
      expect(state).toEqual({ id: expect.any(Number), value: expect.any(String), countryId: 1 });
    }
  });

  it('GET /countries/{id}/states answers an empty list for a country without states', async () => {
    const response = await get(API_PATHS.countryStates(6)).expect(200);
    expect(response.body).toEqual({
      _embedded: { states: [] },
      page: { size: 0, totalElements: 0, totalPages: 0, number: 1 },
    });
  });

  it('GET /countries/{id}/states answers 404 for an unknown country', async () => {
    const response = await get(API_PATHS.countryStates(999)).expect(404);
    expect(response.body).toEqual({
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: 'Country 999 not found',
    });
  });

  it('pages with ?page=&pageSize= (1-based)', async () => {
    const response = await get(`${API_PATHS.countryStates(1)}?page=2&pageSize=3`).expect(200);
    const body = response.body as EmbeddedList<'states', CountryState>;
    expect(body._embedded.states).toHaveLength(3);
    expect(body.page).toEqual({ size: 3, totalElements: 8, totalPages: 3, number: 2 });
    const all = (await get(API_PATHS.countryStates(1))).body as EmbeddedList<
      'states',
      CountryState
    >;
    expect(body._embedded.states).toEqual(all._embedded.states.slice(3, 6));
  });

  it.each([
    ['page=0', 'page: Must be at least 1'],
    ['page=x', 'page: Must be a whole number'],
    ['pageSize=5000', 'pageSize: Must be at most 1000'],
  ])('answers 400 naming the parameter for ?%s', async (query, message) => {
    const response = await get(`${API_PATHS.countries}?${query}`).expect(400);
    expect(response.body).toEqual({ errorCode: ERROR_CODE.VALIDATION, errorMessage: message });
  });

  describe('programs', () => {
    it('GET /programs is a view of the scheme store', async () => {
      const response = await get(API_PATHS.programs).expect(200);
      const programs = (response.body as EmbeddedList<'programs', Program>)._embedded.programs;
      const stored = [...t.store.read().programs].sort((a, b) => a.programId - b.programId);
      expect(programs).toEqual(stored.map(asProgram));
      for (const program of programs) {
        expect(program).toEqual({
          programId: expect.any(Number),
          programTypeId: expect.any(Number),
          name: expect.any(String),
          shortName: expect.any(String),
          abbreviation: expect.any(String),
          clientId: expect.any(Number),
        });
      }
      // The programs the test added, gift and loyalty, each with its stored fields.
      expect(programs).toEqual(expect.arrayContaining([...GIFTS, LOYALTY].map(asProgram)));
      expect(GIFTS.every((p) => p.programTypeId === PROGRAM_TYPE.GIFT)).toBe(true);
    });

    it('GET /programs?programTypeId=3 lists loyalty programs only', async () => {
      const response = await get(`${API_PATHS.programs}?programTypeId=3`).expect(200);
      const programs = (response.body as EmbeddedList<'programs', Program>)._embedded.programs;
      expect(programs).toContainEqual(asProgram(LOYALTY));
      expect(programs.every((p) => p.programTypeId === PROGRAM_TYPE.LOYALTY)).toBe(true);
      for (const gift of GIFTS) expect(programs).not.toContainEqual(asProgram(gift));
    });

    it('GET /programs/{id} answers one program', async () => {
      const program = TEST_PROGRAMS.other;
      const response = await get(API_PATHS.program(program.programId)).expect(200);
      expect(response.body).toEqual(asProgram(program));
    });

    it('GET /programs/{id} answers 404 JSON for an unknown id', async () => {
      const response = await get(API_PATHS.program(9999)).expect(404);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: 'Program 9999 not found',
      });
    });

    it('GET /programs/{id} answers 400 naming id for a non-numeric id', async () => {
      const response = await get(API_PATHS.program('abc')).expect(400);
      expect(response.body).toEqual({
        errorCode: ERROR_CODE.VALIDATION,
        errorMessage: 'id: Must be a whole number',
      });
    });
  });

  it('every lookup needs a token', async () => {
    for (const path of [API_PATHS.programs, API_PATHS.countries, API_PATHS.programTypes]) {
      const response = await request(t.app).get(`/api${path}`);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ errorCode: ERROR_CODE.SESSION_EXPIRED });
    }
  });
});

describe('seed data (db.json)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds every lookup the specs name', () => {
    const data = t.store.read();
    expect(data.settlementFrequencies).toEqual([
      { id: 1, value: 'Monthly' },
      { id: 2, value: 'Bi-Weekly' },
      { id: 3, value: 'Weekly' },
      { id: 4, value: 'Daily' },
    ]);
    expect(data.journalPageTypes.map((p) => [p.pageTypeId, p.name])).toEqual(
      expect.arrayContaining([
        [5, 'Locations'],
        [10, 'FAQ'],
        [11, 'Privacy Policy'],
        [14, 'Terms and Conditions'],
      ]),
    );
    expect(data.journalPageTypes.find((p) => p.name === 'Login')?.mandatory).toBe(1);
    expect(data.languages[0]).toEqual({ id: 1, languageName: 'English' });
    for (const bank of data.banks) expect(bank.accountFormat).toMatch(/^[0*A -]+$/);
    for (const bin of data.cardBins) {
      expect(bin).toEqual({
        id: expect.any(Number),
        number: expect.stringMatching(/^\d{6,9}$/),
        name: expect.any(String),
        cardLength: expect.any(Number),
        extensionLength: expect.any(Number),
        flInternal: expect.any(Number),
      });
    }
    for (const sub of data.merchantPageSubTypes) {
      expect(data.merchantPageTypes.some((type) => type.id === sub.typeId)).toBe(true);
    }
    for (const program of data.programs) {
      expect(data.clients.some((client) => client.clientId === program.clientId)).toBe(true);
      expect(program.schemeShortName.length).toBeLessThanOrEqual(6);
      expect(program.schemeAbbreviation.length).toBeLessThanOrEqual(3);
    }
    for (const state of data.states) {
      expect(data.countries.some((country) => country.id === state.countryId)).toBe(true);
    }
    expect(data.liabilityFrequencies.length).toBeGreaterThan(0);
    expect(data.schedulerFunctions.length).toBeGreaterThan(0);
  });

  it('keeps no secrets or sessions', () => {
    const data = t.store.read();
    expect(data.meta.tokenSecret).toBeUndefined();
    expect(data.sessions).toEqual([]);
    expect(data.images).toEqual([]);
  });
});

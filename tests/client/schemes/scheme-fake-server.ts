/**
 * A small stateful fake of the scheme calls (03 §7) and the lookups they need, on top of the fake
 * fetch, so the screen tests drive the real app: clients, schemes, configurations and
 * settlements answered the way the server answers them (embedded lists, `{status, data}` for
 * clients, 404 for a configuration or settlement that does not exist).
 */
import { EMBEDDED } from '@contracts/api/paths';
import {
  SCHEME_EMBEDDED,
  type Bank,
  type CardBin,
  type Client,
  type Config,
  type FinancialSettlement,
  type NewClient,
  type Scheme,
  type SchemeInput,
} from '@contracts/api/schemes';
import type { CountryState, LookupItem } from '@contracts/api/entities';
import { embeddedList } from '../../support/client-app';
import type { FakeFetch, RecordedRequest } from '../../support/fake-fetch';

export const COUNTRIES: LookupItem[] = [
  { id: 1, value: 'Australia' },
  { id: 2, value: 'New Zealand' },
];
export const STATES: CountryState[] = [
  { id: 10, value: 'New South Wales', countryId: 1 },
  { id: 11, value: 'Victoria', countryId: 1 },
  { id: 20, value: 'Auckland', countryId: 2 },
];
export const TRANSACTION_METHODS: LookupItem[] = [
  { id: 1, value: 'Card' },
  { id: 2, value: 'Contactless' },
  { id: 3, value: 'Online' },
];
export const BANKS: Bank[] = [{ id: 1, bankName: 'Test Bank', accountFormat: '000-000 00000000' }];

export interface SchemeSeed {
  clients?: Client[];
  schemes?: Scheme[];
  configs?: Config[];
  settlements?: FinancialSettlement[];
  bins?: CardBin[];
}

export interface SchemeFake {
  clients: Client[];
  schemes: Scheme[];
  /** Every call that writes (not GET), as `METHOD /path`, in the order sent. */
  writes(): string[];
  /** The body of the n-th write (0-based). */
  writeBody(index: number): unknown;
}

const isWrite = (request: RecordedRequest) => request.method !== 'GET';
const notFound = (what: string) => ({
  status: 404,
  body: { errorCode: 3, errorMessage: `${what} not found` },
});

export function installSchemeServer(server: FakeFetch, seed: SchemeSeed = {}): SchemeFake {
  const clients = structuredClone(seed.clients ?? []);
  const schemes = structuredClone(seed.schemes ?? []);
  const configs = structuredClone(seed.configs ?? []);
  const settlements = structuredClone(seed.settlements ?? []);
  const bins = structuredClone(seed.bins ?? []);

  const registerScheme = (programId: number) => {
    const find = () => schemes.findIndex((s) => s.programId === programId);
    server.on(`GET /api/gift-card/schemes/${programId}`, () =>
      find() < 0 ? notFound('Scheme') : { body: schemes[find()] },
    );
    server.on(`PUT /api/gift-card/schemes/${programId}`, (request) => {
      const {
        poweruserPassword: _p,
        poweruserPasswordRepeat: _r,
        ...body
      } = request.body as SchemeInput;
      const index = find();
      schemes[index] = { ...schemes[index]!, ...body, programId } as Scheme;
      return { body: schemes[index] };
    });
    server.on(`GET /api/gift-card/configurations/${programId}`, () => {
      const config = configs.find((c) => c.programId === programId);
      return config ? { body: config } : notFound('Configuration');
    });
    server.on(`GET /api/gift-card/financial-settlements/${programId}`, () => {
      const settlement = settlements.find((s) => s.programId === programId);
      return settlement ? { body: settlement } : notFound('Settlement');
    });
  };
  for (const scheme of schemes) registerScheme(scheme.programId);

  server.on('GET /api/countries', { body: embeddedList(EMBEDDED.countries, COUNTRIES) });
  for (const country of COUNTRIES) {
    server.on(`GET /api/countries/${country.id}/states`, {
      body: embeddedList(
        EMBEDDED.states,
        STATES.filter((s) => s.countryId === country.id),
      ),
    });
  }
  server.on('GET /api/transactionMethods', {
    body: embeddedList(EMBEDDED.transactionMethods, TRANSACTION_METHODS),
  });
  server.on('GET /api/gift-card/financial-settlements/banks', {
    body: embeddedList(SCHEME_EMBEDDED.banks, BANKS),
  });
  server.on('GET /api/gift-card/bins', () => ({
    body: embeddedList(SCHEME_EMBEDDED.bins, bins),
  }));
  for (const bin of bins) server.on(`GET /api/gift-card/bins/${bin.id}`, { body: bin });
  server.on('GET /api/gift-card/clients', () => ({
    body: embeddedList(SCHEME_EMBEDDED.clients, clients),
  }));
  server.on('POST /api/gift-card/clients', (request) => {
    const clientId = Math.max(100, ...clients.map((c) => c.clientId)) + 1;
    const client = { ...(request.body as NewClient), clientId } as Client;
    clients.push(client);
    return { status: 201, body: { status: 201, data: client } };
  });
  server.on('GET /api/gift-card/schemes', (request) => {
    const type = Number(request.url.searchParams.get('programTypeId'));
    return {
      body: embeddedList(
        SCHEME_EMBEDDED.schemes,
        schemes.filter((s) => s.programTypeId === type),
      ),
    };
  });
  server.on('POST /api/gift-card/schemes', (request) => {
    const programId = Math.max(100, ...schemes.map((s) => s.programId)) + 1;
    const {
      poweruserPassword: _p,
      poweruserPasswordRepeat: _r,
      ...body
    } = request.body as SchemeInput;
    const client = clients.find((c) => c.clientId === body.clientId);
    const scheme = {
      ...body,
      programId,
      clientName: client?.clientName ?? '',
      schemeStatus: 1,
    } as Scheme;
    schemes.push(scheme);
    registerScheme(programId);
    return { status: 201, body: scheme };
  });
  server.on('POST /images', () => ({ status: 201, body: { id: 'img-1' } }));

  const writes = () => server.requests.filter(isWrite);
  return {
    clients,
    schemes,
    writes: () => writes().map((r) => `${r.method} ${r.path}`),
    writeBody: (index) => writes()[index]?.body,
  };
}

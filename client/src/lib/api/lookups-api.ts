import { API_PATHS, EMBEDDED } from '@contracts/api/paths';
import type { CountryState, EmbeddedList, LookupItem, Program } from '@contracts/api/entities';
import { api } from './api-slices';
import type { NoArg } from './base-query';

/**
 * Lookups used across the product (01 §7.2). Shared code rather than a feature: every area
 * reads them, and a feature never imports another feature (docs/architecture.md, "Import
 * rules").
 */

const LOOKUP_TAGS = [
  'Program',
  'Country',
  'State',
  'TransactionMethod',
  'ExpiryType',
  'ExpiryTerm',
  'ProgramType',
] as const;
type LookupTag = (typeof LOOKUP_TAGS)[number];

/** Tags of a list: `{type, id: 'LIST'}` plus one per item (docs/architecture.md, "The client"). */
export function listTags<T, Tag extends string>(
  type: Tag,
  items: readonly T[] | undefined,
  idOf: (item: T) => number | string,
  listId: number | string = 'LIST',
) {
  return [{ type, id: listId }, ...(items ?? []).map((item) => ({ type, id: idOf(item) }))];
}

/** Items of an embedded list answer; an answer without the list (or none at all) reads as empty. */
export function embedded<Name extends string, T>(name: Name) {
  return (response: EmbeddedList<Name, T> | null): T[] => response?._embedded?.[name] ?? [];
}

const byId = (item: LookupItem) => item.id;

const lookupItems = <Tag extends LookupTag>(type: Tag) => ({
  providesTags: (result: LookupItem[] | undefined) => listTags(type, result, byId),
});

export const lookupsApi = api.enhanceEndpoints({ addTagTypes: LOOKUP_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    programs: build.query<Program[], NoArg>({
      query: () => API_PATHS.programs,
      transformResponse: embedded<typeof EMBEDDED.programs, Program>(EMBEDDED.programs),
      providesTags: (result) => listTags('Program', result, (p) => p.programId),
    }),
    program: build.query<Program, number>({
      query: (id) => API_PATHS.program(id),
      providesTags: (_result, _error, id) => [{ type: 'Program', id }],
    }),
    countries: build.query<LookupItem[], NoArg>({
      query: () => API_PATHS.countries,
      transformResponse: embedded<typeof EMBEDDED.countries, LookupItem>(EMBEDDED.countries),
      ...lookupItems('Country'),
    }),
    states: build.query<CountryState[], number>({
      query: (countryId) => API_PATHS.countryStates(countryId),
      transformResponse: embedded<typeof EMBEDDED.states, CountryState>(EMBEDDED.states),
      // One list per country.
      providesTags: (result, _error, countryId) =>
        listTags('State', result, byId, `LIST-${countryId}`),
    }),
    transactionMethods: build.query<LookupItem[], NoArg>({
      query: () => API_PATHS.transactionMethods,
      transformResponse: embedded<typeof EMBEDDED.transactionMethods, LookupItem>(
        EMBEDDED.transactionMethods,
      ),
      ...lookupItems('TransactionMethod'),
    }),
    expiryTypes: build.query<LookupItem[], NoArg>({
      query: () => API_PATHS.expiryTypes,
      transformResponse: embedded<typeof EMBEDDED.expiryTypes, LookupItem>(EMBEDDED.expiryTypes),
      ...lookupItems('ExpiryType'),
    }),
    expiryTerms: build.query<LookupItem[], NoArg>({
      query: () => API_PATHS.expiryTerms,
      transformResponse: embedded<typeof EMBEDDED.expiryTerms, LookupItem>(EMBEDDED.expiryTerms),
      ...lookupItems('ExpiryTerm'),
    }),
    programTypes: build.query<LookupItem[], NoArg>({
      query: () => API_PATHS.programTypes,
      transformResponse: embedded<typeof EMBEDDED.programTypes, LookupItem>(EMBEDDED.programTypes),
      ...lookupItems('ProgramType'),
    }),
  }),
});

export const {
  useProgramsQuery,
  useProgramQuery,
  useCountriesQuery,
  useStatesQuery,
  useTransactionMethodsQuery,
  useExpiryTypesQuery,
  useExpiryTermsQuery,
  useProgramTypesQuery,
} = lookupsApi;

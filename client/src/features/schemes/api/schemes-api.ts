import type { FetchArgs } from '@reduxjs/toolkit/query';
import {
  SCHEME_EMBEDDED,
  SCHEME_PATHS,
  hasOwnBin,
  type Bank,
  type BaseCampaignAction,
  type BaseCampaignNonAction,
  type CardBin,
  type Client,
  type ClientAnswer,
  type Config,
  type ConfigInput,
  type FinancialSettlement,
  type FrequencyItem,
  type LiabilityReportConfig,
  type NewClient,
  type SchedulerFunctionItem,
  type Scheme,
  type SchemeInput,
  type SchemeStatusAnswer,
  type SingleValue,
  type UploadedFile,
} from '@contracts/api/schemes';
import { api } from '@/lib/api/api-slices';
import type { ApiExtraOptions, AppBaseQuery, NoArg } from '@/lib/api/base-query';
import type { ApiFailure } from '@/lib/api/errors';
import { embedded, listTags } from '@/lib/api/lookups-api';
import {
  keepEtag,
  readAgainAfter,
  readRecord,
  saveRecord,
  strongEtagOf,
  type RecordRef,
} from '@/lib/api/record-etags';

/**
 * The scheme calls of 03 §7 on the API base (all but the giftSchemeFiles uploads and imports and
 * the review mail), injected into the shared API slice. Lists provide `{type, id: 'LIST'}` plus
 * one tag per item; a create invalidates the list, an update the item and the list.
 *
 * Reads that may find nothing answer `null` instead of failing: a configuration, a settlement and
 * a base campaign answered 404 do not exist yet (03 §4: "fetching the config returning 404 means
 * it does not exist yet"), and any failure of the liability read means none (03 §7).
 *
 * Optimistic concurrency (docs/decisions.md, "Concurrent edits"): the read of a record a step
 * edits keeps its ETag (lib/api/record-etags.ts) and the step's update sends it as `If-Match`;
 * the server refuses a record saved by someone else since with 412. A save refused as stale
 * (412) or a create refused because the record exists now (409) reads the record again, like a
 * save that succeeded: the step's form re-initialises on top of what the operator changed
 * (lib/forms/keep-changes-form.tsx), and the next save goes with the fresh ETag. Other refused saves
 * read nothing again.
 */

const RETURN_BODY = { returnBody: 'true' } as const;
const RESPONSE_BODY = { responseBody: 'true' } as const;

const SCHEME_TAGS = [
  'SchemeClient',
  'Scheme',
  'SchemeConfig',
  'CardBin',
  'BinExtension',
  'Bank',
  'Settlement',
  'Liability',
  'LiabilityLookup',
  'BaseCampaign',
  'UploadedFile',
  // The lookups' program list (GET /programs) is a view of the same store (spec README).
  'Program',
] as const;

type QueryResult<T> = { data: T } | { error: ApiFailure };
type BaseQuery = (args: string | FetchArgs) => ReturnType<AppBaseQuery>;

/** The reads answered 404 while the record does not exist yet: not logged as failures. */
const NONE_YET: ApiExtraOptions = { expectedStatuses: [404] };

/**
 * A read whose 404 means "none yet" (or, with `anyFailure`, whose every failure does); the
 * record's ETag is kept (none when there is no record).
 */
async function readOrNull<T>(
  baseQuery: BaseQuery,
  args: string | FetchArgs,
  record: RecordRef,
  { anyFailure = false }: { anyFailure?: boolean } = {},
): Promise<QueryResult<T | null>> {
  const result = await baseQuery(args);
  if (!result.error) {
    keepEtag(record, result.data ? strongEtagOf(result.meta) : null);
    return { data: (result.data ?? null) as T | null };
  }
  const none = anyFailure
    ? // A 401 still ends the session (the base query saw to it); the screen shows nothing then.
      result.error.status !== 401
    : result.error.status === 404;
  if (none) keepEtag(record, null);
  return none ? { data: null } : { error: result.error };
}

/**
 * What a client save adds besides the client: a client with its own BIN gets a card BIN of that
 * number when none exists (server: clients-router), so the BIN list is read again.
 */
const addedBinTags = (client: NewClient) =>
  hasOwnBin(client) ? [{ type: 'CardBin' as const, id: 'LIST' }] : [];

/** Arguments of a scheme update: the path id and the body. */
export interface SchemeUpdate {
  programId: number;
  scheme: SchemeInput;
}
export interface ConfigUpdate {
  programId: number;
  config: ConfigInput;
}

export const schemesApi = api.enhanceEndpoints({ addTagTypes: SCHEME_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    // ------------------------------------------------------------------ clients
    schemeClients: build.query<Client[], NoArg>({
      query: () => SCHEME_PATHS.clients,
      transformResponse: embedded<typeof SCHEME_EMBEDDED.clients, Client>(SCHEME_EMBEDDED.clients),
      providesTags: (result) => listTags('SchemeClient', result, (c) => c.clientId),
    }),
    createClient: build.mutation<ClientAnswer, NewClient>({
      query: (body) => ({ url: SCHEME_PATHS.clients, method: 'POST', params: RETURN_BODY, body }),
      invalidatesTags: (_result, error, client) =>
        error ? [] : [{ type: 'SchemeClient', id: 'LIST' }, ...addedBinTags(client)],
    }),
    updateClient: build.mutation<ClientAnswer, Client>({
      query: (client) => ({
        url: SCHEME_PATHS.client(client.clientId),
        method: 'PUT',
        params: RETURN_BODY,
        body: client,
      }),
      invalidatesTags: (_result, error, client) =>
        error
          ? []
          : [
              // Also every scheme answer of the client: they carry its name (see `scheme`).
              { type: 'SchemeClient', id: client.clientId },
              { type: 'SchemeClient', id: 'LIST' },
              { type: 'Scheme', id: 'LIST' },
              ...addedBinTags(client),
            ],
    }),

    // ------------------------------------------------------------------ schemes
    /** GET /gift-card/schemes?programTypeId= (1 gift, 3 loyalty). */
    schemes: build.query<Scheme[], number>({
      query: (programTypeId) => ({ url: SCHEME_PATHS.schemes, params: { programTypeId } }),
      transformResponse: embedded<typeof SCHEME_EMBEDDED.schemes, Scheme>(SCHEME_EMBEDDED.schemes),
      providesTags: (result) => listTags('Scheme', result, (s) => s.programId),
    }),
    scheme: build.query<Scheme, number>({
      queryFn: (id, api, _extra, baseQuery) =>
        readRecord<Scheme>(baseQuery, SCHEME_PATHS.scheme(id), {
          kind: 'scheme',
          id,
          api,
        }),
      // A scheme answer carries its client's name: a client update refreshes it.
      providesTags: (result, _error, id) => [
        { type: 'Scheme', id },
        ...(result ? [{ type: 'SchemeClient' as const, id: result.clientId }] : []),
      ],
    }),
    createScheme: build.mutation<Scheme, SchemeInput>({
      query: (body) => ({ url: SCHEME_PATHS.schemes, method: 'POST', params: RETURN_BODY, body }),
      invalidatesTags: [
        { type: 'Scheme', id: 'LIST' },
        { type: 'Program', id: 'LIST' },
      ],
    }),
    updateScheme: build.mutation<Scheme, SchemeUpdate>({
      queryFn: ({ programId, scheme }, api, _extra, baseQuery) =>
        saveRecord<Scheme>(
          baseQuery,
          { url: SCHEME_PATHS.scheme(programId), method: 'PUT', params: RETURN_BODY, body: scheme },
          { kind: 'scheme', id: programId, api },
        ),
      invalidatesTags: (_result, error, { programId }) =>
        readAgainAfter(error)
          ? [
              { type: 'Scheme', id: programId },
              { type: 'Scheme', id: 'LIST' },
              { type: 'Program', id: programId },
              { type: 'Program', id: 'LIST' },
            ]
          : [],
    }),

    // ------------------------------------------------------------------ configuration
    /** The scheme's configuration, or null when it has none yet (404). */
    configuration: build.query<Config | null, number>({
      queryFn: (programId, api, _extra, baseQuery) =>
        readOrNull<Config>(baseQuery, SCHEME_PATHS.configuration(programId), {
          kind: 'configuration',
          id: programId,
          api,
        }),
      extraOptions: NONE_YET,
      providesTags: (_result, _error, programId) => [{ type: 'SchemeConfig', id: programId }],
    }),
    createConfiguration: build.mutation<Config, ConfigInput>({
      query: (body) => ({
        url: SCHEME_PATHS.configurations,
        method: 'POST',
        params: RESPONSE_BODY,
        body,
      }),
      invalidatesTags: (_result, error, config) =>
        readAgainAfter(error)
          ? [
              { type: 'SchemeConfig', id: config.programId },
              { type: 'BinExtension', id: config.liveCardBinId },
              { type: 'Scheme', id: config.programId },
              { type: 'Scheme', id: 'LIST' },
            ]
          : [],
      // The wizard opens the later steps once the scheme has a configuration: the created one is
      // cached at once, so the next step never waits for (or races) the read the tags start.
      async onQueryStarted({ programId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(schemesApi.util.upsertQueryData('configuration', programId, data));
        } catch {
          // A refused save is shown by the step; the cache keeps what it had.
        }
      },
    }),
    updateConfiguration: build.mutation<Config, ConfigUpdate>({
      queryFn: ({ programId, config }, api, _extra, baseQuery) =>
        saveRecord<Config>(
          baseQuery,
          { url: SCHEME_PATHS.configuration(programId), method: 'PUT', body: config },
          { kind: 'configuration', id: programId, api },
        ),
      invalidatesTags: (_result, error, { programId, config }) =>
        readAgainAfter(error)
          ? [
              { type: 'SchemeConfig', id: programId },
              { type: 'BinExtension', id: config.liveCardBinId },
              { type: 'Scheme', id: programId },
              { type: 'Scheme', id: 'LIST' },
            ]
          : [],
    }),

    // ------------------------------------------------------------------ card BINs
    bins: build.query<CardBin[], NoArg>({
      query: () => SCHEME_PATHS.bins,
      transformResponse: embedded<typeof SCHEME_EMBEDDED.bins, CardBin>(SCHEME_EMBEDDED.bins),
      providesTags: (result) => listTags('CardBin', result, (b) => b.id),
    }),
    bin: build.query<CardBin, number>({
      query: (id) => SCHEME_PATHS.bin(id),
      providesTags: (_result, _error, id) => [{ type: 'CardBin', id }],
    }),
    /** The next free extension base of a BIN: suffixes take base+1, +2, +3 (03 §4). */
    binExtensionNumber: build.query<number, number>({
      query: (binId) => SCHEME_PATHS.binExtensionNumber(binId),
      transformResponse: (response: SingleValue) => response.singleValue,
      providesTags: (_result, _error, binId) => [{ type: 'BinExtension', id: binId }],
    }),

    // ------------------------------------------------------------------ financial settlement
    banks: build.query<Bank[], NoArg>({
      query: () => SCHEME_PATHS.settlementBanks,
      transformResponse: embedded<typeof SCHEME_EMBEDDED.banks, Bank>(SCHEME_EMBEDDED.banks),
      providesTags: (result) => listTags('Bank', result, (b) => b.id),
    }),
    /** The scheme's settlement, or null when it has none yet (404). */
    settlement: build.query<FinancialSettlement | null, number>({
      queryFn: (programId, api, _extra, baseQuery) =>
        readOrNull<FinancialSettlement>(baseQuery, SCHEME_PATHS.settlement(programId), {
          kind: 'settlement',
          id: programId,
          api,
        }),
      extraOptions: NONE_YET,
      providesTags: (_result, _error, programId) => [{ type: 'Settlement', id: programId }],
    }),
    createSettlement: build.mutation<FinancialSettlement, FinancialSettlement>({
      query: (body) => ({ url: SCHEME_PATHS.settlements, method: 'POST', body }),
      invalidatesTags: (_result, error, body) =>
        readAgainAfter(error)
          ? [
              { type: 'Settlement', id: body.programId },
              { type: 'Scheme', id: body.programId },
            ]
          : [],
    }),
    updateSettlement: build.mutation<FinancialSettlement, FinancialSettlement>({
      queryFn: (body, api, _extra, baseQuery) =>
        saveRecord<FinancialSettlement>(
          baseQuery,
          { url: SCHEME_PATHS.settlement(body.programId), method: 'PUT', body },
          { kind: 'settlement', id: body.programId, api },
        ),
      invalidatesTags: (_result, error, body) =>
        readAgainAfter(error)
          ? [
              { type: 'Settlement', id: body.programId },
              { type: 'Scheme', id: body.programId },
            ]
          : [],
    }),

    // ------------------------------------------------------------------ liability
    liabilityFrequencies: build.query<FrequencyItem[], NoArg>({
      query: () => SCHEME_PATHS.liabilityFrequency,
      transformResponse: embedded<typeof SCHEME_EMBEDDED.frequencies, FrequencyItem>(
        SCHEME_EMBEDDED.frequencies,
      ),
      providesTags: (result) => listTags('LiabilityLookup', result, (f) => `frequency-${f.id}`),
    }),
    schedulerFunctions: build.query<SchedulerFunctionItem[], NoArg>({
      query: () => SCHEME_PATHS.liabilitySchedulerFunction,
      transformResponse: embedded<typeof SCHEME_EMBEDDED.schedulerFunctions, SchedulerFunctionItem>(
        SCHEME_EMBEDDED.schedulerFunctions,
      ),
      providesTags: (result) =>
        listTags('LiabilityLookup', result, (f) => `scheduler-${f.id}`, 'LIST-scheduler'),
    }),
    /** The scheme's liability report config, or null: any failed read means none (03 §7). */
    liability: build.query<LiabilityReportConfig | null, number>({
      queryFn: (programId, api, _extra, baseQuery) =>
        readOrNull<LiabilityReportConfig>(
          baseQuery,
          { url: SCHEME_PATHS.liability, params: { programId } },
          { kind: 'liability', id: programId, api },
          { anyFailure: true },
        ),
      extraOptions: NONE_YET,
      providesTags: (_result, _error, programId) => [{ type: 'Liability', id: programId }],
    }),
    createLiability: build.mutation<LiabilityReportConfig, LiabilityReportConfig>({
      query: (body) => ({ url: SCHEME_PATHS.liability, method: 'POST', params: RETURN_BODY, body }),
      invalidatesTags: (_result, error, body) =>
        readAgainAfter(error) ? [{ type: 'Liability', id: body.programId }] : [],
    }),
    updateLiability: build.mutation<LiabilityReportConfig, LiabilityReportConfig>({
      queryFn: (body, api, _extra, baseQuery) =>
        saveRecord<LiabilityReportConfig>(
          baseQuery,
          { url: SCHEME_PATHS.liability, method: 'PUT', params: RETURN_BODY, body },
          { kind: 'liability', id: body.programId, api },
        ),
      invalidatesTags: (_result, error, body) =>
        readAgainAfter(error) ? [{ type: 'Liability', id: body.programId }] : [],
    }),

    // ------------------------------------------------------------------ base campaign
    /** The scheme's base campaign action, or null when it has none yet (404). */
    campaignAction: build.query<BaseCampaignAction | null, number>({
      queryFn: (programId, api, _extra, baseQuery) =>
        readOrNull<BaseCampaignAction>(baseQuery, SCHEME_PATHS.campaignAction(programId), {
          kind: 'campaign',
          id: programId,
          api,
        }),
      extraOptions: NONE_YET,
      providesTags: (_result, _error, programId) => [{ type: 'BaseCampaign', id: programId }],
    }),
    campaignNonActions: build.query<BaseCampaignNonAction[], number>({
      query: (programId) => SCHEME_PATHS.campaignNonAction(programId),
      transformResponse: embedded<typeof SCHEME_EMBEDDED.nonActions, BaseCampaignNonAction>(
        SCHEME_EMBEDDED.nonActions,
      ),
      providesTags: (_result, _error, programId) => [
        { type: 'BaseCampaign', id: `rows-${programId}` },
      ],
    }),
    createBaseCampaign: build.mutation<BaseCampaignAction, BaseCampaignAction>({
      query: (body) => ({ url: SCHEME_PATHS.baseCampaign, method: 'POST', body }),
      invalidatesTags: (_result, error, body) =>
        readAgainAfter(error)
          ? [
              { type: 'BaseCampaign', id: body.programId },
              { type: 'BaseCampaign', id: `rows-${body.programId}` },
            ]
          : [],
    }),
    updateBaseCampaign: build.mutation<BaseCampaignAction, BaseCampaignAction>({
      queryFn: (body, api, _extra, baseQuery) =>
        saveRecord<BaseCampaignAction>(
          baseQuery,
          { url: SCHEME_PATHS.baseCampaignUpdate, method: 'POST', body },
          { kind: 'campaign', id: body.programId, api },
        ),
      invalidatesTags: (_result, error, body) =>
        readAgainAfter(error)
          ? [
              { type: 'BaseCampaign', id: body.programId },
              { type: 'BaseCampaign', id: `rows-${body.programId}` },
            ]
          : [],
    }),

    // ------------------------------------------------------------------ summary
    uploadedFiles: build.query<UploadedFile[], number>({
      query: (programId) => SCHEME_PATHS.uploadedFiles(programId),
      transformResponse: embedded<typeof SCHEME_EMBEDDED.files, UploadedFile>(
        SCHEME_EMBEDDED.files,
      ),
      providesTags: (_result, _error, programId) => [{ type: 'UploadedFile', id: programId }],
    }),
    /** PUT /gift-card/summaries/{id}: activates the scheme (status 5). */
    activateScheme: build.mutation<SchemeStatusAnswer, number>({
      query: (programId) => ({ url: SCHEME_PATHS.summary(programId), method: 'PUT' }),
      invalidatesTags: (_result, _error, programId) => [
        { type: 'Scheme', id: programId },
        { type: 'Scheme', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useSchemeClientsQuery,
  useCreateClientMutation,
  useUpdateClientMutation,
  useSchemesQuery,
  useSchemeQuery,
  useCreateSchemeMutation,
  useUpdateSchemeMutation,
  useConfigurationQuery,
  useCreateConfigurationMutation,
  useUpdateConfigurationMutation,
  useBinsQuery,
  useBinQuery,
  useBinExtensionNumberQuery,
  useBanksQuery,
  useSettlementQuery,
  useCreateSettlementMutation,
  useUpdateSettlementMutation,
  useLiabilityFrequenciesQuery,
  useSchedulerFunctionsQuery,
  useLiabilityQuery,
  useCreateLiabilityMutation,
  useUpdateLiabilityMutation,
  useCampaignActionQuery,
  useCampaignNonActionsQuery,
  useCreateBaseCampaignMutation,
  useUpdateBaseCampaignMutation,
  useUploadedFilesQuery,
  useActivateSchemeMutation,
} = schemesApi;

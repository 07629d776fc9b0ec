import {
  JOURNAL_EMBEDDED,
  JOURNAL_PAGE_SIZE,
  JOURNAL_PATHS,
  type Deployment,
  type DeploymentRequest,
  type JournalPage,
  type JournalPageType,
  type JournalProfile,
  type ModuleCode,
  type NewJournalPage,
  type NewJournalProfile,
  type NewModuleCode,
} from '@contracts/api/journal';
import type { EmbeddedList } from '@contracts/api/entities';
import { api } from '@/lib/api/api-slices';
import type { NoArg } from '@/lib/api/base-query';
import { embedded, listTags } from '@/lib/api/lookups-api';
import { readRecord, saveRecord } from '@/lib/api/record-etags';

/** MyJournal calls on the API base (01 §7.3), injected into the shared API slice. */

const RETURN_BODY = { returnBody: 'true' } as const;

type PagesAnswer = EmbeddedList<typeof JOURNAL_EMBEDDED.pages, JournalPage> | null;
const pagesOf = embedded<typeof JOURNAL_EMBEDDED.pages, JournalPage>(JOURNAL_EMBEDDED.pages);

/** Answer of the module-code lookup: the HTTP status is read, as the spec says (01 §4.2, §7.3). */
export interface ModuleCodeLookup {
  status: number;
  /** The code when the answer holds one (200), else null (204). */
  code: string | null;
  moduleCode: ModuleCode | null;
}

export interface ModuleCodeLookupArgs {
  programId: number;
  moduleCodeId: number | null;
}

/** The tags a profile's reads provide: the profile and the list that holds it. */
export const journalProfileTags = (profileId: number) => [
  { type: 'JournalProfile' as const, id: profileId },
  { type: 'JournalProfile' as const, id: 'LIST' },
];

export const journalApi = api
  .enhanceEndpoints({ addTagTypes: ['JournalProfile', 'JournalPage', 'JournalPageType'] })
  .injectEndpoints({
    endpoints: (build) => ({
      journalProfiles: build.query<JournalProfile[], NoArg>({
        query: () => ({
          url: JOURNAL_PATHS.profiles,
          params: { page: 1, pageSize: JOURNAL_PAGE_SIZE.profiles },
        }),
        transformResponse: embedded<typeof JOURNAL_EMBEDDED.profiles, JournalProfile>(
          JOURNAL_EMBEDDED.profiles,
        ),
        providesTags: (result) => listTags('JournalProfile', result, (p) => p.profileId),
      }),
      /** One profile; its ETag is kept for the next save of it (lib/api/record-etags.ts). */
      journalProfile: build.query<JournalProfile, number>({
        queryFn: (id, api, _extra, baseQuery) =>
          readRecord<JournalProfile>(baseQuery, JOURNAL_PATHS.profile(id), {
            kind: 'journalProfile',
            id,
            api,
          }),
        providesTags: (_result, _error, id) => [{ type: 'JournalProfile', id }],
      }),
      createJournalProfile: build.mutation<JournalProfile, NewJournalProfile>({
        query: (body) => ({
          url: JOURNAL_PATHS.profiles,
          method: 'POST',
          params: RETURN_BODY,
          body,
        }),
        invalidatesTags: [{ type: 'JournalProfile', id: 'LIST' }],
      }),
      /**
       * The whole profile, sent with `If-Match` of the profile as last read: a profile someone
       * else saved since is refused (412) and read again, so the screen shows it with the
       * operator's changes kept.
       */
      updateJournalProfile: build.mutation<JournalProfile, JournalProfile>({
        queryFn: (profile, api, _extra, baseQuery) =>
          saveRecord<JournalProfile>(
            baseQuery,
            {
              url: JOURNAL_PATHS.profile(profile.profileId),
              method: 'PUT',
              params: RETURN_BODY,
              body: profile,
            },
            { kind: 'journalProfile', id: profile.profileId, api },
          ),
        // Read again after any answer, a refusal too: the screen then shows the stored profile.
        invalidatesTags: (_result, _error, profile) => journalProfileTags(profile.profileId),
      }),
      /**
       * A profile's pages; the list answers the ETag of all of them, kept for the next save of
       * any of them (lib/api/record-etags.ts).
       */
      journalPages: build.query<JournalPage[], number>({
        queryFn: async (profileId, api, _extra, baseQuery) => {
          const result = await readRecord<PagesAnswer>(
            baseQuery,
            {
              url: JOURNAL_PATHS.profilePages(profileId),
              params: { page: 1, pageSize: JOURNAL_PAGE_SIZE.pages },
            },
            { kind: 'journalPages', id: profileId, api },
          );
          return 'error' in result ? result : { data: pagesOf(result.data) };
        },
        providesTags: (result, _error, profileId) =>
          listTags('JournalPage', result, (p) => p.pageId, `LIST-${profileId}`),
      }),
      /**
       * A page created (step 3, the Login editor, an import), sent with `If-Match` of the
       * profile's pages as last read; the answer's ETag is kept for the next page save.
       */
      createJournalPage: build.mutation<JournalPage, NewJournalPage>({
        queryFn: (body, api, _extra, baseQuery) =>
          saveRecord<JournalPage>(
            baseQuery,
            { url: JOURNAL_PATHS.pages, method: 'POST', params: RETURN_BODY, body },
            { kind: 'journalPages', id: body.profileId, api },
          ),
        // Read again after any answer, a refusal too: the screen then shows the stored pages.
        invalidatesTags: (_result, _error, page) => [
          { type: 'JournalPage', id: `LIST-${page.profileId}` },
        ],
      }),
      /**
       * The whole page, sent with `If-Match` of the profile's pages as last read: a page saved
       * by someone else since (or another page of the profile) is refused (412) and the pages
       * read again, so the editor shows them with the operator's changes kept.
       */
      updateJournalPage: build.mutation<JournalPage, JournalPage>({
        queryFn: (page, api, _extra, baseQuery) =>
          saveRecord<JournalPage>(
            baseQuery,
            {
              url: JOURNAL_PATHS.page(page.pageId),
              method: 'PUT',
              params: RETURN_BODY,
              body: page,
            },
            { kind: 'journalPages', id: page.profileId, api },
          ),
        invalidatesTags: (_result, _error, page) => [
          { type: 'JournalPage', id: page.pageId },
          { type: 'JournalPage', id: `LIST-${page.profileId}` },
        ],
      }),
      journalPageTypes: build.query<JournalPageType[], NoArg>({
        query: () => ({
          url: JOURNAL_PATHS.pageTypes,
          params: { page: 1, pageSize: JOURNAL_PAGE_SIZE.pageTypes },
        }),
        transformResponse: embedded<typeof JOURNAL_EMBEDDED.pageTypes, JournalPageType>(
          JOURNAL_EMBEDDED.pageTypes,
        ),
        providesTags: (result) => listTags('JournalPageType', result, (t) => t.pageTypeId),
      }),
      /** GET /moduleCodes/byid/{programId}?moduleCodeId=: 200 with a code, or 204 without. */
      lookupModuleCode: build.mutation<ModuleCodeLookup, ModuleCodeLookupArgs>({
        query: ({ programId, moduleCodeId }) => ({
          url: JOURNAL_PATHS.moduleCodeById(programId),
          params: { ...RETURN_BODY, moduleCodeId: moduleCodeId ?? '' },
        }),
        transformResponse: (response: ModuleCode | null, meta) => ({
          status: meta?.response?.status ?? 0,
          code: response?.code ?? null,
          moduleCode: response ?? null,
        }),
      }),
      /** GET /moduleCodes/{programId}: the program's module codes. */
      programModuleCodes: build.query<ModuleCode[], number>({
        query: (programId) => ({
          url: JOURNAL_PATHS.programModuleCodes(programId),
          params: RETURN_BODY,
        }),
        transformResponse: embedded<typeof JOURNAL_EMBEDDED.moduleCodes, ModuleCode>(
          JOURNAL_EMBEDDED.moduleCodes,
        ),
      }),
      createModuleCode: build.mutation<ModuleCode, NewModuleCode>({
        query: (body) => ({
          url: JOURNAL_PATHS.moduleCodes,
          method: 'POST',
          params: RETURN_BODY,
          body,
        }),
      }),
      createDeployment: build.mutation<Deployment, DeploymentRequest>({
        query: (body) => ({ url: JOURNAL_PATHS.deployments, method: 'POST', body }),
      }),
    }),
  });

export const {
  useJournalProfilesQuery,
  useJournalProfileQuery,
  useCreateJournalProfileMutation,
  useUpdateJournalProfileMutation,
  useJournalPagesQuery,
  useCreateJournalPageMutation,
  useUpdateJournalPageMutation,
  useJournalPageTypesQuery,
  useLookupModuleCodeMutation,
  useProgramModuleCodesQuery,
  useCreateModuleCodeMutation,
  useCreateDeploymentMutation,
} = journalApi;

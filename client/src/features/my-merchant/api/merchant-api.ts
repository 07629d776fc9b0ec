import {
  MERCHANT_EMBEDDED,
  MERCHANT_MEDIA_FIELD_NAME,
  MERCHANT_PATHS,
  type MerchantIdAnswer,
  type MerchantLanguage,
  type MerchantMediaAnswer,
  type MerchantMediaSlot,
  type MerchantModuleCode,
  type MerchantModuleCodeBody,
  type MerchantPageSubType,
  type MerchantPageType,
  type MerchantProfile,
  type MerchantProfileUpdate,
  type MerchantProgram,
  type MerchantPublishBody,
  type MerchantPublishRecord,
  type MerchantSiteSettings,
  type NewMerchantProfile,
  type SelectedPageSubType,
  type SelectedPageSubTypes,
  type SelectedPageType,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { merchantApi as merchantSlice } from '@/lib/api/api-slices';
import type { NoArg } from '@/lib/api/base-query';
import { embedded, listTags } from '@/lib/api/lookups-api';
import { readRecord, saveRecord } from '@/lib/api/record-etags';
import {
  multipartFile,
  uploadRequest,
  type UploadProgress,
  type UploadTransport,
} from '@/lib/api/upload-request';

/**
 * The MyMerchant calls of 02 §7, injected into the merchant-wizard API slice (its own base,
 * `/api` on the mock server). Lists come as embedded collections and are unwrapped here (the
 * shared `embedded`); the selected pages and sub-pages come as `{ profileId, pageTypes }` /
 * `{ profileId, pageSubtypes }` and are answered as their lists. Failures are the shared
 * `ApiFailure` of the base query.
 *
 * The media upload is multipart (field `image`, the slot in `?filename=`), sent through the
 * shared lib/api/upload-request as the scheme imports are: progress in a browser
 * (XMLHttpRequest), fetch where there is none (node: the pacts), the same headers, errors and
 * session-expiry handling as every other call.
 */

const RETURN_BODY = { returnBody: 'true' } as const;

/** Step 3's form: the profile's selected pages and sub-pages, read together. */
export interface MerchantPageSelection {
  pages: SelectedPageType[];
  subPages: SelectedPageSubType[];
}

/** A profile update: the id it goes to, and the fields (02 §7: "same payload or full profile"). */
export type MerchantProfileSave = MerchantProfileUpdate & Pick<MerchantProfile, 'id'>;

export interface MerchantMediaUploadArgs {
  profileId: number;
  /** The slot (02 §7 `filename`): headerLogo, logo, favicon or background. */
  filename: MerchantMediaSlot;
  file: File;
  onProgress?(progress: UploadProgress): void;
  /** Instead of the default transport (tests). */
  transport?: UploadTransport;
}

/** The tags a profile's reads provide: the profile and the list that holds it. */
export const merchantProfileTags = (id: number) => [
  { type: 'MerchantProfile' as const, id },
  { type: 'MerchantProfile' as const, id: 'LIST' },
];

export const merchantApi = merchantSlice
  .enhanceEndpoints({
    addTagTypes: [
      'MerchantProfile',
      'MerchantProgram',
      'MerchantLanguage',
      'MerchantPageType',
      'MerchantPageSubType',
      'MerchantSelectedPages',
      'MerchantSelectedSubPages',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      // ------------------------------------------------------------------------- profiles
      merchantProfiles: build.query<MerchantProfile[], NoArg>({
        query: () => MERCHANT_PATHS.profiles,
        transformResponse: embedded<typeof MERCHANT_EMBEDDED.profiles, MerchantProfile>(
          MERCHANT_EMBEDDED.profiles,
        ),
        providesTags: (result) => listTags('MerchantProfile', result, (p) => p.id),
      }),
      /** One profile; its ETag is kept for the next save of it (lib/api/record-etags.ts). */
      merchantProfile: build.query<MerchantProfile, number>({
        queryFn: (id, api, _extra, baseQuery) =>
          readRecord<MerchantProfile>(baseQuery, MERCHANT_PATHS.profile(id), {
            kind: 'merchantProfile',
            id,
            api,
          }),
        providesTags: (_result, _error, id) => [{ type: 'MerchantProfile', id }],
      }),
      /** POST profile: answers `{ id }` (the wizard keeps it in the `id` cookie, 02 §4). */
      createMerchantProfile: build.mutation<MerchantIdAnswer, NewMerchantProfile>({
        query: (body) => ({ url: MERCHANT_PATHS.profiles, method: 'POST', body }),
        invalidatesTags: [{ type: 'MerchantProfile', id: 'LIST' }],
      }),
      /**
       * PUT profile/{id}?returnBody=true: answers the stored profile. Sent with `If-Match` of the
       * profile as last read: a profile someone else saved since is refused (412) and read
       * again, so the screen shows it with the operator's changes kept.
       */
      updateMerchantProfile: build.mutation<MerchantProfile, MerchantProfileSave>({
        queryFn: (profile, api, _extra, baseQuery) =>
          saveRecord<MerchantProfile>(
            baseQuery,
            {
              url: MERCHANT_PATHS.profile(profile.id),
              method: 'PUT',
              params: RETURN_BODY,
              body: profile,
            },
            { kind: 'merchantProfile', id: profile.id, api },
          ),
        // Read again after any answer, a refusal too: the screen then shows the stored profile.
        invalidatesTags: (_result, _error, profile) => merchantProfileTags(profile.id),
      }),
      /**
       * POST profile/sitesettings: site title and tracking code (step 2); answers `{ id }`. Sent
       * with `If-Match` of the profile as last read, as the update is.
       */
      saveMerchantSiteSettings: build.mutation<MerchantIdAnswer, MerchantSiteSettings>({
        queryFn: (body, api, _extra, baseQuery) =>
          saveRecord<MerchantIdAnswer>(
            baseQuery,
            { url: MERCHANT_PATHS.siteSettings, method: 'POST', body },
            { kind: 'merchantProfile', id: body.id, api },
          ),
        invalidatesTags: (_result, _error, settings) => merchantProfileTags(settings.id),
      }),

      // ---------------------------------------------------------------------- publishing
      /** POST modulecode (02 §4: "expects status 200"; any other answer is a failure). */
      createMerchantModuleCode: build.mutation<MerchantModuleCode, MerchantModuleCodeBody>({
        query: (body) => ({ url: MERCHANT_PATHS.moduleCode, method: 'POST', body }),
      }),
      /** POST profilepublish/live: the publish record of a profile. */
      publishMerchantLive: build.mutation<MerchantPublishRecord, MerchantPublishBody>({
        query: (body) => ({ url: MERCHANT_PATHS.publishLive, method: 'POST', body }),
        invalidatesTags: (_result, _error, body) => merchantProfileTags(body.profileId),
      }),

      // ------------------------------------------------------------------------- lookups
      merchantPrograms: build.query<MerchantProgram[], NoArg>({
        query: () => MERCHANT_PATHS.programs,
        transformResponse: embedded<typeof MERCHANT_EMBEDDED.programs, MerchantProgram>(
          MERCHANT_EMBEDDED.programs,
        ),
        providesTags: (result) => listTags('MerchantProgram', result, (p) => p.id),
      }),
      merchantProgram: build.query<MerchantProgram, number>({
        query: (id) => MERCHANT_PATHS.program(id),
        providesTags: (_result, _error, id) => [{ type: 'MerchantProgram', id }],
      }),
      merchantLanguages: build.query<MerchantLanguage[], NoArg>({
        query: () => MERCHANT_PATHS.languages,
        transformResponse: embedded<typeof MERCHANT_EMBEDDED.languages, MerchantLanguage>(
          MERCHANT_EMBEDDED.languages,
        ),
        providesTags: (result) => listTags('MerchantLanguage', result, (l) => l.id),
      }),
      /** Every page type, each with its `children` (sub-types). */
      merchantPageTypes: build.query<MerchantPageType[], NoArg>({
        query: () => MERCHANT_PATHS.pageTypes,
        transformResponse: embedded<typeof MERCHANT_EMBEDDED.pageTypes, MerchantPageType>(
          MERCHANT_EMBEDDED.pageTypes,
        ),
        providesTags: (result) => listTags('MerchantPageType', result, (t) => t.id),
      }),
      merchantPageSubTypes: build.query<MerchantPageSubType[], NoArg>({
        query: () => MERCHANT_PATHS.pageSubTypes,
        transformResponse: embedded<typeof MERCHANT_EMBEDDED.pageSubtypes, MerchantPageSubType>(
          MERCHANT_EMBEDDED.pageSubtypes,
        ),
        providesTags: (result) => listTags('MerchantPageSubType', result, (t) => t.id),
      }),

      // ------------------------------------------------------------ selected pages (step 3)
      /** GET profile/pagetypes/{id}: the profile's selected pages (the answer's `pageTypes`). */
      merchantSelectedPages: build.query<SelectedPageType[], number>({
        query: (profileId) => MERCHANT_PATHS.selectedPageTypes(profileId),
        transformResponse: (response: SelectedPageTypes | null) => response?.pageTypes ?? [],
        providesTags: (_result, _error, profileId) => [
          { type: 'MerchantSelectedPages', id: profileId },
        ],
      }),
      /**
       * Step 3's pages and sub-pages, read one after the other, keeping the ETag the pages' read
       * answers (the server's one tag of both, lib/api/record-etags.ts) for the next save of
       * either. The first read's tag, so a save made between the two reads leaves the form
       * with a tag that is no longer current: its save is refused and both are read again,
       * never sent with a tag newer than the pages it shows.
       */
      merchantPageSelection: build.query<MerchantPageSelection, number>({
        queryFn: async (profileId, api, _extra, baseQuery) => {
          const pages = await readRecord<SelectedPageTypes | null>(
            baseQuery,
            MERCHANT_PATHS.selectedPageTypes(profileId),
            { kind: 'merchantPages', id: profileId, api },
          );
          if ('error' in pages) return pages;
          const subPages = await baseQuery(MERCHANT_PATHS.selectedPageSubTypes(profileId));
          if (subPages.error) return { error: subPages.error };
          const answered = subPages.data as SelectedPageSubTypes | null;
          return {
            data: {
              pages: pages.data?.pageTypes ?? [],
              subPages: answered?.pageSubtypes ?? [],
            },
          };
        },
        providesTags: (_result, _error, profileId) => [
          { type: 'MerchantSelectedPages', id: profileId },
          { type: 'MerchantSelectedSubPages', id: profileId },
        ],
      }),
      /**
       * POST profile/pagetypes/: the whole selection, answered as stored. Sent with `If-Match`
       * of the profile's pages as last read: pages or sub-pages someone else saved since are
       * refused (412) and read again, so the step shows them with the operator's changes kept.
       * The answer's ETag is kept for the sub-pages' save that follows.
       */
      saveMerchantSelectedPages: build.mutation<SelectedPageType[], SelectedPageTypes>({
        queryFn: async (body, api, _extra, baseQuery) => {
          const result = await saveRecord<SelectedPageTypes | null>(
            baseQuery,
            { url: MERCHANT_PATHS.saveSelectedPageTypes, method: 'POST', body },
            { kind: 'merchantPages', id: body.profileId, api },
          );
          return 'error' in result ? result : { data: result.data?.pageTypes ?? [] };
        },
        // Unselecting a page drops its sub-pages on the server too.
        invalidatesTags: (_result, _error, body) => [
          { type: 'MerchantSelectedPages', id: body.profileId },
          { type: 'MerchantSelectedSubPages', id: body.profileId },
        ],
      }),
      /** GET profile/pagesubtypes/{id}: the selected sub-pages (the answer's `pageSubtypes`). */
      merchantSelectedSubPages: build.query<SelectedPageSubType[], number>({
        query: (profileId) => MERCHANT_PATHS.selectedPageSubTypes(profileId),
        transformResponse: (response: SelectedPageSubTypes | null) => response?.pageSubtypes ?? [],
        providesTags: (_result, _error, profileId) => [
          { type: 'MerchantSelectedSubPages', id: profileId },
        ],
      }),
      /**
       * POST profile/pagesubtypes/: the whole sub-page selection (after the pages' 200, 02 §4),
       * sent with `If-Match` of the profile's pages as last read, as the pages' save is.
       */
      saveMerchantSelectedSubPages: build.mutation<SelectedPageSubType[], SelectedPageSubTypes>({
        queryFn: async (body, api, _extra, baseQuery) => {
          const result = await saveRecord<SelectedPageSubTypes | null>(
            baseQuery,
            { url: MERCHANT_PATHS.saveSelectedPageSubTypes, method: 'POST', body },
            { kind: 'merchantPages', id: body.profileId, api },
          );
          return 'error' in result ? result : { data: result.data?.pageSubtypes ?? [] };
        },
        invalidatesTags: (_result, _error, body) => [
          { type: 'MerchantSelectedSubPages', id: body.profileId },
        ],
      }),

      // ------------------------------------------------------------------- media (step 4)
      /** POST mediaUpload/{profileId}?filename=: multipart field `image`; sets the slot's path. */
      uploadMerchantMedia: build.mutation<MerchantMediaAnswer, MerchantMediaUploadArgs>({
        queryFn: async (args, api) => {
          const result = await uploadRequest(
            'merchantApiBase',
            {
              url: MERCHANT_PATHS.mediaUpload(args.profileId, args.filename),
              body: multipartFile(MERCHANT_MEDIA_FIELD_NAME, args.file, args.file.name),
              onProgress: args.onProgress,
            },
            api,
            args.transport,
          );
          return 'error' in result ? result : { data: result.data as MerchantMediaAnswer };
        },
        invalidatesTags: (_result, _error, args) => merchantProfileTags(args.profileId),
      }),
    }),
  });

export const {
  useMerchantProfilesQuery,
  useMerchantProfileQuery,
  useCreateMerchantProfileMutation,
  useUpdateMerchantProfileMutation,
  useSaveMerchantSiteSettingsMutation,
  useCreateMerchantModuleCodeMutation,
  usePublishMerchantLiveMutation,
  useMerchantProgramsQuery,
  useMerchantProgramQuery,
  useMerchantLanguagesQuery,
  useMerchantPageTypesQuery,
  useMerchantPageSubTypesQuery,
  useMerchantSelectedPagesQuery,
  useSaveMerchantSelectedPagesMutation,
  useMerchantSelectedSubPagesQuery,
  useMerchantPageSelectionQuery,
  useSaveMerchantSelectedSubPagesMutation,
  useUploadMerchantMediaMutation,
} = merchantApi;

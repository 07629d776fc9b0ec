import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MERCHANT_TEXT, type MerchantProfile } from '@contracts/api/merchant';
import { paths, withId } from '@/config/paths';
import { useIsImageStored } from '@/lib/api/images-api';
import { ImportFileError, runImportFlow } from '@/lib/sites/import-flow';
import { useSiteEnvironment } from '@/lib/sites/site-environment';
import { useAppDispatch } from '@/lib/store/hooks';
import {
  merchantApi,
  useCreateMerchantProfileMutation,
  useSaveMerchantSelectedPagesMutation,
  useSaveMerchantSelectedSubPagesMutation,
  useUpdateMerchantProfileMutation,
} from '../api/merchant-api';
import {
  applyMerchantImport,
  importUrl,
  MERCHANT_IMPORT_TEXT,
  parseMerchantImportFile,
  withoutMissingMerchantImages,
  type ImportedMerchantConfig,
} from '../lib/import-config';

/** What step 1's form holds when a file is chosen. */
export interface MerchantImportForm {
  /** The Scheme Name chosen, if any (else the file's program). */
  programId?: number | null;
  /** The URL field, if filled (else the file's URL). */
  url?: string | null;
  /** The profile being edited (the route's), or null to create one. */
  profile: MerchantProfile | null;
}

/**
 * Step 1's "Import config" (02 §2, §4): reads the chosen JSON file, creates the profile (or
 * updates the one being edited) and its pages and sub-pages, then answers 'Import configuration
 * successfully!' and opens step 2 of the imported profile; a failure shows 'Failed' with the
 * server's errorMessage (02 §8). A profile made before a failure is opened at step 1, so a retry
 * updates it (the journal's decision). `importing` is true while it runs.
 */
export function useMerchantImport() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { location } = useSiteEnvironment();
  const [createProfile] = useCreateMerchantProfileMutation();
  const [updateProfile] = useUpdateMerchantProfileMutation();
  const [savePages] = useSaveMerchantSelectedPagesMutation();
  const [saveSubPages] = useSaveMerchantSelectedSubPagesMutation();
  const [importing, setImporting] = useState(false);
  const isImageStored = useIsImageStored();

  const importConfig = useCallback(
    async (file: File, form: MerchantImportForm): Promise<void> => {
      const profileId = form.profile?.id ?? null;
      const target = (config: ImportedMerchantConfig) => ({
        config,
        programId: form.programId ?? null,
        profileId,
        location,
        url: importUrl({ config, programId: null, profileId, location }, form.url ?? null),
      });
      setImporting(true);
      try {
        const outcome = await runImportFlow({
          file,
          parse: (content) => {
            const config = parseMerchantImportFile(content);
            if (!target(config).url) throw new ImportFileError(MERCHANT_IMPORT_TEXT.noUrl);
            return config;
          },
          withoutMissingImages: (config) =>
            withoutMissingMerchantImages(config, form.profile, isImageStored),
          apply: (config) =>
            applyMerchantImport(target(config), {
              createProfile: (body) => createProfile(body).unwrap(),
              updateProfile: (body) => updateProfile(body).unwrap(),
              loadPageTypes: () =>
                dispatch(
                  merchantApi.endpoints.merchantPageTypes.initiate(undefined, { subscribe: false }),
                ).unwrap(),
              // The import replaces the pages as they are now: read afresh, so its save goes
              // with their current ETag (one saved after this read is still refused).
              savePages: async (body) => {
                await dispatch(
                  merchantApi.endpoints.merchantPageSelection.initiate(body.profileId, {
                    subscribe: false,
                    forceRefetch: true,
                  }),
                ).unwrap();
                return savePages(body).unwrap();
              },
              saveSubPages: (body) => saveSubPages(body).unwrap(),
            }),
          texts: {
            failedTitle: MERCHANT_TEXT.importFailedTitle,
            notConfig: MERCHANT_IMPORT_TEXT.notConfig,
            success: MERCHANT_TEXT.importSuccess,
          },
          logLabel: 'Importing a merchant configuration',
        });
        if (outcome.imported) {
          await navigate(withId(paths.mm.wizard.setting, outcome.profileId));
        } else if (outcome.profileId !== null && profileId === null) {
          await navigate(withId(paths.mm.wizard.setup, outcome.profileId), { replace: true });
        }
      } finally {
        setImporting(false);
      }
    },
    [
      location,
      createProfile,
      updateProfile,
      savePages,
      saveSubPages,
      dispatch,
      navigate,
      isImageStored,
    ],
  );

  return { importConfig, importing };
}

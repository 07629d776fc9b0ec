import type { SubmissionErrors } from 'final-form';
import { useNavigate } from 'react-router-dom';
import type { Program } from '@contracts/api/entities';
import { DEFAULT_THEME_ID, JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { setBodyBackground } from '@contracts/site/stylesheet';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import type { FieldOption } from '@/components/form/options';
import { SiteSetupForm, type SiteSetupValues } from '@/components/site-builder/setup-fields';
import { StepContent } from '@/components/wizard/profile-step';
import { paths, withId } from '@/config/paths';
import { toApiFailure } from '@/lib/api/errors';
import { imageLink, useIsImageStored } from '@/lib/api/images-api';
import { useProgramsQuery } from '@/lib/api/lookups-api';
import { useStoreShape } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { isGiftProgram } from '@/lib/programs';
import { runImportFlow } from '@/lib/sites/import-flow';
import { useSiteEnvironment } from '@/lib/sites/site-environment';
import { stylesheetToSave } from '@/lib/sites/theme-stylesheet';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import {
  journalApi,
  useCreateJournalPageMutation,
  useCreateJournalProfileMutation,
  useUpdateJournalPageMutation,
  useUpdateJournalProfileMutation,
} from '../../api/journal-api';
import { useWizardProfile } from '../../hooks/use-wizard-profile';
import {
  IMPORT_FILE_TEXT,
  ImportFileError,
  parseImportFile,
  withoutMissingJournalImages,
} from '../../lib/config-file';
import { applyImport } from '../../lib/import-config';
import { SETUP_LABEL, STEP_TITLE } from '../../lib/journal-texts';
import { fieldMessage, showSaveFailure } from '../../lib/save-failures';

type SetupValues = SiteSetupValues;

/** Only English is offered (01 §2.5); the languages are not stored on the profile. */
const ENGLISH = 1;
const PRIMARY_LANGUAGES: readonly FieldOption<number>[] = [
  { value: ENGLISH, label: SETUP_LABEL.english },
];

/**
 * The stylesheet a theme starts from (01 §3, §4.3): its default, with the profile's background
 * image set on body as the media step sets it (the image stays chosen across a theme change).
 */
function themeStylesheet(themeId: number, backgroundUrl: string | null): string {
  const css = defaultJournalStylesheet(themeId);
  return backgroundUrl ? setBodyBackground(css, backgroundUrl) : css;
}

/**
 * Step 1, "MyJournal Client Setup" (01 §2.5, §4.3). Without an id the form starts empty (the
 * wizard opened without an id holds no profile: the form is keyed on the id, so nothing of a
 * previously opened profile stays in it).
 */
export function ClientSetupStep() {
  const { id, data: profile, isLoading, isFetching, error } = useWizardProfile();
  const programs = useStoreShape(useProgramsQuery());
  const profileState = useStoreShape({ data: profile, isLoading, isFetching, error });
  const state = {
    loading: programs.loading || (id !== null && profile === undefined && profileState.loading),
    error: profileState.error.code !== 0 ? profileState.error : programs.error,
  };
  return (
    <StepContent title={STEP_TITLE.setup} state={state}>
      <ClientSetupForm
        key={id ?? 'new'}
        profile={id !== null ? (profile ?? null) : null}
        programs={programs.data ?? []}
      />
    </StepContent>
  );
}

function ClientSetupForm({
  profile,
  programs,
}: {
  profile: JournalProfile | null;
  programs: readonly Program[];
}) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { location } = useSiteEnvironment();
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const [createProfile] = useCreateJournalProfileMutation();
  const [updateProfile] = useUpdateJournalProfileMutation();
  const [createPage] = useCreateJournalPageMutation();
  const [updatePage] = useUpdateJournalPageMutation();
  const isImageStored = useIsImageStored();

  // A journal site checks gift-card balances (the scheme type reads Gift, 01 §2.5): only gift
  // programs are offered. A profile's own program stays listed whatever its type, so an older
  // profile still shows its scheme.
  const programOptions: FieldOption<number>[] = programs
    .filter(
      (program) => isGiftProgram(program.programTypeId) || program.programId === profile?.programId,
    )
    .map((program) => ({ value: program.programId, label: program.name }));
  const initialValues: SetupValues = {
    programId: profile?.programId,
    siteUrl: profile?.siteUrl,
    primaryLanguage: ENGLISH,
    themeId: profile?.themeId ?? DEFAULT_THEME_ID,
  };

  async function onSubmit(values: SetupValues): Promise<SubmissionErrors | undefined> {
    const themeId = values.themeId ?? DEFAULT_THEME_ID;
    const siteUrl = values.siteUrl ?? '';
    let saved: JournalProfile;
    let message: string;
    try {
      if (profile) {
        const background = profile.backgroundImg;
        const backgroundUrl = background ? imageLink(urlBase, background) : null;
        const cssOverride = await stylesheetToSave({
          savedThemeId: profile.themeId,
          savedCss: profile.cssOverride,
          themeId,
          themeStylesheet: (id) => themeStylesheet(id, backgroundUrl),
        });
        // Cancelled: nothing is saved and the form keeps the operator's changes.
        if (cssOverride === undefined) return undefined;
        saved = await updateProfile({ ...profile, siteUrl, themeId, cssOverride }).unwrap();
        message = JOURNAL_TEXT.updateProfile;
      } else {
        saved = await createProfile({
          programId: values.programId as number,
          siteUrl,
          themeId,
          location,
          expirationDateCount: 0,
          // A new profile starts from its theme's default stylesheet (01 §3, §4.3).
          cssOverride: defaultJournalStylesheet(themeId),
        }).unwrap();
        message = JOURNAL_TEXT.profileCreated;
      }
    } catch (error) {
      // A refused URL (bad characters, already used) shows under the URL field; anything else
      // in an "Error" dialog (lib/save-failures.ts says why the spec's "only logged" is not kept).
      const urlMessage = fieldMessage(toApiFailure(error), 'siteUrl');
      if (urlMessage) return { siteUrl: urlMessage };
      await showSaveFailure(error);
      return undefined;
    }
    await dialogs.success(DIALOG_TEXT.successTitle, textToHtml(message));
    await navigate(withId(paths.mj.wizard.setting, saved.profileId));
    return undefined;
  }

  /** The shared import flow (lib/sites/import-flow) with the journal's file and calls. */
  async function importConfig(file: File, values: SetupValues): Promise<void> {
    const programId = values.programId;
    if (programId === undefined) {
      await dialogs.warn(DIALOG_TEXT.warningTitle, textToHtml(JOURNAL_TEXT.importNoProgram));
      return;
    }
    const outcome = await runImportFlow({
      file,
      parse: (content) => {
        const config = parseImportFile(content);
        const siteUrl = values.siteUrl?.trim() ? values.siteUrl : config.siteUrl;
        if (!siteUrl) throw new ImportFileError(IMPORT_FILE_TEXT.noSiteUrl);
        return { config, siteUrl };
      },
      withoutMissingImages: async ({ config, siteUrl }) => {
        const checked = await withoutMissingJournalImages(config, profile, isImageStored);
        return { ...checked, config: { config: checked.config, siteUrl } };
      },
      apply: ({ config, siteUrl }) =>
        applyImport(
          { config, programId, siteUrl, profile, location },
          {
            createProfile: (body) => createProfile(body).unwrap(),
            updateProfile: (body) => updateProfile(body).unwrap(),
            loadPages: (id) =>
              dispatch(
                journalApi.endpoints.journalPages.initiate(id, {
                  subscribe: false,
                  forceRefetch: true,
                }),
              ).unwrap(),
            createPage: (body) => createPage(body).unwrap(),
            updatePage: (body) => updatePage(body).unwrap(),
          },
        ),
      texts: {
        failedTitle: JOURNAL_TEXT.importFailedTitle,
        notConfig: IMPORT_FILE_TEXT.notConfig,
        success: JOURNAL_TEXT.importSuccess,
      },
      logLabel: 'Importing a journal configuration',
    });
    if (outcome.imported) {
      // Like "Save & Continue": the imported site's settings are checked next (01 §2.6).
      await navigate(withId(paths.mj.wizard.setting, outcome.profileId));
    } else if (outcome.profileId !== null && !profile) {
      // A profile made before the failure is opened, so a second try updates it instead of
      // making another one.
      await navigate(withId(paths.mj.wizard.setup, outcome.profileId), { replace: true });
    }
  }

  return (
    <SiteSetupForm<SetupValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      programs={programOptions}
      programLocked={profile !== null}
      primaryLanguages={PRIMARY_LANGUAGES}
      onImport={importConfig}
    />
  );
}

import type { SubmissionErrors } from 'final-form';
import { useNavigate } from 'react-router-dom';
import {
  MERCHANT_TEXT,
  type MerchantLanguage,
  type MerchantProfile,
  type MerchantProgram,
  type MerchantThemeId,
} from '@contracts/api/merchant';
import { defaultMerchantStylesheet } from '@contracts/site/style-model';
import type { FieldOption } from '@/components/form/options';
import { SiteSetupForm, type SiteSetupValues } from '@/components/site-builder/setup-fields';
import { StepContent } from '@/components/wizard/profile-step';
import { paths, withId } from '@/config/paths';
import { toApiFailure } from '@/lib/api/errors';
import { useProgramsQuery } from '@/lib/api/lookups-api';
import { fieldMessage, showSaveFailure } from '@/lib/api/save-failures';
import { useStoreShape } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { isGiftProgram } from '@/lib/programs';
import { useSiteEnvironment, type SiteLocation } from '@/lib/sites/site-environment';
import { stylesheetToSave } from '@/lib/sites/theme-stylesheet';
import {
  useCreateMerchantProfileMutation,
  useMerchantLanguagesQuery,
  useMerchantProgramsQuery,
  useUpdateMerchantProfileMutation,
} from '../../api/merchant-api';
import { useMerchantImport } from '../../hooks/use-merchant-import';
import { useMerchantProfile } from '../../hooks/use-merchant-profile';
import { merchantSiteUrl } from '../../lib/merchant-profile';
import { STEP_TITLE } from '../../lib/merchant-texts';
import { writeMerchantIdCookie } from '../../lib/profile-cookie';

type SetupValues = SiteSetupValues;

/** The profile field the URL is saved in: liveURL on the live host, testURL elsewhere (02 §4). */
const urlField = (location: SiteLocation) => (location === 1 ? 'liveURL' : 'testURL');

/**
 * Step 1, Client Setup (02 §2 Step 1, §4, §5). Without an id the form starts empty and saving
 * creates the profile (the `id` cookie then holds its id); with one it updates it. The theme's
 * merchant default stylesheet is what a new profile starts from; on an existing profile a theme
 * change resets the stylesheet to it (the journal's rule, lib/sites/theme-stylesheet).
 */
export function ClientSetupStep() {
  const { id, data: profile, isLoading, isFetching, error } = useMerchantProfile();
  const programs = useStoreShape(useMerchantProgramsQuery());
  // The program store's own list says which programs are gift (02 §3's merchant view has no type).
  const storePrograms = useStoreShape(useProgramsQuery());
  const languages = useStoreShape(useMerchantLanguagesQuery());
  const profileState = useStoreShape({ data: profile, isLoading, isFetching, error });
  const state = {
    loading:
      programs.loading ||
      storePrograms.loading ||
      languages.loading ||
      (id !== null && profile === undefined && profileState.loading),
    error:
      [profileState.error, programs.error, storePrograms.error, languages.error].find(
        (e) => e.code !== 0,
      ) ?? profileState.error,
  };
  const giftProgramIds = new Set(
    (storePrograms.data ?? [])
      .filter((program) => isGiftProgram(program.programTypeId))
      .map((program) => program.programId),
  );
  return (
    <StepContent title={STEP_TITLE.setup} state={state}>
      <ClientSetupForm
        key={id ?? 'new'}
        languages={languages.data ?? []}
        programs={programs.data ?? []}
        giftProgramIds={giftProgramIds}
        profile={id !== null ? (profile ?? null) : null}
      />
    </StepContent>
  );
}

function ClientSetupForm({
  profile,
  programs,
  giftProgramIds,
  languages,
}: {
  profile: MerchantProfile | null;
  programs: readonly MerchantProgram[];
  giftProgramIds: ReadonlySet<number>;
  languages: readonly MerchantLanguage[];
}) {
  const navigate = useNavigate();
  const { location } = useSiteEnvironment();
  const [createProfile] = useCreateMerchantProfileMutation();
  const [updateProfile] = useUpdateMerchantProfileMutation();
  const { importConfig } = useMerchantImport();
  const field = urlField(location);

  // The scheme type reads Gift (02 §1, §2): only gift programs are offered, as in the journal. A
  // profile's own program stays listed whatever its type, so an older profile still shows it.
  const programOptions: FieldOption<number>[] = programs
    .filter((program) => giftProgramIds.has(program.id) || program.id === profile?.programId)
    .map((program) => ({ value: program.id, label: program.name }));
  // Only the first language is offered (02 §2).
  const languageOptions: FieldOption<number>[] = languages
    .slice(0, 1)
    .map((language) => ({ value: language.id, label: language.languageName }));
  const initialValues: SetupValues = {
    programId: profile?.programId,
    siteUrl: profile ? merchantSiteUrl(profile, location) : undefined,
    primaryLanguage: profile?.primaryLanguageId,
    themeId: profile?.siteThemeId,
  };

  async function onSubmit(values: SetupValues): Promise<SubmissionErrors | undefined> {
    const siteThemeId = values.themeId as MerchantThemeId;
    const fields = {
      [field]: values.siteUrl ?? '',
      primaryLanguageId: values.primaryLanguage as number,
      secundaryLanguageId: null,
      siteThemeId,
    };
    let savedId: number;
    let message: string;
    try {
      if (profile) {
        const overrideCSS = await stylesheetToSave({
          savedThemeId: profile.siteThemeId,
          savedCss: profile.overrideCSS,
          themeId: siteThemeId,
          themeStylesheet: defaultMerchantStylesheet,
        });
        // Cancelled: nothing is saved and the form keeps the operator's changes.
        if (overrideCSS === undefined) return undefined;
        savedId = (await updateProfile({ ...profile, ...fields, overrideCSS }).unwrap()).id;
        message = MERCHANT_TEXT.profileUpdated;
      } else {
        savedId = (
          await createProfile({
            programId: values.programId as number,
            ...fields,
            overrideCSS: defaultMerchantStylesheet(siteThemeId),
          }).unwrap()
        ).id;
        writeMerchantIdCookie(savedId);
        message = MERCHANT_TEXT.profileCreated;
      }
    } catch (error) {
      // A refused URL (bad characters, already used) shows under the URL field; anything else
      // in an "Error" dialog (lib/api/save-failures.ts says why).
      const urlMessage = fieldMessage(toApiFailure(error), field);
      if (urlMessage) return { siteUrl: urlMessage };
      await showSaveFailure(error);
      return undefined;
    }
    await dialogs.success(MERCHANT_TEXT.successTitle, textToHtml(message));
    await navigate(withId(paths.mm.wizard.setting, savedId));
    return undefined;
  }

  // "Import config" only when the location flag is set (02 §2: the live host).
  const onImport =
    location === 1
      ? (file: File, values: SetupValues) =>
          importConfig(file, {
            programId: values.programId ?? null,
            url: values.siteUrl ?? null,
            profile,
          })
      : undefined;

  return (
    <SiteSetupForm<SetupValues>
      required
      primaryLanguages={languageOptions}
      programLocked={profile !== null}
      programs={programOptions}
      initialValues={initialValues}
      onSubmit={onSubmit}
      onImport={onImport}
    />
  );
}

import type { FormApi } from 'final-form';
import {
  EXPIRATION_DATE_COUNTS,
  JOURNAL_LIMITS,
  JOURNAL_TEXT,
  type JournalProfile,
} from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import type { FieldOption } from '@/components/form/options';
import { TrackingCodeField } from '@/components/site-builder/setup-fields';
import { ProfileStep, StepForm, useSaveAndContinue } from '@/components/wizard/profile-step';
import { paths, withId } from '@/config/paths';
import { composeValidators, maxLength, minLength, required, url } from '@/lib/forms/validators';
import { useUpdateJournalProfileMutation } from '../../api/journal-api';
import { useWizardProfile } from '../../hooks/use-wizard-profile';
import { SETTINGS_LABEL, STEP_TITLE } from '../../lib/journal-texts';

interface SettingsValues {
  title?: string;
  keywords?: string;
  description?: string;
  googleAnalytics?: string;
  clientWebsite?: string;
  expirationDateCount?: number;
}

const EXPIRATION_OPTIONS: readonly FieldOption<number>[] = EXPIRATION_DATE_COUNTS.map((o) => ({
  value: o.id,
  label: o.value,
}));

const validateTitle = composeValidators(
  required,
  minLength(JOURNAL_LIMITS.title.min),
  maxLength(JOURNAL_LIMITS.title.max),
);
const validateDescription = composeValidators(required, maxLength(JOURNAL_LIMITS.description));
const validateKeywords = maxLength(JOURNAL_LIMITS.keywords);
// An address the published site links to: checked as a URL here and by the server ("Invalid URL").
const validateWebsite = composeValidators(maxLength(JOURNAL_LIMITS.clientWebsite), url);

/** Empty inputs are stored as null, as a profile without the value holds it. */
const orNull = (text: string | undefined): string | null => (text?.trim() ? text : null);

/** Step 2, "MyJournal Site Settings" (01 §2.6, §5.1). */
export function SiteSettingsStep() {
  // Later steps need a profile: without an id the wizard starts at step 1 (01 §2.4).
  return (
    <ProfileStep
      title={STEP_TITLE.settings}
      profile={useWizardProfile()}
      setupPath={paths.mj.wizard.setup.path}
      form={SiteSettingsForm}
    />
  );
}

function SiteSettingsForm({ profile }: { profile: JournalProfile }) {
  const saveAndContinue = useSaveAndContinue();
  const [updateProfile] = useUpdateJournalProfileMutation();
  const initialValues: SettingsValues = {
    title: profile.title ?? undefined,
    keywords: profile.keywords ?? undefined,
    description: profile.description ?? undefined,
    googleAnalytics: profile.googleAnalytics ?? undefined,
    clientWebsite: profile.clientWebsite ?? undefined,
    expirationDateCount: profile.expirationDateCount,
  };

  async function onSubmit(values: SettingsValues, form: FormApi<SettingsValues>): Promise<void> {
    await saveAndContinue(
      () =>
        updateProfile({
          ...profile,
          title: orNull(values.title),
          keywords: orNull(values.keywords),
          description: orNull(values.description),
          googleAnalytics: orNull(values.googleAnalytics),
          clientWebsite: orNull(values.clientWebsite),
          expirationDateCount: values.expirationDateCount ?? 0,
        }).unwrap(),
      { title: DIALOG_TEXT.successTitle, message: JOURNAL_TEXT.changedProfile },
      withId(paths.mj.wizard.page, profile.profileId),
      form,
      values,
    );
  }

  return (
    <StepForm<SettingsValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      left={() => (
        <>
          <TextField name="title" label={SETTINGS_LABEL.title} validate={validateTitle} />
          <TextField name="keywords" label={SETTINGS_LABEL.keywords} validate={validateKeywords} />
          <TextField
            name="description"
            label={SETTINGS_LABEL.description}
            validate={validateDescription}
            type="textarea"
            rows={3}
          />
        </>
      )}
      right={() => (
        <>
          <TrackingCodeField name="googleAnalytics" maxLength={JOURNAL_LIMITS.googleAnalytics} />
          <TextField
            name="clientWebsite"
            label={SETTINGS_LABEL.clientWebsite}
            validate={validateWebsite}
          />
          <SelectField<number>
            name="expirationDateCount"
            label={SETTINGS_LABEL.expirationDateCount}
            options={EXPIRATION_OPTIONS}
          />
        </>
      )}
    />
  );
}

import Button from 'react-bootstrap/Button';
import { Form } from 'react-final-form';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  EXPIRATION_DATE_COUNTS,
  JOURNAL_LIMITS,
  JOURNAL_TEXT,
  type JournalProfile,
} from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { QueryContent } from '@/components/common/query-content';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import type { FieldOption } from '@/components/form/options';
import { paths, withId } from '@/config/paths';
import { useStoreShape } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import { composeValidators, maxLength, minLength, required, url } from '@/lib/forms/validators';
import { useUpdateJournalProfileMutation } from '../../api/journal-api';
import { useWizardProfile } from '../../hooks/use-wizard-profile';
import { SAVE_AND_CONTINUE, SETTINGS_LABEL, STEP_TITLE } from '../../lib/journal-texts';
import { showSaveFailure } from '../../lib/save-failures';

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
const validateAnalytics = maxLength(JOURNAL_LIMITS.googleAnalytics);
// An address the published site links to: checked as a URL here and by the server ("Invalid URL").
const validateWebsite = composeValidators(maxLength(JOURNAL_LIMITS.clientWebsite), url);

/** Empty inputs are stored as null, as a profile without the value holds it. */
const orNull = (text: string | undefined): string | null => (text?.trim() ? text : null);

/** Step 2, "MyJournal Site Settings" (01 §2.6, §5.1). */
export function SiteSettingsStep() {
  const { id, data: profile, isLoading, isFetching, error } = useWizardProfile();
  const state = useStoreShape({ data: profile, isLoading, isFetching, error });
  // Later steps need a profile: without an id the wizard starts at step 1 (01 §2.4).
  if (id === null) return <Navigate to={paths.mj.wizard.setup.path} replace />;
  return (
    <div>
      <h3 className="h5 mb-3">{STEP_TITLE.settings}</h3>
      <QueryContent state={{ loading: profile === undefined && state.loading, error: state.error }}>
        {profile ? <SiteSettingsForm key={profile.profileId} profile={profile} /> : null}
      </QueryContent>
    </div>
  );
}

function SiteSettingsForm({ profile }: { profile: JournalProfile }) {
  const navigate = useNavigate();
  const [updateProfile] = useUpdateJournalProfileMutation();
  const initialValues: SettingsValues = {
    title: profile.title ?? undefined,
    keywords: profile.keywords ?? undefined,
    description: profile.description ?? undefined,
    googleAnalytics: profile.googleAnalytics ?? undefined,
    clientWebsite: profile.clientWebsite ?? undefined,
    expirationDateCount: profile.expirationDateCount,
  };

  async function onSubmit(values: SettingsValues): Promise<void> {
    try {
      await updateProfile({
        ...profile,
        title: orNull(values.title),
        keywords: orNull(values.keywords),
        description: orNull(values.description),
        googleAnalytics: orNull(values.googleAnalytics),
        clientWebsite: orNull(values.clientWebsite),
        expirationDateCount: values.expirationDateCount ?? 0,
      }).unwrap();
    } catch (error) {
      await showSaveFailure(error);
      return;
    }
    await dialogs.success(DIALOG_TEXT.successTitle, textToHtml(JOURNAL_TEXT.changedProfile));
    await navigate(withId(paths.mj.wizard.page, profile.profileId));
  }

  return (
    <Form<SettingsValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormUnsavedChanges />
          <div className="row">
            <div className="col-lg-6">
              <TextField name="title" label={SETTINGS_LABEL.title} validate={validateTitle} />
              <TextField
                name="keywords"
                label={SETTINGS_LABEL.keywords}
                validate={validateKeywords}
              />
              <TextField
                name="description"
                label={SETTINGS_LABEL.description}
                validate={validateDescription}
                type="textarea"
                rows={3}
              />
            </div>
            <div className="col-lg-6">
              <TextField
                name="googleAnalytics"
                label={SETTINGS_LABEL.googleAnalytics}
                validate={validateAnalytics}
                type="textarea"
                rows={4}
              />
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
            </div>
          </div>
          <Button type="submit" variant="primary" disabled={submitting}>
            {SAVE_AND_CONTINUE}
          </Button>
        </form>
      )}
    </Form>
  );
}

import type { FormApi } from 'final-form';
import { MERCHANT_LIMITS, MERCHANT_TEXT, type MerchantProfile } from '@contracts/api/merchant';
import { TextField } from '@/components/form/TextField';
import { SITE_SETTINGS_LABEL, TrackingCodeField } from '@/components/site-builder/setup-fields';
import { StepForm, useSaveAndContinue } from '@/components/wizard/profile-step';
import { paths, withId } from '@/config/paths';
import { composeValidators, maxLength, minLength, required } from '@/lib/forms/validators';
import { useSaveMerchantSiteSettingsMutation } from '../../api/merchant-api';
import { MerchantProfileStep } from '../merchant-profile-step';
import { STEP_TITLE } from '../../lib/merchant-texts';

interface SettingsValues {
  siteTitle?: string;
  analyticsTrackingCode?: string;
}

const validateTitle = composeValidators(
  required,
  minLength(MERCHANT_LIMITS.siteTitle.min),
  maxLength(MERCHANT_LIMITS.siteTitle.max),
);

/**
 * Step 2, Site Settings (02 §2, §5): Site Title (2-100) and the optional Google Analytics
 * Tracking Code, saved through POST profile/sitesettings; Success, then step 3. 02 §8 only logs
 * a failed save here; as the journal decided (docs/decisions.md), the server's message is shown
 * instead.
 */
export function SiteSettingsStep() {
  return <MerchantProfileStep title={STEP_TITLE.settings} form={SiteSettingsForm} />;
}

function SiteSettingsForm({ profile }: { profile: MerchantProfile }) {
  const [saveSettings] = useSaveMerchantSiteSettingsMutation();
  const saveAndContinue = useSaveAndContinue();
  const initialValues: SettingsValues = {
    siteTitle: profile.siteTitle ?? undefined,
    analyticsTrackingCode: profile.analyticsTrackingCode ?? undefined,
  };

  const onSubmit = (values: SettingsValues, form: FormApi<SettingsValues>) =>
    saveAndContinue(
      () =>
        saveSettings({
          id: profile.id,
          siteTitle: values.siteTitle ?? '',
          analyticsTrackingCode: values.analyticsTrackingCode?.trim()
            ? values.analyticsTrackingCode
            : null,
        }).unwrap(),
      { title: MERCHANT_TEXT.successTitle, message: MERCHANT_TEXT.profileUpdated },
      withId(paths.mm.wizard.page, profile.id),
      form,
      values,
    );

  const title = (
    <TextField name="siteTitle" label={SITE_SETTINGS_LABEL.siteTitle} validate={validateTitle} />
  );
  const trackingCode = (
    <TrackingCodeField
      name="analyticsTrackingCode"
      maxLength={MERCHANT_LIMITS.analyticsTrackingCode}
    />
  );
  return (
    <StepForm
      onSubmit={onSubmit}
      initialValues={initialValues}
      left={() => title}
      right={() => trackingCode}
    />
  );
}

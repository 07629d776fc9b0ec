import { useId, useState, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import BsForm from 'react-bootstrap/Form';
import {
  JOURNAL_LIMITS,
  SITE_URL_CHARACTERS_MESSAGE,
  SITE_URL_PATTERN,
  THEME,
} from '@contracts/api/journal';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import type { FieldOption } from '@/components/form/options';
import { StepForm, type StepFormProps } from '@/components/wizard/profile-step';
import { composeValidators, matches, maxLength, minLength, required } from '@/lib/forms/validators';
import './setup-fields.css';
import { useField } from '@/lib/forms/use-field';

/**
 * Parts of steps 1 and 2 that both site builders have (01 §2.5-2.6, 02 §2 Steps 1-2): the
 * labels, the read-only fields, the URL rule, the theme choice, the config-file input and the
 * tracking-code field.
 */

/** Step 1 labels of both builders (01 §2.5, 02 §2), also their summaries' Client Setup rows. */
export const SITE_SETUP_LABEL = {
  schemeName: 'Scheme Name',
  schemeType: 'Scheme Type',
  programId: 'Program ID',
  siteUrl: 'URL',
  importConfig: 'Import config',
  primaryLanguage: 'Primary Language',
  secondaryLanguage: 'Secondary Language',
  theme: 'Site Theme',
  light: 'Light',
  dark: 'Dark',
} as const;

/** Step 2 labels both builders have (01 §2.6, 02 §2). */
export const SITE_SETTINGS_LABEL = {
  siteTitle: 'Site Title',
  analyticsTrackingCode: 'Google Analytics Tracking Code',
} as const;

/** Both builders' sites check gift cards: the scheme type always reads Gift (01 §2.5, 02 §1). */
export const SCHEME_TYPE = 'Gift';

/**
 * The values the shared step 1 fields write; a builder's form adds its own. Field names are the
 * form's, not the wire's: each builder maps them to its profile.
 */
export interface SiteSetupValues {
  programId?: number;
  siteUrl?: string;
  primaryLanguage?: number;
  secondaryLanguage?: number;
  themeId?: number;
}

/** Site Theme: 1 Light, 2 Dark (01 §2.5, 02 §2). */
export const THEME_OPTIONS: readonly FieldOption<number>[] = [
  { value: THEME.LIGHT, label: SITE_SETUP_LABEL.light },
  { value: THEME.DARK, label: SITE_SETUP_LABEL.dark },
];

/** A secondary language is offered by neither builder: the field is present and empty. */
export const NO_LANGUAGES: readonly FieldOption<number>[] = [];

/**
 * The site URL: required, 4 to 32 characters (01 §2.5, 02 §5), of the URL-safe characters the
 * server accepts (it refuses others too, and says so; checked here before the save).
 */
export const validateSiteUrl = composeValidators(
  required,
  minLength(JOURNAL_LIMITS.siteUrl.min),
  maxLength(JOURNAL_LIMITS.siteUrl.max),
  matches(SITE_URL_PATTERN, SITE_URL_CHARACTERS_MESSAGE),
);

/** A value shown in a read-only input with its label. */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <BsForm.Group controlId={id} className="mb-3">
      <BsForm.Label>{label}</BsForm.Label>
      <BsForm.Control readOnly value={value} />
    </BsForm.Group>
  );
}

/** The chosen program's id, read from the form's `programId` (01 §2.5, 02 §2). */
export function ProgramIdField() {
  const { input } = useField<number | undefined>('programId', { subscription: { value: true } });
  return <ReadOnlyField label={SITE_SETUP_LABEL.programId} value={String(input.value ?? '')} />;
}

/**
 * "Import config": a JSON file input. The chosen file goes to `onFile`; the input is cleared
 * once it resolves, so choosing the same file again imports it again. While `busy` (the import
 * runs) it reads unavailable (`aria-disabled`) and opens no file chooser, but is not disabled:
 * it keeps the focus, so the dialog of a refused import gives it back there (a disabled input
 * would drop it to the page; docs/decisions.md, "Accessibility", as BusyButton does).
 */
export function ImportConfigInput({
  onFile,
  busy = false,
  disabled,
}: {
  onFile(file: File): Promise<void>;
  busy?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (busy) {
      input.value = ''; // one import at a time
      return;
    }
    void onFile(file).finally(() => {
      input.value = '';
    });
  };
  return (
    <BsForm.Group controlId={id} className="mb-3">
      <BsForm.Label>{SITE_SETUP_LABEL.importConfig}</BsForm.Label>
      <BsForm.Control
        type="file"
        accept=".json,application/json"
        onChange={onChange}
        // A click, Enter or Space opens the file chooser: not while the import runs.
        onClick={(event: MouseEvent<HTMLInputElement>) => {
          if (busy) event.preventDefault();
        }}
        disabled={busy ? false : disabled}
        aria-disabled={busy || undefined}
        className={busy ? 'import-config-busy' : undefined}
      />
    </BsForm.Group>
  );
}

/**
 * Step 1's left column in both builders: Scheme Name (the programs; locked once the profile
 * exists), Scheme Type (Gift), Program ID and URL (01 §2.5, 02 §2). `children` follow the URL
 * (the import-config input).
 */
export function SchemeFields({
  programs,
  programLocked,
  children,
}: {
  programs: readonly FieldOption<number>[];
  programLocked: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <SelectField<number>
        name="programId"
        label={SITE_SETUP_LABEL.schemeName}
        options={programs}
        validate={required}
        disabled={programLocked}
      />
      <ReadOnlyField label={SITE_SETUP_LABEL.schemeType} value={SCHEME_TYPE} />
      <ProgramIdField />
      <TextField
        name="siteUrl"
        label={SITE_SETUP_LABEL.siteUrl}
        validate={validateSiteUrl}
        autoComplete="off"
      />
      {children}
    </>
  );
}

/**
 * Step 1's right column in both builders: Primary Language (the builder's one offered
 * language), Secondary Language (present, empty) and the Site Theme radio (01 §2.5, 02 §2).
 */
export function LanguageThemeFields({
  primaryLanguages,
  required: isRequired = false,
}: {
  primaryLanguages: readonly FieldOption<number>[];
  /** Primary language and theme are required fields (02 §5). */
  required?: boolean;
}) {
  return (
    <>
      <SelectField<number>
        name="primaryLanguage"
        label={SITE_SETUP_LABEL.primaryLanguage}
        options={primaryLanguages}
        validate={isRequired ? required : undefined}
      />
      <SelectField<number>
        name="secondaryLanguage"
        label={SITE_SETUP_LABEL.secondaryLanguage}
        options={NO_LANGUAGES}
      />
      <RadioGroupField<number>
        name="themeId"
        label={SITE_SETUP_LABEL.theme}
        options={THEME_OPTIONS}
        validate={isRequired ? required : undefined}
        inline
      />
    </>
  );
}

/** Step 2's "Google Analytics Tracking Code" of both builders (01 §2.6, 02 §2): a textarea. */
export function TrackingCodeField({ name, maxLength: max }: { name: string; maxLength: number }) {
  return (
    <TextField
      name={name}
      label={SITE_SETTINGS_LABEL.analyticsTrackingCode}
      validate={maxLength(max)}
      type="textarea"
      rows={4}
    />
  );
}

export interface SiteSetupFormProps<Values extends SiteSetupValues> {
  onSubmit: StepFormProps<Values>['onSubmit'];
  initialValues: Partial<Values>;
  programs: readonly FieldOption<number>[];
  /** The program of an existing profile is not changed (01 §2.5, 02 §2). */
  programLocked: boolean;
  primaryLanguages: readonly FieldOption<number>[];
  /** Primary language and theme are required fields (02 §5). */
  required?: boolean;
  /** "Import config" with the form's values; without it the input is not shown. */
  onImport?(file: File, values: Values): Promise<void>;
}

/**
 * Step 1 "Client Setup" of both builders (01 §2.5, 02 §2): the scheme fields and the import on
 * the left, languages and theme on the right, "Save & Continue". An import saves and moves on
 * by itself: while it runs the button waits and leaving does not ask.
 */
export function SiteSetupForm<Values extends SiteSetupValues>({
  onSubmit,
  initialValues,
  programs,
  programLocked,
  primaryLanguages,
  required: isRequired = false,
  onImport,
}: SiteSetupFormProps<Values>) {
  const [importing, setImporting] = useState(false);
  const importFile = (file: File, values: Values) => {
    setImporting(true);
    return (onImport?.(file, values) ?? Promise.resolve()).finally(() => setImporting(false));
  };
  return (
    <StepForm<Values>
      onSubmit={onSubmit}
      initialValues={initialValues}
      busy={importing}
      left={({ values, submitting }) => (
        <SchemeFields programs={programs} programLocked={programLocked}>
          {onImport ? (
            <ImportConfigInput
              onFile={(file) => importFile(file, values)}
              busy={importing}
              disabled={submitting}
            />
          ) : null}
        </SchemeFields>
      )}
      right={() => (
        <LanguageThemeFields primaryLanguages={primaryLanguages} required={isRequired} />
      )}
    />
  );
}

import { useId, type ChangeEvent } from 'react';
import BsForm from 'react-bootstrap/Form';
import { useField } from 'react-final-form';
import {
  JOURNAL_LIMITS,
  SITE_URL_CHARACTERS_MESSAGE,
  SITE_URL_PATTERN,
  THEME,
} from '@contracts/api/journal';
import type { FieldOption } from '@/components/form/options';
import { composeValidators, matches, maxLength, minLength, required } from '@/lib/forms/validators';

/**
 * Parts of step 1 "Client Setup" that both site builders have (01 §2.5, 02 §2 Step 1): the
 * labels, the read-only fields, the URL rule, the theme choice and the config-file input.
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
 * once it resolves, so choosing the same file again imports it again.
 */
export function ImportConfigInput({
  onFile,
  disabled,
}: {
  onFile(file: File): Promise<void>;
  disabled?: boolean;
}) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
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
        disabled={disabled}
      />
    </BsForm.Group>
  );
}

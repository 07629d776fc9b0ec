/**
 * When a field shows its error (01 §5.3, 03 §5): once it is touched (left after focus), modified
 * (changed), or the form sets a show-errors flag (e.g. after a failed submit). Every adapter in
 * components/form asks `useVisibleError(meta)`, so the rule lives here once.
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { FieldMetaState } from 'react-final-form';

export interface FormErrorsSettings {
  /** Show every field's error now (a screen sets it after a failed submit attempt). */
  showErrors: boolean;
  /**
   * Ignore touched/modified: errors appear only after a submit attempt (the liability step,
   * 03 §5: "Errors show only after a submit attempt").
   */
  afterSubmitOnly?: boolean;
}

export const FormErrorsContext = createContext<FormErrorsSettings>({ showErrors: false });

export function FormErrorsProvider({
  showErrors,
  afterSubmitOnly = false,
  children,
}: FormErrorsSettings & { children: ReactNode }) {
  return <FormErrorsContext value={{ showErrors, afterSubmitOnly }}>{children}</FormErrorsContext>;
}

/** The field's current message: its validation error, else a submit error not yet edited away. */
export function errorMessage(meta: FieldMetaState): string | undefined {
  if (typeof meta.error === 'string') return meta.error;
  if (typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
}

/**
 * The display rule. A failed submit counts as the flag too (final-form also marks every field
 * touched then).
 */
export function shouldShowError(
  meta: FieldMetaState,
  settings: FormErrorsSettings | boolean = false,
): boolean {
  const { showErrors, afterSubmitOnly = false } =
    typeof settings === 'boolean' ? { showErrors: settings } : settings;
  if (showErrors || meta.submitFailed) return true;
  return !afterSubmitOnly && Boolean(meta.touched || meta.modified);
}

/** The message to show now, or undefined. */
export function visibleError(
  meta: FieldMetaState,
  settings: FormErrorsSettings | boolean = false,
): string | undefined {
  return shouldShowError(meta, settings) ? errorMessage(meta) : undefined;
}

/** `visibleError` with the settings of the nearest FormErrorsProvider. */
export function useVisibleError(meta: FieldMetaState): string | undefined {
  return visibleError(meta, useContext(FormErrorsContext));
}

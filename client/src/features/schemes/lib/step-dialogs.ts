import type { FormApi } from 'final-form';
import type { FormEvent } from 'react';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { SCHEME_TEXT } from '@contracts/api/schemes';
import { isSessionExpiry, toApiFailure } from '@/lib/api/errors';
import { saveFailureText } from '@/lib/api/save-failures';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { keepAsSaved } from '@/lib/forms/unsaved-changes';

/**
 * The dialogs the scheme steps share (03 §8): a failed save shows 'Error: {errorCode}' with the
 * server's errorMessage (no dialog when the session ended: the way to login is all that shows),
 * a success shows 'Success' with the step's text, and skipping asks first.
 */

export { saveFailureText };

export async function showSaveError(error: unknown): Promise<void> {
  if (isSessionExpiry(error)) return;
  const failure = toApiFailure(error);
  await dialogs.error(
    SCHEME_TEXT.errorTitle(failure.errorCode),
    textToHtml(saveFailureText(failure)),
  );
}

export function showSaveSuccess(message: string): Promise<void> {
  return dialogs.success(SCHEME_TEXT.successTitle, textToHtml(message));
}

/** The form a step saves and the values it submitted (onSubmit's `values` and `form`). */
export interface Submitted<Values extends object> {
  form: FormApi<Values>;
  values: Values;
}

/**
 * A step's save (03 §8): runs `save`; when it fails, shows the failure (`onFailure`: 'Error:
 * {errorCode}' by default) and answers undefined; when it succeeds, the submitted values become
 * what the form loaded (keepAsSaved: what was typed while the save ran stays unsaved, so the
 * step's move on asks before leaving it), shows 'Success' with `successText` and answers what the
 * save answered, so the step can move on.
 */
export async function saveAndConfirm<T, Values extends object>(
  save: () => Promise<T>,
  successText: string,
  { form, values }: Submitted<Values>,
  onFailure: (error: unknown) => Promise<void> = showSaveError,
): Promise<{ saved: T } | undefined> {
  let saved: T;
  try {
    saved = await save();
  } catch (error) {
    await onFailure(error);
    return undefined;
  }
  keepAsSaved(form, values);
  await showSaveSuccess(successText);
  return { saved };
}

/** 'Skip this step' / 'Are you sure? …' with 'Yes, skip' and 'No, go back'; true to skip. */
export function confirmSkip(): Promise<boolean> {
  return dialogs.confirm(SCHEME_TEXT.skipTitle, textToHtml(SCHEME_TEXT.skipMessage), {
    okText: SCHEME_TEXT.skipConfirm,
    cancelText: SCHEME_TEXT.skipCancel,
    // Skipping loses the step's changes: Enter goes back.
    focusCancel: true,
  });
}

/**
 * A form's submit handler that, when validation stops the save, also says so in a dialog:
 * 'Form not valid, please fix errors before submit' (03 §5 General, Liability), the one place
 * every scheme step raises it. Its OK has the focus, so Enter closes it, and so does Escape (a
 * notice with nothing to decide); the wizard then focuses the first field in error
 * (lib/forms/focus.ts waits for the dialog to close).
 */
export function submitOrSayInvalid<Values>(
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<unknown> | undefined,
  form: FormApi<Values>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const pending = handleSubmit(event);
    // final-form checks the field rules synchronously: errors now mean nothing was submitted.
    if (form.getState().hasValidationErrors) {
      void dialogs.show({
        kind: 'error',
        title: DIALOG_TEXT.errorTitle,
        html: textToHtml(DIALOG_TEXT.formNotValid),
      });
    }
    return pending;
  };
}

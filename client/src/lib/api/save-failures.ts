import { UNKNOWN_IMAGE } from '@contracts/api/constants';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { isSessionExpiry, toApiFailure, type ApiFailure } from '@/lib/api/errors';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';

/**
 * What the site builders' screens do when a save fails (both builders: docs/decisions.md).
 * The specs only log create and update failures (01 §8, 02 §8; the base query logs every failed
 * call), but then an operator who pressed "Save & Continue" sees nothing happen and cannot tell
 * a duplicate URL from a dead server. Decision: the server's message is shown — under its field
 * when the screen has that field, otherwise in an "Error" dialog. A refusal for an image the
 * server no longer holds (another operator replaced or removed it since the screen was read)
 * is shown in plain words instead, whatever screen it comes from.
 */

/** The dialog texts of a save failure (not in the spec; docs/decisions.md). */
export const SAVE_FAILURE_TEXT = {
  imageGone:
    'An image this screen holds is no longer on the server: it was replaced or removed after the screen was opened. Reload the screen, then save again.',
} as const;

/**
 * The server's message for one field: its 400 and 409 answers read `{field}: {message}`
 * (e.g. `siteUrl: shop is already used`); the field's name is dropped as the field shows it.
 */
export function fieldMessage(failure: ApiFailure, field: string): string | undefined {
  const prefix = `${field}: `;
  const answered = failure.status === 400 || failure.status === 409;
  return answered && failure.errorMessage.startsWith(prefix)
    ? failure.errorMessage.slice(prefix.length)
    : undefined;
}

/**
 * The text of a failed save's dialog: the server's errorMessage; after a 412 (someone else saved
 * the record since the screen read it) also what the screen did about it: it read the record
 * again, and shows it with the operator's changes kept (the scheme wizard and the site builders).
 * A refusal for an image the server no longer holds reads SAVE_FAILURE_TEXT.imageGone.
 */
export function saveFailureText(failure: ApiFailure): string {
  if (failure.status === 412) return `${failure.errorMessage} ${DIALOG_TEXT.staleRecordReloaded}`;
  return failure.status === 400 && UNKNOWN_IMAGE.isMessage(failure.errorMessage)
    ? SAVE_FAILURE_TEXT.imageGone
    : failure.errorMessage;
}

/** "Error" with the server's message (or the client's network message). */
export async function showSaveFailure(error: unknown): Promise<void> {
  if (isSessionExpiry(error)) return;
  const failure = toApiFailure(error);
  await dialogs.error(DIALOG_TEXT.errorTitle, textToHtml(saveFailureText(failure)));
}

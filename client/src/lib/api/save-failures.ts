import { DIALOG_TEXT } from '@contracts/api/messages';
import { isSessionExpiry, toApiFailure, type ApiFailure } from '@/lib/api/errors';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';

/**
 * What the site builders' screens do when a save fails (both builders: docs/decisions.md).
 * The specs only log create and update failures (01 §8, 02 §8; the base query logs every failed
 * call), but then an operator who pressed "Save & Continue" sees nothing happen and cannot tell
 * a duplicate URL from a dead server. Decision: the server's message is shown — under its field
 * when the screen has that field, otherwise in an "Error" dialog.
 */

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

/** "Error" with the server's message (or the client's network message). */
export async function showSaveFailure(error: unknown): Promise<void> {
  if (isSessionExpiry(error)) return;
  const failure = toApiFailure(error);
  await dialogs.error(DIALOG_TEXT.errorTitle, textToHtml(failure.errorMessage));
}

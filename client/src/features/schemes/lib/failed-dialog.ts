import { SCHEME_TEXT } from '@contracts/api/schemes';
import { isSessionExpiry, toApiFailure } from '@/lib/api/errors';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { saveFailureText } from './step-dialogs';

/**
 * The failure dialog of the base campaign save and the activation (03 §8: "'Failed: {errorCode}'
 * in some liability, base campaign and activate cases"). 03 §7 says those calls "return the
 * error object instead of throwing": our reading is that an error the server answered (it has
 * an HTTP status) is such a returned error object and is titled 'Failed: {errorCode}', while a
 * call that got no answer (network, unreadable) threw and is titled 'Error: {errorCode}'. The
 * body is the errorMessage. No dialog when the session ended (the way to login is all that
 * shows).
 */
export async function showFailedOrError(error: unknown): Promise<void> {
  if (isSessionExpiry(error)) return;
  const failure = toApiFailure(error);
  const title =
    failure.status > 0
      ? SCHEME_TEXT.failedCodeTitle(failure.errorCode)
      : SCHEME_TEXT.errorTitle(failure.errorCode);
  await dialogs.error(title, textToHtml(saveFailureText(failure)));
}

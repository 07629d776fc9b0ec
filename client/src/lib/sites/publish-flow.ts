import { DIALOG_TEXT } from '@contracts/api/messages';
import { isSessionExpiry, toApiFailure } from '@/lib/api/errors';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { logger } from '@/lib/logging/logger';

/**
 * The generic part of publishing, unpublishing and opening a site (01 §4.2, 02 §4), shared by
 * both site builders: the processing dialog around the calls, the one answer each outcome gets,
 * and the logging of failures. Each builder supplies only its calls and its texts.
 */

export interface DialogText {
  title: string;
  /** Plain text; escaped before it is shown. Empty for a title-only dialog. */
  message: string;
}

/**
 * Thrown by a builder's publish steps when a failure has its own answer (e.g. the journal's
 * module-code lookup: "Error: {code}" with the server's message), or, with `dialog` null, only
 * closes the processing dialog (a network failure on that lookup, 01 §8). Either way it is
 * logged.
 */
export class PublishStopped extends Error {
  override name = 'PublishStopped';
  constructor(
    readonly dialog: DialogText | null,
    readonly reason: unknown,
  ) {
    super(dialog?.message ?? 'Publishing stopped');
  }
}

export interface MarkThenGoLive<Profile> {
  /** Saves the profile marked published; answers it as stored (with its new ETag). */
  markPublished(): Promise<Profile>;
  /** The call that puts the site live (the journal's deployment, the merchant's publish record). */
  goLive(): Promise<unknown>;
  /** Saves `profile` with its publication flags as they were before the publish. */
  takeBack(profile: Profile): Promise<unknown>;
  /** Has the screens read the profile again (the dashboard's list, the summary's profile). */
  showStored(): void;
  /** Names the profile in the log. */
  logLabel: string;
}

/**
 * The last two steps of a publish in both builders: the profile is marked published (the server
 * records a publication only for a published profile), then the site goes live. When going live
 * fails, the flags go back to what they were, so the site is not served and Publish is offered
 * again; the failure then gets its answer as any other. The take-back goes with the ETag of the
 * publish's own save and is not sent again when refused: refused as stale (412), someone saved the
 * profile since, and may have published it themselves, which a second take-back would undo. When
 * it fails, the profile stays published: the screens read it again, so the dashboard's card and
 * the summary show it published (with Unpublish), as it is stored. An ended session sends nothing
 * more (the profile is as stored when the operator is back).
 */
export async function markThenGoLive<Profile>(steps: MarkThenGoLive<Profile>): Promise<void> {
  const saved = await steps.markPublished();
  try {
    await steps.goLive();
  } catch (error) {
    if (!isSessionExpiry(error)) await withdraw(steps, saved);
    throw error;
  }
}

/** The take-back of a publish whose go-live failed: see markThenGoLive. */
async function withdraw<Profile>(steps: MarkThenGoLive<Profile>, saved: Profile): Promise<void> {
  try {
    await steps.takeBack(saved);
  } catch (undo) {
    logger.error(`Withdrawing the publication of ${steps.logLabel} failed`, undo);
    // An ended session resets every cache: nothing is left to read again.
    if (!isSessionExpiry(undo)) steps.showStored();
  }
}

export interface PublishFlowOptions {
  /** The builder's calls, in order; resolves once the site is published. */
  run(): Promise<void>;
  success: DialogText;
  /** Shown for any failure without its own answer ("Error" / "Something went wrong"). */
  failure: DialogText;
  /** Names the flow in the log. */
  logLabel: string;
}

/**
 * Runs the calls under the processing dialog, closes it, then shows one answer. Resolves true
 * when published, once the success dialog is dismissed.
 */
export async function runPublishFlow({
  run,
  success,
  failure,
  logLabel,
}: PublishFlowOptions): Promise<boolean> {
  const processing = dialogs.processing();
  try {
    await run();
  } catch (error) {
    // Closed first: only the top dialog shows, and an answer must not hide under the spinner.
    processing.close();
    if (error instanceof PublishStopped) {
      logger.error(`${logLabel} stopped`, error.reason);
      if (error.dialog) await dialogs.error(error.dialog.title, textToHtml(error.dialog.message));
    } else {
      logger.error(`${logLabel} failed`, error);
      if (!isSessionExpiry(error)) await dialogs.error(failure.title, textToHtml(failure.message));
    }
    return false;
  }
  processing.close();
  await dialogs.success(success.title, textToHtml(success.message));
  return true;
}

export interface UnpublishFlowOptions {
  /** The confirmation question; Cancel leaves everything as it is. */
  confirm: DialogText;
  /** Loads the profile afresh, clears its published flag and saves it. */
  run(): Promise<void>;
  done: DialogText;
  logLabel: string;
}

/**
 * Asks first, then runs the calls under the processing dialog. A failure shows the server's
 * message under "Error" (the operator must know the site is still online). Resolves true when
 * unpublished.
 */
export async function runUnpublishFlow({
  confirm,
  run,
  done,
  logLabel,
}: UnpublishFlowOptions): Promise<boolean> {
  // Unpublishing takes a live site offline: Enter keeps it online.
  const confirmed = await dialogs.confirm(confirm.title, textToHtml(confirm.message), {
    focusCancel: true,
  });
  if (!confirmed) return false;
  const processing = dialogs.processing();
  try {
    await run();
  } catch (error) {
    processing.close();
    logger.error(`${logLabel} failed`, error);
    if (!isSessionExpiry(error)) {
      await dialogs.error(DIALOG_TEXT.errorTitle, textToHtml(toApiFailure(error).errorMessage));
    }
    return false;
  }
  processing.close();
  await dialogs.success(done.title, textToHtml(done.message));
  return true;
}

/**
 * "Open site": a published site opens in a new tab (without access back to this window); an
 * unpublished one gets a warning instead (01 §4.2, 02 §4).
 */
export function openPublishedSite(link: string | null, notPublished: DialogText): void {
  if (link === null) {
    void dialogs.warn(notPublished.title, textToHtml(notPublished.message));
    return;
  }
  window.open(link, '_blank', 'noopener');
}

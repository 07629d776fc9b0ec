import { DIALOG_TEXT } from '@contracts/api/messages';
import { isSessionExpiry, toApiFailure } from '@/lib/api/errors';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { logger } from '@/lib/logging/logger';
import { MISSING_IMAGES_TEXT, type MissingImageSlots } from './missing-images';
import { JsonFileError, readJsonFile } from './read-json-file';

/**
 * The generic part of both site builders' "Import config" (01 §4.3, 02 §4): read the chosen
 * file as JSON and as the builder's configuration, run the builder's calls under the processing
 * dialog, then one answer: "Failed" with the reason (the file's fault, or the server's
 * errorMessage, 01 §8 and 02 §8) or "Success" with the builder's text. Each builder supplies its
 * file reader and its calls. Before the calls, each media slot whose image the server no longer
 * holds keeps the profile's current image, or is left empty when there is none
 * (lib/sites/missing-images.ts), and "Success" names those slots in a warning.
 */

/** A file that is not the builder's configuration; its message is shown under "Failed". */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** A failed import: the call's error, and the id of a profile made before the failure, if any. */
export class ImportFailed extends Error {
  override name = 'ImportFailed';
  constructor(
    readonly reason: unknown,
    readonly profileId: number | null,
  ) {
    super('Import failed');
  }
}

export interface ImportFlowOptions<Config> {
  file: File;
  /** Reads the parsed JSON as the builder's configuration; throws ImportFileError. */
  parse(content: unknown): Config;
  /**
   * The configuration without the images the server no longer holds, and the labels of the
   * slots that kept the current image or were left empty (withoutMissingImages). Its failure
   * fails the import, before any call.
   */
  withoutMissingImages(config: Config): Promise<{ config: Config } & MissingImageSlots>;
  /** The builder's calls; resolves with the profile's id, rejects with ImportFailed. */
  apply(config: Config): Promise<number>;
  texts: {
    /** "Failed" (01 §8, 02 §8). */
    failedTitle: string;
    /** Shown when the file cannot be read as a configuration for another reason. */
    notConfig: string;
    success: string;
  };
  logLabel: string;
}

/**
 * The outcome: the profile's id when imported; else the id of a profile the import made before
 * it failed (the caller opens it, so a second try updates it instead of making another), or null.
 */
export type ImportOutcome =
  { imported: true; profileId: number } | { imported: false; profileId: number | null };

export async function runImportFlow<Config>({
  file,
  parse,
  withoutMissingImages,
  apply,
  texts,
  logLabel,
}: ImportFlowOptions<Config>): Promise<ImportOutcome> {
  let config: Config;
  try {
    config = parse(await readJsonFile(file));
  } catch (error) {
    const message =
      error instanceof JsonFileError || error instanceof ImportFileError
        ? error.message
        : texts.notConfig;
    await dialogs.error(texts.failedTitle, textToHtml(message));
    return { imported: false, profileId: null };
  }

  const processing = dialogs.processing();
  let profileId: number;
  let missing: MissingImageSlots;
  try {
    const { config: checked, ...slots } = await withoutMissingImages(config);
    missing = slots;
    profileId = await apply(checked);
  } catch (error) {
    // Closed first: only the top dialog shows, and the answer must not hide under the spinner.
    processing.close();
    const reason = error instanceof ImportFailed ? error.reason : error;
    logger.error(`${logLabel} failed`, reason);
    if (!isSessionExpiry(reason)) {
      await dialogs.error(texts.failedTitle, textToHtml(toApiFailure(reason).errorMessage));
    }
    return { imported: false, profileId: error instanceof ImportFailed ? error.profileId : null };
  }
  processing.close();
  const notice = [
    missing.keptCurrent.length > 0 ? MISSING_IMAGES_TEXT.keptCurrent(missing.keptCurrent) : null,
    missing.leftEmpty.length > 0 ? MISSING_IMAGES_TEXT.leftEmpty(missing.leftEmpty) : null,
  ]
    .filter((text) => text !== null)
    .map((text) => `<div class="alert alert-warning mt-3">${textToHtml(text)}</div>`)
    .join('');
  await dialogs.success(DIALOG_TEXT.successTitle, `<p>${textToHtml(texts.success)}</p>${notice}`);
  return { imported: true, profileId };
}

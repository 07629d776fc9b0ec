import { DIALOG_TEXT } from '@contracts/api/messages';

/**
 * Reads a chosen file as JSON (the site builders' "Import config", 01 §2.5, 02 §2). Every way it
 * can fail becomes a `JsonFileError` with a message an operator understands.
 */

/** Largest file read: a whole site configuration (stylesheet, page texts) is far smaller. */
export const JSON_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const JSON_FILE_TEXT = {
  unreadable: 'The file could not be read.',
  notJson: 'The file is not a valid JSON file.',
  empty: 'The file is empty.',
} as const;

export class JsonFileError extends Error {
  override name = 'JsonFileError';
}

/** The parsed content of the file; throws `JsonFileError` when it cannot be read or parsed. */
export async function readJsonFile(
  file: Pick<Blob, 'size' | 'text'>,
  maxBytes: number = JSON_FILE_MAX_BYTES,
): Promise<unknown> {
  if (file.size > maxBytes) throw new JsonFileError(DIALOG_TEXT.fileTooLarge);
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new JsonFileError(JSON_FILE_TEXT.unreadable);
  }
  if (text.trim() === '') throw new JsonFileError(JSON_FILE_TEXT.empty);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new JsonFileError(JSON_FILE_TEXT.notJson);
  }
}

/**
 * The lowdb adapter of the data file. Layout: a JSON object, one collection per key, one record
 * per line. Readable and diffable; any JSON reader reads it. A write goes to a temp file created
 * with mode 0600, then renamed over the data file: a reader or a crash sees the old file or the
 * new one, never half of one. A large file may have a change log beside it (change-log.ts):
 * then its first key, `$seq`, says which logged changes it holds (the store strips it).
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';
import { hasErrorCode } from '../http/errno';

/** Owner read/write only: the file holds the password hashes. */
export const DATA_FILE_MODE = 0o600;

/** The data file cannot be used; the message names it and says what is wrong. */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

/** The key of the data file saying which logged changes it holds; not part of the data. */
export const SEQ_KEY = '$seq';

export class JsonDataFile<T extends object> implements Adapter<T> {
  readonly file: string;
  /** The `$seq` read or to write; 0: none (no change log was ever used). */
  seq = 0;
  /** Size of the file as last read or written. */
  bytes = 0;
  readonly #temp: string;

  constructor(file: string) {
    this.file = file;
    this.#temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  }

  /** The parsed file; throws DataFileError naming the file when it is empty or not JSON. */
  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT')) return null;
      throw error;
    }
    if (text.trim() === '') {
      throw new DataFileError(
        `${this.file}: the data file is empty. Restore it from a backup, or run npm run db:reset to start again from db.json`,
      );
    }
    this.bytes = Buffer.byteLength(text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new DataFileError(
        `${this.file}: the data file is not valid JSON (${error instanceof Error ? error.message : String(error)}). Restore it from a backup, or run npm run db:reset to start again from db.json`,
      );
    }
    if (typeof parsed === 'object' && parsed !== null && SEQ_KEY in parsed) {
      const { [SEQ_KEY]: seq, ...rest } = parsed as Record<string, unknown>;
      this.seq = typeof seq === 'number' && Number.isSafeInteger(seq) ? seq : 0;
      return rest as T;
    }
    return parsed as T;
  }

  /** Writes `data` whole (with `$seq` when set): temp file (created afresh, mode 0600) + rename. */
  async write(data: T): Promise<void> {
    const keys = this.seq > 0 ? [`  ${JSON.stringify(SEQ_KEY)}: ${this.seq}`] : [];
    for (const [key, value] of Object.entries(data)) {
      const text = Array.isArray(value)
        ? value.length === 0
          ? '[]'
          : `[\n    ${value.map((record) => JSON.stringify(record) ?? 'null').join(',\n    ')}\n  ]`
        : (JSON.stringify(value) ?? 'null');
      keys.push(`  ${JSON.stringify(key)}: ${text}`);
    }
    const text = `{\n${keys.join(',\n')}\n}\n`;
    await rm(this.#temp, { force: true });
    try {
      await writeFile(this.#temp, text, { mode: DATA_FILE_MODE, flag: 'wx' });
    } catch (error) {
      await rm(this.#temp, { force: true });
      throw error;
    }
    await rename(this.#temp, this.file);
    this.bytes = Buffer.byteLength(text);
  }
}

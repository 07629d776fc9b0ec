/**
 * The lowdb adapter of the data file. Unlike lowdb's JSONFile it keeps the serialised form of
 * every record, so writing costs what changed, not the size of the file:
 *
 * - Snapshots are frozen (see store.ts), so an object that is still in the data is unchanged:
 *   its bytes are cached by identity (a WeakMap: a replaced record's bytes go with it). A
 *   write serialises only records that are new objects, and reuses the byte list of every
 *   collection that is the same array as last time.
 * - The file is written from those buffers (writev, on libuv's threads: the event loop does
 *   not copy them) to a temp file created with mode 0600, then renamed over the data file:
 *   a reader or a crash sees the old file or the new one, never half of one.
 *
 * Layout: a JSON object, one collection per key, one record per line. Readable and diffable;
 * any JSON reader reads it. A large file may have a change log beside it (change-log.ts):
 * then its first key, `$seq`, says which logged changes it holds (the store strips it).
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';
import { hasErrorCode } from '../http/errno';

/** Owner read/write only: the file holds the token secret and the password hashes. */
export const DATA_FILE_MODE = 0o600;

const OPEN = Buffer.from('{\n');
const CLOSE = Buffer.from('\n}\n');
const KEY_SEPARATOR = Buffer.from(',\n');
const LIST_OPEN = Buffer.from('[\n    ');
const LIST_SEPARATOR = Buffer.from(',\n    ');
const LIST_CLOSE = Buffer.from('\n  ]');
const EMPTY_LIST = Buffer.from('[]');

/** The data file cannot be used; the message names it and says what is wrong. */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

export interface RecordSize {
  collection: string;
  index: number;
  bytes: number;
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
  /** Bytes of each record (an element of a top-level list) or top-level non-list value. */
  #records = new WeakMap<object, Buffer>();
  /** The buffers of a whole list, by the list's identity. */
  #lists = new WeakMap<object, Buffer[]>();
  /** Lists whose records were all measured (so their bytes are cached). */
  #measured = new WeakSet<object>();

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

  /**
   * Serialises the records of `data` that are not cached yet and returns their sizes, so the
   * store can refuse a record that is too large before anything is written.
   */
  measureNew(data: T): RecordSize[] {
    const sizes: RecordSize[] = [];
    for (const [collection, value] of Object.entries(data)) {
      if (Array.isArray(value)) {
        if (this.#measured.has(value)) continue;
        value.forEach((record: unknown, index) => {
          const bytes = this.#recordBytes(record, true);
          if (bytes !== undefined) sizes.push({ collection, index, bytes: bytes.length });
        });
        if (Object.isFrozen(value)) this.#measured.add(value);
      } else {
        const bytes = this.#recordBytes(value, true);
        if (bytes !== undefined) sizes.push({ collection, index: -1, bytes: bytes.length });
      }
    }
    return sizes;
  }

  /** Writes `data` whole (with `$seq` when set). */
  async write(data: T): Promise<void> {
    const buffers: Buffer[] = [OPEN];
    let first = true;
    if (this.seq > 0) {
      buffers.push(Buffer.from(`  ${JSON.stringify(SEQ_KEY)}: ${this.seq}`));
      first = false;
    }
    for (const [key, value] of Object.entries(data)) {
      if (!first) buffers.push(KEY_SEPARATOR);
      first = false;
      buffers.push(Buffer.from(`  ${JSON.stringify(key)}: `));
      if (Array.isArray(value)) buffers.push(...this.#listBuffers(value));
      else buffers.push(this.#recordBytes(value, false) ?? Buffer.from('null'));
    }
    buffers.push(CLOSE);
    await this.#replace(buffers);
    this.bytes = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
  }

  /** The bytes of a value; with `onlyNew`, undefined when they were cached already. */
  #recordBytes(record: unknown, onlyNew: boolean): Buffer | undefined {
    const cacheable = typeof record === 'object' && record !== null && Object.isFrozen(record);
    if (cacheable) {
      const cached = this.#records.get(record);
      if (cached !== undefined) return onlyNew ? undefined : cached;
    }
    const bytes = Buffer.from(JSON.stringify(record) ?? 'null');
    if (cacheable) this.#records.set(record, bytes);
    return bytes;
  }

  #listBuffers(list: readonly unknown[]): Buffer[] {
    const cached = this.#lists.get(list);
    if (cached !== undefined) return cached;
    let buffers: Buffer[];
    if (list.length === 0) {
      buffers = [EMPTY_LIST];
    } else {
      buffers = [LIST_OPEN];
      list.forEach((record, index) => {
        if (index > 0) buffers.push(LIST_SEPARATOR);
        buffers.push(this.#recordBytes(record, false) ?? Buffer.from('null'));
      });
      buffers.push(LIST_CLOSE);
    }
    if (Object.isFrozen(list)) this.#lists.set(list, buffers);
    return buffers;
  }

  /** Temp file (created afresh, mode 0600) + rename. */
  async #replace(buffers: Buffer[]): Promise<void> {
    await rm(this.#temp, { force: true });
    const handle = await open(this.#temp, 'wx', DATA_FILE_MODE);
    try {
      const total = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
      const { bytesWritten } = await handle.writev(buffers);
      // writev may stop short (a partial write): write the rest from a single buffer.
      if (bytesWritten < total) {
        let rest = Buffer.concat(buffers).subarray(bytesWritten);
        while (rest.length > 0) {
          const step = await handle.write(rest);
          if (step.bytesWritten === 0)
            throw new Error(`${this.file}: could not write the data file`);
          rest = rest.subarray(step.bytesWritten);
        }
      }
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(this.#temp, { force: true });
      throw error;
    }
    await handle.close();
    await rename(this.#temp, this.file);
  }
}

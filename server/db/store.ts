/**
 * The data-access layer: the only code that touches lowdb.
 *
 * - Reads are synchronous: `read()` returns the current snapshot. A snapshot is frozen and
 *   never changed in place (updates replace it), so a handler can hold one across awaits.
 * - Writes go through `update(fn)`. Updates run one at a time in arrival order, each on a
 *   copy-on-write draft of the latest data (draft.ts): only what `fn` changes is copied, the
 *   rest is shared with the snapshot, so an update costs what it touches, not the size of the
 *   data. Read-modify-write never interleaves. A throwing `fn` changes nothing. A record past
 *   STORE_LIMITS (contracts) refuses the update with a 413 / 400 HttpError.
 * - Updates that arrive while the file is being written are written together (group
 *   commit), and each `update` resolves only once its change has reached the file. The new
 *   snapshot becomes visible to `read()` at the same moment. The file is written by
 *   JsonDataFile: only changed records are serialised, then temp file (mode 0600) + rename.
 * - `flush()` waits for pending writes; `close()` also refuses further updates and runs the
 *   `onClose` listeners (e.g. timers of the app).
 */
import { Low } from 'lowdb';
import { ERROR_CODE, STORE_LIMITS } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { HttpError, validationError } from '../http/errors';
import { createDraft, deepFreeze } from './draft';
import { JsonDataFile } from './json-file';
import { emptyData, type Data, type DeepReadonly } from './schema';

export type Snapshot = DeepReadonly<Data>;

/** A change to the data. Must be synchronous: do slow work (hashing, file I/O) before. */
export type Mutation<T> = (draft: Data) => T;

interface Job {
  run: (draft: Data) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export class StoreClosedError extends Error {
  override name = 'StoreClosedError';
  constructor() {
    super('The store is closed');
  }
}

/** Throws when a record added in `after` takes its owner past `max` records. */
function checkCount<R extends object>(
  before: readonly R[],
  after: readonly R[],
  ownerOf: (record: R) => number,
  field: string,
  max: number,
  message: string,
): void {
  if (after === before || after.length <= before.length) return;
  const counts = new Map<number, number>();
  for (const record of after) counts.set(ownerOf(record), (counts.get(ownerOf(record)) ?? 0) + 1);
  const old = new Set(before);
  for (const record of after) {
    if (!old.has(record) && (counts.get(ownerOf(record)) ?? 0) > max) {
      throw validationError(field, message);
    }
  }
}

export class Store {
  readonly #db: Low<Data>;
  readonly #file: JsonDataFile<Data>;
  #current: Data;
  #queue: Job[] = [];
  #draining: Promise<void> | null = null;
  #closed = false;
  #closeListeners: (() => void)[] = [];

  private constructor(db: Low<Data>, file: JsonDataFile<Data>, data: Data) {
    this.#db = db;
    this.#file = file;
    this.#current = data;
  }

  /**
   * Opens the data file (it must exist; see seedDataFile) and reads it into memory. Refuses,
   * naming the file, one that is missing, empty or not JSON.
   */
  static async open(file: string): Promise<Store> {
    const adapter = new JsonDataFile<Data>(file);
    const db = new Low<Data>(adapter, emptyData());
    const raw = await adapter.read();
    if (raw === null) throw new Error(`${file}: the data file does not exist`);
    const data = deepFreeze(normalize(raw, file));
    db.data = data;
    // Caches the bytes of every record, so the first write serialises only what changed.
    adapter.measureNew(data);
    return new Store(db, adapter, data);
  }

  /** The data file's path. */
  get file(): string {
    return this.#file.file;
  }

  /** The current data. Synchronous; do not keep it across an update you await if you need fresh data. */
  read(): Snapshot {
    return this.#current;
  }

  /** Runs `fn` on a draft of the latest data and writes the result; resolves with fn's value. */
  update<T>(fn: Mutation<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new StoreClosedError());
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ run: fn, resolve: (value) => resolve(value as T), reject });
      this.#draining ??= this.#drain();
    });
  }

  /** Waits until every update queued so far has been written. */
  async flush(): Promise<void> {
    while (this.#draining !== null) await this.#draining;
  }

  /** Runs `listener` once when the store closes (stop timers that would update it). */
  onClose(listener: () => void): void {
    if (this.#closed) listener();
    else this.#closeListeners.push(listener);
  }

  /** Refuses new updates and waits for pending ones. */
  async close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      for (const listener of this.#closeListeners.splice(0)) listener();
    }
    await this.flush();
  }

  async #drain(): Promise<void> {
    try {
      // Let every update started in this tick join the first batch.
      await Promise.resolve();
      while (this.#queue.length > 0) await this.#writeBatch(this.#queue.splice(0));
    } finally {
      // No await between the last queue check and this line, so no update can be stranded.
      this.#draining = null;
    }
  }

  /** Runs one job on a draft of `base`: the new data and fn's value, or throws. */
  #apply(base: Data, job: Job): { next: Data; value: unknown } {
    const draft = createDraft(base);
    let value: unknown;
    try {
      value = job.run(draft.root);
      if (value instanceof Promise) {
        value.catch(() => undefined);
        throw new TypeError('store.update: the mutation must be synchronous');
      }
    } catch (error) {
      draft.discard();
      throw error;
    }
    const { root: next, extra } = draft.finalize(value);
    if (next !== base) this.#checkLimits(base, next);
    return { next, value: extra };
  }

  /** Throws when a changed record is too large or an owner has too many records. */
  #checkLimits(base: Data, next: Data): void {
    for (const size of this.#file.measureNew(next)) {
      if (size.bytes > STORE_LIMITS.recordBytes) {
        throw new HttpError(413, ERROR_CODE.TOO_LARGE, ERROR_MESSAGE.recordTooLarge);
      }
    }
    checkCount(
      base.journalProfiles,
      next.journalProfiles,
      (profile) => profile.programId,
      'programId',
      STORE_LIMITS.journalProfilesPerProgram,
      `A program can have at most ${STORE_LIMITS.journalProfilesPerProgram} sites`,
    );
    checkCount(
      base.journalPages,
      next.journalPages,
      (page) => page.profileId,
      'profileId',
      STORE_LIMITS.journalPagesPerProfile,
      `A site can have at most ${STORE_LIMITS.journalPagesPerProfile} pages`,
    );
  }

  async #writeBatch(batch: Job[]): Promise<void> {
    let next = this.#current;
    const done: { job: Job; value: unknown }[] = [];
    for (const job of batch) {
      try {
        const result = this.#apply(next, job);
        done.push({ job, value: result.value });
        next = result.next;
      } catch (error) {
        job.reject(error);
      }
    }
    if (done.length === 0) return;
    if (next === this.#current) {
      // Nothing changed: nothing to write, and every earlier change is already in the file.
      for (const { job, value } of done) job.resolve(value);
      return;
    }
    try {
      this.#db.data = next;
      await this.#db.write();
      this.#current = next;
      for (const { job, value } of done) job.resolve(value);
    } catch (error) {
      this.#db.data = this.#current;
      for (const { job } of done) job.reject(error);
    }
  }
}

/** Fills collections missing from an older data file; refuses a file of the wrong shape. */
function normalize(raw: unknown, file: string): Data {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`${file}: the data file must hold a JSON object`);
  }
  const data: Record<string, unknown> = { ...raw };
  for (const [key, fallback] of Object.entries(emptyData())) {
    const value = data[key];
    if (value === undefined) {
      data[key] = fallback;
    } else if (
      value === null ||
      typeof value !== 'object' ||
      Array.isArray(fallback) !== Array.isArray(value)
    ) {
      throw new Error(
        `${file}: "${key}" must be ${Array.isArray(fallback) ? 'a list' : 'an object'}`,
      );
    }
  }
  // Checked above: every collection exists with the right kind of value.
  return data as unknown as Data;
}

/**
 * The data-access layer: the only code that touches lowdb.
 *
 * - Reads are synchronous: `read()` returns the current snapshot. A snapshot is never changed
 *   in place (updates replace it), so a handler can hold one across awaits.
 * - Writes go through `update(fn)`. Updates run one at a time in arrival order, each on its own
 *   copy of the latest data, so read-modify-write never interleaves. A throwing `fn` changes
 *   nothing. Updates that arrive while the file is being written are written together
 *   (group commit), and each `update` resolves only once its change has reached the file.
 *   The new snapshot becomes visible to `read()` at the same moment.
 * - `flush()` waits for pending writes; `close()` also refuses further updates.
 *
 * Low + JSONFile are used directly: JSONFilePreset silently keeps data in memory when
 * NODE_ENV=test.
 */
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
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

export class Store {
  readonly #db: Low<Data>;
  #current: Data;
  #queue: Job[] = [];
  #draining: Promise<void> | null = null;
  #closed = false;

  private constructor(db: Low<Data>, data: Data) {
    this.#db = db;
    this.#current = data;
  }

  /** Opens the data file (it must exist; see seedDataFile) and reads it into memory. */
  static async open(file: string): Promise<Store> {
    const db = new Low<Data>(new JSONFile<Data>(file), emptyData());
    await db.read();
    return new Store(db, normalize(db.data, file));
  }

  /** The current data. Synchronous; do not keep it across an update you await if you need fresh data. */
  read(): Snapshot {
    return this.#current;
  }

  /** Runs `fn` on a private copy of the latest data and writes the result; resolves with fn's value. */
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

  /** Refuses new updates and waits for pending ones. */
  async close(): Promise<void> {
    this.#closed = true;
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

  async #writeBatch(batch: Job[]): Promise<void> {
    let next = this.#current;
    const done: { job: Job; value: unknown }[] = [];
    for (const job of batch) {
      const draft = structuredClone(next);
      try {
        const value = job.run(draft);
        if (value instanceof Promise) {
          throw new TypeError('store.update: the mutation must be synchronous');
        }
        done.push({ job, value });
        next = draft;
      } catch (error) {
        job.reject(error);
      }
    }
    if (done.length === 0) return;
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

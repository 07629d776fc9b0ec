/**
 * The data-access layer: the only code that touches lowdb.
 *
 * - Reads are synchronous: `read()` returns the current snapshot. A snapshot is frozen and
 *   never changed in place (updates replace it), so a handler can hold one across awaits.
 * - Writes go through `update(fn)`. Updates run one at a time in arrival order, each on a
 *   copy-on-write draft of the latest data (immer): only what `fn` changes is copied, the
 *   rest is shared with the snapshot, so an update costs what it touches, not the size of the
 *   data. Read-modify-write never interleaves. A throwing `fn` changes nothing. A record past
 *   STORE_LIMITS (contracts) refuses the update with a 413 / 400 HttpError.
 * - Updates that arrive while the file is being written are written together (group
 *   commit), and each `update` resolves only once its change has reached the disk. The new
 *   snapshot becomes visible to `read()` at the same moment.
 * - A data file under `logAboveBytes` (default 2 MiB) is rewritten whole per group commit by
 *   JsonDataFile (temp file, mode 0600, then rename). A larger one gets a change log beside
 *   it (change-log.ts): a group commit appends one line with what changed, and the file is
 *   rewritten whole (compaction, between group commits) once the log reaches half the file's
 *   size or 2 s after the last change, and on close. Opening replays the log. So a write's
 *   cost does not grow with the file, which the whole rewrite alone cannot give: `npm run
 *   bench -- --store` measured a profile update's median on a 20 MB file at 0.5-0.8 times the
 *   seed's with the log; rewriting the file whole, 13-19 times even with every record's bytes
 *   kept serialised (about 30 ms against 2 ms), 44-68 times with lowdb's own JSONFile.
 * - `flush()` waits for pending writes; `close()` also refuses further updates and runs the
 *   `onClose` listeners (e.g. timers of the app).
 */
import { enableArrayMethods, freeze, Immer, isDraft, original } from 'immer';
import { Low } from 'lowdb';
import { ERROR_CODE, STORE_LIMITS } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { HttpError, validationError } from '../http/errors';
import { ChangeLog, changeLine, removeLog, replayLog } from './change-log';
import { JsonDataFile } from './json-file';
import { realPathOf } from './real-path';
import { emptyData, type Data, type DeepReadonly } from './schema';

export type Snapshot = DeepReadonly<Data>;

/**
 * A change to the data. Must be synchronous: do slow work (hashing, file I/O) before. Change
 * records through the draft (`list.find(...)`, `list.filter(...)`, `list[i]` give drafts), not
 * inside a callback of find/filter/some/every/findIndex: those callbacks get the frozen stored
 * records (immer's array methods), so a write there throws and the update changes nothing.
 */
export type Mutation<T> = (draft: Data) => T;

/**
 * The data a mutation's draft started from, as a snapshot: the latest data, without what the
 * mutation itself changed so far. For a mutation that reads much of the data (a walk over every
 * record) before it changes anything: reading through the draft would make a draft of each
 * record it passes.
 */
export function startingData(draft: Data): Snapshot {
  return (isDraft(draft) ? original(draft) : draft) as Snapshot;
}

interface Job {
  run: (draft: Data) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * The store's own immer (setAutoFreeze elsewhere does not change it): every snapshot it makes
 * is deep-frozen, and untouched objects are the very objects of the one before.
 * enableArrayMethods (immer's plugin, global to the module) lets find/filter/some/findIndex
 * and sort/splice/push on a draft list work without a Proxy per record they pass. Measured on
 * the 20 MB data file of `npm run bench -- --store` (2 loaded cores), the draft work of a
 * profile update took 0.4 ms with it, 1.3-2.6 ms without, 0.8-1.3 ms with the hand-written
 * draft.ts this replaced; the update's median over HTTP 3.0-4.4 ms (draft.ts 5.7-6.0 ms).
 * Its one rule: see Mutation.
 */
const drafts = new Immer({ autoFreeze: true, useStrictIteration: false });
enableArrayMethods();

/** What one job produces: the data, and the mutation's value with its drafts made final. */
interface Outcome {
  data: Data;
  value: unknown;
}

/** From this data file size on, changes are logged instead of rewriting the file each time. */
export const LOG_ABOVE_BYTES = 2 * 1024 * 1024;
/** Compaction starts once the log holds this many bytes (or half the file's size, if more). */
const COMPACT_MIN_LOG_BYTES = 1024 * 1024;
/** Compaction also starts this long after the last logged change. */
const COMPACT_IDLE_MS = 2_000;

export interface StoreOptions {
  /** Data files at least this large get a change log (default LOG_ABOVE_BYTES). */
  logAboveBytes?: number;
}

export class StoreClosedError extends Error {
  override name = 'StoreClosedError';
  constructor() {
    super('The store is closed');
  }
}

/**
 * The records of `after` that are not in `before`: new or changed elements of its lists, and
 * its other values that changed. Untouched objects are the very objects of `before` (immer).
 */
function changedRecords(before: Data, after: Data): unknown[] {
  const changed: unknown[] = [];
  const previous = before as unknown as Readonly<Record<string, unknown>>;
  for (const [key, value] of Object.entries(after)) {
    const old = previous[key];
    if (value === old) continue;
    if (!Array.isArray(value)) {
      changed.push(value);
      continue;
    }
    const kept = new Set<unknown>(Array.isArray(old) ? old : []);
    for (const record of value) if (!kept.has(record)) changed.push(record);
  }
  return changed;
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
  readonly #log: ChangeLog;
  readonly #logAboveBytes: number;
  #current: Data;
  /** The last change written (logged, or held by a whole write). */
  #seq: number;
  /** A log may exist beside the file (removed by the next whole write of everything). */
  #hasLog = false;
  #queue: Job[] = [];
  #draining: Promise<void> | null = null;
  #compactWanted = false;
  #idleTimer: NodeJS.Timeout | undefined;
  #closed = false;
  #closeListeners: (() => void)[] = [];

  private constructor(
    db: Low<Data>,
    file: JsonDataFile<Data>,
    data: Data,
    seq: number,
    logAboveBytes: number,
  ) {
    this.#db = db;
    this.#file = file;
    this.#log = new ChangeLog(file.file);
    this.#current = data;
    this.#seq = seq;
    this.#logAboveBytes = logAboveBytes;
  }

  /**
   * Opens the data file (it must exist; see seedDataFile), replays its change log if any, and
   * reads it into memory. Refuses, naming the file, one that is missing, empty or not JSON.
   * Through a symbolic link it opens the file itself (./real-path.ts): its writes rename over
   * the file, never over the link.
   */
  static async open(given: string, options: StoreOptions = {}): Promise<Store> {
    const file = realPathOf(given);
    const adapter = new JsonDataFile<Data>(file);
    const db = new Low<Data>(adapter, emptyData());
    const raw = await adapter.read();
    if (raw === null) throw new Error(`${file}: the data file does not exist`);
    const plain = raw as unknown as Record<string, unknown>;
    const { seq, found } = await replayLog(file, plain, adapter.seq);
    const data = freeze(normalize(plain, file), true);
    db.data = data;
    if (found) {
      // Everything in one file again, then the log goes.
      adapter.seq = seq;
      await adapter.write(data);
      await removeLog(file);
    }
    return new Store(db, adapter, data, seq, options.logAboveBytes ?? LOG_ABOVE_BYTES);
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

  /** Refuses new updates, waits for pending ones, and leaves everything in the data file. */
  async close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      clearTimeout(this.#idleTimer);
      for (const listener of this.#closeListeners.splice(0)) listener();
    }
    await this.flush();
    if (this.#hasLog) await this.#writeWhole(this.#current);
    await this.#log.close();
  }

  async #drain(): Promise<void> {
    try {
      // Let every update started in this tick join the first batch.
      await Promise.resolve();
      while (this.#queue.length > 0 || this.#compactWanted) {
        if (this.#queue.length > 0) await this.#writeBatch(this.#queue.splice(0));
        if (this.#compactWanted) await this.#compact();
      }
    } finally {
      // No await between the last queue check and this line, so no update can be stranded.
      this.#draining = null;
    }
  }

  /** Runs one job on a draft of `base`: the new data and fn's value, or throws. */
  #apply(base: Data, job: Job): { next: Data; value: unknown } {
    // The value goes into the draft too, so drafts it holds (e.g. a record the mutation
    // changed and returns) come out as the very (frozen) objects of the new data.
    const start: Outcome = { data: base, value: undefined };
    const outcome = drafts.produce(start, (draft) => {
      const value = job.run(draft.data as Data);
      if (value instanceof Promise) {
        value.catch(() => undefined);
        throw new TypeError('store.update: the mutation must be synchronous');
      }
      draft.value = value;
    });
    const next = outcome.data;
    if (next !== base) this.#checkLimits(base, next);
    return { next, value: outcome.value };
  }

  /** Throws when a changed record is too large or an owner has too many records. */
  #checkLimits(base: Data, next: Data): void {
    for (const record of changedRecords(base, next)) {
      if (Buffer.byteLength(JSON.stringify(record) ?? '') > STORE_LIMITS.recordBytes) {
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
      if (this.#file.bytes >= this.#logAboveBytes) {
        await this.#log.append(changeLine(this.#seq + 1, this.#current, next));
        this.#seq += 1;
        this.#hasLog = true;
        this.#afterLogged();
      } else {
        await this.#writeWhole(next);
      }
      this.#current = next;
      for (const { job, value } of done) job.resolve(value);
    } catch (error) {
      this.#db.data = this.#current;
      for (const { job } of done) job.reject(error);
    }
  }

  /**
   * Writes `data` whole through lowdb, with `$seq` saying it holds every change logged so far;
   * then the log goes. A crash between the two leaves lines the file holds: replay skips them.
   */
  async #writeWhole(data: Data): Promise<void> {
    this.#db.data = data;
    this.#file.seq = this.#seq;
    await this.#db.write();
    if (this.#hasLog) {
      await this.#log.remove();
      this.#hasLog = false;
    }
  }

  /** After a logged change: compaction once the log is large, or when changes pause. */
  #afterLogged(): void {
    if (this.#log.bytes >= Math.max(COMPACT_MIN_LOG_BYTES, this.#file.bytes / 2)) {
      this.#compactWanted = true;
    }
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#closed) return;
      this.#compactWanted = true;
      this.#draining ??= this.#drain();
    }, COMPACT_IDLE_MS);
    this.#idleTimer.unref();
  }

  /**
   * Between group commits: the data as of the last logged change written whole, the log
   * removed. Updates that arrive meanwhile wait for it (0.1-0.15 s at 20 MB), as they would
   * for any whole write. A failure keeps the log, which still holds every change.
   */
  async #compact(): Promise<void> {
    this.#compactWanted = false;
    if (!this.#hasLog) return;
    await this.#writeWhole(this.#current).catch(() => undefined);
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

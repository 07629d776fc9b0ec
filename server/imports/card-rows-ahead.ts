/**
 * Card rows made ahead of a big card import by a second thread: the helper reads the file, checks
 * each line and computes its PIN HMAC (four at once: PinHmacLanes), and leaves the line's packed row
 * (card-rows.ts) in shared memory; the import's thread, which writes every row to SQLite, binds
 * a run of such rows as they lie there. The helper reads the same file through the same code (forEachDataLine,
 * cardLineReader), so it makes exactly the rows the import's fast path would, under the same
 * line numbers.
 *
 * Shared memory (one SharedArrayBuffer):
 *   control  Int32 [passed, stopped]: the last data line the import is done with; 1 once it ended
 *   tags     Int32 per slot: the data line whose row the slot holds (0: none)
 *   rows     CARD_ROW.bytes per slot
 * Line n lives in slot n % SLOTS. The helper writes line n only once the import has passed line
 * n - SLOTS (so it never overwrites a slot the import may still read: the import reports a line
 * passed only once its row is written), and skips lines the import has passed already. The
 * import takes a slot only when its tag is its line; otherwise
 * (the helper behind, stopped or failed, or a line the fast path leaves to the general path) it
 * reads the line itself, so the two share the work whatever their speeds. The helper can only
 * save time, never change an answer: its rows are the import's own function of the same bytes.
 */
import { PinHmac } from '../records/pin-hmac';
import { PIN_HMAC_LANES, PinHmacLanes } from '../records/pin-hmac-lanes';
import { cardLineReader } from './card-line';
import { CARD_ROW } from './card-rows';
import type { ImportJob } from './engine';
import { forEachDataLine } from './import-file';

/** Lines the helper may run ahead of the import. */
export const CARD_ROWS_AHEAD_SLOTS = 16_384;
const SLOTS = CARD_ROWS_AHEAD_SLOTS;
const ROW_BYTES = CARD_ROW.bytes;
const PASSED = 0;
const STOPPED = 1;
const CONTROL_BYTES = 8;
/** The import wakes a waiting helper after this many lines. */
const WAKE_EVERY = 1024;
/**
 * Lines ahead of the import that a helper it caught up with leaves to it. The import reads a
 * line itself about twice as slowly as it takes a ready one, so the helper's row for a line this
 * far ahead is ready before the import gets there.
 */
const LEAD = 256;

/** A card file at least this big gets a helper (about 50,000 lines): below it, a thread's start costs more than it saves. */
export const CARD_ROWS_AHEAD_MIN_BYTES = 2 * 1024 * 1024;

export class CardRowsAhead {
  readonly #control: Int32Array;
  readonly #tags: Int32Array;
  readonly #rows: Uint8Array;
  /** Lines whose row the import took from the helper. */
  taken = 0;
  /** The helper's side: lines up to this one are left to the import (wanted). */
  #leapTo = 0;

  constructor(readonly memory: SharedArrayBuffer) {
    this.#control = new Int32Array(memory, 0, 2);
    this.#tags = new Int32Array(memory, CONTROL_BYTES, SLOTS);
    this.#rows = new Uint8Array(memory, CONTROL_BYTES + 4 * SLOTS, ROW_BYTES * SLOTS);
  }

  static memory(): SharedArrayBuffer {
    return new SharedArrayBuffer(CONTROL_BYTES + (4 + ROW_BYTES) * SLOTS);
  }

  // The import's side.

  /** Whether the helper made line `line`'s row (it is in the line's slot). */
  ready(line: number): boolean {
    return Atomics.load(this.#tags, line % SLOTS) === line;
  }

  /**
   * Whether lines `first`..`first + count` (the last one ready) lie in adjacent slots: a run of
   * rows the import binds as one blob (rows()).
   */
  adjacent(first: number, count: number): boolean {
    return (first % SLOTS) + count < SLOTS;
  }

  /**
   * The rows of lines `first`..`first + count - 1`, all ready and adjacent: a view of the shared
   * memory, bound by the import as is (SQLite copies a bound blob). The import keeps the helper
   * from those slots until it has written them: passed() stays below `first` meanwhile.
   */
  rows(first: number, count: number): Buffer {
    this.taken += count;
    return Buffer.from(
      this.memory,
      this.#rows.byteOffset + (first % SLOTS) * ROW_BYTES,
      count * ROW_BYTES,
    );
  }

  /** The import is done with every line up to `line`. */
  passed(line: number): void {
    Atomics.store(this.#control, PASSED, line);
    if (line % WAKE_EVERY === 0) Atomics.notify(this.#control, PASSED);
  }

  /** The import ended: the helper stops. */
  stop(): void {
    Atomics.store(this.#control, STOPPED, 1);
    Atomics.notify(this.#control, PASSED);
  }

  // The helper's side.

  get stopped(): boolean {
    return Atomics.load(this.#control, STOPPED) === 1;
  }

  /**
   * Whether the helper should read `line`: false when the import has passed it, and then for
   * the next LEAD lines: when the import catches up, the helper leaps ahead of it rather than
   * make the rows the import is making itself meanwhile. Waits while the line's slot may still
   * be read; throws Stopped when the import ended.
   */
  wanted(line: number): boolean {
    for (;;) {
      if (this.stopped) throw new Stopped();
      const passed = Atomics.load(this.#control, PASSED);
      if (line <= passed) this.#leapTo = passed + LEAD;
      if (line <= this.#leapTo) return false;
      if (line - passed <= SLOTS) return true;
      Atomics.wait(this.#control, PASSED, passed, 50);
    }
  }

  /** Writes line `line`'s row straight into its slot with `write` (false: none made). */
  write(line: number, write: (into: Uint8Array, at: number) => boolean): boolean {
    return write(this.#rows, (line % SLOTS) * ROW_BYTES);
  }

  /** Makes line `line`'s row, written, the import's to take. */
  publish(line: number): void {
    Atomics.store(this.#tags, line % SLOTS, line);
  }
}

class Stopped extends Error {}

/**
 * The helper: makes the card rows of `job`'s file ahead of the import, until it stops. PIN HMACs
 * are computed four at once (PinHmacLanes): a row waits, unpublished, until its lane's turn.
 */
export function readCardRowsAhead(job: ImportJob, memory: SharedArrayBuffer): void {
  const ahead = new CardRowsAhead(memory);
  const key = Buffer.from(job.pinKey, 'hex');
  const hmac = new PinHmac(key);
  const lanes = new PinHmacLanes(key);
  /** Rows waiting for their HMAC: lane k's line, and where in `rows` its hash goes. */
  const waitingLines = new Int32Array(PIN_HMAC_LANES);
  const hashesAt = new Int32Array(PIN_HMAC_LANES);
  let waiting = 0;
  let rows: Uint8Array | undefined;
  /** Where the current line's hash goes when its message went to a lane, else -1. */
  let laned = -1;
  const hashWaiting = () => {
    if (waiting === 0 || rows === undefined) return;
    lanes.compute();
    for (let lane = 0; lane < waiting; lane += 1) {
      lanes.digestInto(lane, rows, hashesAt[lane] ?? 0);
      ahead.publish(waitingLines[lane] ?? 0);
    }
    waiting = 0;
  };
  let read: ReturnType<typeof cardLineReader> | undefined;
  try {
    forEachDataLine(
      job.inputFile,
      'card',
      (header) => {
        read = cardLineReader(header.positions, job.card, (into, at, bytes, ...ranges) => {
          rows = into;
          if (lanes.putJoined(waiting, bytes, ...ranges)) laned = at;
          else hmac.digestJoinedInto(into, at, bytes, ...ranges);
        });
      },
      (buffer, start, stop, overlong, line) => {
        if (overlong || stop === start || read === undefined || !ahead.wanted(line)) return;
        const reader = read;
        laned = -1;
        // Data line n is the file's line n + 1, as engine.ts numbers it.
        if (!ahead.write(line, (into, at) => reader(buffer, start, stop, into, at, line + 1))) {
          return;
        }
        if (laned < 0) {
          ahead.publish(line);
          return;
        }
        waitingLines[waiting] = line;
        hashesAt[waiting] = laned;
        waiting += 1;
        if (waiting === PIN_HMAC_LANES) hashWaiting();
      },
    );
    hashWaiting();
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
  }
}

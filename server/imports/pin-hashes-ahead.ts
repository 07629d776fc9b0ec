/**
 * PIN HMACs computed ahead of a big card import by a second thread: the import's thread keeps
 * reading lines and writing them to SQLite, and takes each line's PIN HMAC ready-made instead of
 * computing it (2 SHA-256 rounds a card: about 2 s of a million-line import here, once its lines
 * are read from the bytes). The helper reads the same file through the same code (forEachDataLine, cardLineReader),
 * so it hashes exactly the lines the import's fast path accepts, under the same numbers.
 *
 * Shared memory (one SharedArrayBuffer):
 *   control  Int32 [passed, stopped]: the last data line the import is done with; 1 once it ended
 *   tags     Int32 per slot: the data line whose HMAC the slot holds (0: none)
 *   hashes   32 bytes per slot
 * Line n lives in slot n % SLOTS. The helper writes line n only once the import has passed line
 * n - SLOTS (so it never overwrites a slot the import may still read), and skips lines the
 * import has passed already. The import takes a slot only when its tag is its line; otherwise
 * (the helper behind, stopped or failed) it computes the HMAC itself. So the helper can only
 * save time, never change an answer: its hashes are the import's own function of the same bytes.
 */
import { PinHmac } from '../records/pin-hmac';
import { cardLineReader } from './card-line';
import type { ImportJob } from './engine';
import { forEachDataLine } from './import-file';

/** Lines the helper may run ahead of the import. */
export const PIN_HASHES_AHEAD_SLOTS = 16_384;
const SLOTS = PIN_HASHES_AHEAD_SLOTS;
const HASH_BYTES = 32;
const PASSED = 0;
const STOPPED = 1;
const CONTROL_BYTES = 8;
/** The import wakes a waiting helper after this many lines. */
const WAKE_EVERY = 1024;

/** A card file at least this big gets a helper (about 50,000 lines): below it, a thread's start costs more than it saves. */
export const PIN_HASHES_AHEAD_MIN_BYTES = 2 * 1024 * 1024;

export class PinHashesAhead {
  readonly #control: Int32Array;
  readonly #tags: Int32Array;
  readonly #hashes: Uint8Array;
  /** Lines whose HMAC the import took from the helper. */
  taken = 0;

  constructor(readonly memory: SharedArrayBuffer) {
    this.#control = new Int32Array(memory, 0, 2);
    this.#tags = new Int32Array(memory, CONTROL_BYTES, SLOTS);
    this.#hashes = new Uint8Array(memory, CONTROL_BYTES + 4 * SLOTS, HASH_BYTES * SLOTS);
  }

  static memory(): SharedArrayBuffer {
    return new SharedArrayBuffer(CONTROL_BYTES + (4 + HASH_BYTES) * SLOTS);
  }

  // The import's side.

  /** Line `line`'s HMAC when the helper made it (a copy), else undefined. */
  take(line: number): Buffer | undefined {
    const slot = line % SLOTS;
    if (Atomics.load(this.#tags, slot) !== line) return undefined;
    this.taken += 1;
    const out = Buffer.allocUnsafe(HASH_BYTES);
    const hashes = this.#hashes;
    for (let i = 0, at = slot * HASH_BYTES; i < HASH_BYTES; i += 1) out[i] = hashes[at + i] ?? 0;
    return out;
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
   * Whether the helper should hash `line`: false when the import passed it already. Waits while
   * the line's slot may still be read; throws Stopped when the import ended.
   */
  wanted(line: number): boolean {
    for (;;) {
      if (this.stopped) throw new Stopped();
      const passed = Atomics.load(this.#control, PASSED);
      if (line <= passed) return false;
      if (line - passed <= SLOTS) return true;
      Atomics.wait(this.#control, PASSED, passed, 50);
    }
  }

  /** Puts line `line`'s HMAC, which `write` writes straight into its slot. */
  put(line: number, write: (into: Uint8Array, at: number) => void): void {
    const slot = line % SLOTS;
    write(this.#hashes, slot * HASH_BYTES);
    Atomics.store(this.#tags, slot, line);
  }
}

class Stopped extends Error {}

const UNUSED = Buffer.alloc(0);

/** The helper: hashes the card lines of `job`'s file ahead of the import, until it stops. */
export function hashPinsAhead(job: ImportJob, memory: SharedArrayBuffer): void {
  const ahead = new PinHashesAhead(memory);
  const hmac = new PinHmac(Buffer.from(job.pinKey, 'hex'));
  let current = 0;
  let read: ReturnType<typeof cardLineReader> | undefined;
  try {
    forEachDataLine(
      job.inputFile,
      'card',
      (header) => {
        read = cardLineReader(header.positions, job.card, (bytes, ...ranges) => {
          ahead.put(current, (into, at) => hmac.digestJoinedInto(into, at, bytes, ...ranges));
          return UNUSED; // the helper keeps only the hash, not the record
        });
      },
      (buffer, start, stop, overlong, line) => {
        if (overlong || stop === start || !ahead.wanted(line)) return;
        current = line;
        read?.(buffer, start, stop);
      },
    );
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
  }
}

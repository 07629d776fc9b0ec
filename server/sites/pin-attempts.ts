/**
 * Wrong PINs per card (CARD_PIN_ATTEMPTS): after `limit` wrong PINs within the window, every
 * check of that card is refused until the window, counted from the first wrong PIN, has
 * passed, even with the right PIN, so guessing from many addresses gains nothing. A right PIN
 * before the limit clears the count. A card number no card has counts the same as a wrong PIN,
 * so the lock does not tell an unknown card from a known one either.
 *
 * In memory, per app: a restart forgets the counts, which the per-address limit bounds. The map
 * is capped: expired entries are dropped first, then the oldest.
 */

export const PIN_ATTEMPT_WINDOW_MS = 15 * 60_000;
const MAX_TRACKED_CARDS = 100_000;

interface Attempts {
  count: number;
  windowStart: number;
}

export class PinAttempts {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #maxEntries: number;
  readonly #cards = new Map<string, Attempts>();
  #lastSweep = Number.NEGATIVE_INFINITY;

  constructor(options: {
    limit: number;
    windowMs?: number;
    now?: () => number;
    maxEntries?: number;
  }) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs ?? PIN_ATTEMPT_WINDOW_MS;
    this.#now = options.now ?? Date.now;
    this.#maxEntries = options.maxEntries ?? MAX_TRACKED_CARDS;
  }

  /** True while the card has used up its wrong PINs in the current window. */
  isLocked(key: string): boolean {
    const entry = this.#live(key);
    return entry !== undefined && entry.count >= this.#limit;
  }

  recordFailure(key: string): void {
    const entry = this.#live(key);
    if (entry !== undefined) {
      entry.count += 1;
      return;
    }
    this.#cards.set(key, { count: 1, windowStart: this.#now() });
    if (this.#cards.size > this.#maxEntries) this.#prune();
  }

  recordSuccess(key: string): void {
    this.#cards.delete(key);
  }

  /** Number of cards currently tracked. */
  get size(): number {
    return this.#cards.size;
  }

  #live(key: string): Attempts | undefined {
    const entry = this.#cards.get(key);
    if (entry === undefined) return undefined;
    if (this.#now() - entry.windowStart >= this.#windowMs) {
      this.#cards.delete(key);
      return undefined;
    }
    return entry;
  }

  #prune(): void {
    const now = this.#now();
    // A full sweep at most once a minute, so a flood of new cards does not scan the map each time.
    if (now - this.#lastSweep >= 60_000) {
      this.#lastSweep = now;
      for (const [key, entry] of this.#cards) {
        if (now - entry.windowStart >= this.#windowMs) this.#cards.delete(key);
      }
    }
    // Still full: drop the oldest windows (a Map iterates in insertion order).
    for (const key of this.#cards.keys()) {
      if (this.#cards.size <= this.#maxEntries) break;
      this.#cards.delete(key);
    }
  }
}

/**
 * Where the data names an image. An uploaded image is named by its id (32 lowercase hex
 * digits): a journal profile's and a scheme's image fields hold the id, a merchant profile's
 * media paths hold `/images/{id}.png`, and a page's HTML or a stylesheet may hold a link with
 * the id in it. So every string of every record counts, whatever field it is in: a field added
 * later is covered without a list to keep up to date.
 */
import type { Snapshot } from '../db/store';

/** How many hex digits an image id has (IMAGE_ID: 32 lowercase ones). */
const ID_LENGTH = 32;

/** Whether a UTF-16 code unit is a lowercase hex digit, 0-9 or a-f. */
function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 102);
}

/**
 * Calls `found` with every run of ID_LENGTH or more lowercase hex digits in `text` (as long as
 * it goes). Such a run has a digit at every ID_LENGTH-th position it covers, so only those are
 * read first, and only a hex digit there is widened to its run: ordinary text is passed
 * ID_LENGTH characters at a time. On the 20 MB data file of `perf-20mb` (2 loaded cores) one
 * pass over every string took 10-25 ms this way (the bare walk 10 ms), 90-110 ms reading every
 * character, 310 ms with `/[0-9a-f]{32,}/g`, and 45 ms for one `includes(id)` a string.
 */
function eachHexRun(text: string, found: (run: string) => void): void {
  let probe = ID_LENGTH - 1;
  while (probe < text.length) {
    if (!isHexDigit(text.charCodeAt(probe))) {
      probe += ID_LENGTH;
      continue;
    }
    let start = probe;
    while (start > 0 && isHexDigit(text.charCodeAt(start - 1))) start--;
    let end = probe + 1;
    while (end < text.length && isHexDigit(text.charCodeAt(end))) end++;
    if (end - start >= ID_LENGTH) found(text.slice(start, end));
    // `end` is no digit: a run after it starts at end + 1 or later and covers end + ID_LENGTH.
    probe = end + ID_LENGTH;
  }
}

/**
 * Calls `visit` with every string in `value` (objects and lists, any depth). A loop over a list
 * of pending values rather than recursion: no depth limit.
 */
function eachString(value: unknown, visit: (text: string) => void): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      visit(next);
    } else if (Array.isArray(next)) {
      for (const item of next as unknown[]) pending.push(item);
    } else if (typeof next === 'object' && next !== null) {
      for (const item of Object.values(next)) pending.push(item);
    }
  }
}

/**
 * The runs of hex digits long enough to hold an image id in the strings of `value`, read in one
 * walk whatever is asked of them afterwards. A text contains an id exactly when one of its runs
 * does.
 */
class HexRuns {
  /** Runs of exactly ID_LENGTH digits: each is an id. */
  readonly #ids = new Set<string>();
  /** Longer runs, which may hold an id anywhere inside (rare: a hash, a colour list). */
  readonly #longer = new Set<string>();

  constructor(value: unknown) {
    eachString(value, (text) =>
      eachHexRun(text, (run) => (run.length === ID_LENGTH ? this.#ids : this.#longer).add(run)),
    );
  }

  /** Whether some text contains `id`. */
  contains(id: string): boolean {
    if (this.#ids.has(id)) return true;
    for (const run of this.#longer) if (run.includes(id)) return true;
    return false;
  }

  /** The ids a reader finds taking each run ID_LENGTH digits at a time from its start. */
  ids(): Set<string> {
    const ids = new Set(this.#ids);
    for (const run of this.#longer) {
      for (let at = 0; at + ID_LENGTH <= run.length; at += ID_LENGTH) {
        ids.add(run.slice(at, at + ID_LENGTH));
      }
    }
    return ids;
  }
}

/** The image ids a record names: every run of 32 lowercase hex digits in its strings. */
export function imageIdsNamedBy(record: unknown): Set<string> {
  return new HexRuns(record).ids();
}

/** The ids `before` (a record as it was) names and `after` (the same record saved) does not. */
export function droppedImageIds(before: unknown, after: unknown): string[] {
  const kept = imageIdsNamedBy(after);
  return [...imageIdsNamedBy(before)].filter((id) => !kept.has(id));
}

/**
 * Those of `ids` that some record of `data` still names: any string of any collection but the
 * image list itself that contains the id. A text merely containing it counts too, so an image
 * is kept whenever in doubt. The data is walked once, however many ids are asked about (the
 * start-up sweep asks about every image past its grace period).
 */
export function stillNamedImageIds(data: Snapshot, ids: ReadonlySet<string>): Set<string> {
  if (ids.size === 0) return new Set();
  const records = Object.entries(data)
    .filter(([collection]) => collection !== 'images')
    .map(([, value]) => value as unknown);
  const runs = new HexRuns(records);
  return new Set([...ids].filter((id) => runs.contains(id)));
}

/**
 * Where the data names an image. An uploaded image is named by its id (32 lowercase hex
 * digits): a journal profile's and a scheme's image fields hold the id, a merchant profile's
 * media paths hold `/images/{id}.png`, and a page's HTML or a stylesheet may hold a link with
 * the id in it. So every string of every record counts, whatever field it is in: a field added
 * later is covered without a list to keep up to date.
 */
import type { Snapshot } from '../db/store';

/** A run of 32 lowercase hex digits, as an image id appears inside a text. */
const ID_IN_TEXT = /[0-9a-f]{32}/g;

/**
 * Calls `visit` with every string in `value` (objects and lists, any depth) until it answers
 * false. A loop over a list of pending values rather than recursion: no depth limit.
 */
function eachString(value: unknown, visit: (text: string) => boolean): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!visit(next)) return;
    } else if (Array.isArray(next)) {
      for (const item of next as unknown[]) pending.push(item);
    } else if (typeof next === 'object' && next !== null) {
      for (const item of Object.values(next)) pending.push(item);
    }
  }
}

/** The image ids a record names: every run of 32 lowercase hex digits in its strings. */
export function imageIdsNamedBy(record: unknown): Set<string> {
  const ids = new Set<string>();
  eachString(record, (text) => {
    for (const match of text.matchAll(ID_IN_TEXT)) ids.add(match[0]);
    return true;
  });
  return ids;
}

/** The ids `before` (a record as it was) names and `after` (the same record saved) does not. */
export function droppedImageIds(before: unknown, after: unknown): string[] {
  const kept = imageIdsNamedBy(after);
  return [...imageIdsNamedBy(before)].filter((id) => !kept.has(id));
}

/**
 * Those of `ids` that some record of `data` still names: any string of any collection but the
 * image list itself that contains the id. A text merely containing it counts too, so an image
 * is kept whenever in doubt.
 */
export function stillNamedImageIds(data: Snapshot, ids: ReadonlySet<string>): Set<string> {
  const named = new Set<string>();
  if (ids.size === 0) return named;
  const records = Object.entries(data)
    .filter(([collection]) => collection !== 'images')
    .map(([, value]) => value as unknown);
  eachString(records, (text) => {
    for (const id of ids) if (!named.has(id) && text.includes(id)) named.add(id);
    return named.size < ids.size;
  });
  return named;
}

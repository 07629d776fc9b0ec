import { MEDIA_SLOTS, type MediaSlotKey } from '@/components/site-builder/media-slots';

/**
 * The images of an imported site file that the server no longer holds (docs/decisions.md,
 * "Unused images are deleted"). An exported file names its images without carrying them, and an
 * image no record names any more is deleted: such a slot is left empty, as a fresh profile has
 * it, and the import names it. Only the four media slots are checked; links in page HTML or in
 * the stylesheet are left as they are.
 */

/** The notice under the import's success text (not in the spec; docs/decisions.md). */
export const MISSING_IMAGES_TEXT = {
  leftEmpty: (labels: readonly string[]) =>
    `These images are no longer on the server and were left empty: ${labels.join(', ')}.`,
} as const;

/** An image id as the client links it: one path segment of URL-safe characters. */
const LINKABLE_ID = /^[A-Za-z0-9_-]+$/;

export interface WithoutMissingImages<Settings> {
  /** The settings with each missing image's field set to null. */
  settings: Settings;
  /** The emptied slots' labels as the Media step shows them, in its order. */
  leftEmpty: string[];
}

/**
 * Sets to null each media field of `settings` whose image the server does not hold. `fields`
 * names the builder's field of each slot; `idOf` reads the image id out of a field's value (null
 * when it cannot name a stored image); `isStored` asks the server, once per id, one after another.
 */
export async function withoutMissingImages<
  Field extends string,
  Settings extends Record<Field, string | null>,
>(
  settings: Settings,
  fields: Readonly<Record<MediaSlotKey, Field>>,
  idOf: (value: string) => string | null,
  isStored: (id: string) => Promise<boolean>,
): Promise<WithoutMissingImages<Settings>> {
  const answers = new Map<string, boolean>();
  const next = { ...settings };
  const leftEmpty: string[] = [];
  for (const slot of MEDIA_SLOTS) {
    const field = fields[slot.key];
    const value = settings[field];
    if (value === null) continue;
    if (value === '') {
      // No image, written as empty text: sent as null, nothing to name.
      next[field] = null as Settings[Field];
      continue;
    }
    const id = idOf(value);
    let stored = false;
    if (id !== null && LINKABLE_ID.test(id)) {
      stored = answers.get(id) ?? (await isStored(id));
      answers.set(id, stored);
    }
    if (!stored) {
      next[field] = null as Settings[Field];
      leftEmpty.push(slot.label);
    }
  }
  return { settings: next, leftEmpty };
}

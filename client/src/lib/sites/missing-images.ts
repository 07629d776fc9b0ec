import { MEDIA_SLOTS, type MediaSlotKey } from '@/components/site-builder/media-slots';

/**
 * The images of an imported site file that the server no longer holds (docs/decisions.md,
 * "An import keeps the site's image where the file's is gone"). An exported file names its
 * images without carrying them, and an image no record names any more is deleted. Such a slot
 * keeps the image the profile has in it now (an older export imported over a site must not
 * clear, and so delete, the site's working image); a slot with nothing current is left empty.
 * The import names both kinds. Only the four media slots are checked; links in page HTML or in
 * the stylesheet are left as they are.
 */

/** The notices under the import's success text (not in the spec; docs/decisions.md). */
export const MISSING_IMAGES_TEXT = {
  keptCurrent: (labels: readonly string[]) =>
    `The file's images for these slots are no longer on the server, so the site kept its current image: ${labels.join(', ')}.`,
  leftEmpty: (labels: readonly string[]) =>
    `These images are no longer on the server and were left empty: ${labels.join(', ')}.`,
} as const;

/** An image id as the client links it: one path segment of URL-safe characters. */
const LINKABLE_ID = /^[A-Za-z0-9_-]+$/;

/** The slots of an import whose file image is gone, by their Media step labels, in its order. */
export interface MissingImageSlots {
  /** Slots that keep the profile's current image. */
  keptCurrent: string[];
  /** Slots left empty: the profile had no image there (or there is no profile yet). */
  leftEmpty: string[];
}

export interface WithoutMissingImages<Settings> extends MissingImageSlots {
  /** The settings with each missing image's field set to the current value, else null. */
  settings: Settings;
}

/**
 * Replaces each media field of `settings` whose image the server does not hold: by the value
 * `current` (the profile being imported over, null for a new one) has in that field, or by null
 * when it has none. `fields` names the builder's field of each slot; `idOf` reads the image id
 * out of a field's value (null when it cannot name a stored image); `isStored` asks the server,
 * once per id, one after another. The current value is not asked about: the profile names it,
 * so the server keeps it.
 */
export async function withoutMissingImages<
  Field extends string,
  Settings extends Record<Field, string | null>,
>(
  settings: Settings,
  fields: Readonly<Record<MediaSlotKey, Field>>,
  idOf: (value: string) => string | null,
  isStored: (id: string) => Promise<boolean>,
  current: Readonly<Partial<Record<Field, string | null>>> | null,
): Promise<WithoutMissingImages<Settings>> {
  const answers = new Map<string, boolean>();
  const next = { ...settings };
  const keptCurrent: string[] = [];
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
    if (stored) continue;
    const now = current?.[field];
    if (now) {
      next[field] = now as Settings[Field];
      keptCurrent.push(slot.label);
    } else {
      next[field] = null as Settings[Field];
      leftEmpty.push(slot.label);
    }
  }
  return { settings: next, keptCurrent, leftEmpty };
}

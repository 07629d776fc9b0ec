/**
 * Deletes uploaded images no record names any more (docs/api.md "Uploads"), so an operator
 * trying ten logos does not leave ten files behind.
 *
 * - After a save: a route that replaced or cleared an image reference passes the ids the save
 *   dropped (`droppedImageIds`). Each is deleted once no record names it
 *   (`stillNamedImageIds`: every profile, page, stylesheet and scheme, published or not, read
 *   in one walk however many ids are asked about).
 *   Only ids a save dropped are looked at, so an image just uploaded and not saved yet is never
 *   touched by another operator's save. A refused save drops nothing: routes call this only
 *   after their update is written.
 * - At start (`sweep`): images no record names that were uploaded `graceMs` or longer ago.
 *   That catches what no save dropped (a link taken out of a page's HTML, a server stopped
 *   between a save and the delete); the grace period keeps an upload whose save is still to
 *   come.
 *
 * The record goes first, in one update that checks the references on the latest data, then
 * the file, through ImageFiles (only ids that match IMAGE_ID reach the file system). Neither
 * step fails the save that led to it: a failure is logged, and a file left without a record is
 * removed at the next start (removeOrphans).
 */
import type { Logger } from 'pino';
import { startingData, type Snapshot, type Store } from '../db/store';
import { IMAGE_ID, ImageFiles } from './image-files';
import { stillNamedImageIds } from './image-references';

/** How long an image no record names is kept by the start-up sweep: a day. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

export interface UnusedImagesOptions {
  store: Store;
  /** The folder of the image files (config.filesDir). */
  filesDir: string;
  logger: Logger;
}

export class UnusedImages {
  readonly #store: Store;
  readonly #files: ImageFiles;
  readonly #logger: Logger;

  constructor({ store, filesDir, logger }: UnusedImagesOptions) {
    this.#store = store;
    this.#files = new ImageFiles(filesDir);
    this.#logger = logger;
  }

  /**
   * After a written save: deletes those of `dropped` that no record names any more. Never
   * rejects (the save is done); answers the ids deleted.
   */
  async release(dropped: Iterable<string>): Promise<string[]> {
    const candidates = new Set([...dropped].filter((id) => IMAGE_ID.test(id)));
    if (candidates.size === 0) return [];
    try {
      return await this.#removeUnused(() => candidates);
    } catch (error) {
      this.#logger.error({ err: error, ids: [...candidates] }, 'could not delete unused images');
      return [];
    }
  }

  /**
   * Deletes the images no record names that were uploaded `graceMs` or longer before `now`
   * (an unreadable upload time keeps the image). Answers how many.
   */
  async sweep(graceMs = UNUSED_IMAGE_GRACE_MS, now = Date.now()): Promise<number> {
    const removed = await this.#removeUnused(
      (data) =>
        new Set(
          data.images
            .filter((image) => now - Date.parse(image.createdAt) >= graceMs)
            .map((image) => image.id),
        ),
    );
    return removed.length;
  }

  /** Removes the records of the unnamed ones among `candidatesOf(latest data)`, then their files. */
  async #removeUnused(candidatesOf: (data: Snapshot) => ReadonlySet<string>): Promise<string[]> {
    const removed = await this.#store.update((draft) => {
      const data = startingData(draft);
      const candidates = candidatesOf(data);
      const named = stillNamedImageIds(data, candidates);
      const unused = new Set(
        data.images
          .filter((image) => candidates.has(image.id) && !named.has(image.id))
          .map((image) => image.id),
      );
      if (unused.size === 0) return [];
      draft.images = draft.images.filter((image) => !unused.has(image.id));
      return [...unused];
    });
    for (const id of removed) {
      try {
        await this.#files.delete(id);
      } catch (error) {
        // The record is gone, so the image is unused either way; the file goes at next start.
        this.#logger.warn({ err: error, id }, 'could not delete an unused image file');
      }
    }
    if (removed.length > 0) this.#logger.info({ ids: removed }, 'unused images deleted');
    return removed;
  }
}

/**
 * Image bytes on disk, one file per image named by its server-generated id. Names from
 * requests never reach the file system: every path is built from an id that matched IMAGE_ID.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode } from '../http/errno';
import { storageFailure } from '../http/storage-errors';

/** 32 lowercase hex characters. */
export const IMAGE_ID = /^[0-9a-f]{32}$/;

export function newImageId(): string {
  return randomBytes(16).toString('hex');
}

export class ImageFiles {
  constructor(private readonly dir: string) {}

  #pathOf(id: string): string {
    if (!IMAGE_ID.test(id)) throw new Error(`Not an image id: ${JSON.stringify(id)}`);
    return path.join(this.dir, id);
  }

  /**
   * Writes a new image's bytes. A file-system failure (a full disk: 507, a folder the server may
   * not write: 500, storage-errors.ts) leaves no partial file.
   */
  async write(id: string, bytes: Uint8Array): Promise<void> {
    const file = this.#pathOf(id);
    try {
      // Owner only, like the data file.
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      // A file of that id already there is not this write's (ids are random): it stays.
      if (!hasErrorCode(error, 'EEXIST')) await unlink(file).catch(() => undefined);
      throw storageFailure(error) ?? error;
    }
  }

  /** The bytes, or undefined when the file is gone. */
  async read(id: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.#pathOf(id));
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT')) return undefined;
      throw error;
    }
  }

  /** Removes the file if it is there; a failure is ignored (a clean-up after a failed write). */
  async remove(id: string): Promise<void> {
    await unlink(this.#pathOf(id)).catch(() => undefined);
  }

  /** Deletes the file; rejects with the file system's error (ENOENT, EACCES …) for the caller to report. */
  async delete(id: string): Promise<void> {
    await unlink(this.#pathOf(id));
  }

  /** The image files of the folder by name (IMAGE_ID only); none when it does not exist. */
  async #imageIds(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => IMAGE_ID.test(name));
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT')) return [];
      throw error;
    }
  }

  /**
   * Removes image files that no record names (e.g. an upload cut off by a crash between the
   * bytes and the record). Run at start, before requests. Returns how many it removed.
   */
  async removeOrphans(recorded: ReadonlySet<string>): Promise<number> {
    const orphans = (await this.#imageIds()).filter((name) => !recorded.has(name));
    await Promise.all(orphans.map((id) => this.remove(id)));
    return orphans.length;
  }

  /**
   * Removes the image files last written `ageMs` or longer before `now` (an image file is
   * written once: its upload). Only names of IMAGE_ID are touched. Returns how many it removed.
   */
  async removeOlderThan(ageMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const id of await this.#imageIds()) {
      const written = await stat(this.#pathOf(id)).then(
        (info) => info.mtimeMs,
        () => undefined,
      );
      if (written === undefined || now - written < ageMs) continue;
      await this.remove(id);
      removed += 1;
    }
    return removed;
  }
}

/**
 * Image bytes on disk, one file per image named by its server-generated id. Names from
 * requests never reach the file system: every path is built from an id that matched IMAGE_ID.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode } from '../http/errno';

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

  async write(id: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.#pathOf(id), bytes, { flag: 'wx' });
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

  async remove(id: string): Promise<void> {
    await unlink(this.#pathOf(id)).catch(() => undefined);
  }
}

/**
 * Sealed import files: an upload whose lines hold secrets (device passwords) is encrypted as it
 * is written, so its plain text never reaches the disk, and read back through decryption by the
 * import. AES-256-GCM over the whole file (one stream, a random 12-byte IV per file) with the
 * upload key (`<keysDir>/upload.key`, kept apart from the records like the device key):
 *
 *   MAGIC (16 bytes) | IV (12) | ciphertext (as long as the plain text) | tag (16)
 *
 * MAGIC holds a NUL byte, so no text upload (refused when it has one, file-header.ts) starts
 * like a sealed one. The tag is checked when the reader reaches the end, before the import
 * commits (engine.ts is all or nothing): an altered file imports nothing.
 */
import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  type CipherGCM,
  type DecipherGCM,
} from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { Readable } from 'node:stream';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

export const SEALED_MAGIC = Buffer.from('portal-sealed\u0000v1', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = SEALED_MAGIC.length + IV_BYTES;
const CIPHER = 'aes-256-gcm';

/** The chunks of `source`, sealed: the header, the ciphertext as it comes, the tag. */
export async function* sealChunks(
  key: Buffer,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Buffer> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, key, iv);
  yield Buffer.concat([SEALED_MAGIC, iv]);
  for await (const chunk of source) {
    const sealed = cipher.update(chunk);
    if (sealed.length > 0) yield sealed;
  }
  const last = cipher.final();
  if (last.length > 0) yield last;
  yield cipher.getAuthTag();
}

/**
 * Writes `chunks` to a new file (owner only; an existing file is an error), sealed with `key`
 * when given, else as they are. A failure leaves the partial file to the caller to remove.
 */
export async function writeImportFile(
  file: string,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  key: Buffer | undefined,
): Promise<void> {
  // The file is opened before the copy, and the copy settles once the file is closed: even after
  // an error midway nothing is still being written, so the caller's removal of a cut-off upload
  // cannot come before the file exists.
  const handle = await open(file, 'wx', 0o600);
  // The stream closes the handle when it finishes or fails; pipeline settles after that close.
  await pipeline(key === undefined ? chunks : sealChunks(key, chunks), handle.createWriteStream());
}

/**
 * Writes a new file synchronously (owner only, replacing one there), sealed as sealChunks seals
 * when a key is given, else as written: the engine's error file of a card import, whose lines
 * hold PINs. Nothing is readable as a sealed file before close wrote its tag.
 */
export class SealedFileWriter {
  readonly #fd: number;
  readonly #cipher: CipherGCM | undefined;

  constructor(file: string, key: Buffer | undefined) {
    this.#fd = openSync(file, 'w', 0o600);
    if (key === undefined) return;
    const iv = randomBytes(IV_BYTES);
    this.#cipher = createCipheriv(CIPHER, key, iv);
    writeSync(this.#fd, Buffer.concat([SEALED_MAGIC, iv]));
  }

  write(text: string): void {
    const bytes = Buffer.from(text);
    writeSync(this.#fd, this.#cipher === undefined ? bytes : this.#cipher.update(bytes));
  }

  close(): void {
    try {
      if (this.#cipher !== undefined) {
        writeSync(this.#fd, Buffer.concat([this.#cipher.final(), this.#cipher.getAuthTag()]));
      }
    } finally {
      closeSync(this.#fd);
    }
  }
}

/** The plain text's length of a file (sealed or not) of `size` bytes starting with `head`. */
export function plainSize(head: Uint8Array, size: number): number {
  return isSealed(head) ? Math.max(0, size - HEADER_BYTES - TAG_BYTES) : size;
}

/**
 * A file's plain text as a stream, in 64 KB chunks read through ImportFileReader: a sealed
 * file's tag is checked at its end, and an altered one ends the stream with an error.
 */
export function plainTextStream(input: ImportInput): Readable {
  const reader = new ImportFileReader(input);
  function* chunks(): Generator<Buffer> {
    try {
      for (;;) {
        const buffer = Buffer.allocUnsafe(64 * 1024);
        const read = reader.read(buffer, 0, buffer.length);
        if (read === 0) return;
        yield buffer.subarray(0, read);
      }
    } finally {
      reader.close();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** True when the bytes at the start of a file are a sealed file's. */
export function isSealed(head: Uint8Array): boolean {
  return (
    head.length >= SEALED_MAGIC.length &&
    Buffer.from(head.buffer, head.byteOffset, SEALED_MAGIC.length).equals(SEALED_MAGIC)
  );
}

/** A file to import, and the key that opens it when it is sealed. */
export interface ImportInput {
  file: string;
  key?: Buffer;
}

/**
 * Reads an import file's plain text synchronously, from the start, whether it is sealed or not.
 * A sealed file needs its key; its tag is checked at the end (read answers 0 only after it
 * was): a file altered, cut short or sealed with another key throws.
 */
export class ImportFileReader {
  readonly #fd: number;
  /** Where the plain text (or the ciphertext) ends in the file. */
  readonly #end: number;
  readonly #decipher: DecipherGCM | undefined;
  #position: number;
  #finished = false;

  constructor({ file, key }: ImportInput) {
    this.#fd = openSync(file, 'r');
    try {
      const size = fstatSync(this.#fd).size;
      const head = Buffer.alloc(Math.min(size, HEADER_BYTES));
      readSync(this.#fd, head, 0, head.length, 0);
      if (!isSealed(head)) {
        this.#position = 0;
        this.#end = size;
        return;
      }
      if (key === undefined) throw new Error('The file is sealed and no key was given');
      if (size < HEADER_BYTES + TAG_BYTES) throw new Error('The sealed file is cut short');
      this.#decipher = createDecipheriv(CIPHER, key, head.subarray(SEALED_MAGIC.length));
      const tag = Buffer.alloc(TAG_BYTES);
      readSync(this.#fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
      this.#decipher.setAuthTag(tag);
      this.#position = HEADER_BYTES;
      this.#end = size - TAG_BYTES;
    } catch (error) {
      closeSync(this.#fd);
      throw error;
    }
  }

  /** Reads up to `length` bytes of plain text into `target` at `offset`; 0 at the end. */
  read(target: Buffer, offset: number, length: number): number {
    const wanted = Math.min(length, this.#end - this.#position);
    if (wanted <= 0) {
      if (!this.#finished) {
        this.#finished = true;
        // Checks the tag (throws when it does not match); GCM has no bytes left to give here.
        this.#decipher?.final();
      }
      return 0;
    }
    const read = readSync(this.#fd, target, offset, wanted, this.#position);
    if (read === 0) throw new Error('The file ended early');
    this.#position += read;
    if (this.#decipher !== undefined) {
      // GCM is a stream cipher: as many plain bytes as cipher bytes, decrypted in place.
      const plain = this.#decipher.update(target.subarray(offset, offset + read));
      if (plain.length !== read) throw new Error('The sealed file could not be read');
      plain.copy(target, offset);
    }
    return read;
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/**
 * A multer StorageEngine for card, store and device file uploads (03 §7 "Files and import").
 *
 * The upload streams to disk, never whole in memory: the first chunks (up to SNIFF_BYTES) are
 * held and checked with sniffUpload (not text, empty, no known header: refused at once, nothing
 * written), then the file is written under a server-made name in the uploads folder, owner only,
 * and the rest of the part is piped after it. A kind whose lines hold secrets (device files:
 * passwords) is sealed as it is written (sealed-file.ts), so its plain text never reaches the
 * disk. A write that fails, a client that goes away, or a part cut at multer's fileSize limit
 * (multer then answers LIMIT_FILE_SIZE and calls _removeFile) leaves no file behind. The user's
 * file name is never used as a path.
 */
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { IMPORT_FILE_FIELD, type ImportKind } from '@contracts/api/imports';
import { validationError } from '../http/errors';
import { sniffUpload } from './file-header';
import { DataLineCounter } from './import-file';
import { midwayFaultOf } from './midway-faults';
import { writeImportFile } from './sealed-file';

/** How much of an upload is checked before anything is written. */
export const SNIFF_BYTES = 64 * 1024;

export interface UploadStorageOptions {
  /** The folder uploads are written to (created on demand, owner only). */
  directory: string;
  /** A new server-made file name (no path parts). */
  newName(): string;
  /** The key an upload of `kind` is sealed with, or undefined: written as it came. */
  keyFor?(kind: ImportKind): Buffer | undefined;
}

/** What the engine learnt of a stored upload: the kind its header names, its data lines. */
export interface StoredUpload {
  kind: ImportKind;
  dataLines: number;
}

type FileInfo = Partial<Express.Multer.File>;
type HandleFileCallback = (error?: unknown, info?: FileInfo) => void;

/**
 * Reads from `stream` until at least `bytes` bytes are held or the stream ends. The stream stays
 * paused and readable afterwards, so the rest can be piped on.
 */
function readHead(stream: Readable, bytes: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let held = 0;
    const finish = (ended: boolean): void => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
      resolve({ head: Buffer.concat(chunks, held), ended });
    };
    function onReadable(): void {
      let chunk: unknown;
      while (held < bytes && (chunk = stream.read()) !== null) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
        chunks.push(buffer);
        held += buffer.length;
      }
      if (held >= bytes) finish(false);
    }
    function onEnd(): void {
      finish(true);
    }
    function onError(error: unknown): void {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

async function removeQuietly(file: string): Promise<void> {
  await unlink(file).catch(() => undefined);
}

/**
 * The engine for one upload route. `kinds` are the kinds the route takes (card or store; device);
 * the header decides which one a file is (storedUpload tells the route afterwards).
 */
export class UploadStorage implements StorageEngine {
  readonly #options: UploadStorageOptions;
  readonly #kinds: readonly ImportKind[];
  readonly #stored = new WeakMap<Request, StoredUpload>();

  constructor(options: UploadStorageOptions, kinds: readonly ImportKind[]) {
    this.#options = options;
    this.#kinds = kinds;
  }

  /** What the engine stored for this request, if anything. */
  storedUpload(req: Request): StoredUpload | undefined {
    return this.#stored.get(req);
  }

  _handleFile(req: Request, file: Express.Multer.File, callback: HandleFileCallback): void {
    this.#store(req, file.stream).then(
      (info) => callback(null, info),
      (error: unknown) => {
        // Whatever is left of the part is read and dropped, so the request can end.
        file.stream.resume();
        callback(error);
      },
    );
  }

  _removeFile(req: Request, file: Express.Multer.File, callback: (error: Error | null) => void) {
    this.#stored.delete(req);
    const target = file.path as string | undefined;
    if (target === undefined || target === '') {
      callback(null);
      return;
    }
    removeQuietly(target).then(
      () => callback(null),
      () => callback(null),
    );
  }

  async #store(req: Request, stream: Readable): Promise<FileInfo> {
    const { head, ended } = await readHead(stream, SNIFF_BYTES);
    // A part cut at the size limit already: multer answers 413 whatever this engine says.
    if ((stream as Readable & { truncated?: boolean }).truncated === true) {
      throw new Error('upload cut at the size limit');
    }
    const sniffed = sniffUpload(head.subarray(0, SNIFF_BYTES), this.#kinds);
    if (!sniffed.ok) throw validationError(IMPORT_FILE_FIELD, sniffed.reason);

    const { directory } = this.#options;
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const fileName = this.#options.newName();
    const target = path.join(directory, fileName);
    let size = 0;
    const lines = new DataLineCounter();
    // A developer tools' fault (midway-faults.ts): the upload is cut off after that many bytes,
    // the bytes up to there written, then the write fails and the partial file is removed.
    const fault = midwayFaultOf(req.res)?.upload;
    const cutAt = fault?.failAfterBytes ?? Number.POSITIVE_INFINITY;
    function* taken(buffer: Buffer): Generator<Buffer> {
      if (size + buffer.length <= cutAt) {
        size += buffer.length;
        lines.add(buffer);
        yield buffer;
        return;
      }
      yield buffer.subarray(0, cutAt - size);
      size = cutAt;
      throw fault?.error ?? new Error('upload cut off');
    }
    // The rest of the part is read through a relay it is piped into, never by iterating the part
    // itself: a write that fails (a full disk) ends the reading, which destroys what is read,
    // and the part destroyed would reach multer as an abort, answered first and as the sender's
    // fault. The part is unpiped instead, and drained by _handleFile; the write's own error is
    // the answer. An error of the part (a client gone) ends the relay with it.
    const relay = new PassThrough();
    relay.on('error', () => undefined); // read by the loop below
    const relayError = (error: Error) => relay.destroy(error);
    stream.once('error', relayError);
    async function* content(): AsyncGenerator<Buffer> {
      yield* taken(head);
      if (ended) return;
      stream.pipe(relay);
      try {
        for await (const chunk of relay) yield* taken(chunk as Buffer);
      } finally {
        stream.unpipe(relay);
      }
    }
    try {
      await writeImportFile(target, content(), this.#options.keyFor?.(sniffed.kind));
    } catch (error) {
      await removeQuietly(target);
      throw error;
    } finally {
      stream.off('error', relayError);
    }
    this.#stored.set(req, { kind: sniffed.kind, dataLines: lines.dataLines });
    return { destination: directory, filename: fileName, path: target, size };
  }
}

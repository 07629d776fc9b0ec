/**
 * Reading an import file: line by line in 1 MB chunks (never whole in memory), the header checked,
 * data lines numbered as the import reports them (engine.ts).
 */
import { IMPORT_COLUMNS, IMPORT_LIMITS, type ImportKind } from '@contracts/api/imports';
import { readHeader } from './file-header';
import { ImportFileReader, type ImportInput } from './sealed-file';

const CHUNK = 1024 * 1024;
/** A line longer than this many bytes is not decoded; it is kept up to this length. */
export const MAX_LINE_BYTES = IMPORT_LIMITS.maxLineChars * 4;

/** A file to read: its path, or its path and the key of a sealed file (sealed-file.ts). */
export type ImportSource = string | ImportInput;

const readerOf = (source: ImportSource) =>
  new ImportFileReader(typeof source === 'string' ? { file: source } : source);

/**
 * Calls `onLine(bytes, start, end, overlong)` for every line (without its \n) of a file. A line
 * longer than MAX_LINE_BYTES is cut to its start (overlong: true), so memory stays bounded.
 * `bytes` is one buffer throughout, refilled chunk after chunk: a line's range holds only
 * during its call.
 */
export function forEachLine(
  source: ImportSource,
  onLine: (buffer: Buffer, start: number, end: number, overlong: boolean) => void,
): void {
  const reader = readerOf(source);
  try {
    const buffer = Buffer.allocUnsafe(2 * CHUNK);
    let filled = 0;
    let overlong = false;
    for (;;) {
      const read = reader.read(buffer, filled, buffer.length - filled);
      const end = filled + read;
      let start = 0;
      for (;;) {
        const newline = buffer.indexOf(10, start);
        if (newline < 0 || newline >= end) break;
        onLine(buffer, start, newline, overlong || newline - start > MAX_LINE_BYTES);
        overlong = false;
        start = newline + 1;
      }
      if (read === 0) {
        if (start < end) onLine(buffer, start, end, overlong || end - start > MAX_LINE_BYTES);
        return;
      }
      let rest = end - start;
      if (rest > MAX_LINE_BYTES) {
        overlong = true;
        rest = MAX_LINE_BYTES + 1;
      }
      buffer.copy(buffer, 0, start, start + rest);
      filled = rest;
    }
  } finally {
    reader.close();
  }
}

/**
 * Counts an import file's data lines from its bytes, chunk after chunk: its line breaks, plus a
 * last line without one, minus the header (as forEachDataLine numbers them). The upload counts
 * them as the file arrives (upload-storage.ts), so an import need not read the file twice.
 */
export class DataLineCounter {
  #breaks = 0;
  #last = 10;

  add(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) this.#breaks += 1;
    this.#last = bytes[bytes.length - 1] ?? 10;
  }

  get dataLines(): number {
    return Math.max(0, this.#breaks + (this.#last === 10 ? 0 : 1) - 1);
  }
}

/** Data lines of a file: its line count minus the header. */
export function countDataLines(source: ImportSource): number {
  const reader = readerOf(source);
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    const counter = new DataLineCounter();
    for (;;) {
      const read = reader.read(buffer, 0, CHUNK);
      if (read === 0) break;
      counter.add(buffer.subarray(0, read));
    }
    return counter.dataLines;
  } finally {
    reader.close();
  }
}

/** An import file's header line, checked. */
export interface FileHeader {
  /** The line as written (without a BOM). */
  text: string;
  /** Per file column: its documented name, or null (an `error` column, ignored). */
  columns: readonly (string | null)[];
  /** Per file column: its index in IMPORT_COLUMNS[kind], or -1. */
  positions: readonly number[];
}

/**
 * The lines of an import file as an import numbers them: the header (checked; throws with the
 * reason when it is not a `kind` header), then every data line, 1-based, without its CR LF.
 * Returns the file's line count (0: empty).
 */
export function forEachDataLine(
  file: ImportSource,
  kind: ImportKind,
  onHeader: (header: FileHeader) => void,
  onLine: (buffer: Buffer, start: number, stop: number, overlong: boolean, line: number) => void,
): number {
  const specs = IMPORT_COLUMNS[kind];
  let lineNumber = 0;
  forEachLine(file, (buffer, start, end, overlong) => {
    lineNumber += 1;
    let stop = end;
    if (stop > start && buffer[stop - 1] === 13) stop -= 1;
    if (lineNumber > 1) {
      onLine(buffer, start, stop, overlong, lineNumber - 1);
      return;
    }
    let from = start;
    if (buffer[from] === 0xef && buffer[from + 1] === 0xbb && buffer[from + 2] === 0xbf) {
      from += 3;
    }
    const text = buffer.toString('utf8', from, stop);
    const result = overlong ? undefined : readHeader(text, [kind]);
    if (result?.ok !== true) throw new Error(result?.reason ?? 'The header line is too long');
    const positions = result.columns.map((name) =>
      name === null ? -1 : specs.findIndex((spec) => spec.name === name),
    );
    onHeader({ text, columns: result.columns, positions });
  });
  return lineNumber;
}

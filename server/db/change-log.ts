/**
 * The change log of a large data file: `<data file>.log`, one line per group commit, so a
 * write costs what changed instead of rewriting a large file (store.ts decides when).
 *
 * A line: `{"seq":n,"c":{<key>: change}}`. A change of a list gives the new list as runs of
 * the previous list (`[start, end]`, end exclusive) and new records (`{"v": record}`); any other
 * value is given whole (`{"v": value}`). Lines apply in seq order on top of the data file,
 * whose `$seq` (written by JsonDataFile) says which lines it already holds.
 *
 * Compaction writes the data file whole (with `$seq`), then removes the log: a crash between
 * the two leaves a log whose lines the file already holds, which replay skips. Only the last
 * line of the log can be cut off by a crash: it was never acknowledged, and is ignored.
 */
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { hasErrorCode } from '../http/errno';
import { DataFileError, DATA_FILE_MODE } from './json-file';

type Item = [number, number] | { v: unknown };
type Change = { a: Item[] } | { v: unknown };

interface Line {
  seq: number;
  c: Record<string, Change>;
}

/** The runs and new records that turn `before` into `after` (same-object records are runs). */
function listChange(before: readonly unknown[], after: readonly unknown[]): { a: Item[] } {
  const items: Item[] = [];
  // Common start and end by identity: an update usually changes a few records in between.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head += 1;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail += 1;
  }
  if (head > 0) items.push([0, head]);
  const positions = new Map<unknown, number>();
  for (let index = head; index < before.length - tail; index += 1) {
    if (!positions.has(before[index])) positions.set(before[index], index);
  }
  for (let index = head; index < after.length - tail; index += 1) {
    const record = after[index];
    const at = positions.get(record);
    const last = items.at(-1);
    if (at === undefined) items.push({ v: record });
    else if (Array.isArray(last) && last[1] === at) last[1] = at + 1;
    else items.push([at, at + 1]);
  }
  if (tail > 0) items.push([before.length - tail, before.length]);
  return { a: items };
}

/** The log line taking `before` to `after` (both frozen data objects). */
export function changeLine(seq: number, before: object, after: object): string {
  const changes: Record<string, Change> = {};
  const previous = before as Readonly<Record<string, unknown>>;
  for (const [key, value] of Object.entries(after)) {
    const old = previous[key];
    if (value === old) continue;
    changes[key] =
      Array.isArray(value) && Array.isArray(old) ? listChange(old, value) : { v: value };
  }
  return `${JSON.stringify({ seq, c: changes } satisfies Line)}\n`;
}

function isLine(value: unknown): value is Line {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return Number.isSafeInteger(line.seq) && typeof line.c === 'object' && line.c !== null;
}

/** Applies one line to `data` (a plain, unfrozen object); throws on a line that does not fit. */
function applyLine(data: Record<string, unknown>, line: Line, logFile: string): void {
  for (const [key, change] of Object.entries(line.c)) {
    if ('v' in change) {
      data[key] = change.v;
      continue;
    }
    const before = data[key];
    if (!Array.isArray(before)) {
      throw new DataFileError(`${logFile}: line ${line.seq} changes "${key}", which is not a list`);
    }
    const after: unknown[] = [];
    for (const item of change.a) {
      if (Array.isArray(item)) {
        const [start, end] = item;
        if (!(start >= 0 && end <= before.length && start <= end)) {
          throw new DataFileError(`${logFile}: line ${line.seq} does not fit "${key}"`);
        }
        for (let index = start; index < end; index += 1) after.push(before[index]);
      } else {
        after.push(item.v);
      }
    }
    data[key] = after;
  }
}

export const logFileOf = (dataFile: string): string => `${dataFile}.log`;

/**
 * Applies the logged lines after `fileSeq` to `data`. Returns the last seq applied (fileSeq
 * when none) and whether there was a log at all.
 */
export async function replayLog(
  dataFile: string,
  data: Record<string, unknown>,
  fileSeq: number,
): Promise<{ seq: number; found: boolean }> {
  const file = logFileOf(dataFile);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT')) return { seq: fileSeq, found: false };
    throw error;
  }
  const lines = text.split('\n');
  let seq = fileSeq;
  for (const [index, lineText] of lines.entries()) {
    if (lineText === '') continue;
    let line: unknown;
    try {
      line = JSON.parse(lineText);
    } catch {
      // Cut off by a crash while it was written: never acknowledged.
      if (index === lines.length - 1) break;
      throw new DataFileError(`${file}: line ${index + 1} is not valid JSON`);
    }
    if (!isLine(line)) throw new DataFileError(`${file}: line ${index + 1} is not a change`);
    if (line.seq <= seq) continue; // already in the data file
    if (line.seq !== seq + 1) {
      throw new DataFileError(`${file}: change ${seq + 1} is missing (found ${line.seq})`);
    }
    applyLine(data, line, file);
    seq = line.seq;
  }
  return { seq, found: true };
}

/** Removes the log of `dataFile` (after a whole write that holds all of it). */
export async function removeLog(dataFile: string): Promise<void> {
  await rm(logFileOf(dataFile), { force: true });
}

/** The current log, appended to by the store's writer (one append at a time). */
export class ChangeLog {
  #handle: FileHandle | undefined;
  #bytes = 0;

  constructor(readonly dataFile: string) {}

  get bytes(): number {
    return this.#bytes;
  }

  async append(line: string): Promise<void> {
    this.#handle ??= await open(logFileOf(this.dataFile), 'a', DATA_FILE_MODE);
    const bytes = Buffer.from(line);
    try {
      const { bytesWritten } = await this.#handle.write(bytes);
      if (bytesWritten !== bytes.length) throw new Error('short write');
    } catch (error) {
      // Never leave half a line before the next one: cut it off again.
      await this.#handle.truncate(this.#bytes).catch(() => undefined);
      throw error;
    }
    this.#bytes += bytes.length;
  }

  /** Closes and removes the log (the data file holds its lines); the next append starts anew. */
  async remove(): Promise<void> {
    await this.close();
    await removeLog(this.dataFile);
    this.#bytes = 0;
  }

  async close(): Promise<void> {
    await this.#handle?.close();
    this.#handle = undefined;
  }
}

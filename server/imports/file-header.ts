/**
 * The header line of an import file (contracts/api/imports.ts IMPORT_COLUMNS): pipe-separated
 * column names in any order and any letter case. Every required column of the kind must be
 * there, no column twice, no unknown column; an `error` column (the one an error file adds) is
 * allowed and ignored. When several kinds are allowed (the card-or-store upload), the header
 * decides which.
 *
 * sniffUpload checks the first chunk of an upload before the rest is stored: empty, binary or
 * not UTF-8 text, or a header of none of the allowed kinds is refused at once.
 */
import {
  IMPORT_COLUMNS,
  IMPORT_ERROR_COLUMN,
  IMPORT_FIELD_DELIMITER,
  IMPORT_LIMITS,
  IMPORT_SERVER_MESSAGE,
  type ImportKind,
} from '@contracts/api/imports';

export const FIELD_DELIMITER = IMPORT_FIELD_DELIMITER;

export type HeaderResult =
  | {
      ok: true;
      kind: ImportKind;
      /** The documented column name of each file column, in file order; null: an `error` column. */
      columns: (string | null)[];
    }
  | { ok: false; reason: string };

const KIND_NAME: Readonly<Record<ImportKind, string>> = {
  card: 'a card file',
  store: 'a store file',
  device: 'a device file',
};

/** `a card file (cardNumber|pin|balance|expiryDate, optional currency|status)`. */
export function describeKind(kind: ImportKind): string {
  const columns = IMPORT_COLUMNS[kind];
  const required = columns.filter((c) => c.required).map((c) => c.name);
  const optional = columns.filter((c) => !c.required).map((c) => c.name);
  const list = required.join(FIELD_DELIMITER);
  const more = optional.length > 0 ? `, optional ${optional.join(FIELD_DELIMITER)}` : '';
  return `${KIND_NAME[kind]} (${list}${more})`;
}

/** `a card file` or `a card file or a store file`: what an upload had to be. */
export function describeKinds(kinds: readonly ImportKind[]): string {
  return kinds.map((kind) => KIND_NAME[kind]).join(' or ');
}

interface Match {
  kind: ImportKind;
  columns: (string | null)[];
  problems: string[];
  known: number;
}

function matchKind(names: readonly string[], kind: ImportKind): Match {
  const specs = IMPORT_COLUMNS[kind];
  const columns: (string | null)[] = [];
  const problems: string[] = [];
  let known = 0;
  let errorColumn = false;
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower === IMPORT_ERROR_COLUMN) {
      if (errorColumn) problems.push(`column "${name}" appears twice`);
      errorColumn = true;
      columns.push(null);
      continue;
    }
    const spec = specs.find((s) => s.name.toLowerCase() === lower);
    if (spec === undefined) {
      problems.push(name === '' ? 'a column has no name' : `unknown column "${name}"`);
      columns.push(null);
    } else if (columns.includes(spec.name)) {
      problems.push(`column "${spec.name}" appears twice`);
      columns.push(null);
    } else {
      known += 1;
      columns.push(spec.name);
    }
  }
  for (const spec of specs) {
    if (spec.required && !columns.includes(spec.name)) {
      problems.push(`missing column "${spec.name}"`);
    }
  }
  return { kind, columns, problems, known };
}

/** Reads a header line (without its line break; a BOM must be dropped before). */
export function readHeader(line: string, kinds: readonly ImportKind[]): HeaderResult {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const expected = kinds.map(describeKind).join(' or ');
  if (text.trim() === '') {
    return { ok: false, reason: `${IMPORT_SERVER_MESSAGE.unknownHeader(expected)}: it is empty` };
  }
  const names = text.split(FIELD_DELIMITER).map((name) => name.trim());
  let best: Match | undefined;
  for (const kind of kinds) {
    const match = matchKind(names, kind);
    if (match.problems.length === 0) return { ok: true, kind, columns: match.columns };
    if (best === undefined || match.known > best.known) best = match;
  }
  const detail = best === undefined ? '' : `: ${best.problems.join('; ')}`;
  return { ok: false, reason: `${IMPORT_SERVER_MESSAGE.unknownHeader(expected)}${detail}` };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Length of an incomplete UTF-8 sequence at the very end of `bytes` (0 when it ends on a
 * character boundary): the chunk may have been cut in the middle of a character.
 */
function incompleteTail(bytes: Buffer): number {
  const end = bytes.length;
  for (let back = 1; back <= Math.min(3, end); back += 1) {
    const byte = bytes[end - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: look further back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/**
 * Checks the first chunk of an upload (up to 64 KB): not empty, UTF-8 text without NUL bytes,
 * and a first line that is a header of one of `kinds`.
 */
export function sniffUpload(first: Buffer, kinds: readonly ImportKind[]): HeaderResult {
  let bytes = first;
  if (bytes.subarray(0, 3).equals(BOM)) bytes = bytes.subarray(3);
  if (first.length === 0 || bytes.length === 0) {
    return { ok: false, reason: IMPORT_SERVER_MESSAGE.emptyFile };
  }
  if (bytes.includes(0)) return { ok: false, reason: IMPORT_SERVER_MESSAGE.notText };
  const whole = bytes.subarray(0, bytes.length - incompleteTail(bytes));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(whole);
  } catch {
    return { ok: false, reason: IMPORT_SERVER_MESSAGE.notText };
  }
  const newline = text.indexOf('\n');
  const maxChars = IMPORT_LIMITS.maxLineChars;
  let line: string;
  if (newline >= 0) {
    line = text.slice(0, newline);
  } else if (text.length <= maxChars) {
    line = text;
  } else {
    line = text.slice(0, maxChars + 1);
  }
  if (line.endsWith('\r')) line = line.slice(0, -1);
  if (line.length > maxChars) {
    const expected = kinds.map(describeKind).join(' or ');
    return {
      ok: false,
      reason: `${IMPORT_SERVER_MESSAGE.unknownHeader(expected)}: the first line is longer than ${maxChars} characters`,
    };
  }
  return readHeader(line, kinds);
}

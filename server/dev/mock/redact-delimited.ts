/**
 * Delimited text (a card or device file, an import's error file, CSV, TSV) as the request log
 * and recordings show it (./redact.ts): when the first line is a header of column names
 * separated by `|`, TAB, `;` or `,`, at least two of them, one at least a secret's name
 * (`pin`, `password`, `cardNumber`: ../../http/secret-names.ts), the values of the secret
 * columns on every following line are `***`. A line, its delimiter and its line end stay as
 * they were, and so do the spaces and CSV's quotes around a value (`"1234"` is `"***"`); an
 * empty value stays empty. A header may end with a delimiter (an empty last column).
 *
 * Text delimited by `|` or TAB is split at every delimiter, line by line: the import files have
 * no quoting (a quote is a character and a pipe always separates: docs/imports.md), nor has TSV.
 * Text delimited by `,` or `;` is read as CSV (RFC 4180, csvRows): a quoted field keeps its
 * delimiters and line breaks; when its quoting is broken anywhere (a quote never closed, as in a
 * body cut at the request log's cap; text after a closing quote), it is split at every delimiter,
 * line by line, too. A line whose number of fields is not the header's (a card line with a field
 * too many or too few, a quoted delimiter or line break of broken CSV, a line cut short) cannot
 * say which of its fields holds the secret: every field of it is `***`.
 */
import { REDACTED } from '@contracts/api/mock-requests';
import { isSecretName } from '../../http/secret-names';

/** The delimiters a header may use, the first that makes a header winning. */
const DELIMITERS = ['|', '\t', ';', ','] as const;

/**
 * A column's name as a header writes it (spaces around it, CSV's quotes): a letter or `_`
 * first, then letters, digits, spaces, `_`, `.`, `-`, `#`, `/` or brackets (`PIN#`,
 * `Card Number (PAN)`), at most 100 characters. No `=` or `:`, so a `name=value` line or a
 * sentence (`Error: ...`) is not taken for a header.
 */
const COLUMN_NAME = /^[\p{L}_][\p{L}\p{N} _.#/()-]{0,99}$/u;

function columnName(field: string): string | undefined {
  const trimmed = field.trim();
  const unquoted =
    trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
      ? trimmed.slice(1, -1).trim()
      : trimmed;
  return COLUMN_NAME.test(unquoted) ? unquoted : undefined;
}

/**
 * A header line's delimiter, which of its columns are secret and the field counts a line of it
 * may have (with and without an empty last column), or undefined: not a header.
 */
function headerOf(
  line: string,
): { delimiter: string; secret: boolean[]; fieldCounts: number[] } | undefined {
  for (const delimiter of DELIMITERS) {
    const fields = line.split(delimiter);
    // A delimiter after the last name (`cardNumber|pin|`) ends the header with an empty column.
    const named = fields[fields.length - 1]?.trim() === '' ? fields.slice(0, -1) : fields;
    if (named.length < 2) continue;
    const names = fields.map((field, index) => (index < named.length ? columnName(field) : ''));
    if (names.some((name) => name === undefined)) continue;
    const secret = names.map((name) => isSecretName(name ?? ''));
    if (secret.some(Boolean))
      return { delimiter, secret, fieldCounts: [fields.length, named.length] };
  }
  return undefined;
}

/** The delimiters of CSV, whose fields may be quoted. */
const QUOTING = new Set([',', ';']);

/** One line of delimited text (a record: with CSV's quoted line breaks, several lines). */
interface Row {
  /** Its fields as written: the spaces and CSV's quotes around each kept. */
  fields: string[];
  /** What ends it: `\n`, `\r\n`, or nothing at the end of the text (a `\r` there). */
  end: string;
}

/**
 * CSV's records (RFC 4180): a field whose first character but spaces is `"` runs to its closing
 * quote (`""` in it is a quote), delimiters and line breaks included; undefined when the quoting
 * is broken (a quote never closed, as in a body cut short; anything but spaces between a closing
 * quote and the next delimiter or line end). One pass over the text.
 *
 * Written here rather than taken from a CSV library: the redaction writes the text back with only
 * the secret values replaced, so it needs each field as written (its spaces and quotes kept),
 * where CSV parsers give the values they decode; and broken quoting must fall back to the split
 * that masks more, not be repaired.
 */
function csvRows(text: string, delimiter: string): Row[] | undefined {
  const rows: Row[] = [];
  let fields: string[] = [];
  /** Where the field being read starts. */
  let start = 0;
  /**
   * The next line break and delimiter at or after `start` (text.length when none), each looked
   * for again only once passed: lines without a delimiter never make the text read twice.
   */
  let newline = -1;
  let delimiterAt = -1;
  while (start <= text.length) {
    let at = start;
    while (text[at] === ' ') at += 1;
    let end: number;
    if (text[at] === '"') {
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote === -1) return undefined;
        at = quote + 1;
        if (text[at] !== '"') break;
        at += 1;
      }
      while (text[at] === ' ') at += 1;
      end = at;
      const next = text[at];
      if (next !== undefined && next !== '\n' && !text.startsWith('\r\n', at)) {
        if (!text.startsWith(delimiter, at)) return undefined;
      }
    } else {
      if (newline < start) {
        newline = text.indexOf('\n', start);
        if (newline === -1) newline = text.length;
      }
      if (delimiterAt < start) {
        delimiterAt = text.indexOf(delimiter, start);
        if (delimiterAt === -1) delimiterAt = text.length;
      }
      end = Math.min(delimiterAt, newline);
      // A line's `\r\n`: its `\r` is no part of the field.
      if (end === newline && end < text.length && end > start && text[end - 1] === '\r') end -= 1;
    }
    fields.push(text.slice(start, end));
    if (end >= text.length) {
      rows.push({ fields, end: '' });
      return rows;
    }
    if (text.startsWith(delimiter, end)) {
      start = end + delimiter.length;
      continue;
    }
    const lineEnd = text[end] === '\r' ? '\r\n' : '\n';
    rows.push({ fields, end: lineEnd });
    fields = [];
    start = end + lineEnd.length;
  }
  return rows;
}

/** Lines split at every delimiter (no quoting). */
function plainRows(text: string, delimiter: string): Row[] {
  const lines = text.split('\n');
  return lines.map((line, index) => {
    const cr = line.endsWith('\r');
    const content = cr ? line.slice(0, -1) : line;
    const end = `${cr ? '\r' : ''}${index === lines.length - 1 ? '' : '\n'}`;
    return { fields: content.split(delimiter), end };
  });
}

/**
 * A value as `***`, the spaces and CSV's quotes around it as they were (`"1234"` is `"***"`),
 * but an empty one (white space only, or `""`) as it was.
 */
function redactedValue(value: string): string {
  const core = value.trim();
  if (core === '' || core === '""') return value;
  const start = value.length - value.trimStart().length;
  const quoted = core.length >= 2 && core.startsWith('"') && core.endsWith('"');
  const shown = quoted ? `"${REDACTED}"` : REDACTED;
  return `${value.slice(0, start)}${shown}${value.slice(start + core.length)}`;
}

/**
 * The text with its secret columns' values as `***` when its first line (after a byte order
 * mark) is a header naming one; otherwise the text as it is.
 */
export function redactDelimited(text: string): string {
  const firstEnd = text.indexOf('\n');
  if (firstEnd === -1) return text;
  let first = text.slice(0, firstEnd);
  if (first.startsWith('\uFEFF')) first = first.slice(1);
  if (first.endsWith('\r')) first = first.slice(0, -1);
  const header = headerOf(first);
  if (header === undefined) return text;
  const { delimiter, secret, fieldCounts } = header;
  const rest = text.slice(firstEnd + 1);
  const rows =
    (QUOTING.has(delimiter) ? csvRows(rest, delimiter) : undefined) ?? plainRows(rest, delimiter);
  const shown = rows.map(({ fields, end }) => {
    const [only] = fields;
    if (fields.length === 1 && only !== undefined && only.trim() === '') return `${only}${end}`;
    const whole = fieldCounts.includes(fields.length);
    return (
      fields
        .map((value, index) => (!whole || secret[index] === true ? redactedValue(value) : value))
        .join(delimiter) + end
    );
  });
  return `${text.slice(0, firstEnd + 1)}${shown.join('')}`;
}

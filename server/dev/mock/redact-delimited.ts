/**
 * Delimited text (a card or device file, an import's error file, CSV, TSV) as the request log
 * and recordings show it (./redact.ts): when the first line is a header of column names
 * separated by `|`, TAB, `;` or `,`, at least two of them, one at least a secret's name
 * (`pin`, `password`, `cardNumber`: ../../http/secret-names.ts), the values of the secret
 * columns on every following line are `***`. A line, its delimiter and its line end stay as
 * they were, and so do the spaces and CSV's quotes around a value (`"1234"` is `"***"`); an
 * empty value stays empty. Lines end with LF, CRLF, or a lone CR when the text has no LF. A header may end with a delimiter (an empty last column).
 *
 * Text delimited by `|` or TAB is split at every delimiter, line by line: the import files have
 * no quoting (a quote is a character and a pipe always separates: docs/imports.md), nor has TSV.
 * Text delimited by `,` or `;` is read as CSV (RFC 4180, csvRows), its header too: a quoted field
 * or column name keeps its delimiters and line breaks.
 *
 * No value of a secret column is shown, whatever the quoting: a line whose fields cannot be read
 * for sure has every field as `***`, as any of them may hold the secret. So has a line whose
 * number of fields does not fit the header (fitsHeader: a card line with a field too many or too
 * few, a line cut short). In CSV whose quoting is broken (a quote never closed, as in a body cut
 * at the request log's cap; text after a closing quote), so have the line where it breaks and
 * every line after it, split at every delimiter, and every line before it with a quoted value
 * holding a delimiter or a line break (its quotes may be plain characters, and its fields others):
 * rowsOf.
 */
import { REDACTED } from '@contracts/api/mock-requests';
import { isSecretName } from '../../http/secret-names';

/** The delimiters a header may use, the first that makes a header winning. */
const DELIMITERS = ['|', '\t', ';', ','] as const;

/** The delimiters of CSV, whose fields may be quoted. */
const QUOTING = new Set([',', ';']);

/**
 * A column's name as a header writes it (spaces around it, CSV's quotes): a letter or `_`
 * first, then letters, digits, spaces, `_`, `.`, `-`, `#`, `/` or brackets (`PIN#`,
 * `Card Number (PAN)`), at most 100 characters. No `=` or `:`, so a `name=value` line or a
 * sentence (`Error: ...`) is not taken for a header.
 */
const COLUMN_NAME = /^[\p{L}_][\p{L}\p{N} _.#/()-]{0,99}$/u;

/** A quoted column name, which may also hold CSV's delimiters (`"Holder, name"`). */
const QUOTED_COLUMN_NAME = /^[\p{L}_][\p{L}\p{N} _.#/(),;-]{0,99}$/u;

function columnName(field: string): string | undefined {
  const trimmed = field.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    const unquoted = trimmed.slice(1, -1).trim();
    return QUOTED_COLUMN_NAME.test(unquoted) ? unquoted : undefined;
  }
  return COLUMN_NAME.test(trimmed) ? trimmed : undefined;
}

/** A header: its delimiter, its columns, which of them are secret. */
interface Header {
  delimiter: string;
  /** Whether each column is secret, in order. */
  secret: boolean[];
  /** How many columns have a name. */
  named: number;
  /** Whether it ends with a delimiter (`cardNumber|pin|`): an empty last column. */
  trailing: boolean;
}

/**
 * A header line's delimiter and columns, or undefined: not a header. Its fields are read as the
 * lines after it are: CSV's quoting for `,` and `;` (a quoted name keeps its delimiter; a line
 * whose quoting is broken is no header of that delimiter), none for `|` and TAB.
 */
function headerOf(line: string): Header | undefined {
  for (const delimiter of DELIMITERS) {
    const fields = QUOTING.has(delimiter)
      ? csvRows(line, delimiter).rows[0]?.fields
      : line.split(delimiter);
    if (fields === undefined) continue;
    const trailing = fields.length > 1 && fields[fields.length - 1]?.trim() === '';
    const named = trailing ? fields.length - 1 : fields.length;
    if (named < 2) continue;
    const names = fields.slice(0, named).map(columnName);
    if (names.some((name) => name === undefined)) continue;
    const secret = names.map((name) => isSecretName(name ?? ''));
    if (secret.some(Boolean)) return { delimiter, secret, named, trailing };
  }
  return undefined;
}

/** One line of delimited text (a record: with CSV's quoted line breaks, several lines). */
interface Row {
  /** Its fields as written: the spaces and CSV's quotes around each kept. */
  fields: string[];
  /** What ends it: `\n`, `\r\n`, or nothing at the end of the text (a `\r` there). */
  end: string;
  /** Whether its fields are read for sure, whatever the quoting meant (rowsOf). */
  sure: boolean;
}

/** CSV's records read before its quoting breaks, and where the record whose quoting breaks starts. */
interface CsvText {
  /** Each `sure` when no quoted value of it holds a delimiter or a line break. */
  rows: Row[];
  /** Where the record whose quoting breaks starts; undefined when none does. */
  broken?: number;
}

/**
 * CSV's records (RFC 4180): a field whose first character but spaces is `"` runs to its closing
 * quote (`""` in it is a quote), delimiters and line breaks included. The quoting breaks at a
 * quote never closed (as in a body cut short) or anything but spaces between a closing quote and
 * the next delimiter or line end; the records before that are read. One pass over the text.
 *
 * A record is `sure` when it would read the same split at every delimiter, line by line (no
 * quoted value of it holds a delimiter or a line break): so it reads, whether the text's quotes
 * are CSV's or plain characters.
 *
 * Written here rather than taken from a CSV library: the redaction writes the text back with only
 * the secret values replaced, so it needs each field as written (its spaces and quotes kept),
 * where CSV parsers give the values they decode; and broken quoting must mask more, not be
 * repaired.
 */
function csvRows(text: string, delimiter: string): CsvText {
  const rows: Row[] = [];
  let fields: string[] = [];
  /** Where the record being read starts, and whether it reads the same split at every delimiter. */
  let rowStart = 0;
  let plain = true;
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
      const open = at;
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote === -1) return { rows, broken: rowStart };
        at = quote + 1;
        if (text[at] !== '"') break;
        at += 1;
      }
      const quoted = text.slice(open, at);
      if (quoted.includes(delimiter) || quoted.includes('\n')) plain = false;
      while (text[at] === ' ') at += 1;
      end = at;
      const next = text[at];
      if (next !== undefined && next !== '\n' && !text.startsWith('\r\n', at)) {
        if (!text.startsWith(delimiter, at)) return { rows, broken: rowStart };
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
      rows.push({ fields, end: '', sure: plain });
      return { rows };
    }
    if (text.startsWith(delimiter, end)) {
      start = end + delimiter.length;
      continue;
    }
    const lineEnd = text[end] === '\r' ? '\r\n' : '\n';
    rows.push({ fields, end: lineEnd, sure: plain });
    fields = [];
    start = end + lineEnd.length;
    rowStart = start;
    plain = true;
  }
  return { rows };
}

/** Lines split at every delimiter (no quoting). */
function plainRows(text: string, delimiter: string, sure: boolean): Row[] {
  const lines = text.split('\n');
  return lines.map((line, index) => {
    const cr = line.endsWith('\r');
    const content = cr ? line.slice(0, -1) : line;
    const end = `${cr ? '\r' : ''}${index === lines.length - 1 ? '' : '\n'}`;
    return { fields: content.split(delimiter), end, sure };
  });
}

/**
 * The lines after the header. Those of `|` and TAB are split at every delimiter, sure. CSV's
 * records are sure when its quoting holds; when it breaks, only those before the break that
 * read the same split at every delimiter are (csvRows), and the text from the record where it
 * breaks is split at every delimiter, line by line, none of its lines sure.
 */
function rowsOf(text: string, delimiter: string): Row[] {
  if (!QUOTING.has(delimiter)) return plainRows(text, delimiter, true);
  const { rows, broken } = csvRows(text, delimiter);
  if (broken === undefined) {
    for (const row of rows) row.sure = true;
    return rows;
  }
  return rows.concat(plainRows(text.slice(broken), delimiter, false));
}

/** A value with nothing in it: white space only, or CSV's `""`. */
function isEmpty(value: string): boolean {
  const core = value.trim();
  return core === '' || core === '""';
}

/**
 * Whether a line's fields stand in the header's columns: as many as the header names, or, under
 * a header ending with a delimiter, one more, empty. There a line of the named count whose last
 * value is empty may as well be one with a field missing and the delimiter after it: it does not.
 */
function fitsHeader(fields: readonly string[], header: Header): boolean {
  const last = fields[fields.length - 1] ?? '';
  if (!header.trailing) return fields.length === header.named;
  if (fields.length === header.named + 1) return isEmpty(last);
  return fields.length === header.named && !isEmpty(last);
}

/**
 * A value as `***`, the spaces and CSV's quotes around it as they were (`"1234"` is `"***"`),
 * but an empty one (white space only, or `""`) as it was.
 */
function redactedValue(value: string): string {
  if (isEmpty(value)) return value;
  const core = value.trim();
  const start = value.length - value.trimStart().length;
  const quoted = core.length >= 2 && core.startsWith('"') && core.endsWith('"');
  const shown = quoted ? `"${REDACTED}"` : REDACTED;
  return `${value.slice(0, start)}${shown}${value.slice(start + core.length)}`;
}

/**
 * The text with its secret columns' values as `***` when its first line (after a byte order
 * mark) is a header naming one; otherwise the text as it is. A line not read for sure, or whose
 * fields do not fit the header, has every value as `***`.
 */
export function redactDelimited(text: string): string {
  const firstEnd = text.indexOf('\n');
  if (firstEnd === -1) {
    // Lines ended by a lone CR (classic Mac OS text), with no LF anywhere: read as LF lines and
    // given back with their CRs. Every LF of the redacted text is one of those CRs.
    return text.includes('\r')
      ? redactDelimited(text.replaceAll('\r', '\n')).replaceAll('\n', '\r')
      : text;
  }
  let first = text.slice(0, firstEnd);
  if (first.startsWith('\uFEFF')) first = first.slice(1);
  if (first.endsWith('\r')) first = first.slice(0, -1);
  const header = headerOf(first);
  if (header === undefined) return text;
  const { delimiter, secret } = header;
  const shown = rowsOf(text.slice(firstEnd + 1), delimiter).map(({ fields, end, sure }) => {
    const [only] = fields;
    if (fields.length === 1 && only !== undefined && only.trim() === '') return `${only}${end}`;
    const fits = sure && fitsHeader(fields, header);
    return (
      fields
        .map((value, index) => (!fits || secret[index] === true ? redactedValue(value) : value))
        .join(delimiter) + end
    );
  });
  return `${text.slice(0, firstEnd + 1)}${shown.join('')}`;
}

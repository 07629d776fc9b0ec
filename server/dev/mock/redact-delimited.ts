/**
 * Delimited text (a card or device file, an import's error file, CSV, TSV) as the request log
 * and recordings show it (./redact.ts): when the first line is a header of column names
 * separated by `|`, TAB, `;` or `,`, at least two of them, one at least a secret's name
 * (`pin`, `password`, `cardNumber`: ../../http/secret-names.ts), the values of the secret
 * columns on every following line are `***`. A line, its delimiter and its line end stay as
 * they were, and so do the spaces and CSV's quotes around a value (`"1234"` is `"***"`); an
 * empty value stays empty. A header may end with a delimiter (an empty last column).
 *
 * Lines are split at the delimiter, with no quoting: the import files have none (a quote is a
 * character and a pipe always separates: docs/imports.md), and no CSV parser is a dependency.
 * A line whose number of fields is not the header's (a quoted delimiter or line break of CSV, a
 * card line with a field too many or too few, a body cut at the request log's cap) cannot say
 * which of its fields holds the secret: every field of it is `***`. One pass over the text.
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
  const lines = text.slice(firstEnd + 1).split('\n');
  const shown = lines.map((line) => {
    const end = line.endsWith('\r') ? '\r' : '';
    const content = end === '' ? line : line.slice(0, -1);
    if (content.trim() === '') return line;
    const fields = content.split(delimiter);
    const whole = fieldCounts.includes(fields.length);
    return (
      fields
        .map((value, index) => (!whole || secret[index] === true ? redactedValue(value) : value))
        .join(delimiter) + end
    );
  });
  return `${text.slice(0, firstEnd + 1)}${shown.join('\n')}`;
}

/**
 * What the request log shows of a call: tokens and passwords never appear. Run when the log is
 * read, never on a request's own time. URLs as the server's own log lines show them
 * (../../http/redact-url.ts).
 *
 * A call's details (call-detail.ts) and recordings keep headers and bodies, redacted the same
 * way: a header, JSON member or form field whose name suggests a secret is `***` (Authorization,
 * cookies, tokens, passwords, PINs, device passwords, card numbers), and so is any token and any
 * item of a list shaped like a card number or a PIN. JSON is read with JSON.parse, whatever its
 * shape or size (../../http/redact-json.ts): JSON that cannot be read is never shown.
 */
import { REDACTED } from '@contracts/api/mock-requests';
import {
  HOLDS_MEMBER,
  readJsonText,
  redactJson,
  redactJsonIn,
  STARTS_LIKE_JSON,
} from '../../http/redact-json';
import { redactUrl } from '../../http/redact-url';
import { isSecretName, JWT } from '../../http/secret-names';
import { mediaTypeOf } from './body-text';
import { redactDelimited } from './redact-delimited';

export { isSecretName, redactJson, redactUrl };

/**
 * Headers with the secret ones' values (Authorization, cookies, tokens, keys) as `***`, and a
 * value that is JSON redacted as JSON.
 */
export function redactHeaders(
  headers: Readonly<Record<string, string | number | readonly string[] | undefined>>,
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value as string | number);
    shown[name] = isSecretName(name) ? REDACTED : redactJsonIn(text);
  }
  return shown;
}

/**
 * `name=value` or `name: value` in other text (a line of a properties file, a header, a query in
 * a sentence): the value runs to the end of the line or to the next `&`, `;` or `,`. The name
 * starts the text or follows a character that cannot be part of it, or an ANSI escape sequence
 * (a colour code in a terminal's output: `ESC[32mpassword=...`).
 */
const TEXT_PAIR =
  // eslint-disable-next-line no-control-regex -- ESC (\u001b) starts the ANSI escape sequences it reads
  /(^|[^\w-]|\u001b\[[0-?]*[ -/]*[@-~])([A-Za-z][\w.-]*)([ \t]*[=:][ \t]*)("[^"\r\n]*"|'[^'\r\n]*'|[^\r\n&;,]+)/g;

/** An HTML or XML start tag, with its attributes. */
const TAG = /<[A-Za-z][^<>]*>/g;

/** One attribute of a tag: its name, and its value quoted or not. */
const ATTRIBUTE = /([^\s"'<>/=]+)(\s*=\s*)("[^"]*"|'[^']*'|[^\s"'<>`=]+)/g;

/** The attributes that name what a tag holds (a form field, a meta tag). */
const NAMING_ATTRIBUTES = new Set(['name', 'id', 'property', 'http-equiv']);

/** The attributes that hold that value. */
const VALUE_ATTRIBUTES = new Set(['value', 'content']);

/** The quoted form of `***` in an attribute: quoted as the value was. */
function redactedAttribute(quoted: string): string {
  const quote = quoted.startsWith('"') || quoted.startsWith("'") ? quoted.charAt(0) : '';
  return `${quote}${REDACTED}${quote}`;
}

/**
 * A tag with its value as `***` when it names a secret: a form field
 * (`<input name="password" value="...">`), a meta tag (`<meta name="csrf-token" content="...">`).
 */
function redactTag(tag: string): string {
  const names = [...tag.matchAll(ATTRIBUTE)].filter(([, name]) =>
    NAMING_ATTRIBUTES.has((name ?? '').toLowerCase()),
  );
  const secret = names.some(([, , , value]) =>
    isSecretName((value ?? '').replace(/^["']|["']$/g, '')),
  );
  if (!secret) return tag;
  return tag.replace(ATTRIBUTE, (whole, name: string, separator: string, value: string) =>
    VALUE_ATTRIBUTES.has(name.toLowerCase())
      ? `${name}${separator}${redactedAttribute(value)}`
      : whole,
  );
}

/**
 * Text with the values of its secret columns (delimited text whose first line is a header:
 * ./redact-delimited.ts), of its secret-named pairs, of its tags naming a secret (HTML form
 * fields, meta tags) and its tokens as `***`.
 */
function redactText(text: string): string {
  return redactDelimited(text)
    .replace(TAG, redactTag)
    .replace(TEXT_PAIR, (whole, before: string, name: string, separator: string) =>
      isSecretName(name) ? `${before}${name}${separator}${REDACTED}` : whole,
    )
    .replace(JWT, REDACTED);
}

/** A quoted name before a colon: a JSON member's name, read or not. */
const QUOTED_NAME = /"([^"\\\r\n]{1,100})"\s*:/g;

/**
 * Text in which a secret can be seen: a secret-named pair or tag value, a token, or a quoted
 * secret-named member (JSON's). For bytes that cannot be redacted in place (a binary body, read
 * byte for byte as latin-1): such a body is never kept.
 */
export function holdsSecret(text: string): boolean {
  if (redactText(text) !== text) return true;
  return [...text.matchAll(QUOTED_NAME)].some(([, name]) => isSecretName(name ?? ''));
}

/**
 * JSON text as the log shows it, or undefined when it is not JSON: the text itself only when it
 * is already its own compact form (`JSON.stringify(JSON.parse(text))`) and holds nothing to
 * redact; otherwise its value re-serialised with the secrets as `***`. Any other text could hide
 * what parsing drops: the first of two members of the same name, which JSON.parse does not keep.
 */
export function redactJsonText(text: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const shown = JSON.stringify(redactJson(parsed));
  return shown === text ? text : shown;
}

/**
 * A body as text with its secrets as `***`, or undefined when it cannot be shown without risk.
 * JSON (by its content type, or text starting with `{` or `[`) is parsed and redacted member by
 * member (redactJsonText); JSON that is not one whole value, lines of JSON or JSON cut short at
 * the cap, is shown value by value, compact, one a line, a cut one closed after its last whole
 * member (readJsonText); JSON that cannot be read so is undefined, as is text starting like JSON
 * that holds a quoted member name. `whole`: the body is all there is (a recording's, never cut
 * at a cap), so JSON cut short is malformed JSON, undefined too, never closed into other JSON.
 * A form's fields are redacted as a query's; in any other text the values of secret-named
 * `name=value` and `name: value` pairs and of tags naming a secret, and tokens anywhere.
 */
export function redactBody(
  text: string,
  contentType: string,
  { whole = false }: { whole?: boolean } = {},
): string | undefined {
  const typedJson = /json/i.test(contentType);
  if (typedJson || STARTS_LIKE_JSON.test(text)) {
    const parsed = redactJsonText(text);
    if (parsed !== undefined) return parsed;
    const read = readJsonText(text);
    if (read !== undefined && !(whole && read.cut)) {
      return read.values.map((value) => JSON.stringify(redactJson(value))).join('\n');
    }
    // Other text that only starts as JSON does (`[INFO] ...`) is redacted as text; not when it
    // says it is JSON or holds members JSON.parse could not read.
    if (typedJson || HOLDS_MEMBER.test(text)) return undefined;
  }
  if (/x-www-form-urlencoded/i.test(contentType)) return redactUrl(`?${text}`).slice(1);
  const boundary = BOUNDARY.exec(contentType);
  if (mediaTypeOf(contentType).essence.startsWith('multipart/') && boundary !== null) {
    return redactParts(text, boundary[1] ?? boundary[2] ?? '', whole);
  }
  return redactText(text);
}

/** A multipart type's `boundary` parameter, quoted or not. */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;"]+))/i;

/** A part's Content-Type among its headers. */
const PART_TYPE = /^content-type[ \t]*:[ \t]*([^\r\n]*)/im;

/**
 * A multipart body (a file upload shown as text when its type names a charset) part by part:
 * each part's headers as other text, its body as redactBody redacts a body of the part's type
 * (a card file's PINs by their column, a JSON part member by member); a part that is multipart
 * itself is redacted as other text. Undefined when a part cannot be shown.
 */
function redactParts(text: string, boundary: string, whole: boolean): string | undefined {
  const pieces = text.split(`--${boundary}`);
  const shown: string[] = [];
  for (const [index, piece] of pieces.entries()) {
    // The preamble, and the epilogue after the closing delimiter (`--boundary--`).
    if (index === 0 || piece.startsWith('--')) {
      shown.push(redactText(piece));
      continue;
    }
    const crlf = piece.indexOf('\r\n\r\n');
    const lf = piece.indexOf('\n\n');
    const [end, separator] =
      crlf !== -1 && (lf === -1 || crlf < lf) ? [crlf, '\r\n\r\n'] : [lf, '\n\n'];
    if (end === -1) {
      shown.push(redactText(piece));
      continue;
    }
    const headers = piece.slice(0, end);
    const type = PART_TYPE.exec(headers)?.[1]?.trim() ?? 'text/plain';
    // The line end before the next delimiter belongs to the delimiter, not to the body.
    const rest = piece.slice(end + separator.length);
    const lineEnd = rest.endsWith('\r\n') ? '\r\n' : rest.endsWith('\n') ? '\n' : '';
    const body = rest.slice(0, rest.length - lineEnd.length);
    const redacted = /^multipart\//i.test(type)
      ? redactText(body)
      : redactBody(body, type, { whole });
    if (redacted === undefined) return undefined;
    shown.push(`${redactText(headers)}${separator}${redacted}${lineEnd}`);
  }
  return shown.join(`--${boundary}`);
}

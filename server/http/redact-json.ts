/**
 * Secrets in JSON, wherever JSON is shown or kept: the developer tools' request log and
 * recordings (../dev/mock/redact.ts), JSON in a query or header value (./redact-url.ts). JSON is
 * read with JSON.parse, never matched as text, so no way of writing a member name
 * (`"pass\u0077ord"` is `password`), no nesting (a list of objects, a list or an object under a
 * secret name) and no cut can hide a secret:
 * - redactJson: a parsed value, its secrets as `***`;
 * - readJsonText: JSON text that is not one whole value: several values (lines of JSON) or one
 *   cut short (a body kept up to the request log's cap), each value given to JSON.parse, the cut
 *   one closed after its last whole member first; undefined for text that is not JSON;
 * - redactJsonIn: text that may be JSON (a string member's value, a query or header value).
 */
import { JOURNAL_SITE_CARD_RULES } from '@contracts/api/journal';
import { REDACTED } from '@contracts/api/mock-requests';
import { isSecretName, JWT } from './secret-names';

/**
 * How deep redactJson goes: a value nested deeper is `***` whole, so redacting a body nested
 * as deep as it likes never runs out of stack (JSON.parse itself takes any depth).
 */
export const REDACTED_DEPTH = 256;

const { cardNumber: CARD_NUMBER, pin: PIN } = JOURNAL_SITE_CARD_RULES;

/**
 * A card number or a PIN as the card files hold them (digits only): in a list, where no name
 * says what it is (a card-file review line's `values`, one per column), it is taken for one.
 */
function isCardValue(value: unknown): boolean {
  return typeof value === 'string' && (CARD_NUMBER.pattern.test(value) || PIN.pattern.test(value));
}

/**
 * The members that hold the values of the field an object names in `field` (the import review's
 * bulk correction: `{ field: "pin", set: "2468" }`, `{ field, find, replace }`): secret when that
 * field's name is.
 */
const VALUES_OF_FIELD = new Set(['set', 'find', 'replace', 'value', 'values']);

/** Whether `object` names, in its `field` member, a field whose name suggests a secret. */
const namesSecretField = (object: object): boolean => {
  const { field } = object as { field?: unknown };
  return typeof field === 'string' && isSecretName(field);
};

/**
 * A JSON value with every member whose name suggests a secret as `***` (but a `true` or `false`
 * flag), the values of a secret field an object names (VALUES_OF_FIELD), every item of a list
 * shaped like a card number or a PIN, every token, and JSON held in a string redacted the same
 * way (redactJsonIn).
 */
export function redactJson(value: unknown, depth = 0): unknown {
  if (depth >= REDACTED_DEPTH) return REDACTED;
  if (Array.isArray(value)) {
    return value.map((item) => (isCardValue(item) ? REDACTED : redactJson(item, depth + 1)));
  }
  if (typeof value === 'string') return redactJsonIn(value, depth + 1);
  if (value === null || typeof value !== 'object') return value;
  const ofSecretField = namesSecretField(value);
  // fromEntries makes each member an own property, `__proto__` too.
  return Object.fromEntries(
    Object.entries(value).map(([name, member]) => {
      // A flag (`passwordExpired: false`) holds no secret; any other value of a secret-named
      // member (a number, a list, an object) is `***` whole.
      const secret =
        (isSecretName(name) || (ofSecretField && VALUES_OF_FIELD.has(name))) &&
        member !== null &&
        typeof member !== 'boolean';
      return [name, secret ? REDACTED : redactJson(member, depth + 1)];
    }),
  );
}

/** Text that starts as a JSON object or list does (after white space or a byte order mark). */
export const STARTS_LIKE_JSON = /^[\s\uFEFF]*[[{]/;

/** A quoted name before a colon: text that holds JSON members, read as JSON or not. */
export const HOLDS_MEMBER = /"\s*:/;

/**
 * Text that may be JSON, with its secrets as `***`: JSON (redactJson) shown compact when it held
 * something to redact or was cut short, else as it is; text that starts like JSON and holds a
 * member but cannot be read as JSON is `***` whole (a member it cannot read could be a secret);
 * any other text keeps all but its tokens.
 */
export function redactJsonIn(text: string, depth = 0): string {
  if (STARTS_LIKE_JSON.test(text)) {
    const read = readJsonText(text);
    if (read === undefined) {
      if (HOLDS_MEMBER.test(text)) return REDACTED;
    } else {
      const shown = read.values.map((value) => JSON.stringify(redactJson(value, depth)));
      if (read.cut || shown.some((one, index) => one !== JSON.stringify(read.values[index]))) {
        return shown.join('\n');
      }
    }
  }
  return text.replace(JWT, REDACTED);
}

/** JSON text read as values: `cut` when the last one was cut short (and closed to be read). */
export interface JsonValues {
  values: unknown[];
  cut: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The end of the string whose opening quote is at `start`: the index after its closing quote,
 * or, when the text ends inside it, where it can be closed (before an escape cut short).
 */
function stringEnd(text: string, start: number): number | { cutAt: number } {
  let at = start + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) return at + 1;
    if (code === BACKSLASH) {
      const length = text.charCodeAt(at + 1) === 0x75 /* u */ ? 6 : 2;
      if (at + length > text.length) return { cutAt: at };
      at += length;
    } else {
      at += 1;
    }
  }
  return { cutAt: text.length };
}

/** White space between JSON's tokens, and a byte order mark. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0xfeff;
}

/** A character a number or a literal (`true`, `null`) cannot hold: where one ends. */
function endsScalar(code: number): boolean {
  return (
    isSpace(code) ||
    code === 0x2c /* , */ ||
    code === 0x3a /* : */ ||
    code === 0x5d /* ] */ ||
    code === 0x7d /* } */ ||
    code === 0x5b /* [ */ ||
    code === 0x7b /* { */ ||
    code === QUOTE
  );
}

/** The start of a number or of a literal (`tru`, `-1.`, `2e`): a value cut short. */
function isScalarStart(text: string): boolean {
  return (
    /^-?\d*(?:\.\d*)?(?:[eE][+-]?\d*)?$/.test(text) ||
    ['true', 'false', 'null'].some((literal) => literal.startsWith(text))
  );
}

/**
 * JSON text as its values: one whole value, or several separated by white space (lines of JSON),
 * the last of which may be cut short. The text is only walked to find where each value ends
 * (its strings, its brackets); each value is read by JSON.parse. A cut value is read up to its
 * last whole member or item, closed with the brackets still open: a string value cut short is
 * closed where it stops (a list item of digits only, perhaps part of a card number, as `***`);
 * a member name or a number cut short is dropped with its member. Undefined when any of it is
 * not JSON.
 */
export function readJsonText(text: string): JsonValues | undefined {
  try {
    return { values: [JSON.parse(text) as unknown], cut: false };
  } catch {
    // Not one whole value: read it value by value below.
  }
  const values: unknown[] = [];
  const read = (json: string): boolean => {
    try {
      values.push(JSON.parse(json) as unknown);
      return true;
    } catch {
      return false;
    }
  };
  /** The closing brackets of the lists and objects open, outermost first. */
  const open: string[] = [];
  const closers = (depth: number): string => open.slice(0, depth).reverse().join('');
  /** Where the value being read starts. */
  let start = 0;
  /** Where the value read so far can be closed (after a whole member or item, or a bracket). */
  let safe = 0;
  let safeDepth = 0;
  /** In an object, before a member's name (a string here is a name, not a value). */
  let nameNext = false;
  /** The value cut short, closed at its last whole member. */
  const cutShort = (closed: string): JsonValues | undefined =>
    read(closed) ? { values, cut: true } : undefined;
  const closedAtSafe = (): JsonValues | undefined =>
    cutShort(`${text.slice(start, safe)}${closers(safeDepth)}`);

  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (isSpace(code)) {
      at += 1;
      continue;
    }
    const topLevel = open.length === 0;
    if (topLevel) start = at;
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (typeof end !== 'number') {
        if (!topLevel && nameNext) return closedAtSafe();
        const content = text.slice(at + 1, end.cutAt);
        const inList = open[open.length - 1] === ']';
        const closedString = inList && /^\d*$/.test(content) ? `"${REDACTED}"` : `"${content}"`;
        return cutShort(`${text.slice(start, at)}${closedString}${closers(open.length)}`);
      }
      at = end;
      if (topLevel) {
        if (!read(text.slice(start, at))) return undefined;
      } else if (nameNext) {
        nameNext = false;
      } else {
        safe = at;
        safeDepth = open.length;
      }
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      open.push(code === 0x7b ? '}' : ']');
      nameNext = code === 0x7b;
      at += 1;
      safe = at;
      safeDepth = open.length;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      if (topLevel) return undefined;
      open.pop();
      nameNext = false;
      at += 1;
      if (open.length === 0) {
        if (!read(text.slice(start, at))) return undefined;
      } else {
        safe = at;
        safeDepth = open.length;
      }
    } else if (code === 0x3a /* : */ || code === 0x2c /* , */) {
      if (topLevel) return undefined;
      nameNext = code === 0x2c && open[open.length - 1] === '}';
      at += 1;
    } else {
      let end = at + 1;
      while (end < text.length && !endsScalar(text.charCodeAt(end))) end += 1;
      const whole = end < text.length;
      if (topLevel) {
        // A number or literal last in the text may be cut short: dropped when it does not read.
        const scalar = text.slice(start, end);
        if (!read(scalar))
          return whole || !isScalarStart(scalar) ? undefined : { values, cut: true };
      } else if (!whole) {
        return closedAtSafe();
      } else {
        safe = end;
        safeDepth = open.length;
      }
      at = end;
    }
  }
  return open.length === 0 ? { values, cut: false } : closedAtSafe();
}

/**
 * What the request log shows of a call: tokens and passwords never appear. Run when the log is
 * read, never on a request's own time. URLs as the server's own log lines show them
 * (../../http/redact-url.ts).
 *
 * A call's details (call-detail.ts) and recordings keep headers and bodies, redacted the same
 * way: a header, JSON member or form field whose name suggests a secret is `***` (Authorization,
 * cookies, tokens, passwords, PINs, device passwords, card numbers), and so is any token and any
 * item of a list shaped like a card number or a PIN.
 */
import { JOURNAL_SITE_CARD_RULES } from '@contracts/api/journal';
import { REDACTED } from '@contracts/api/mock-requests';
import { redactUrl } from '../../http/redact-url';
import { isSecretName, JWT } from '../../http/secret-names';

export { isSecretName, redactUrl };

/** Headers with the secret ones' values (Authorization, cookies, tokens, keys) as `***`. */
export function redactHeaders(
  headers: Readonly<Record<string, string | number | readonly string[] | undefined>>,
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value as string | number);
    shown[name] = isSecretName(name) ? REDACTED : text.replace(JWT, REDACTED);
  }
  return shown;
}

const { cardNumber: CARD_NUMBER, pin: PIN } = JOURNAL_SITE_CARD_RULES;

/**
 * A card number or a PIN as the card files hold them (digits only): in a list, where no name
 * says what it is (a card-file review line's `values`, one per column), it is taken for one.
 */
function isCardValue(value: unknown): boolean {
  return typeof value === 'string' && (CARD_NUMBER.pattern.test(value) || PIN.pattern.test(value));
}

/**
 * A JSON value with every member whose name suggests a secret as `***`, and every item of a list
 * shaped like a card number or a PIN.
 */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => (isCardValue(item) ? REDACTED : redactJson(item)));
  }
  if (typeof value === 'string') return value.replace(JWT, REDACTED);
  if (value === null || typeof value !== 'object') return value;
  const shown: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    // A flag (`passwordExpired: false`) holds no secret; any other value of a secret-named
    // member (a number, a list, an object) is `***` whole.
    const secret = isSecretName(name) && member !== null && typeof member !== 'boolean';
    shown[name] = secret ? REDACTED : redactJson(member);
  }
  return shown;
}

/** `"name": value` in JSON text that may be cut short (a string, number or literal value). */
const JSON_MEMBER = /"((?:[^"\\]|\\.)*)"(\s*:\s*)("(?:[^"\\]|\\.)*"?|-?[\d.eE+-]+|true|false)/g;

/** An item of a list in JSON text that may be cut short: a string of digits, as isCardValue. */
const JSON_DIGITS_ITEM = /([[,]\s*)"(\d+)"/g;

/**
 * `name=value` or `name: value` in other text (a line of a properties file, a header, a query in
 * a sentence): the value runs to the end of the line or to the next `&`, `;` or `,`.
 */
const TEXT_PAIR =
  /(^|[^\w-])([A-Za-z][\w.-]*)([ \t]*[=:][ \t]*)("[^"\r\n]*"|'[^'\r\n]*'|[^\r\n&;,]+)/g;

/** Text with the values of its secret-named pairs and its tokens as `***`. */
function redactText(text: string): string {
  return text
    .replace(TEXT_PAIR, (whole, before: string, name: string, separator: string) =>
      isSecretName(name) ? `${before}${name}${separator}${REDACTED}` : whole,
    )
    .replace(JWT, REDACTED);
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
 * A body as text with its secrets as `***`: JSON parsed and redacted member by member (as
 * redactJsonText; JSON cut short, member by member in the text), a form's fields as a query's, in
 * any other text the values of secret-named `name=value` and `name: value` pairs, and tokens
 * anywhere.
 */
export function redactBody(text: string, contentType: string): string {
  if (/json/i.test(contentType) || /^\s*[[{]/.test(text)) {
    const shown = redactJsonText(text);
    if (shown !== undefined) return shown;
    return redactText(
      text
        .replace(JSON_MEMBER, (whole, name: string, colon: string, value: string) =>
          isSecretName(name) && value !== 'true' && value !== 'false'
            ? `"${name}"${colon}"${REDACTED}"`
            : whole,
        )
        .replace(JSON_DIGITS_ITEM, (whole, before: string, digits: string) =>
          isCardValue(digits) ? `${before}"${REDACTED}"` : whole,
        ),
    );
  }
  if (/x-www-form-urlencoded/i.test(contentType)) return redactUrl(`?${text}`).slice(1);
  return redactText(text);
}

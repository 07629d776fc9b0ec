/**
 * What the request log shows of a URL: tokens and passwords never appear. Run when
 * the log is read, never on a request's own time.
 *
 * The routes themselves carry no secret in their paths (checked against every path in
 * contracts/api: paths.ts, journal.ts, merchant.ts, schemes.ts, imports.ts, mail paths): tokens
 * travel in the Authorization header, passwords, the master token, card numbers and PINs in JSON
 * bodies, and neither headers nor bodies are logged. Path segments are ids, site names and file
 * names. A caller may still send anything, so:
 * - a query value is shown as `***` when its name suggests a secret, in any case (SECRET_PARTS
 *   anywhere: `token`, `masterToken`, `api_key`; SECRET_WORDS as a word: `pin`, `X-Key`, not
 *   `keywords`);
 * - anything shaped like a JSON web token (the portal's tokens) is `***` wherever it is.
 *
 * A call's details (call-detail.ts) and recordings keep headers and bodies, redacted the same
 * way: a header, JSON member or form field whose name suggests a secret is `***` (Authorization,
 * cookies, tokens, passwords, PINs, device passwords, card numbers), and so is any token.
 */
import { REDACTED } from '@contracts/api/mock-requests';

/** Parts of a query parameter's name (any case) that mark its value secret, wherever they are. */
const SECRET_PARTS = [
  'token',
  'passw',
  'passcode',
  'secret',
  'apikey',
  'credential',
  'signature',
  'session',
  'cookie',
  'bearer',
  'authoriz',
  'cardnumber',
];
/** Short ones, only as a whole word of the name (`pin`, not `spinner`; `key`, not `keywords`). */
const SECRET_WORDS = new Set([
  'pin',
  'key',
  'pwd',
  'pass',
  'auth',
  'jwt',
  'sid',
  'sig',
  'otp',
  'cvv',
  'cvc',
  'pan',
]);

/** Three base64url parts, the first a JSON header (`eyJ`): a JSON web token. */
const JWT = /eyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]*/g;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The words of a name: `masterToken`, `master_token`, `master-token` are `master`, `token`. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

export function isSecretName(name: string): boolean {
  const plain = decoded(name);
  const lower = plain.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    SECRET_PARTS.some((part) => lower.includes(part)) ||
    wordsOf(plain).some((word) => SECRET_WORDS.has(word))
  );
}

/** Path and query with secret query values and token-shaped text replaced by `***`. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const shownPath = path.replace(JWT, REDACTED);
  if (mark === -1) return shownPath;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (equals !== -1 && isSecretName(name)) return `${name}=${REDACTED}`;
      return pair.replace(JWT, REDACTED);
    })
    .join('&');
  return `${shownPath}?${query}`;
}

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

/** A JSON value with every member whose name suggests a secret as `***`. */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (typeof value === 'string') return value.replace(JWT, REDACTED);
  if (value === null || typeof value !== 'object') return value;
  const shown: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    shown[name] = isSecretName(name) && member !== null ? REDACTED : redactJson(member);
  }
  return shown;
}

/** `"name": value` in JSON text that may be cut short (a string, number or literal value). */
const JSON_MEMBER = /"((?:[^"\\]|\\.)*)"(\s*:\s*)("(?:[^"\\]|\\.)*"?|-?[\d.eE+-]+|true|false)/g;

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
 * A body as text with its secrets as `***`: JSON parsed and redacted member by member (JSON cut
 * short, member by member in the text), a form's fields as a query's, in any other text the
 * values of secret-named `name=value` and `name: value` pairs, and tokens anywhere.
 */
export function redactBody(text: string, contentType: string): string {
  if (/json/i.test(contentType) || /^\s*[[{]/.test(text)) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      return redactText(
        text.replace(JSON_MEMBER, (whole, name: string, colon: string) =>
          isSecretName(name) ? `"${name}"${colon}"${REDACTED}"` : whole,
        ),
      );
    }
  }
  if (/x-www-form-urlencoded/i.test(contentType)) return redactUrl(`?${text}`).slice(1);
  return redactText(text);
}

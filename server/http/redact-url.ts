/**
 * Secrets in a URL, wherever one is shown (the server's request lines and refusals,
 * http/logging.ts and error-handler.ts; the developer tools' request log and recordings,
 * dev/mock/redact.ts): tokens and passwords never appear.
 *
 * The routes themselves carry no secret in their paths (checked against every path in
 * contracts/api: paths.ts, journal.ts, merchant.ts, schemes.ts, imports.ts, mail paths): tokens
 * travel in the Authorization header, passwords, the master token, card numbers and PINs in JSON
 * bodies. Path segments are ids, site names and file names. A caller may still send anything, so:
 * - a query value is shown as `***` when its name suggests a secret, in any case (SECRET_PARTS
 *   anywhere: `token`, `masterToken`, `api_key`; SECRET_WORDS as a word: `pin`, `X-Key`, not
 *   `keywords`);
 * - anything shaped like a JSON web token (the portal's tokens) is `***` wherever it is.
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
  'cardnum',
  'cardno',
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
export const JWT = /eyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]*/g;

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

/**
 * Words that make a secret-sounding name a description of one, not a secret: a `masked` value is
 * shown on purpose (`maskedCardNumber`), and a name ending in `column` or `field` names where a
 * secret is (`secretColumn: "devicePassword"`).
 */
const MASKED = 'masked';
const NAMES_A_PLACE = new Set(['column', 'columns', 'field', 'fields']);

export function isSecretName(name: string): boolean {
  const plain = decoded(name);
  const words = wordsOf(plain);
  const last = words[words.length - 1];
  if (words.includes(MASKED) || (last !== undefined && NAMES_A_PLACE.has(last))) return false;
  const lower = plain.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    SECRET_PARTS.some((part) => lower.includes(part)) ||
    words.some((word) => SECRET_WORDS.has(word))
  );
}

/**
 * Path and query with secret query values and token-shaped text replaced by `***`. Cheap for a
 * URL with neither a query nor a token's `eyJ`: it is answered as it is.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1 && !url.includes('eyJ')) return url;
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

/**
 * Which names mark a secret, and what a token looks like, wherever secrets are hidden: URLs
 * (./redact-url.ts), JSON (./redact-json.ts), the developer tools' headers and bodies
 * (../dev/mock/redact.ts).
 *
 * A name suggests a secret, in any case, when SECRET_PARTS are anywhere in it (`token`,
 * `masterToken`, `api_key`) or SECRET_WORDS are a word of it (`pin`, `X-Key`, not `keywords`),
 * unless it only describes one (`maskedCardNumber`, `secretColumn`).
 */
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

/** A part of a URL (a query's name or value) as it reads: `%xx` and `+` decoded, when they can be. */
export function decodedUrlPart(text: string): string {
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
  const plain = decodedUrlPart(name);
  const words = wordsOf(plain);
  const last = words[words.length - 1];
  if (words.includes(MASKED) || (last !== undefined && NAMES_A_PLACE.has(last))) return false;
  const lower = plain.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    SECRET_PARTS.some((part) => lower.includes(part)) ||
    words.some((word) => SECRET_WORDS.has(word))
  );
}

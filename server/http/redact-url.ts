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
 * - a query name or value that is JSON (`?filter={"devices":[{"password":"x"}]}`, %-encoded or
 *   not) is redacted as JSON is (./redact-json.ts) and shown %-encoded, when it held a secret;
 * - anything shaped like a JSON web token (the portal's tokens) is `***` wherever it is.
 * Which names suggest a secret: ./secret-names.ts.
 */
import { REDACTED } from '@contracts/api/mock-requests';
import { redactJsonIn } from './redact-json';
import { decodedUrlPart, isSecretName, JWT } from './secret-names';

/** A `{` or `[`, also %-encoded: a query part that may be JSON. */
const MAY_BE_JSON = /[[{]|%5b|%7b/i;

/** A query's name or value as shown: JSON redacted (and %-encoded), tokens as `***`. */
function shownQueryPart(raw: string): string {
  if (MAY_BE_JSON.test(raw)) {
    const text = decodedUrlPart(raw);
    const shown = redactJsonIn(text);
    if (shown !== text) return encodeURIComponent(shown);
  }
  return raw.replace(JWT, REDACTED);
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
      if (equals === -1) return shownQueryPart(pair);
      const name = pair.slice(0, equals);
      const value = isSecretName(name) ? REDACTED : shownQueryPart(pair.slice(equals + 1));
      return `${shownQueryPart(name)}=${value}`;
    })
    .join('&');
  return `${shownPath}?${query}`;
}

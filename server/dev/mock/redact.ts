/**
 * What the request log shows of a call: tokens and passwords never appear. Run when the log is
 * read, never on a request's own time. URLs as the server's own log lines show them
 * (../../http/redact-url.ts).
 *
 * A call's details (call-detail.ts) and recordings keep headers and bodies, redacted the same
 * way: a header, JSON member or form field whose name suggests a secret is `***` (Authorization,
 * cookies, tokens, passwords, PINs, device passwords, card numbers), and so is any token.
 */
import { REDACTED } from '@contracts/api/mock-requests';
import { isSecretName, JWT, redactUrl } from '../../http/redact-url';

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

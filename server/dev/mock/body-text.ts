/**
 * A body's bytes as the text its Content-Type says they are, wherever the developer tools show
 * or keep a body (./call-detail.ts, ./recordings.ts): a text type is decoded in its `charset`
 * (UTF-8 when it names none) by the WHATWG Encoding Standard's decoders (TextDecoder: latin-1,
 * windows-1252, UTF-16, Shift_JIS, ...), so its secrets are redacted as text whatever the charset.
 */

/** A Content-Type's media type (lower case, no parameters) and its `charset` parameter, if any. */
export interface MediaType {
  essence: string;
  charset: string | undefined;
}

const CHARSET = /^\s*charset\s*=\s*(?:"([^"]*)"|([^\s"]*))\s*$/i;

export function mediaTypeOf(contentType: string): MediaType {
  const [essence = '', ...parameters] = contentType.split(';');
  let charset: string | undefined;
  for (const parameter of parameters) {
    const match = CHARSET.exec(parameter);
    if (match !== null) {
      charset = match[1] ?? match[2] ?? '';
      break;
    }
  }
  return { essence: essence.trim().toLowerCase(), charset };
}

/**
 * A type whose body is text: `text/*`, JSON, XML, JavaScript, a form, CSV or YAML (also as a
 * suffix: `application/problem+json`, `image/svg+xml`), or any type naming a charset.
 */
export function isTextType(contentType: string): boolean {
  const { essence, charset } = mediaTypeOf(contentType);
  return (
    charset !== undefined ||
    essence.startsWith('text/') ||
    /json|xml|javascript|ecmascript|x-www-form-urlencoded|csv|yaml/.test(essence)
  );
}

/** The decoder of a charset label (undefined: no decoder knows it). */
function decoderOf(label: string, fatal: boolean): TextDecoder | undefined {
  try {
    return new TextDecoder(label, { fatal, ignoreBOM: true });
  } catch {
    return undefined;
  }
}

/** The charset a label names is UTF-8 (`utf-8`, `utf8`, `unicode-1-1-utf-8`, ...). */
export function isUtf8(label: string): boolean {
  return decoderOf(label, false)?.encoding === 'utf-8';
}

/**
 * The bytes as text in `charset` (UTF-8 when undefined). Undefined when no decoder knows the
 * charset, or, `fatal`, when a byte is not that charset's (a body that cannot be read whole).
 * `cut`: the bytes stop at a cap, maybe inside a character, which is then dropped.
 */
export function decodedText(
  bytes: Uint8Array,
  charset: string | undefined,
  { fatal, cut = false }: { fatal: boolean; cut?: boolean },
): string | undefined {
  const decoder = decoderOf(charset ?? 'utf-8', fatal);
  if (decoder === undefined) return undefined;
  try {
    return decoder.decode(bytes, { stream: cut });
  } catch {
    return undefined;
  }
}

/** The Content-Type with its charset as `utf-8` (text kept or shown in another than it came). */
export function withUtf8Charset(contentType: string): string {
  return contentType.replace(/(;\s*charset\s*=\s*)(?:"[^"]*"|[^;\s]*)/i, '$1utf-8');
}

/**
 * The rules of the developer tools' faults (faults.ts; docs/developer-tools.md): path
 * patterns, the `Prefer` header, which calls MOCK_DELAY_MS slows, and the MOCK_FAULTS file.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { MOCK_MOUNT } from '@contracts/api/mock';
import { faultInput, MOCK_MAX_DELAY_MS } from '@contracts/api/mock-faults';
import { ConfigError } from '../../config';
import { FONTS_MOUNT } from '../../fonts/fonts-router';
import { validationError } from '../../http/errors';

/** The header as named in answers (Node gives it lower case). */
const PREFER = 'Prefer';

/**
 * A fault's path pattern as a regular expression, made once when the fault is added: `:name`
 * matches one path segment, a trailing `*` anything below, any case; a trailing `/` is allowed
 * (express routes so too).
 */
export function compilePathPattern(pattern: string): RegExp {
  const wildcard = pattern.endsWith('*');
  const fixed = wildcard ? pattern.slice(0, -1) : pattern;
  const source = fixed
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}${wildcard ? '.*' : '/?'}$`, 'i');
}

/** `/__mock` or below it, in any case: never faulted or delayed. */
export function isUnderMock(urlPath: string): boolean {
  const lower = urlPath.toLowerCase();
  return lower === MOCK_MOUNT || lower.startsWith(`${MOCK_MOUNT}/`);
}

/**
 * A call MOCK_DELAY_MS slows: every call that reaches the routes (the API, login and refresh,
 * images, the published sites' pages and calls) but the fonts. The built client's files are
 * served ahead of the fault middleware and never reach it.
 */
export function isDelayedCall(urlPath: string): boolean {
  const lower = urlPath.toLowerCase();
  return !(lower === FONTS_MOUNT || lower.startsWith(`${FONTS_MOUNT}/`)) && !isUnderMock(lower);
}

export interface Preference {
  /** `code=`: the status to answer with (400-599). */
  code?: number;
  /** `delay=`: milliseconds to wait. */
  delay?: number;
}

/**
 * The `Prefer` header in Prism's form: `code=500, delay=800` (comma separated, a value may be
 * quoted). Other preferences (`return=minimal`, Prism's `example=`) are ignored, as RFC 7240
 * asks; a bad code or delay throws a 400 naming `Prefer`.
 */
export function parsePrefer(header: string): Preference {
  const preference: Preference = {};
  for (const part of header.split(',')) {
    const [rawName = '', ...rest] = part.split('=');
    const name = rawName.trim().toLowerCase();
    const value =
      rest
        .join('=')
        .split(';')[0]
        ?.trim()
        .replace(/^"(.*)"$/, '$1') ?? '';
    if (name === 'code') {
      const code = Number(value);
      if (!/^\d{3}$/.test(value) || code < 400 || code > 599) {
        throw validationError(PREFER, `code must be an error status, 400 to 599, got "${value}"`);
      }
      preference.code = code;
    } else if (name === 'delay') {
      const delay = Number(value);
      if (!/^\d{1,6}$/.test(value) || delay > MOCK_MAX_DELAY_MS) {
        throw validationError(
          PREFER,
          `delay must be a whole number of milliseconds up to ${MOCK_MAX_DELAY_MS}, got "${value}"`,
        );
      }
      preference.delay = delay;
    }
  }
  return preference;
}

/** A field path as the validation answers name it: `0.status`, `2.path`. */
function fieldOf(issue: z.core.$ZodIssue): string {
  const keys = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys] : issue.path;
  return keys.length === 0 ? '(the list)' : keys.map(String).join('.');
}

/**
 * A start option's JSON file holding a list, each item checked by `item` (MOCK_FAULTS,
 * MOCK_PROXY_ROUTES). Anything wrong stops the start with a ConfigError naming the variable, the
 * file and the field.
 */
export function readListFile<T extends z.ZodType>(
  variable: string,
  file: string,
  item: T,
): z.output<T>[] {
  const where = `${variable} (${file})`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`${where}: cannot be read: ${reason}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`${where}: not JSON: ${reason}`);
  }
  const parsed = z.array(item).safeParse(json);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new ConfigError(
    `${where}: ${issue === undefined ? 'invalid' : `${fieldOf(issue)}: ${issue.message}`}`,
  );
}

/** The MOCK_FAULTS file: a JSON list of faults in the shape of `POST /__mock/faults`. */
export function readFaultsFile(file: string): z.output<typeof faultInput>[] {
  return readListFile('MOCK_FAULTS', file, faultInput);
}

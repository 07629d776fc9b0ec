/**
 * The rules every text field of a JSON body shares, as zod building blocks for the schemas of
 * each area. Values are stored exactly as sent: nothing is trimmed or replaced, a value that
 * breaks a rule is refused.
 * - Text is well-formed: no lone UTF-16 surrogate. `"\ud800"` is valid JSON, but no character;
 *   it would be shown and mailed as U+FFFD.
 * - Required text is not blank: '' and white space only read "This field is required", as the
 *   forms' own required check reads them (`required` in client/src/lib/forms/validators.ts).
 * - One-line text (names, titles, keywords, addresses, URLs: an `<input>` in the forms) has no
 *   control characters (`hasNoControlCharacters`, shared with the forms). An update may send
 *   back, unchanged, text its stored record already holds in the same field (`withKeptTexts`).
 * - One-line text that goes into a mail header never has a C0 control or DEL, stored or not: a
 *   CR or LF there would start a header of its own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { z } from 'zod';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { hasNoControlCharacters } from '@contracts/validation/rules';

/** Anything but white space, by String.prototype.trim as the client's required check. */
export const hasText = (value: string): boolean => value.trim() !== '';

/** No lone surrogate: every UTF-16 surrogate is half of a pair (native, no copy). */
const wellFormed = (value: string): boolean => value.isWellFormed();

/** `schema` refusing a lone surrogate: "Must be valid Unicode text". */
export const wellFormedText = (schema: z.ZodString) =>
  schema.refine(wellFormed, TEXT_INPUT_MESSAGE.malformed);

/** Free text of at most `max` characters, well-formed. */
export const text = (max: number) =>
  z.string().max(max, FIELD_MESSAGES.maxlength).refine(wellFormed, TEXT_INPUT_MESSAGE.malformed);

/**
 * Required text of at most `max` characters (and at least `min` when given), well-formed: ''
 * and blank text read "This field is required" before any other rule of the field.
 */
export const requiredText = (max: number, min?: number) => {
  const filled = z.string().min(1).refine(hasText, FIELD_MESSAGES.required);
  return (min === undefined ? filled : filled.min(min, FIELD_MESSAGES.minlength))
    .max(max, FIELD_MESSAGES.maxlength)
    .refine(wellFormed, TEXT_INPUT_MESSAGE.malformed);
};

/**
 * The texts with control characters that an update may send back because its stored record
 * holds each of them in the same field (`storedTextsByField`, `keptIssue` in ./validate): while
 * a body is parsed inside `withKeptTexts`, `oneLine` takes these back as they are, so a record
 * saved before the rule (or seeded, or imported) still saves when its other fields change.
 */
const keptTexts = new AsyncLocalStorage<ReadonlySet<string>>();

/** Parses (`parse`, synchronous) with `texts` taken back by `oneLine` fields. */
export function withKeptTexts<T>(texts: ReadonlySet<string>, parse: () => T): T {
  return keptTexts.run(texts, parse);
}

/** The parameter marking `oneLine`'s issue, the one an unchanged stored text may be forgiven. */
export const ONE_LINE_ISSUE = 'oneLine';

/**
 * The strings with control characters in `record` (objects and lists, any depth), by the name
 * of the field that holds each (a list's items by the list's field).
 */
export function storedTextsByField(record: unknown): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const pending: [string, unknown][] = [['', record]];
  while (pending.length > 0) {
    const [field, value] = pending.pop() as [string, unknown];
    if (typeof value === 'string') {
      if (!hasNoControlCharacters(value))
        found.set(field, (found.get(field) ?? new Set()).add(value));
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) pending.push([field, item]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) pending.push([key, item]);
    }
  }
  return found;
}

const isOneLineOrKept = (value: string): boolean =>
  hasNoControlCharacters(value) || keptTexts.getStore()?.has(value) === true;

/**
 * One-line text: no control characters, TAB, CR and LF included ("Must not contain control
 * characters such as line breaks or tabs"), unless the field's stored record holds it as sent
 * in the same field.
 */
export const oneLine = (schema: z.ZodString) =>
  schema.refine(isOneLineOrKept, {
    message: TEXT_INPUT_MESSAGE.controlCharacters,
    params: { [ONE_LINE_ISSUE]: true },
  });

/** One-line free text of at most `max` characters (`text` and `oneLine`). */
export const lineText = (max: number) => oneLine(text(max));

/** Required one-line text (`requiredText` and `oneLine`). */
export const requiredLine = (max: number, min?: number) => oneLine(requiredText(max, min));

/** No C0 control character and no DEL: the characters that can end or split a mail header. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const HEADER_BREAKING = /[\u0000-\u001f\u007f]/;

/**
 * One-line text that goes into a mail header: never a C0 control or DEL, stored or not (a CR or
 * LF there would start a header of its own), and otherwise one line as `oneLine` (a C1 control
 * its record already holds in the field is taken back).
 */
export const headerText = (schema: z.ZodString) =>
  oneLine(
    schema.refine((value) => !HEADER_BREAKING.test(value), TEXT_INPUT_MESSAGE.controlCharacters),
  );

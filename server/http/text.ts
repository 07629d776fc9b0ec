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
 *   back, unchanged, text its stored record already holds (see `keepingStoredText`).
 * - One-line text that goes into a mail header has no control characters at all: a CR or LF
 *   there would start a header of its own, so stored text is not kept there.
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
 * The texts with control characters that the record an update replaces already holds: while a
 * body is parsed inside `keepingStoredText`, `oneLine` takes these back as they are, so a record
 * saved before the rule (or seeded, or imported) still saves when its other fields change.
 */
const storedTexts = new AsyncLocalStorage<() => ReadonlySet<string>>();

/** Every string anywhere in `value` (objects, arrays) that breaks the one-line rule. */
function textsWithControlCharacters(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (!hasNoControlCharacters(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) textsWithControlCharacters(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) textsWithControlCharacters(item, found);
  }
  return found;
}

/**
 * Runs `parse` (synchronous) with the texts of the record `findStored` answers accepted back by
 * `oneLine` fields. The record is found and searched only when a value breaks the rule: a clean
 * save costs nothing more.
 */
export function keepingStoredText<T>(findStored: () => unknown, parse: () => T): T {
  let texts: ReadonlySet<string> | undefined;
  return storedTexts.run(() => (texts ??= textsWithControlCharacters(findStored())), parse);
}

const isOneLineOrStored = (value: string): boolean =>
  hasNoControlCharacters(value) || storedTexts.getStore()?.().has(value) === true;

/**
 * One-line text: no control characters, TAB, CR and LF included ("Must not contain control
 * characters such as line breaks or tabs"), unless the stored record already holds it as sent.
 */
export const oneLine = (schema: z.ZodString) =>
  schema.refine(isOneLineOrStored, TEXT_INPUT_MESSAGE.controlCharacters);

/** One-line free text of at most `max` characters (`text` and `oneLine`). */
export const lineText = (max: number) => oneLine(text(max));

/** Required one-line text (`requiredText` and `oneLine`). */
export const requiredLine = (max: number, min?: number) => oneLine(requiredText(max, min));

/** One-line text that goes into a mail header: no control characters, stored or not. */
export const headerText = (schema: z.ZodString) =>
  schema.refine(hasNoControlCharacters, TEXT_INPUT_MESSAGE.controlCharacters);

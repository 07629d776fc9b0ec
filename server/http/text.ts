/**
 * The rules every text field of a JSON body shares, as zod building blocks for the schemas of
 * each area. Values are stored exactly as sent: nothing is trimmed or replaced, a value that
 * breaks a rule is refused.
 * - Text is well-formed: no lone UTF-16 surrogate. `"\ud800"` is valid JSON, but no character;
 *   it would be shown and mailed as U+FFFD.
 * - Required text is not blank: '' and white space only read "This field is required", as the
 *   forms' own required check reads them (`required` in client/src/lib/forms/validators.ts).
 * - One-line text that goes into a mail header has no control characters: a CR or LF there
 *   would start a header of its own.
 */
import { z } from 'zod';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';

/** Anything but white space, by String.prototype.trim as the client's required check. */
export const hasText = (value: string): boolean => value.trim() !== '';

/** No C0 control character (U+0000-U+001F: NUL, TAB, LF, CR, …) and no DEL (U+007F). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
export const hasNoControlCharacters = (value: string): boolean => !CONTROL_CHARACTER.test(value);

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

/** One-line text that goes into a mail header: no control characters. */
export const headerText = (schema: z.ZodString) =>
  schema.refine(hasNoControlCharacters, TEXT_INPUT_MESSAGE.controlCharacters);

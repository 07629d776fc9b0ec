/**
 * What a date field (components/form/DateField.tsx) holds for text that is not a date: an invalid
 * Date, so the rules read it as "Date is not valid", that remembers the text typed. The field
 * shows that text, so it is back whenever the field is (shown again after a mode switch,
 * restored after the session's end: lib/session/session-draft.ts keeps the text with the date).
 */
const texts = new WeakMap<Date, string>();

/** An invalid Date standing for `text`. */
export function unparsedDate(text: string): Date {
  const date = new Date(Number.NaN);
  texts.set(date, text);
  return date;
}

/** The text an invalid Date of `unparsedDate` stands for; undefined for any other value. */
export function unparsedText(value: unknown): string | undefined {
  return value instanceof Date ? texts.get(value) : undefined;
}

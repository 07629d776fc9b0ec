/**
 * Field-level validators for react-final-form (01 §5, 03 §5): `(value, allValues) => message | undefined`.
 * Messages come from FIELD_MESSAGES; the checks themselves live in contracts/validation/rules.ts
 * so the server applies the same ones. Every validator except `required` passes on empty input,
 * so they compose: `composeValidators(required, maxLength(50), alphaNumUnderscoreSpace)`.
 */
import { getIn } from 'final-form';
import type { FieldValidator } from 'final-form';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  hasNoControlCharacters,
  hasNoLeadingZero,
  isAlpha,
  isAlphaNumeric,
  isAlphaNumSpace,
  isAlphaNumUnderscoreSpace,
  isColor,
  isDecimal,
  isDigitsNoLeadingZero,
  isEmail,
  isFontSize,
  isMonthlyDayInPeriod,
  isNumeric,
  isUrl,
  isWeeklyDayInPeriod,
  toCalendarDay,
  isWireDay,
} from '@contracts/validation/rules';
import type { DateInput } from '@contracts/validation/rules';

export type ValidationResult = string | undefined;

/** A final-form field validator with a typed value. */
export type Validator<V = unknown> = (value: V, allValues: object) => ValidationResult;

/** What text checks accept: text inputs give strings, some fields hold numbers. */
export type TextValue = string | number | null | undefined;
/** A field compared with another field: a number or numeric text. */
export type NumericValue = string | number | null | undefined;
/** Values `required` understands. */
export type AnyFieldValue = TextValue | boolean | Date | readonly unknown[];

/** Empty input for the "passes on empty" rule: nothing, or the empty string. */
const isEmptyInput = (value: unknown): value is null | undefined | '' =>
  value === undefined || value === null || value === '';

/** Reads another field's value (dotted and indexed names work, as in final-form). */
export const valueOf = (allValues: object, name: string): unknown =>
  getIn(allValues, name) as unknown;

/** Runs validators in order and returns the first message. Falsy entries are skipped. */
export function composeValidators<V>(
  ...validators: ReadonlyArray<Validator<V> | false | null | undefined>
): Validator<V> {
  return (value, allValues) => {
    for (const validator of validators) {
      if (!validator) continue;
      const message = validator(value, allValues);
      if (message !== undefined) return message;
    }
    return undefined;
  };
}

/**
 * Fails on undefined, null, blank text, an empty list and `false` (an unticked required
 * checkbox). A Date passes, even an invalid one: that is `checkFormat`'s message.
 */
export const required: Validator<AnyFieldValue> = (value) => {
  const blank =
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  return blank ? FIELD_MESSAGES.required : undefined;
};

/** Builds a text check: empty passes, numbers are checked as their decimal text. */
const textRule =
  (test: (text: string) => boolean, message: string): Validator<TextValue> =>
  (value) =>
    isEmptyInput(value) || test(String(value)) ? undefined : message;

/** A rule of the caller's: the text must match `pattern`, else `message`. */
export const matches = (pattern: RegExp, message: string): Validator<TextValue> =>
  textRule((text) => pattern.test(text), message);

export const email = textRule(isEmail, FIELD_MESSAGES.email);
export const url = textRule(isUrl, FIELD_MESSAGES.url);
/** Letters, digits, underscore and space (message: alphaNumOnly). */
export const alphaNumUnderscoreSpace = textRule(
  isAlphaNumUnderscoreSpace,
  FIELD_MESSAGES.alphaNumOnly,
);
/** Letters, digits and space (message: alphaNumOnly): 03 §5's names and address fields. */
export const alphaNumSpace = textRule(isAlphaNumSpace, FIELD_MESSAGES.alphaNumOnly);
export const alphaOnly = textRule(isAlpha, FIELD_MESSAGES.alphaOnly);
/** Digits only; leading zeros allowed. */
export const numOnly = textRule(isNumeric, FIELD_MESSAGES.numOnly);
export const alphaNumOnly = textRule(isAlphaNumeric, FIELD_MESSAGES.alphaNumOnly);
/** Digits only, not starting with 0. */
export const digitOnly = textRule(isDigitsNoLeadingZero, FIELD_MESSAGES.digitOnly);
export const nonZeroStart = textRule(hasNoLeadingZero, FIELD_MESSAGES.nonZeroStart);
/** A decimal number such as 12.50 (message: numOnly). */
export const decimal = textRule(isDecimal, FIELD_MESSAGES.numOnly);
export const fontSize = textRule(isFontSize, FIELD_MESSAGES.fontSize);
export const color = textRule(isColor, FIELD_MESSAGES.color);

/**
 * One line of text: no control character (TAB, CR, LF, NUL, …), which a paste can bring into an
 * input; the server refuses it with the same text. Text the record already held (the field's
 * initial value) passes, as the server takes it back unchanged.
 */
export const oneLine = (value: TextValue, initial: TextValue): ValidationResult =>
  typeof value !== 'string' || value === initial || hasNoControlCharacters(value)
    ? undefined
    : TEXT_INPUT_MESSAGE.controlCharacters;

/**
 * `validate` of a one-line input, then `oneLine`. Declared with three parameters: final-form
 * passes a validator the field's state (its initial value) only then.
 */
export const withOneLine =
  (validate: FieldValidator<TextValue> | undefined): FieldValidator<TextValue> =>
  (value, allValues, meta) =>
    (validate?.(value, allValues, meta) as ValidationResult) ?? oneLine(value, meta?.initial);

/** Length of text, or the number of items of a list. */
const lengthOf = (value: TextValue | readonly unknown[]): number =>
  Array.isArray(value) ? value.length : String(value).length;

export const minLength =
  (min: number): Validator<TextValue | readonly unknown[]> =>
  (value) =>
    isEmptyInput(value) || lengthOf(value) >= min ? undefined : FIELD_MESSAGES.minlength;

export const maxLength =
  (max: number): Validator<TextValue | readonly unknown[]> =>
  (value) =>
    isEmptyInput(value) || lengthOf(value) <= max ? undefined : FIELD_MESSAGES.maxlength;

/** Equal to another field (compared as text, so 12 and '12' are equal). Empty passes. */
export const areEqual =
  (otherField: string): Validator<TextValue> =>
  (value, allValues) => {
    if (isEmptyInput(value)) return undefined;
    const other = valueOf(allValues, otherField);
    return String(value) === String(other ?? '') ? undefined : FIELD_MESSAGES.areEqual;
  };

/** A number, or numeric text; undefined for anything else (not comparable: the check passes). */
const toNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && isDecimal(value.trim())) return Number(value);
  return undefined;
};

const compareWith =
  (
    otherField: string,
    holds: (value: number, other: number) => boolean,
    message: string,
  ): Validator<NumericValue> =>
  (value, allValues) => {
    const mine = toNumber(value);
    const other = toNumber(valueOf(allValues, otherField));
    if (mine === undefined || other === undefined) return undefined;
    return holds(mine, other) ? undefined : message;
  };

/** This (a minimum) must be strictly under the other field (a maximum): minOverMax. */
export const lessThan = (maxField: string): Validator<NumericValue> =>
  compareWith(maxField, (min, max) => min < max, FIELD_MESSAGES.minOverMax);
/** This (a maximum) must be strictly over the other field (a minimum): maxBelowMin. */
export const greaterThan = (minField: string): Validator<NumericValue> =>
  compareWith(minField, (max, min) => max > min, FIELD_MESSAGES.maxBelowMin);
/** This must not exceed the other field (e.g. top-up max vs total credit max): transOverLimit. */
export const notOver = (limitField: string): Validator<NumericValue> =>
  compareWith(limitField, (value, limit) => value <= limit, FIELD_MESSAGES.transOverLimit);

/** Start date (this field) not after the end date; the same day passes. */
export const startBeforeEnd =
  (endField: string): Validator<DateInput> =>
  (value, allValues) => {
    const start = toCalendarDay(value);
    const end = toCalendarDay(valueOf(allValues, endField) as DateInput);
    return start && end && start > end ? FIELD_MESSAGES.startDateValidation : undefined;
  };

/** End date (this field) not before the start date; the same day passes. */
export const endAfterStart =
  (startField: string): Validator<DateInput> =>
  (value, allValues) => {
    const end = toCalendarDay(value);
    const start = toCalendarDay(valueOf(allValues, startField) as DateInput);
    return start && end && end < start ? FIELD_MESSAGES.endDateValidation : undefined;
  };

/**
 * A real date the wire can carry: a valid Date, epoch milliseconds, or strict dd.MM.yyyy text,
 * from 01.01.1970 on (isWireDay; the server refuses an earlier day). Empty passes.
 */
export const checkFormat: Validator<DateInput> = (value) => {
  if (isEmptyInput(value)) return undefined;
  const day = toCalendarDay(value);
  return day && isWireDay(day) ? undefined : FIELD_MESSAGES.checkFormat;
};

/** Field names the frequency validators read; defaults are the settlement entity's (03 §3). */
export interface FrequencyFields {
  frequency?: string;
  startDate?: string;
  endDate?: string;
}

const FREQUENCY_DEFAULTS: Required<FrequencyFields> = {
  frequency: 'frequency',
  startDate: 'startDate',
  endDate: 'endDate',
};

const frequencyValidator =
  (
    check: typeof isWeeklyDayInPeriod,
    message: string,
    fields: FrequencyFields,
  ): Validator<NumericValue> =>
  (value, allValues) => {
    if (isEmptyInput(value)) return undefined;
    const names = { ...FREQUENCY_DEFAULTS, ...fields };
    const frequency = toNumber(valueOf(allValues, names.frequency));
    if (frequency === undefined) return FIELD_MESSAGES.frequencyNotSelected;
    const day = toNumber(value);
    if (day === undefined) return undefined;
    const ok = check({
      frequency,
      day,
      start: valueOf(allValues, names.startDate) as DateInput,
      end: valueOf(allValues, names.endDate) as DateInput,
    });
    return ok ? undefined : message;
  };

/**
 * For the day-of-week field (frequencyDayOfWeek, 1 Monday … 5 Friday): frequencyNotSelected
 * while no frequency is chosen; otherwise the weekly check of rules.ts (dateValidationWeekly).
 * final-form re-runs field validators on every change, so changing the dates re-checks it.
 */
export const weeklyFrequency = (fields: FrequencyFields = {}): Validator<NumericValue> =>
  frequencyValidator(isWeeklyDayInPeriod, FIELD_MESSAGES.dateValidationWeekly, fields);

/** For the 'when' field (frequencyWhen, 1…5): as `weeklyFrequency` with the monthly check. */
export const monthlyFrequency = (fields: FrequencyFields = {}): Validator<NumericValue> =>
  frequencyValidator(isMonthlyDayInPeriod, FIELD_MESSAGES.dateValidationMonthly, fields);

/** Applies a validator to every item of a list (e.g. `everyItem(email)` on a recipients tag input). */
export const everyItem =
  <V>(validator: Validator<V>): Validator<readonly V[] | null | undefined> =>
  (values, allValues) => {
    for (const item of values ?? []) {
      const message = validator(item, allValues);
      if (message !== undefined) return message;
    }
    return undefined;
  };

/**
 * Validation rules shared by client and server (01 §5, 03 §5): pure functions of their input,
 * no messages and no React. Client validators (client/src/lib/forms/validators.ts) pair each
 * rule with its message; the server can call the same predicates on request bodies.
 *
 * Letters are A-Z and a-z only (docs/decisions.md, "Letters are A to Z"): the abbreviation goes
 * into the merchant module code, whose codes are ASCII, and the capitalised fields keep their
 * length only in ASCII.
 */
import { differenceInCalendarDays, isValid as isValidDateFns } from 'date-fns';

// ---------------------------------------------------------------------------------------------
// Character classes (01 §5.2, 03 §5 "Shared reusable checks")
// ---------------------------------------------------------------------------------------------

/** Letters, digits, underscore and space only. */
export const isAlphaNumUnderscoreSpace = (text: string): boolean => /^[A-Za-z0-9_ ]*$/.test(text);
/**
 * Letters, digits and spaces only (03 §5: scheme name, address lines, suburb, city, postcode,
 * pool account name), checked the same in the form and at the server.
 */
export const isAlphaNumSpace = (text: string): boolean => /^[A-Za-z0-9 ]*$/.test(text);
/** Letters only. */
export const isAlpha = (text: string): boolean => /^[A-Za-z]*$/.test(text);
/** Digits only (leading zeros allowed). */
export const isNumeric = (text: string): boolean => /^\d*$/.test(text);
/** Letters and digits only. */
export const isAlphaNumeric = (text: string): boolean => /^[A-Za-z0-9]*$/.test(text);
/** Digits only, not starting with 0 (so "0" itself fails). */
export const isDigitsNoLeadingZero = (text: string): boolean => /^[1-9]\d*$/.test(text);
/** Anything that does not start with 0. */
export const hasNoLeadingZero = (text: string): boolean => !text.startsWith('0');
/** A decimal number such as `12`, `12.5`, `.5`, `-3.25`. */
export const isDecimal = (text: string): boolean => /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text);

/**
 * One line of text: no C0 control character (U+0000-U+001F: NUL, TAB, LF, CR, …), no DEL and no
 * C1 control (U+007F-U+009F). Such a character is invisible or breaks the line in lists,
 * exports, published sites and files; multi-line fields (rich text, CSS, textareas) skip it.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
export const hasNoControlCharacters = (text: string): boolean => !CONTROL_CHARACTER.test(text);
/** `text` without the control characters `hasNoControlCharacters` refuses. */
export const withoutControlCharacters = (text: string): string =>
  text.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), '');

/** Font size: digits, optionally followed by `px` (the font-size input stores `16px`). */
export const isFontSize = (text: string): boolean => /^\d+(?:px)?$/.test(text);

// ---------------------------------------------------------------------------------------------
// Colour
// ---------------------------------------------------------------------------------------------

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOR = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;
const RGBA_COLOR = /^rgba\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d*\.?\d+)\s*\)$/i;

/**
 * Parses a colour accepted by {@link isColor} into channels; undefined for anything else.
 * `transparent` is black with alpha 0.
 */
export function parseColor(text: string): Rgba | undefined {
  if (/^transparent$/i.test(text)) return { r: 0, g: 0, b: 0, a: 0 };
  if (HEX_COLOR.test(text)) {
    const hex = text.slice(1);
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
      a: 1,
    };
  }
  const rgb = RGB_COLOR.exec(text) ?? RGBA_COLOR.exec(text);
  if (!rgb) return undefined;
  const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number];
  const a = rgb[4] === undefined ? 1 : Number(rgb[4]);
  if ([r, g, b].some((channel) => channel > 255) || a > 1) return undefined;
  return { r, g, b, a };
}

/**
 * Colour: `#rgb` / `#rrggbb`, the word `transparent`, `rgb(r,g,b)` or `rgba(r,g,b,a)` with r, g, b
 * integers 0-255 and a in 0..1 (spaces allowed around the numbers). `#abcd` and `rgb(256,0,0)` fail.
 */
export const isColor = (text: string): boolean => parseColor(text) !== undefined;

/** `rgba(r, g, b, a)` with alpha rounded to two decimals: what the colour picker stores. */
export const formatRgba = ({ r, g, b, a }: Rgba): string =>
  `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${Math.round(a * 100) / 100})`;

// ---------------------------------------------------------------------------------------------
// E-mail and URL
// ---------------------------------------------------------------------------------------------

const EMAIL_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * The WHATWG (input type=email) address pattern, plus: the domain needs at least one dot and the
 * whole address is at most 254 characters. `a@b` fails, `first.last+tag@mail.example.com` passes.
 */
const EMAIL = new RegExp(
  `^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]+@${EMAIL_LABEL}(?:\\.${EMAIL_LABEL})+$`,
);
export const isEmail = (text: string): boolean => text.length <= 254 && EMAIL.test(text);

/**
 * URL: an http://, https:// or ftp:// address, or one starting with `www.`; a host of dot-separated
 * labels, an optional port, then an optional path, query or fragment without spaces.
 */
const URL_PATTERN =
  /^(?:(?:https?|ftp):\/\/|www\.)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?(?:[/?#]\S*)?$/i;
export const isUrl = (text: string): boolean => URL_PATTERN.test(text);

// ---------------------------------------------------------------------------------------------
// Dates (INPUT_DATE_FORMAT, dd.MM.yyyy)
// ---------------------------------------------------------------------------------------------

/** A date as forms hold it: a Date, a dd.MM.yyyy string or epoch milliseconds. */
export type DateInput = Date | string | number | null | undefined;

/**
 * Strict dd.MM.yyyy: two-digit day and month, four-digit year, and a real calendar day
 * (31.02.2024 and 1.2.2024 are invalid). Returns local midnight of that day, or undefined.
 */
export function parseInputDate(text: string): Date | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return undefined;
  const [day, month, year] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  const sameDay =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return sameDay ? date : undefined;
}

export const isInputDate = (text: string): boolean => parseInputDate(text) !== undefined;

/** Local midnight of a date input; undefined when empty or not a valid date. */
export function toCalendarDay(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date =
    typeof value === 'string'
      ? parseInputDate(value)
      : new Date(value instanceof Date ? value.getTime() : value);
  if (!date || !isValidDateFns(date)) return undefined;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/**
 * The first day a date field takes: the wire carries a day as whole epoch seconds of its UTC
 * midnight (03 §3), none of them negative.
 */
export const FIRST_WIRE_YEAR = 1970;

/** A day the wire can carry: from 01.01.1970 on (dd.MM.yyyy ends at year 9999). */
export const isWireDay = (day: Date): boolean => day.getFullYear() >= FIRST_WIRE_YEAR;

/** ISO day of week: 1 Monday … 7 Sunday. */
const isoWeekday = (date: Date): number => date.getDay() || 7;

// ---------------------------------------------------------------------------------------------
// Settlement frequency checks (03 §5 Financial, §9)
// Frequencies: 1 Monthly (uses a 'when' option), 2 Bi-Weekly, 3 Weekly (use a day of week),
// 4 Daily - Working Days. Days of week 1 Monday … 5 Friday. 'When' options 1…5.
// ---------------------------------------------------------------------------------------------

/** Longest range (end minus start, in calendar days) for which the monthly check still looks. */
export const MONTH_RANGE_THRESHOLD_DAYS = 31;

/** Frequencies for which the weekly check passes at once (they use no day of week). */
export const WEEKLY_CHECK_PASSES = [1, 4] as const;
/** Frequencies for which the monthly check passes at once (they use no 'when' option). */
export const MONTHLY_CHECK_PASSES = [2, 3, 4] as const;

export interface FrequencyCheckInput {
  frequency: number;
  /** Day of week (1 Monday … 7 Sunday) for the weekly check; the 'when' option n for the monthly one. */
  day: number;
  start: DateInput;
  end: DateInput;
}

/**
 * Weekly check. Frequencies 1 and 4 pass. Otherwise the chosen weekday must fall on at least one
 * day from start to end, both inclusive. Missing or invalid dates pass (the date fields report
 * those); a range whose end is before its start holds no day and fails.
 */
export function isWeeklyDayInPeriod({ frequency, day, start, end }: FrequencyCheckInput): boolean {
  if ((WEEKLY_CHECK_PASSES as readonly number[]).includes(frequency)) return true;
  const from = toCalendarDay(start);
  const to = toCalendarDay(end);
  if (!from || !to) return true;
  const span = differenceInCalendarDays(to, from);
  if (span < 0) return false;
  if (span >= 6) return true;
  const offset = (day - isoWeekday(from) + 7) % 7;
  return offset <= span;
}

/** Day n of the given month, moved forward to Monday when it falls on a Saturday or Sunday. */
export function nthDayRolledPastWeekend(year: number, month: number, n: number): Date {
  const date = new Date(year, month, n);
  const weekday = date.getDay();
  if (weekday === 6) date.setDate(date.getDate() + 2);
  if (weekday === 0) date.setDate(date.getDate() + 1);
  return date;
}

/**
 * Monthly check. Frequencies 2, 3 and 4 pass. A range longer than 31 days (end minus start > 31,
 * so 1 Jan → 2 Feb passes and 1 Jan → 1 Feb is still checked) passes. Otherwise, for some month the
 * range touches, day n of that month (the 'when' option read as the nth calendar day), moved
 * forward past a weekend to Monday, must fall from start to end inclusive. Missing or invalid
 * dates pass; an inverted range fails.
 */
export function isMonthlyDayInPeriod({ frequency, day, start, end }: FrequencyCheckInput): boolean {
  if ((MONTHLY_CHECK_PASSES as readonly number[]).includes(frequency)) return true;
  const from = toCalendarDay(start);
  const to = toCalendarDay(end);
  if (!from || !to) return true;
  const span = differenceInCalendarDays(to, from);
  if (span < 0) return false;
  if (span > MONTH_RANGE_THRESHOLD_DAYS) return true;
  // Start one month early: a late day rolled past a weekend can land in the next month.
  for (
    let cursor = new Date(from.getFullYear(), from.getMonth() - 1, 1);
    cursor <= to;
    cursor = new Date(cursor.getFullYear(), cursor.getMonth() + 1, 1)
  ) {
    const candidate = nthDayRolledPastWeekend(cursor.getFullYear(), cursor.getMonth(), day);
    if (candidate >= from && candidate <= to) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Decimal formatting (float inputs: exactly two decimals, 01 §5.3, 03 §5)
// ---------------------------------------------------------------------------------------------

/**
 * Rounds a decimal to `decimals` places half away from zero, on its digits rather than on a
 * binary float, so '1.005' → '1.01' (1.005 is 1.00499… as a double and toFixed gives '1.00').
 * Returns undefined when the input is not a decimal number.
 */
export function roundDecimal(value: string | number, decimals = 2): string | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = /e/i.test(String(value)) ? value.toFixed(20) : String(value);
  } else {
    text = value.trim();
  }
  if (!isDecimal(text)) return undefined;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return undefined;
  const negative = match[1] === '-';
  const fraction = (match[3] ?? '').padEnd(decimals + 1, '0');
  let scaled = BigInt((match[2] || '0') + fraction.slice(0, decimals));
  if (Number(fraction[decimals]) >= 5) scaled += 1n;
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const result = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative && scaled !== 0n ? `-${result}` : result;
}

/**
 * What a float input shows after losing focus: rounded to two decimals, then clamped to min and
 * max when given. Undefined when the input is not a number (left as typed for validation to flag).
 */
export function formatFloat(
  value: string | number,
  { min, max, decimals = 2 }: { min?: number; max?: number; decimals?: number } = {},
): string | undefined {
  const rounded = roundDecimal(value, decimals);
  if (rounded === undefined) return undefined;
  const number = Number(rounded);
  if (min !== undefined && number < min) return min.toFixed(decimals);
  if (max !== undefined && number > max) return max.toFixed(decimals);
  return rounded;
}

// ---------------------------------------------------------------------------------------------
// Input masks (01 §5.2, 03 §5): A = lowercase letter, * = letter or digit, 0 = digit
// ---------------------------------------------------------------------------------------------

const MASK_SLOTS: Readonly<Record<string, RegExp>> = {
  A: /^[a-z]$/,
  '*': /^[A-Za-z0-9]$/,
  '0': /^\d$/,
};

/** True when the mask character is a slot (A, *, 0) rather than a literal. */
export const isMaskSlot = (maskChar: string): boolean => maskChar in MASK_SLOTS;

/**
 * Fits typed text to a mask. Characters that do not fit the next slot are dropped; an upper-case
 * letter typed into an `A` slot is lowered (the slot holds a lowercase letter). Literals are
 * inserted when the next fitting character arrives, or kept when typed, so '123' on '00-00'
 * gives '12-3' and '12' stays '12' (deleting back over a literal works). Idempotent on its output.
 */
export function applyMask(mask: string, input: string): string {
  let output = '';
  let pendingLiterals = '';
  let maskIndex = 0;
  let inputIndex = 0;
  while (maskIndex < mask.length && inputIndex < input.length) {
    const maskChar = mask[maskIndex] as string;
    const slot = MASK_SLOTS[maskChar];
    if (!slot) {
      pendingLiterals += maskChar;
      maskIndex += 1;
      if (input[inputIndex] === maskChar) {
        inputIndex += 1;
        output += pendingLiterals;
        pendingLiterals = '';
      }
      continue;
    }
    const typed = input[inputIndex] as string;
    inputIndex += 1;
    const char = maskChar === 'A' ? typed.toLowerCase() : typed;
    if (slot.test(char)) {
      output += pendingLiterals + char;
      pendingLiterals = '';
      maskIndex += 1;
    }
  }
  return output;
}

/** True when the text fills the whole mask. */
export const matchesMask = (mask: string, text: string): boolean =>
  text.length === mask.length && applyMask(mask, text) === text;

// ---------------------------------------------------------------------------------------------
// Tags (01 §5.1 tag input defaults)
// ---------------------------------------------------------------------------------------------

export const TAG_DEFAULTS = {
  minLength: 3,
  maxSuggestions: 10,
  debounceMs: 100,
  minQueryLength: 3,
} as const;

export type TagResult =
  | { ok: true; tag: string }
  | { ok: false; reason: 'empty' | 'tooShort' | 'duplicate'; tag: string };

/**
 * Normalises a typed tag: trimmed, each run of whitespace replaced by one dash, at least
 * `minLength` characters, and not already present (compared case-insensitively).
 */
export function normalizeTag(
  raw: string,
  existing: readonly string[],
  minLength: number = TAG_DEFAULTS.minLength,
): TagResult {
  const tag = raw.trim().replace(/\s+/g, '-');
  if (tag === '') return { ok: false, reason: 'empty', tag };
  if (tag.length < minLength) return { ok: false, reason: 'tooShort', tag };
  const lower = tag.toLowerCase();
  if (existing.some((other) => other.toLowerCase() === lower)) {
    return { ok: false, reason: 'duplicate', tag };
  }
  return { ok: true, tag };
}

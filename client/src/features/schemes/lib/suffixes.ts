import { SUFFIX_FIELDS, type SuffixField } from '@contracts/api/schemes';

/**
 * The suffix rules of the Configuration step (03 §4 "Suffix rules"): three suffixes (Standard,
 * Bulk Order for gift only, Virtual). Ticking one assigns the BIN's extension base + 1, + 2 or
 * + 3 by its position, shown left-padded with zeros to the BIN's extension length; unticking
 * clears it; a saved suffix is locked; nothing can be ticked before the base is known.
 */

/** 1 for Standard, 2 for Bulk Order, 3 for Virtual (03 §4: base+1, +2, +3 by position). */
export const suffixPosition = (field: SuffixField): number => SUFFIX_FIELDS.indexOf(field) + 1;

/** A suffix number shown left-padded with zeros to the extension length, e.g. 4 → '004'. */
export const padSuffix = (value: number, extensionLength: number): string =>
  String(value).padStart(extensionLength, '0');

/**
 * The suffix a tick assigns: base + position, zero-padded. Undefined while the base is not known
 * or when the number does not fit the extension length (the BIN has no free suffix left there:
 * the server would refuse it).
 */
export function suffixFor(
  field: SuffixField,
  base: number | undefined,
  extensionLength: number | undefined,
): string | undefined {
  if (base === undefined || extensionLength === undefined || extensionLength < 1) return undefined;
  const text = padSuffix(base + suffixPosition(field), extensionLength);
  return text.length > extensionLength ? undefined : text;
}

/** The suffix fields of a program type: gift has Bulk Order, loyalty does not (03 §3, §4). */
export const suffixFieldsOf = (isGift: boolean): readonly SuffixField[] =>
  isGift ? SUFFIX_FIELDS : SUFFIX_FIELDS.filter((field) => field !== 'suffixBulk');

/** The card-count field a suffix enables (Standard and Bulk Order have one; Virtual none). */
export const CARD_COUNT_FIELD: Readonly<
  Record<SuffixField, 'numberStandCards' | 'numberBulkCards' | null>
> = {
  suffixStand: 'numberStandCards',
  suffixBulk: 'numberBulkCards',
  suffixVirtual: null,
};

/**
 * Whether a suffix's tick box can be used: never once saved (03 §4: locked); otherwise a ticked
 * suffix can always be unticked, and an unticked one ticked once its number is known.
 */
export function canToggleSuffix({
  saved,
  ticked,
  assignable,
}: {
  /** The stored configuration already has this suffix. */
  saved: boolean;
  ticked: boolean;
  /** suffixFor(...) gave a value. */
  assignable: boolean;
}): boolean {
  return !saved && (ticked || assignable);
}

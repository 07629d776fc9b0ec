/**
 * A data line's fields as the rules read them (rules.ts): the file's columns placed in the
 * documented order (IMPORT_COLUMNS), trimmed, except a device password, kept as written. The
 * import (engine.ts) and the review of its error lines (review-store.ts) both read lines so.
 */
import { IMPORT_COLUMNS, type ImportKind } from '@contracts/api/imports';

/** How a file's columns map onto its kind's documented columns. */
export interface LineLayout {
  /** Per file column: its index in IMPORT_COLUMNS[kind], or -1 (ignored). */
  positions: readonly number[];
  /** The documented index of the column kept untrimmed (a device password), or -1. */
  untrimmed: number;
  /** The number of documented columns of the kind. */
  width: number;
}

export function lineLayout(kind: ImportKind, positions: readonly number[]): LineLayout {
  const specs = IMPORT_COLUMNS[kind];
  return {
    positions,
    untrimmed: specs.findIndex((spec) => spec.name === 'password'),
    width: specs.length,
  };
}

/**
 * Fills `values` (IMPORT_COLUMNS order, '' for a column the file does not have) from a line's
 * fields in file order.
 */
export function placeFields(layout: LineLayout, parts: readonly string[], values: string[]): void {
  values.fill('');
  const { positions, untrimmed } = layout;
  for (let index = 0; index < positions.length; index += 1) {
    const position = positions[index] ?? -1;
    if (position < 0) continue;
    const part = parts[index] ?? '';
    values[position] = position === untrimmed ? part : part.trim();
  }
}

/**
 * The page-type selection both site builders' Site Pages steps share (01 §4.3, 02 §4): a
 * mandatory type is always selected and cannot be unticked; another starts selected when the
 * profile has it. The ticks are form values, one flag per type under `t{id}` (a plain key:
 * final-form would read a numeric path part as an array index), kept flat so the initial
 * values compare equal between renders and a re-render never resets them.
 */

/** A page type as the checklist shows it (each builder maps its own wire shape to this). */
export interface PageTypeChoice {
  id: number;
  name: string;
  mandatory: boolean;
  /** A line under the name (the journal's page type description). */
  help?: string;
}

export type PageFlags = Record<string, boolean | undefined>;

export const pageFlagKey = (pageTypeId: number) => `t${pageTypeId}`;

/** The ids that start selected: every mandatory type, and the others the profile has. */
export function initialSelection(
  types: readonly PageTypeChoice[],
  isStored: (pageTypeId: number) => boolean,
): Set<number> {
  return new Set(
    types.filter((type) => type.mandatory || isStored(type.id)).map((type) => type.id),
  );
}

/** The flags of a selection, one per type (false when not selected). */
export function pageFlags(
  types: readonly PageTypeChoice[],
  selected: ReadonlySet<number>,
): PageFlags {
  return Object.fromEntries(types.map((type) => [pageFlagKey(type.id), selected.has(type.id)]));
}

/** The selected ids, in type order; a mandatory type counts as selected whatever the flags say. */
export function selectedPageTypeIds(
  types: readonly PageTypeChoice[],
  flags: PageFlags | undefined,
): number[] {
  return types
    .filter((type) => type.mandatory || flags?.[pageFlagKey(type.id)] === true)
    .map((type) => type.id);
}

import {
  REVIEW_LIMITS,
  type ReviewLine,
  type ReviewPage,
  type ReviewReason,
} from '@contracts/api/import-review';
import { IMPORT_TEXT, type ImportKind } from '@contracts/api/imports';
import { type SchemeArea, areaPaths } from './wizard-steps';

/**
 * The review screen's rules (contracts/api/import-review.ts): where a review opens and returns
 * to, which lines a page shows, and which cells a reason marks.
 */

const NEW_SECRET = { password: 'Type a new password', pin: 'Type a new PIN' } as const;

/** The review screen's own texts besides REVIEW_TEXT (not in the spec). */
export const REVIEW_SCREEN_TEXT = {
  /** The label of the counts' filter buttons. */
  filters: 'Show the lines failing',
  /** The label of a cell's editor. */
  cellLabel: (column: string, line: number) => `${column}, line ${line}`,
  /** Read after a marked cell's value. */
  invalidCell: 'fails a rule',
  /** Under a secret cell's editor: a secret is never sent, only a new one typed. */
  newPassword: NEW_SECRET.password,
  newPin: NEW_SECRET.pin,
  /** That hint for a review's secret column: a card's PIN, a device's password. */
  newSecret: (kind: ImportKind) => (kind === 'card' ? NEW_SECRET.pin : NEW_SECRET.password),
  /** How to edit, for keyboard and screen reader users. */
  gridHelp: 'Arrow keys move between cells; Enter edits a value and saves it; Escape cancels.',
  /** The name of the page buttons' group. */
  pages: 'Pages',
  /** The label of the page number typed, what follows it, and its button. */
  pageNumber: 'Page',
  pageCount: (pages: number) => `of ${pages.toLocaleString('en-US')}`,
  goToPage: 'Go',
  /** Under the page number when what was typed is no whole number. */
  badPageNumber: (pages: number) =>
    `Type a page number from 1 to ${pages.toLocaleString('en-US')}.`,
  /** Under the bulk form's heading: the filter it applies to. */
  bulkScope: (filter: string) => `Applies to: ${filter}`,
  /** An address whose error file is no server-made name. */
  badFileName: 'This is not the address of an import review.',
} as const;

/** The section titles the progress panel names an import by (03 §2), by kind. */
export const IMPORT_SECTION_TITLE: Readonly<Record<ImportKind, string>> = {
  card: IMPORT_TEXT.cardSection,
  store: IMPORT_TEXT.storeSection,
  device: IMPORT_TEXT.deviceSection,
};

/** Where a review was opened from, and so where its Back returns. */
export type ReviewOrigin = 'upload' | 'summary';

export const REVIEW_PARAM = { file: 'file', from: 'from' } as const;

/** The review route of an import of scheme `programId`, opened from `from`. */
export function reviewRoute(
  area: SchemeArea,
  programId: number,
  outFileName: string,
  from: ReviewOrigin,
): string {
  const query = new URLSearchParams({
    id: String(programId),
    [REVIEW_PARAM.file]: outFileName,
    [REVIEW_PARAM.from]: from,
  });
  return `${areaPaths(area).wizard.review.path}?${query.toString()}`;
}

/** Where Back goes: the step the review was opened from (Stores & Devices by default). */
export function reviewOriginOf(raw: string | null): ReviewOrigin {
  return raw === 'summary' ? 'summary' : 'upload';
}

/**
 * A name the server could have made (a file name: letters, digits, dots, dashes, underscores, no
 * leading dot), so an address never makes the client call another path.
 */
export const isReviewFileName = (name: string | null): name is string =>
  name !== null && /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name);

/** The first and last line numbers of a page, counted from 1, and the total (REVIEW_TEXT.pageOf). */
export function pageRange(page: Pick<ReviewPage, 'offset' | 'total'>, shown: number) {
  const first = page.total === 0 ? 0 : page.offset + 1;
  return { first, last: page.offset + shown, total: page.total };
}

/** The offset of the page before, after, and the last page's. */
export const previousOffset = (offset: number, limit: number = REVIEW_LIMITS.pageLines) =>
  Math.max(0, offset - limit);
export const nextOffset = (offset: number, limit: number = REVIEW_LIMITS.pageLines) =>
  offset + limit;
export function lastPageOffset(total: number, limit: number = REVIEW_LIMITS.pageLines): number {
  return total <= 0 ? 0 : Math.floor((total - 1) / limit) * limit;
}

/** How many pages the filter's lines fill (1 when there are none). */
export function pageCount(total: number, limit: number = REVIEW_LIMITS.pageLines): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The number (from 1) of the page that starts at `offset`. */
export const pageOfOffset = (offset: number, limit: number = REVIEW_LIMITS.pageLines) =>
  Math.floor(offset / limit) + 1;

/**
 * The page a typed page number goes to: a whole number (digits, with or without the thousands'
 * commas the page count is shown with), brought within 1 to `pages` (0 goes to the first page,
 * a number past the last to the last); undefined for anything else, so nothing is asked of the
 * server.
 */
export function typedPage(text: string, pages: number): number | undefined {
  const digits = text.trim().replace(/,(?=\d{3}(?:,|$))/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  return Math.min(Math.max(Number(digits), 1), pages);
}

/** The reasons of a line that belong to `column` (the header's names compare in any case). */
export function reasonsOfColumn(line: ReviewLine, column: string): ReviewReason[] {
  const name = column.toLowerCase();
  return line.reasons.filter((reason) => reason.field?.toLowerCase() === name);
}

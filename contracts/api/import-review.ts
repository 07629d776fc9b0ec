/**
 * The review of an import's error lines (beside 03's import flow, which stays as it is): the
 * lines an import refused, in a grid; corrected one by one or in bulk and re-checked on the
 * server with the import's own rules; the fixed lines imported through the same engine.
 *
 * A review belongs to one import, named by that import's error file (`outFileName` of its
 * ImportAnswer, `<uuid>.errors.txt`), under the program whose scheme ran it. It lives as long as
 * that error file: the import's files are swept together.
 *
 * Lines keep the number they had in the imported file. A line is `failing` until a correction
 * makes it pass every rule, then `fixed`; the fixed lines are imported by importCorrections
 * (all or nothing, listed in Files Uploaded as `<file> (corrections)`) and are `imported`
 * afterwards. The error file then holds only the lines still failing.
 */
import { MASKED_PASSWORD, type ImportKind } from './imports';

const FILES = '/gift-card/giftSchemeFiles';

type Id = number | string;

const base = (programId: Id, outFileName: string) => `${FILES}/${programId}/reviews/${outFileName}`;

export const REVIEW_PATHS = {
  /** GET: the review's summary (ReviewSummary): the file's columns, counts by rule and field. */
  review: base,
  /**
   * GET: a page of the review's lines (ReviewPage), in line order. Query: `rule` (a ReviewCount
   * id: only the lines failing it), `status` (ReviewLineStatus; without it failing and fixed
   * lines, not imported ones), `offset` (default 0), `limit` (1 to REVIEW_LIMITS.maxPageLines,
   * default REVIEW_LIMITS.pageLines).
   */
  lines: (programId: Id, outFileName: string) => `${base(programId, outFileName)}/lines`,
  /**
   * PUT LineCorrection: corrects one line; answers it re-checked (ReviewLine, its `etag` also as
   * the `ETag` header: a new one when the line was written, the same when the correction left it
   * as stored, which writes nothing). With `If-Match` (the line's `etag` as the screen read it) a line
   * changed since is refused with 412 (ERROR_MESSAGE.staleRecord) and nothing is written; without
   * it the correction is not checked.
   */
  line: (programId: Id, outFileName: string, line: Id) =>
    `${base(programId, outFileName)}/lines/${line}`,
  /**
   * POST BulkCorrection: corrects every line of a filter; answers BulkAnswer. 412 when a line it
   * would change was changed after the `version` it names (nothing written). One that changes no
   * line writes nothing (the review keeps its version).
   */
  bulk: (programId: Id, outFileName: string) => `${base(programId, outFileName)}/bulk`,
  /**
   * POST (no body): imports the fixed lines through the import engine, all or nothing. Answers
   * the ImportAnswer when the import has ended, like the process calls; meanwhile `progress`
   * is polled. 409 while the corrections of this review are being imported already, and when no
   * line is fixed.
   */
  importCorrections: (programId: Id, outFileName: string) =>
    `${base(programId, outFileName)}/import`,
  /** GET: the progress of the corrections' import (ImportProgress; `uploaded` before any). */
  progress: (programId: Id, outFileName: string) => `${base(programId, outFileName)}/progress`,
} as const;

export const REVIEW_LINE_STATUSES = ['failing', 'fixed', 'imported'] as const;
export type ReviewLineStatus = (typeof REVIEW_LINE_STATUSES)[number];

/**
 * One reason a line fails: the import's own problem text (`<field>: <rule>` when it belongs to
 * a field, e.g. `pin: must be 4 to 8 digits`; a line's own, such as its field count, has no
 * field). `rule` is the id of its ReviewCount, the filter of every line failing it.
 */
export interface ReviewReason {
  rule: string;
  /** The header column it belongs to (its cell is marked), or null for the line's own. */
  field: string | null;
  text: string;
}

/**
 * A line of the review. `values` has one entry per column of ReviewSummary.columns, in the
 * file's order (a line with too few fields has empty ones; with too many, the extra fields are
 * joined with `|` into the last). A secret is never sent (ReviewSummary.secretColumn: a card's
 * PIN, a device's password): it reads REVIEW_SECRET_MASK (a PIN left empty reads empty). In a
 * card line whose field count was off, the PIN may be in any field: every value reads
 * REVIEW_SECRET_MASK until a correction types it (LineCorrection, or a bulk `set`).
 */
export interface ReviewLine {
  line: number;
  values: string[];
  reasons: ReviewReason[];
  status: ReviewLineStatus;
  /**
   * True once a correction changed it, or found it passing as it was (a correction with no
   * change): its key then counts among the corrected lines' (no two fixed lines share one).
   */
  corrected: boolean;
  /**
   * The line's strong entity tag (`"<n>"`, n the review's `version` at the line's last change;
   * opaque to the client): sent back as `If-Match` by its correction, which is refused with 412
   * once the line changed since (another operator's correction, a bulk correction, an import).
   */
  etag: string;
}

/** Error lines refused by one rule: `<text> — <lines> lines` above the grid, and a filter. */
export interface ReviewCount {
  /** Opaque and stable for the review's life; the `rule` filter of the lines call. */
  rule: string;
  field: string | null;
  text: string;
  /** The failing lines with this reason. */
  lines: number;
}

export interface ReviewSummary {
  outFileName: string;
  /** The operator's name of the imported file. */
  userFileName: string;
  kind: ImportKind;
  /** The file's header columns (its own names), in the file's order, without `error`. */
  columns: string[];
  /**
   * The column holding a secret, never answered (REVIEW_SECRET_MASK) and typed anew: a card's
   * PIN, a device's password; null for a store file.
   */
  secretColumn: string | null;
  /** The error lines of the import, in all, then by status. */
  totalLines: number;
  failingLines: number;
  fixedLines: number;
  importedLines: number;
  /** By rule and field, most lines first, failing lines only. */
  counts: ReviewCount[];
  /** True while the corrections are being imported. */
  importing: boolean;
  /**
   * The review's version: raised by every write of its lines (a correction, a bulk correction,
   * an import of its corrections settled; not by one that changes nothing). A bulk correction sends the one its screen read.
   */
  version: number;
}

export interface ReviewPage {
  lines: ReviewLine[];
  /** The lines matching the filter, in all. */
  total: number;
  offset: number;
  limit: number;
}

/**
 * PUT line body: new values by column name (the header's names, any case); columns left out
 * keep theirs, and so does a masked value sent back as REVIEW_SECRET_MASK. A PIN or a device
 * password is replaced by typing a new one (kept sealed, as the import keeps it); a card line
 * corrected in other columns keeps its PIN.
 */
export interface LineCorrection {
  values: Record<string, string>;
}

/**
 * POST bulk body: the lines of a filter (`rule`, or every failing line without it), and one
 * change to one column: `set` a value, or replace the text `find` with `replace` within it
 * (every occurrence). Exactly one of `set` and `find` is given. `version` is the review's
 * (ReviewSummary.version) as the screen read it: when a line the correction would change was
 * changed after it (by another operator), the whole correction is refused with 412
 * (ERROR_MESSAGE.staleRecord) and nothing is written; without it, it is not checked.
 */
export interface BulkCorrection {
  rule?: string;
  field: string;
  set?: string;
  find?: string;
  replace?: string;
  version?: number;
}

export interface BulkAnswer {
  /** Lines of the filter. */
  matched: number;
  /** Lines whose value changed. */
  changed: number;
  /** Of the changed lines, those that now pass every rule. */
  nowPassing: number;
  /** The review's failing lines afterwards. */
  failingLines: number;
}

export const REVIEW_LIMITS = {
  pageLines: 100,
  maxPageLines: 200,
} as const;

/** What a secret (a card's PIN, a device's password) reads in a review line: never its value. */
export const REVIEW_SECRET_MASK = MASKED_PASSWORD;

/** The name a corrections import is listed under in Files Uploaded. */
export function correctionsFileName(userFileName: string): string {
  return `${userFileName} (corrections)`;
}

/** The server's texts of the review calls (field errors are `<field>: <text>`). */
export const REVIEW_SERVER_MESSAGE = {
  reviewNotFound: 'No error lines of this import for this scheme',
  lineNotFound: (line: number | string) => `No error line ${line} in this import`,
  unknownColumn: (name: string) => `The file has no column ${name}`,
  lineTooLong: (max: number) => `The line would be longer than ${max} characters`,
  setOrFind: 'Give either a value to set or a text to find',
  noMatchingLine: 'No error line matches the filter',
  nothingToImport: 'No corrected line is ready to import',
  importRunning: 'The corrections are being imported already',
  alreadyImported: 'This line was imported already',
  /** The reasons the review adds to the import's own (a key must be unique). */
  keyStored: (field: string) => `${field}: already stored for the scheme`,
  keyOnLine: (field: string, line: number) => `${field}: also on corrected line ${line}`,
  /** A device line's password is never kept with an error line: it must be typed again. */
  passwordAgain: 'password: type the password again: error lines never keep it',
} as const;

/** `1 line`, `3,412 lines`. */
const linesText = (lines: number) =>
  `${lines.toLocaleString('en-US')} ${lines === 1 ? 'line' : 'lines'}`;

/** The review screen's texts (not in the spec). */
export const REVIEW_TEXT = {
  reviewErrors: 'Review errors',
  title: (userFileName: string) => `Review errors: ${userFileName}`,
  line: 'Line',
  reasons: 'Reasons',
  fixed: 'Fixed',
  allFailing: 'All failing lines',
  countLabel: (text: string, lines: number) => `${text} — ${linesText(lines)}`,
  failingCount: (lines: number) => `${linesText(lines)} failing`,
  fixedCount: (lines: number) => `${linesText(lines)} fixed`,
  bulkHeading: 'Correct in bulk',
  bulkField: 'Field',
  bulkMode: 'Change',
  bulkSet: 'Set to',
  bulkReplace: 'Replace text',
  bulkValue: 'Value',
  bulkFind: 'Find',
  bulkReplaceWith: 'Replace with',
  bulkApply: 'Apply',
  bulkResult: (changed: number, nowPassing: number) =>
    `${linesText(changed)} changed, ${nowPassing.toLocaleString('en-US')} now ${nowPassing === 1 ? 'passes' : 'pass'}`,
  importCorrections: 'Import corrections',
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  pageOf: (first: number, last: number, total: number) =>
    `Lines ${first.toLocaleString('en-US')}-${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  noLines: 'No error lines left.',
  back: 'Back',
  grid: 'Error lines',
} as const;

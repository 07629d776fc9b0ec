/**
 * The review of an import's error lines over HTTP (contracts/api/import-review.ts), beside the
 * giftSchemeFiles calls and behind the same token check:
 *   GET  giftSchemeFiles/{programId}/reviews/{outFileName}              ReviewSummary
 *   GET  giftSchemeFiles/{programId}/reviews/{outFileName}/lines        ReviewPage
 *   PUT  giftSchemeFiles/{programId}/reviews/{outFileName}/lines/{line} LineCorrection -> ReviewLine
 *        (If-Match: the line's etag; 412 when it changed since, the answer's ETag its new one)
 *   POST giftSchemeFiles/{programId}/reviews/{outFileName}/bulk         BulkCorrection -> BulkAnswer
 *   POST giftSchemeFiles/{programId}/reviews/{outFileName}/import       -> ImportAnswer
 *   GET  giftSchemeFiles/{programId}/reviews/{outFileName}/progress     ImportProgress
 *
 * The program must exist and the import be its own (else 404). `outFileName` is only compared
 * with the service's error file pattern before anything touches the disk (review-service.ts).
 */
import { type Router } from 'express';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  REVIEW_LIMITS,
  REVIEW_LINE_STATUSES,
  REVIEW_PATHS,
  REVIEW_SERVER_MESSAGE,
  REVIEW_TEXT,
} from '@contracts/api/import-review';
import { IMPORT_LIMITS } from '@contracts/api/imports';
import type { Store } from '../db/store';
import { HttpError, notFound } from '../http/errors';
import { ifMatchAdmits } from '../http/record-etag';
import { marksConditionalUpdate } from '../http/route-docs';
import { oneLine, wellFormedText } from '../http/text';
import { positiveInt, validate } from '../http/validate';
import type { ImportService } from './import-service';
import { midwayFaultOf } from './midway-faults';
import type { ColumnChange } from './review-store';
import { recordedRouter } from '../http/route-table';

export interface ReviewRouterOptions {
  store: Store;
  imports: ImportService;
}

/**
 * A value as a line of the file holds it: within the line limit, no field delimiter or break,
 * and valid Unicode text (the file is UTF-8, which has no lone surrogate: one would be imported
 * as U+FFFD, not as sent). A typed PIN or password too: it goes into the same file.
 */
export const REVIEW_VALUE_TEXT = 'Must not contain | or a line break';
const fileValue = wellFormedText(
  z
    .string()
    .max(IMPORT_LIMITS.maxLineChars, `Must be at most ${IMPORT_LIMITS.maxLineChars} characters`)
    .regex(/^[^|\r\n]*$/, REVIEW_VALUE_TEXT),
);
/**
 * A value a correction writes: one line, no other control character either (a TAB or NUL in a
 * store name would be imported and shown on the published site).
 */
const value = oneLine(fileValue);

const columnName = z.string().min(1).max(100);
/** A ReviewCount's id. */
const ruleId = z
  .string()
  .regex(/^\d{1,9}$/, 'Must be a rule of the review')
  .transform(Number);
const offset = z
  .string()
  .regex(/^\d{1,9}$/, 'Must be a whole number')
  .transform(Number);

const reviewParams = z.object({ programId: positiveInt, outFileName: z.string() });
const lineParams = reviewParams.extend({ line: positiveInt });
const linesQuery = z.object({
  rule: ruleId.optional(),
  status: z.enum(REVIEW_LINE_STATUSES).optional(),
  offset: offset.optional(),
  limit: positiveInt
    .pipe(
      z.number().max(REVIEW_LIMITS.maxPageLines, `Must be at most ${REVIEW_LIMITS.maxPageLines}`),
    )
    .optional(),
});
const lineCorrection = z.strictObject({ values: z.record(columnName, value) });
/**
 * A line correction's value in error is named by its column, as the operator knows it and as the
 * review's reasons name it (`pin: ...`), not by its place in the body (`values.pin`).
 */
const columnNamed = (path: readonly PropertyKey[]): string =>
  path.length === 2 && path[0] === 'values' ? String(path[1]) : path.map(String).join('.');
/**
 * A bulk correction's member in error is named as the screen's Correct in bulk form labels its
 * control (`Value: ...`, `Find: ...`, `Replace with: ...`, `Field: ...`), the text the operator
 * typed it in: in a find-and-replace both texts belong to one column, so the column alone would
 * not say which. The members the form has no control for (`rule`, `version`, an unknown one)
 * keep their names.
 */
const BULK_LABELS: ReadonlyMap<PropertyKey, string> = new Map([
  ['field', REVIEW_TEXT.bulkField],
  ['set', REVIEW_TEXT.bulkValue],
  ['find', REVIEW_TEXT.bulkFind],
  ['replace', REVIEW_TEXT.bulkReplaceWith],
]);
const bulkLabelled = (path: readonly PropertyKey[]): string =>
  (path.length === 1 ? BULK_LABELS.get(path[0] ?? '') : undefined) ?? path.map(String).join('.');
const bulkCorrection = z.strictObject({
  rule: ruleId.optional(),
  field: columnName,
  set: value.optional(),
  // What to find may hold a control character: finding one is how a bulk correction removes it.
  find: fileValue.min(1).optional(),
  replace: value.optional(),
  // The review's version the screen read (ReviewSummary.version).
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
const noBody = z.strictObject({});

export function createReviewRouter({ store, imports }: ReviewRouterOptions): Router {
  const router = recordedRouter();
  const reviews = imports.reviews;

  /** The program exists (else the review is not found either). */
  const programOf = (programId: number) => {
    if (!store.read().programs.some((program) => program.programId === programId)) {
      throw notFound(REVIEW_SERVER_MESSAGE.reviewNotFound);
    }
    return programId;
  };

  router.get(
    REVIEW_PATHS.review(':programId', ':outFileName'),
    validate({ params: reviewParams }),
    (req, res) => {
      const { programId, outFileName } = req.params;
      res.set('Cache-Control', 'no-store').json(reviews.summary(programOf(programId), outFileName));
    },
  );

  router.get(
    REVIEW_PATHS.lines(':programId', ':outFileName'),
    validate({ params: reviewParams, query: linesQuery }),
    (req, res) => {
      const { programId, outFileName } = req.params;
      const { rule, status, offset: from = 0, limit = REVIEW_LIMITS.pageLines } = req.query;
      const page = reviews.page(programOf(programId), outFileName, {
        ...(rule === undefined ? {} : { rule }),
        ...(status === undefined ? {} : { status }),
        offset: from,
        limit,
      });
      res.set('Cache-Control', 'no-store').json(page);
    },
  );

  router.put(
    REVIEW_PATHS.line(':programId', ':outFileName', ':line'),
    marksConditionalUpdate(
      validate({ params: lineParams, body: lineCorrection, bodyFieldName: columnNamed }),
    ),
    (req, res) => {
      const { programId, outFileName, line } = req.params;
      const answer = reviews.correct(
        programOf(programId),
        outFileName,
        line,
        req.body.values,
        (etag) => ifMatchAdmits(req, etag),
      );
      res.set('ETag', answer.etag).json(answer);
    },
  );

  router.post(
    REVIEW_PATHS.bulk(':programId', ':outFileName'),
    validate({ params: reviewParams, body: bulkCorrection, bodyFieldName: bulkLabelled }),
    (req, res) => {
      const { programId, outFileName } = req.params;
      const { rule, field, set, find, replace, version } = req.body;
      if (
        (set === undefined) === (find === undefined) ||
        (find === undefined && replace !== undefined)
      ) {
        throw new HttpError(400, ERROR_CODE.VALIDATION, REVIEW_SERVER_MESSAGE.setOrFind);
      }
      const change: ColumnChange =
        set !== undefined ? { set } : { find: find ?? '', replace: replace ?? '' };
      res.json(reviews.bulk(programOf(programId), outFileName, rule, field, change, version));
    },
  );

  router.post(
    REVIEW_PATHS.importCorrections(':programId', ':outFileName'),
    validate({ params: reviewParams, body: noBody }),
    async (req, res) => {
      const { programId, outFileName } = req.params;
      // The developer tools' failAtLine / stallAtLine (midway-faults.ts); undefined otherwise.
      const faults = midwayFaultOf(res)?.imports;
      res.json(await reviews.importCorrections(programOf(programId), outFileName, faults));
    },
  );

  router.get(
    REVIEW_PATHS.progress(':programId', ':outFileName'),
    validate({ params: reviewParams }),
    (req, res) => {
      const { programId, outFileName } = req.params;
      res
        .set('Cache-Control', 'no-store')
        .json(reviews.progress(programOf(programId), outFileName));
    },
  );

  return router;
}

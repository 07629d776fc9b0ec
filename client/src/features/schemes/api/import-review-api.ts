import type { ImportAnswer, ImportProgress } from '@contracts/api/imports';
import {
  REVIEW_PATHS,
  type BulkAnswer,
  type BulkCorrection,
  type LineCorrection,
  type ReviewLine,
  type ReviewLineStatus,
  type ReviewPage,
  type ReviewSummary,
} from '@contracts/api/import-review';
import { readAgainAfter } from '@/lib/api/record-etags';
import { schemesApi } from './schemes-api';

/**
 * The review of an import's error lines (contracts/api/import-review.ts), injected into the scheme
 * endpoints of the one API slice, so that a correction or an import of the corrections also
 * refreshes the summary's Files Uploaded list (its failing lines):
 *
 * - importReview: GET the summary (columns, counts by rule and field, totals), tag ImportReview.
 * - importReviewLines: GET one page of lines (rule / status filter, offset, limit), tag
 *   ImportReviewLines. A page is dropped as soon as no screen shows it (keepUnusedDataFor 0):
 *   a review may hold a million lines, the browser holds the page it shows.
 * - correctReviewLine (PUT), bulkCorrectReview (POST), importReviewCorrections (POST): each
 *   refreshes the review's summary and lines, and the scheme's Files Uploaded. A line correction
 *   also writes its answer into the pages shown at once, so the row updates before the refetch.
 *   A line correction goes with the line's ETag as shown (`If-Match`), a bulk correction with the
 *   review's version as shown (its body): a line someone else changed since is refused (412)
 *   rather than overwritten. A correction refused because the review is not what the screen
 *   shows (412 stale, 409 imported meanwhile or being imported) refreshes it too, as a record's
 *   save does (readAgainAfter); any other failure does not.
 * - importReviewProgress: GET, polled while the corrections are imported.
 */

/** Which review: the scheme (programId) and the import's error file. */
export interface ReviewArgs {
  programId: number;
  outFileName: string;
}

export interface ReviewLinesArgs extends ReviewArgs {
  /** A ReviewCount's rule: only the lines failing it. */
  rule?: string;
  status?: ReviewLineStatus;
  offset: number;
  limit: number;
}

export interface CorrectLineArgs extends ReviewArgs {
  line: number;
  correction: LineCorrection;
  /** The line's ETag as the screen shows it (ReviewLine.etag): sent as `If-Match`. */
  etag?: string;
}

export interface BulkCorrectArgs extends ReviewArgs {
  correction: BulkCorrection;
}

const REVIEW_TAGS = ['ImportReview', 'ImportReviewLines'] as const;

/** The review's own name in a path (a server-made `<uuid>.errors.txt`; encoded all the same). */
const named = ({ programId, outFileName }: ReviewArgs): [number, string] => [
  programId,
  encodeURIComponent(outFileName),
];

/** What any change of a review makes stale. */
const changedTags = ({ programId, outFileName }: ReviewArgs) => [
  { type: 'ImportReview' as const, id: outFileName },
  { type: 'ImportReviewLines' as const, id: outFileName },
  { type: 'UploadedFile' as const, id: programId },
];

export const importReviewApi = schemesApi
  .enhanceEndpoints({ addTagTypes: REVIEW_TAGS })
  .injectEndpoints({
    endpoints: (build) => ({
      importReview: build.query<ReviewSummary, ReviewArgs>({
        query: (args) => REVIEW_PATHS.review(...named(args)),
        providesTags: (_result, _error, { outFileName }) => [
          { type: 'ImportReview', id: outFileName },
        ],
      }),
      importReviewLines: build.query<ReviewPage, ReviewLinesArgs>({
        query: ({ rule, status, offset, limit, ...review }) => ({
          url: REVIEW_PATHS.lines(...named(review)),
          params: {
            ...(rule === undefined ? {} : { rule }),
            ...(status === undefined ? {} : { status }),
            offset,
            limit,
          },
        }),
        providesTags: (_result, _error, { outFileName }) => [
          { type: 'ImportReviewLines', id: outFileName },
        ],
        keepUnusedDataFor: 0,
      }),
      correctReviewLine: build.mutation<ReviewLine, CorrectLineArgs>({
        query: ({ line, correction, etag, ...review }) => ({
          url: REVIEW_PATHS.line(...named(review), line),
          method: 'PUT',
          body: correction,
          ...(etag === undefined ? {} : { headers: { 'If-Match': etag } }),
        }),
        async onQueryStarted({ programId, outFileName }, { dispatch, getState, queryFulfilled }) {
          let answer: ReviewLine;
          try {
            ({ data: answer } = await queryFulfilled);
          } catch {
            return;
          }
          const shown = importReviewApi.util.selectInvalidatedBy(getState(), [
            { type: 'ImportReviewLines', id: outFileName },
          ]);
          for (const { endpointName, originalArgs } of shown) {
            if (endpointName !== 'importReviewLines') continue;
            const args = originalArgs as ReviewLinesArgs;
            if (args.programId !== programId) continue;
            dispatch(
              importReviewApi.util.updateQueryData('importReviewLines', args, (page) => {
                const index = page.lines.findIndex((each) => each.line === answer.line);
                if (index >= 0) page.lines[index] = answer;
              }),
            );
          }
        },
        invalidatesTags: (_result, error, args) => (readAgainAfter(error) ? changedTags(args) : []),
      }),
      bulkCorrectReview: build.mutation<BulkAnswer, BulkCorrectArgs>({
        query: ({ correction, ...review }) => ({
          url: REVIEW_PATHS.bulk(...named(review)),
          method: 'POST',
          body: correction,
        }),
        invalidatesTags: (_result, error, args) => (readAgainAfter(error) ? changedTags(args) : []),
      }),
      importReviewCorrections: build.mutation<ImportAnswer, ReviewArgs>({
        query: (review) => ({
          url: REVIEW_PATHS.importCorrections(...named(review)),
          method: 'POST',
        }),
        // Also after a failure: a 409 says another import ran or nothing was ready, both of
        // which the review's summary shows better than the page the operator had.
        invalidatesTags: (_result, _error, args) => changedTags(args),
      }),
      importReviewProgress: build.query<ImportProgress, ReviewArgs>({
        query: (review) => REVIEW_PATHS.progress(...named(review)),
        keepUnusedDataFor: 0,
      }),
    }),
  });

export const {
  useImportReviewQuery,
  useImportReviewLinesQuery,
  useCorrectReviewLineMutation,
  useBulkCorrectReviewMutation,
  useImportReviewCorrectionsMutation,
  useImportReviewProgressQuery,
} = importReviewApi;

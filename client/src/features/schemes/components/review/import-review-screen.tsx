import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  REVIEW_LIMITS,
  REVIEW_TEXT,
  correctionsFileName,
  type BulkAnswer,
  type BulkCorrection,
  type ReviewSummary,
} from '@contracts/api/import-review';
import { IMPORT_LIMITS, isSecretImportColumn, type ImportAnswer } from '@contracts/api/imports';
import { ErrorAlert } from '@/components/common/error-alert';
import { QueryContent } from '@/components/common/query-content';
import { withId } from '@/config/paths';
import { toStoreError, useStoreShape } from '@/lib/api/store-shape';
import { focusDropped, focusPastDialogs } from '@/lib/forms/focus';
import { RestoredNotice, useSessionDraft, useUnsavedChanges } from '@/lib/forms/unsaved-changes';
import { useDownloadErrorFileMutation } from '../../api/imports-api';
import {
  useBulkCorrectReviewMutation,
  useCorrectReviewLineMutation,
  useImportReviewCorrectionsMutation,
  useImportReviewLinesQuery,
  useImportReviewProgressQuery,
  useImportReviewQuery,
  type ReviewArgs,
} from '../../api/import-review-api';
import { useSchemeArea } from '../../hooks/use-scheme-area';
import { useWizardIds } from '../../hooks/use-wizard-scheme';
import {
  IMPORT_SECTION_TITLE,
  REVIEW_PARAM,
  REVIEW_SCREEN_TEXT,
  isReviewFileName,
  lastPageOffset,
  pageRange,
  reviewOriginOf,
} from '../../lib/import-review';
import { showSaveError } from '../../lib/step-dialogs';
import { areaPaths } from '../../lib/wizard-steps';
import { ImportProgressPanel, type PanelImport } from '../imports/import-progress-panel';
import { BulkCorrectionForm } from './bulk-correction-form';
import { ReviewGrid, type CellEdit, type OpenEdit } from './review-grid';
import { ReviewPager } from './review-pager';
import './import-review.css';

/**
 * The review of an import's error lines (contracts/api/import-review.ts), a route of the scheme
 * wizard of its own (`review-errors?id=&file=&from=`), opened by 'Review errors' on Stores &
 * Devices' progress panel or on the Summary's Files Uploaded, and loaded as a chunk of its own.
 * Back returns to the step it was opened from.
 *
 * Above the grid: the failing and fixed totals, and the counts by rule and field, each a filter
 * (a toggle button; 'All failing lines' shows every line not imported). The grid shows one page
 * (REVIEW_LIMITS.pageLines lines) of the filter: the browser holds the page shown, never the
 * review. A correction (a cell, or in bulk) is re-checked on the server, and the counts and the
 * page are read again. A cell goes with its line's ETag as shown and a bulk correction with the
 * review's version as shown: when another operator changed the line since, the server refuses it
 * (412), the counts and the page are read again, and the cell's editor (or the bulk form) keeps
 * what was typed, to save again over what is stored now. 'Import corrections' imports the fixed
 * lines with the same progress panel as the step; afterwards they leave the list.
 *
 * Focus: the screen's heading when it opens (again after the wizard's "Loading..." when opened
 * from its address). Import corrections keeps it while the import runs (aria-disabled); a control
 * that loses it to a change of the screen (Import corrections once nothing is left to import, a
 * grid gone) gives it to the heading; the grid keeps it on its own cells (ReviewGrid), and the
 * pages' controls on the one used (ReviewPager).
 */
export function ImportReviewScreen() {
  const area = useSchemeArea();
  const [params] = useSearchParams();
  const { id } = useWizardIds();
  const file = params.get(REVIEW_PARAM.file);
  const from = reviewOriginOf(params.get(REVIEW_PARAM.from));
  const back = withId(areaPaths(area).wizard[from], id);

  return (
    <div className="import-review">
      <Link className="btn btn-outline-secondary btn-sm mb-3" to={back}>
        {REVIEW_TEXT.back}
      </Link>
      {id !== null && isReviewFileName(file) ? (
        <Review key={`${id}/${file}`} review={{ programId: id, outFileName: file }} />
      ) : (
        <Alert variant="danger">{REVIEW_SCREEN_TEXT.badFileName}</Alert>
      )}
    </div>
  );
}

interface CorrectionsImport {
  phase: 'idle' | 'importing' | 'done';
  answer: ImportAnswer | null;
}

const NOT_IMPORTING: CorrectionsImport = { phase: 'idle', answer: null };

/**
 * What the review keeps of an unsaved cell edit when the session ends: the edit, its page, and
 * the ETag of the line it was typed over (its first save after the sign-in goes with it, so a
 * change someone made meanwhile is not overwritten unseen).
 */
interface KeptCellEdit extends CellEdit {
  rule: string | undefined;
  offset: number;
  etag?: string | undefined;
}

const isKeptCellEdit = (value: unknown): value is KeptCellEdit => {
  const kept = value as Partial<KeptCellEdit> | null;
  return (
    typeof kept === 'object' &&
    kept !== null &&
    (kept.rule === undefined || typeof kept.rule === 'string') &&
    Number.isSafeInteger(kept.offset) &&
    (kept.offset ?? -1) >= 0 &&
    Number.isSafeInteger(kept.line) &&
    typeof kept.column === 'string' &&
    typeof kept.value === 'string' &&
    (kept.etag === undefined || typeof kept.etag === 'string')
  );
};

function Review({ review }: { review: ReviewArgs }) {
  const summaryQuery = useImportReviewQuery(review);
  const summaryShape = useStoreShape({ ...summaryQuery, data: summaryQuery.currentData });
  const summary = summaryQuery.currentData;

  return (
    <QueryContent
      state={{ loading: summary === undefined && summaryShape.loading, error: summaryShape.error }}
    >
      {summary ? <ReviewContent review={review} summary={summary} /> : null}
    </QueryContent>
  );
}

/**
 * The control of `container` that has the focus (kept when the focus goes nowhere, as when the
 * control is removed), once a render has taken it away (removed or disabled it), gives the focus
 * to `fallback` instead of the page.
 */
function useFocusFallback(
  container: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null>,
): void {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) last.current = event.target;
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !element.contains(next)) last.current = null;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [container]);
  useEffect(() => {
    const lost = last.current;
    if (lost === null || !focusDropped(lost)) return;
    last.current = null;
    fallback.current?.focus({ preventScroll: true });
  });
}

function ReviewContent({ review, summary }: { review: ReviewArgs; summary: ReviewSummary }) {
  const headingId = useId();
  const totalsId = useId();
  const gridHeadingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [rule, setRule] = useState<string | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const [corrections, setCorrections] = useState<CorrectionsImport>(NOT_IMPORTING);

  // A cell edit typed and not saved: leaving asks, and the session ending keeps it (never a
  // secret's: a PIN, a password) with the filter and page it was on, to open again after the
  // sign-in.
  const openEdit = useRef<OpenEdit | null>(null);
  useUnsavedChanges(() => openEdit.current?.changed === true);
  const [reopen, setReopen] = useState<CellEdit | undefined>(undefined);
  /** The ETag a restored edit was typed over, for its line's next save (KeptCellEdit). */
  const restoredEtag = useRef<{ line: number; etag: string } | null>(null);
  const cellRestored = useSessionDraft<KeptCellEdit>(
    'reviewCellEdit',
    () => {
      const edit = openEdit.current;
      if (!edit?.changed || edit.secret || isSecretImportColumn(summary.kind, edit.column)) {
        return undefined;
      }
      const etag = etagToSend(edit.line);
      return { rule, offset, line: edit.line, column: edit.column, value: edit.value, etag };
    },
    isKeptCellEdit,
    (kept) => {
      setRule(kept.rule);
      setOffset(kept.offset);
      setReopen({ line: kept.line, column: kept.column, value: kept.value });
      restoredEtag.current = kept.etag === undefined ? null : { line: kept.line, etag: kept.etag };
    },
  );

  const limit = REVIEW_LIMITS.pageLines;
  const linesQuery = useImportReviewLinesQuery({
    ...review,
    ...(rule === undefined ? {} : { rule }),
    offset,
    limit,
  });
  const [correctLine] = useCorrectReviewLineMutation();
  const [bulkCorrect] = useBulkCorrectReviewMutation();
  const [importCorrections] = useImportReviewCorrectionsMutation();
  const [downloadErrorFile] = useDownloadErrorFileMutation();
  const importing = corrections.phase === 'importing';
  const progressQuery = useImportReviewProgressQuery(importing ? review : skipToken, {
    pollingInterval: IMPORT_LIMITS.progressPollMs,
    skipPollingIfUnfocused: false,
  });

  useEffect(() => (heading.current ? focusPastDialogs(heading.current) : undefined), []);
  const section = useRef<HTMLElement>(null);
  useFocusFallback(section, heading);

  // A filter that no line fails any more is left for every failing line (state adjusted while
  // rendering, as React documents for values derived from props).
  if (rule !== undefined && !summary.counts.some((count) => count.rule === rule)) {
    setRule(undefined);
    setOffset(0);
  }

  // Lines left a page (corrected, imported): the last page that has some is shown instead.
  const page = linesQuery.currentData ?? linesQuery.data;
  const pageTotal = page?.total;
  if (pageTotal !== undefined && pageTotal > 0 && offset >= pageTotal) {
    setOffset(lastPageOffset(pageTotal, limit));
  }

  const filterLabel = (() => {
    const count = summary.counts.find((each) => each.rule === rule);
    return count ? REVIEW_TEXT.countLabel(count.text, count.lines) : REVIEW_TEXT.allFailing;
  })();

  function chooseFilter(next: string | undefined) {
    setRule(next);
    setOffset(0);
  }

  /** The ETag a save of `line` goes with: a restored edit's, else the line's as shown. */
  function etagToSend(line: number): string | undefined {
    const restored = restoredEtag.current;
    if (restored?.line === line) return restored.etag;
    return page?.lines.find((each) => each.line === line)?.etag;
  }

  async function correct(line: number, column: string, value: string): Promise<boolean> {
    const etag = etagToSend(line);
    const correction = { values: { [column]: value } };
    try {
      await correctLine({ ...review, line, correction, ...(etag ? { etag } : {}) }).unwrap();
      return true;
    } catch (error) {
      await showSaveError(error);
      return false;
    } finally {
      // Answered (saved, or refused): the next save goes with the line as read again.
      if (restoredEtag.current?.line === line) restoredEtag.current = null;
    }
  }

  async function applyBulk(correction: BulkCorrection): Promise<BulkAnswer | undefined> {
    try {
      const asShown = { ...correction, version: summary.version };
      return await bulkCorrect({ ...review, correction: asShown }).unwrap();
    } catch (error) {
      await showSaveError(error);
      return undefined;
    }
  }

  async function startImport() {
    setCorrections({ phase: 'importing', answer: null });
    try {
      const answer = await importCorrections(review).unwrap();
      setCorrections({ phase: 'done', answer });
    } catch (error) {
      setCorrections(NOT_IMPORTING);
      await showSaveError(error);
    }
  }

  async function download(outFileName: string, saveAs: string) {
    try {
      await downloadErrorFile({ outFileName, saveAs }).unwrap();
    } catch (error) {
      await showSaveError(error);
    }
  }

  const panelImport: PanelImport = {
    kind: summary.kind,
    state: {
      phase: corrections.phase,
      file: { name: correctionsFileName(summary.userFileName) },
      upload: null,
      answer: corrections.answer,
    },
    progress: importing ? progressQuery.currentData : undefined,
    reset: () => setCorrections(NOT_IMPORTING),
  };

  const lines = page?.lines ?? [];
  const range = page ? pageRange(page, lines.length) : null;
  const left = summary.failingLines + summary.fixedLines;
  const importBusy = importing || summary.importing;

  return (
    <section ref={section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="h4">
        {REVIEW_TEXT.title(summary.userFileName)}
      </h2>
      <p id={totalsId} className="mb-2">
        <span className="me-3">{REVIEW_TEXT.failingCount(summary.failingLines)}</span>
        <span>{REVIEW_TEXT.fixedCount(summary.fixedLines)}</span>
      </p>
      <ul
        className="review-filters list-unstyled d-flex flex-wrap gap-2"
        aria-label={REVIEW_SCREEN_TEXT.filters}
      >
        <li>
          <Button
            size="sm"
            variant={rule === undefined ? 'primary' : 'outline-primary'}
            aria-pressed={rule === undefined}
            onClick={() => chooseFilter(undefined)}
          >
            {REVIEW_TEXT.allFailing}
          </Button>
        </li>
        {summary.counts.map((count) => (
          <li key={count.rule}>
            <Button
              size="sm"
              variant={rule === count.rule ? 'primary' : 'outline-primary'}
              aria-pressed={rule === count.rule}
              onClick={() => chooseFilter(count.rule)}
            >
              {REVIEW_TEXT.countLabel(count.text, count.lines)}
            </Button>
          </li>
        ))}
      </ul>

      <div className="import-layout">
        <div className="review-main">
          <div className="d-flex flex-wrap gap-2 mb-3">
            {/* Unavailable while an import runs, but focusable (aria-disabled): a disabled
                button drops the focus to the page. */}
            <Button
              variant="primary"
              disabled={!importBusy && summary.fixedLines === 0}
              aria-disabled={importBusy || undefined}
              className={importBusy ? 'disabled' : undefined}
              onClick={() => {
                if (!importBusy) void startImport();
              }}
            >
              {REVIEW_TEXT.importCorrections}
            </Button>
          </div>

          {left > 0 ? (
            <BulkCorrectionForm
              columns={summary.columns}
              secretColumn={summary.secretColumn}
              keepsColumn={(column) => !isSecretImportColumn(summary.kind, column)}
              rule={rule}
              scope={REVIEW_SCREEN_TEXT.bulkScope(filterLabel)}
              onApply={applyBulk}
            />
          ) : null}

          <h3 id={gridHeadingId} className="h6">
            {REVIEW_TEXT.grid}
          </h3>
          {cellRestored ? <RestoredNotice /> : null}
          {linesQuery.error && !page ? <ErrorAlert error={toStoreError(linesQuery.error)} /> : null}
          {page && lines.length === 0 ? <p>{REVIEW_TEXT.noLines}</p> : null}
          {page && lines.length > 0 ? (
            <>
              <ReviewGrid
                summary={summary}
                lines={lines}
                offset={page.offset}
                total={page.total}
                labelledBy={gridHeadingId}
                onCorrect={correct}
                onEditChange={(edit) => {
                  openEdit.current = edit;
                }}
                reopen={reopen}
              />
              <ReviewPager
                offset={offset}
                limit={limit}
                total={page.total}
                range={range ? REVIEW_TEXT.pageOf(range.first, range.last, range.total) : ''}
                onOffset={setOffset}
              />
            </>
          ) : null}
        </div>
        <ImportProgressPanel
          imports={[panelImport]}
          titles={IMPORT_SECTION_TITLE}
          onDownload={(name, saveAs) => void download(name, saveAs)}
        />
      </div>
    </section>
  );
}

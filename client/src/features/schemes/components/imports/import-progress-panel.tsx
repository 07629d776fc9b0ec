import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { REVIEW_TEXT } from '@contracts/api/import-review';
import {
  IMPORT_TEXT,
  errorFileDownloadName,
  type ImportAnswer,
  type ImportKind,
  type ImportProgress,
} from '@contracts/api/imports';
import type { UploadProgress } from '@/lib/api/upload-request';
import type { ImportPhase } from '../../hooks/use-file-import';
import { formatCount, panelView, type PanelPhase } from '../../lib/imports';
import './import-progress-panel.css';

/**
 * The floating progress panel of Stores & Devices (03 §2): for each import under way or just
 * finished, a title saying what is happening ('Uploading' while the bytes are sent, 'Upload
 * complete' once they are, then the import's current step while it runs, lib/imports
 * panelView), the file name, the current step, the percentage (bytes sent while uploading, the
 * bar named "Upload progress"; then lines read of the file's lines, capped at 100, named "Import
 * progress"), the success and error lines with thousands separators, and 'Download error file'
 * when error lines exist (saved as `<the operator's file name>.errors.txt`), with 'Review errors'
 * beside it where the screen opens reviews. A named region, each import's figures a polite live
 * status, a real progressbar, its buttons in the tab order.
 *
 * It sits beside the step's sections, never over them (import-progress-panel.css). The review
 * screen shows its corrections' import in it too (PanelImport: what the panel reads of one).
 */
export interface PanelImport {
  kind: ImportKind;
  state: {
    phase: ImportPhase;
    /** The operator's file (its name is shown). */
    file: { name: string } | null;
    upload: UploadProgress | null;
    answer: ImportAnswer | null;
  };
  progress: ImportProgress | undefined;
  reset(): void;
}

export function ImportProgressPanel({
  imports,
  titles,
  onDownload,
  onReview,
}: {
  imports: readonly PanelImport[];
  titles: Readonly<Record<ImportKind, string>>;
  /** Downloads the error file `outFileName`, saved as `saveAs`. */
  onDownload(outFileName: string, saveAs: string): void;
  /** Opens the review of the error file `outFileName` (no 'Review errors' without it). */
  onReview?(outFileName: string): void;
}) {
  const shown = imports.filter((each) => isPanelPhase(each.state.phase));
  if (shown.length === 0) return null;
  return (
    <aside className="import-progress-panel card shadow" aria-label={IMPORT_TEXT.progress}>
      <div className="card-body d-grid gap-3">
        {shown.map((each) => (
          <ImportEntry
            key={each.kind}
            fileImport={each}
            title={titles[each.kind]}
            onDownload={onDownload}
            onReview={onReview}
          />
        ))}
      </div>
    </aside>
  );
}

const isPanelPhase = (phase: ImportPhase): phase is PanelPhase =>
  phase !== 'idle' && phase !== 'chosen';

function ImportEntry({
  fileImport,
  title,
  onDownload,
  onReview,
}: {
  fileImport: PanelImport;
  title: string;
  onDownload(outFileName: string, saveAs: string): void;
  onReview?(outFileName: string): void;
}) {
  const headingId = useId();
  const { state, progress } = fileImport;
  const { phase, answer } = state;
  if (!isPanelPhase(phase)) return null;
  const view = panelView(phase, state.upload, progress, answer);
  const running = phase === 'uploading' || phase === 'importing';
  const measure = view.measures === 'upload' ? IMPORT_TEXT.uploadProgress : IMPORT_TEXT.progress;
  const outFileName = answer?.outFileName;

  return (
    <section aria-labelledby={headingId} className="import-progress-entry">
      <h3 id={headingId} className="h6 mb-1">
        {view.title}
        <span className="visually-hidden"> {title}</span>
      </h3>
      <div
        className="progress mb-2"
        role="progressbar"
        aria-label={`${title}: ${measure}`}
        aria-valuenow={view.percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={`progress-bar${running ? ' progress-bar-striped progress-bar-animated' : ''}`}
          style={{ width: `${view.percent}%` }}
        >
          {view.percent}%
        </div>
      </div>
      <div role="status">
        <dl className="import-progress-figures mb-2">
          <dt>{IMPORT_TEXT.fileName}</dt>
          <dd>{state.file?.name}</dd>
          <dt>{IMPORT_TEXT.currentStep}</dt>
          <dd>{view.step}</dd>
          <dt>{IMPORT_TEXT.successLines}</dt>
          <dd>{formatCount(view.successLines)}</dd>
          <dt>{IMPORT_TEXT.errorLines}</dt>
          <dd>{formatCount(view.errorLines)}</dd>
          {answer ? (
            <>
              <dt>{IMPORT_TEXT.insertedLines}</dt>
              <dd>{formatCount(answer.insertedLines)}</dd>
              <dt>{IMPORT_TEXT.replacedLines}</dt>
              <dd>{formatCount(answer.replacedLines)}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="d-flex gap-2">
        {outFileName && view.errorLines > 0 ? (
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() =>
              onDownload(outFileName, errorFileDownloadName(state.file?.name ?? outFileName))
            }
          >
            {IMPORT_TEXT.downloadErrorFile}
          </Button>
        ) : null}
        {outFileName && view.errorLines > 0 && phase === 'done' && onReview ? (
          <Button variant="outline-primary" size="sm" onClick={() => onReview(outFileName)}>
            {REVIEW_TEXT.reviewErrors}
          </Button>
        ) : null}
        {phase === 'done' ? (
          <Button variant="outline-secondary" size="sm" onClick={fileImport.reset}>
            {IMPORT_TEXT.close}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

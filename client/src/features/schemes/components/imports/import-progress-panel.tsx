import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { IMPORT_TEXT } from '@contracts/api/imports';
import type { FileImport } from '../../hooks/use-file-import';
import { importPercent, successLinesOf, uploadPercent } from '../../lib/imports';
import './import-progress-panel.css';

/**
 * The floating progress panel of Stores & Devices (03 §2): for each import under way or just
 * finished, 'Uploading' while the bytes are sent and 'Upload complete' from then on (the import's
 * own stage is the current step), the file name, the current step, the percentage
 * (bytes sent while uploading, then lines read of the file's lines, capped at 100), the success
 * and error lines, and 'Download error file' when error lines exist. A named region, each
 * import's figures a polite live status, a real progressbar, its buttons in the tab order.
 */
export function ImportProgressPanel({
  imports,
  titles,
  onDownload,
}: {
  imports: readonly FileImport[];
  titles: Readonly<Record<FileImport['kind'], string>>;
  onDownload(outFileName: string): void;
}) {
  const shown = imports.filter(
    (each) => each.state.phase !== 'idle' && each.state.phase !== 'chosen',
  );
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
          />
        ))}
      </div>
    </aside>
  );
}

function ImportEntry({
  fileImport,
  title,
  onDownload,
}: {
  fileImport: FileImport;
  title: string;
  onDownload(outFileName: string): void;
}) {
  const headingId = useId();
  const { state, progress } = fileImport;
  const { phase, answer } = state;
  const uploading = phase === 'uploading';
  const running = uploading || phase === 'importing';

  let percent = 0;
  let step: string = answer?.currentStep ?? progress?.currentStep ?? 'uploaded';
  let successLines = 0;
  let errorLines = 0;
  if (uploading) {
    percent = state.upload ? uploadPercent(state.upload) : 0;
    step = IMPORT_TEXT.uploading;
  } else if (answer) {
    percent = 100;
    successLines = answer.totalSuccessLines;
    errorLines = answer.totalErrorLines;
  } else if (progress) {
    percent = importPercent(progress);
    successLines = successLinesOf(progress);
    errorLines = progress.numErrorLines;
  } else if (phase === 'uploaded') {
    percent = 100;
  }

  return (
    <section aria-labelledby={headingId} className="import-progress-entry">
      <h3 id={headingId} className="h6 mb-1">
        {uploading ? IMPORT_TEXT.uploading : IMPORT_TEXT.uploadComplete}
        <span className="visually-hidden"> {title}</span>
      </h3>
      <div
        className="progress mb-2"
        role="progressbar"
        aria-label={`${title}: ${IMPORT_TEXT.progress}`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={`progress-bar${running ? ' progress-bar-striped progress-bar-animated' : ''}`}
          style={{ width: `${percent}%` }}
        >
          {percent}%
        </div>
      </div>
      <div role="status">
        <dl className="import-progress-figures mb-2">
          <dt>{IMPORT_TEXT.fileName}</dt>
          <dd>{state.file?.name}</dd>
          <dt>{IMPORT_TEXT.currentStep}</dt>
          <dd>{step}</dd>
          <dt>{IMPORT_TEXT.successLines}</dt>
          <dd>{successLines}</dd>
          <dt>{IMPORT_TEXT.errorLines}</dt>
          <dd>{errorLines}</dd>
          {answer ? (
            <>
              <dt>{IMPORT_TEXT.insertedLines}</dt>
              <dd>{answer.insertedLines}</dd>
              <dt>{IMPORT_TEXT.replacedLines}</dt>
              <dd>{answer.replacedLines}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="d-flex gap-2">
        {answer?.outFileName && answer.totalErrorLines > 0 ? (
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() => onDownload(answer.outFileName ?? '')}
          >
            {IMPORT_TEXT.downloadErrorFile}
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

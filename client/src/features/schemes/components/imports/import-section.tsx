import { useId, type ChangeEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BusyButton } from '@/components/common/busy-button';
import {
  IMPORT_FIELD_DELIMITER,
  IMPORT_TEXT,
  importColumnNames,
  type ImportKind,
  type SampleFileQuery,
} from '@contracts/api/imports';
import { useDownloadSampleFileMutation } from '../../api/imports-api';
import type { FileImport } from '../../hooks/use-file-import';
import { showSaveError } from '../../lib/step-dialogs';
import './import-section.css';

export interface ImportSectionProps {
  title: string;
  fileImport: FileImport;
  /** The import's own fields (the card import's BIN number, extension, card length). */
  children?: ReactNode;
  /** The own fields are filled (03 §5: the card upload waits for all three). */
  ready?: boolean;
  /** Why the section cannot be used yet, shown under its heading. */
  note?: string;
  /** The scheme (and card extension) whose sample "Download sample file" fetches. */
  sample: SampleFileQuery;
  /** Starts the import of the uploaded file. */
  onImport(): void;
}

/**
 * One import of Stores & Devices (03 §2, §4): its own fields, the columns its file takes (from
 * IMPORT_COLUMNS, the list the server's header check reads) with the scheme's sample file to
 * download (its card lines numbered for the scheme, so it imports as it is), the
 * file input (described by the columns), and one button that is Upload until the chosen file is
 * uploaded, then Import, unavailable while either runs.
 */
export function ImportSection({
  title,
  fileImport,
  children,
  ready = true,
  note,
  sample,
  onImport,
}: ImportSectionProps) {
  const headingId = useId();
  const inputId = useId();
  const columnsId = useId();
  const { state, busy } = fileImport;
  const importNext = state.phase === 'uploaded' || state.phase === 'importing';

  const onChoose = (event: ChangeEvent<HTMLInputElement>) =>
    fileImport.choose(event.target.files?.[0] ?? null);

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId} className="h5 card-title">
          {title}
        </h3>
        {note ? <p className="text-body-secondary">{note}</p> : null}
        {children}
        <Form.Group className="mb-3">
          <Form.Label htmlFor={inputId}>{IMPORT_TEXT.chooseFile}</Form.Label>
          <Form.Control
            // A reset clears the chosen file: a fresh input.
            key={state.resets}
            id={inputId}
            type="file"
            disabled={busy}
            onChange={onChoose}
            aria-describedby={columnsId}
          />
          <FileColumns
            id={columnsId}
            kind={fileImport.kind}
            sample={sample}
            sectionId={headingId}
          />
        </Form.Group>
        {/*
          One button, Upload and then Import. While either runs it is unavailable but keeps the
          focus (aria-disabled): a disabled button drops the focus to the page, and the dialog
          that follows the upload would then give it back to nothing.
        */}
        <Button
          variant="primary"
          disabled={!busy && !importNext && (!ready || state.file === null)}
          aria-disabled={busy || undefined}
          className={busy ? 'disabled' : undefined}
          onClick={() => {
            if (busy) return;
            if (importNext) onImport();
            else void fileImport.upload();
          }}
        >
          {importNext ? IMPORT_TEXT.import : IMPORT_TEXT.upload}
        </Button>
      </div>
    </section>
  );
}

/** The columns a file of `kind` takes, required then optional, and its sample file. */
function FileColumns({
  id,
  kind,
  sample,
  sectionId,
}: {
  id: string;
  kind: ImportKind;
  sample: SampleFileQuery;
  sectionId: string;
}) {
  const [downloadSample, { isLoading }] = useDownloadSampleFileMutation();
  const { required, optional } = importColumnNames(kind);

  async function download() {
    try {
      await downloadSample({ kind, ...sample }).unwrap();
    } catch (error) {
      await showSaveError(error);
    }
  }

  return (
    <div className="form-text import-columns">
      <p id={id} className="mb-1">
        {IMPORT_TEXT.columns} <code>{required.join(IMPORT_FIELD_DELIMITER)}</code>
        {optional.length > 0 ? (
          <>
            ; {IMPORT_TEXT.optionalColumns} <code>{optional.join(IMPORT_FIELD_DELIMITER)}</code>
          </>
        ) : null}
      </p>
      {/* Keeps the focus while the download runs: a refused one's dialog gives it back here. */}
      <BusyButton
        variant="link"
        size="sm"
        className="p-0 align-baseline"
        // Three sections have one each: the section's title tells them apart.
        aria-describedby={sectionId}
        busy={isLoading}
        onClick={() => void download()}
      >
        {IMPORT_TEXT.downloadSample}
      </BusyButton>
    </div>
  );
}

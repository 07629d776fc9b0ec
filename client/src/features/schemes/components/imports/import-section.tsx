import { useId, type ChangeEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { IMPORT_TEXT } from '@contracts/api/imports';
import type { FileImport } from '../../hooks/use-file-import';

export interface ImportSectionProps {
  title: string;
  fileImport: FileImport;
  /** The import's own fields (the card import's BIN number, extension, card length). */
  children?: ReactNode;
  /** The own fields are filled (03 §5: the card upload waits for all three). */
  ready?: boolean;
  /** Why the section cannot be used yet, shown under its heading. */
  note?: string;
  /** Starts the import of the uploaded file. */
  onImport(): void;
}

/**
 * One import of Stores & Devices (03 §2, §4): its own fields, the file input, and one button that
 * is Upload until the chosen file is uploaded, then Import, disabled while either runs.
 */
export function ImportSection({
  title,
  fileImport,
  children,
  ready = true,
  note,
  onImport,
}: ImportSectionProps) {
  const headingId = useId();
  const inputId = useId();
  const { state, busy } = fileImport;
  const importNext = state.phase === 'uploaded' || state.phase === 'importing';

  const onChoose = (event: ChangeEvent<HTMLInputElement>) =>
    fileImport.choose(event.target.files?.[0] ?? null);

  return (
    <section className="card mb-3" aria-labelledby={headingId}>
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
          />
        </Form.Group>
        {importNext ? (
          <Button variant="primary" disabled={busy} onClick={onImport}>
            {IMPORT_TEXT.import}
          </Button>
        ) : (
          <Button
            variant="primary"
            disabled={busy || !ready || state.file === null}
            onClick={() => void fileImport.upload()}
          >
            {IMPORT_TEXT.upload}
          </Button>
        )}
      </div>
    </section>
  );
}

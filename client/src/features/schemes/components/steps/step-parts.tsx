/** Pieces the scheme wizard's steps share: a titled section, a read-only field, the step's buttons. */
import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import BsForm from 'react-bootstrap/Form';
import { SCHEME_TEXT } from '@contracts/api/schemes';
import { BusyButton } from '@/components/common/busy-button';

/** A titled part of a step's form, named by its heading for assistive technology. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="mb-4" aria-labelledby={id}>
      <h4 id={id} className="h6 text-body-secondary border-bottom pb-2 mb-3">
        {title}
      </h4>
      {children}
    </section>
  );
}

/** A labelled value the operator cannot edit; `error` marks it invalid and describes it. */
export function ReadOnly({
  label,
  value,
  error,
}: {
  label: string;
  value: string;
  error?: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <BsForm.Group controlId={id} className="mb-3">
      <BsForm.Label>{label}</BsForm.Label>
      <BsForm.Control
        readOnly
        value={value}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <BsForm.Control.Feedback type="invalid" id={errorId}>
          {error}
        </BsForm.Control.Feedback>
      ) : null}
    </BsForm.Group>
  );
}

/**
 * A step's Save & Continue and Skip. Save submits the step's form unless `onSave` is given
 * (a step without a form saves through it). While the save runs (`saving`) Save does nothing
 * but keeps the focus (BusyButton), for the dialog that follows; `saveDisabled` is for a step
 * that cannot be saved as it is.
 */
export function StepActions({
  saving,
  saveDisabled = false,
  skipDisabled,
  onSkip,
  onSave,
}: {
  saving: boolean;
  saveDisabled?: boolean;
  skipDisabled: boolean;
  onSkip: () => unknown;
  onSave?: () => unknown;
}) {
  return (
    <div className="d-flex gap-2">
      <BusyButton
        variant="primary"
        busy={saving}
        disabled={saveDisabled}
        {...(onSave === undefined ? { type: 'submit' } : { onClick: () => void onSave() })}
      >
        {SCHEME_TEXT.buttons.saveContinue}
      </BusyButton>
      <Button variant="outline-secondary" disabled={skipDisabled} onClick={() => void onSkip()}>
        {SCHEME_TEXT.buttons.skip}
      </Button>
    </div>
  );
}

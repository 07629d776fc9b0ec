/**
 * The frame every form adapter shares: a visible label tied to the control by id, the control,
 * the error feedback (only when the display rule says so) and optional help text, with the
 * control described by both.
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldRenderProps } from 'react-final-form';
import type { FieldValidator } from 'final-form';
import { useVisibleError } from '@/lib/forms/errorDisplay';
import { useField, type FieldConfig } from '@/lib/forms/use-field';

/** Props every adapter takes. */
export interface BaseFieldProps<V> {
  name: string;
  label: string;
  /** A validator from lib/forms/validators, or several via composeValidators. */
  validate?: FieldValidator<V>;
  help?: ReactNode;
  disabled?: boolean;
  /** Id of the control; generated when omitted. */
  id?: string;
  className?: string;
}

export interface FormFieldState<V> extends FieldRenderProps<V> {
  id: string;
  /** The message to show now (display rule applied), or undefined. */
  error: string | undefined;
  /** aria attributes for the control. */
  aria: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}

export const errorIdOf = (id: string): string => `${id}-error`;
export const helpIdOf = (id: string): string => `${id}-help`;

/** useField plus a stable id, the visible error and the aria wiring. */
export function useFormField<V>(
  name: string,
  { id: idProp, help, ...config }: FieldConfig & { id?: string; help?: ReactNode },
): FormFieldState<V> {
  const field = useField<V>(name, config);
  const generated = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const id = idProp ?? `${name.replace(/[^A-Za-z0-9_-]/g, '-')}-${generated}`;
  const error = useVisibleError(field.meta);
  const describedBy = [error ? errorIdOf(id) : '', help ? helpIdOf(id) : ''].filter(Boolean);
  return {
    ...field,
    id,
    error,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
    },
  };
}

export function FieldFeedback({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  // d-block: Bootstrap only shows feedback next to an .is-invalid sibling, which composite
  // controls (date picker, tag input, radio groups) do not have.
  return (
    <Form.Control.Feedback type="invalid" id={errorIdOf(id)} className="d-block">
      {error}
    </Form.Control.Feedback>
  );
}

export function FieldHelp({ id, help }: { id: string; help: ReactNode }) {
  if (!help) return null;
  return (
    <Form.Text id={helpIdOf(id)} muted className="d-block">
      {help}
    </Form.Text>
  );
}

interface FieldShellProps {
  id: string;
  label: string;
  error: string | undefined;
  help?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function FieldShell({ id, label, error, help, className, children }: FieldShellProps) {
  return (
    <Form.Group className={className ?? 'mb-3'}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      {children}
      <FieldFeedback id={id} error={error} />
      <FieldHelp id={id} help={help} />
    </Form.Group>
  );
}

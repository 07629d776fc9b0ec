import Form from 'react-bootstrap/Form';
import { FieldFeedback, FieldHelp, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';

type CheckValue = boolean | number | string;

export interface CheckboxFieldProps<V extends CheckValue = boolean> extends BaseFieldProps<V> {
  /**
   * Stored values when ticked and unticked; default [true, false]. The wire's 0/1 flags
   * (enabled, flActive, flDualBillingSeq) use [1, 0].
   */
  values?: readonly [checked: V, unchecked: V];
}

const BOOLEAN_VALUES = [true, false] as const;

/** A single checkbox with its label beside it. */
export function CheckboxField<V extends CheckValue = boolean>({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  values,
}: CheckboxFieldProps<V>) {
  const [checkedValue, uncheckedValue] = values ?? (BOOLEAN_VALUES as unknown as readonly [V, V]);
  const { input, id, error, aria } = useFormField<V>(name, { validate, id: idProp, help });

  return (
    <Form.Group className={className ?? 'mb-3'}>
      <Form.Check
        {...aria}
        type="checkbox"
        id={id}
        name={input.name}
        label={label}
        checked={input.value === checkedValue}
        onChange={(event) => input.onChange(event.target.checked ? checkedValue : uncheckedValue)}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        disabled={disabled}
        isInvalid={Boolean(error)}
      />
      <FieldFeedback id={id} error={error} />
      <FieldHelp id={id} help={help} />
    </Form.Group>
  );
}

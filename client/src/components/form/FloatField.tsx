import type { FocusEvent, KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { formatFloat } from '@contracts/validation/rules';
import { FieldShell, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';

type FloatValue = string | number | undefined;

export interface FloatFieldProps extends BaseFieldProps<FloatValue> {
  /** Clamp to these on blur (e.g. money fields 0 and 9999.99, 03 §9). */
  min?: number;
  max?: number;
  placeholder?: string;
}

/**
 * A decimal input (01 §5.3, 03 §5). On losing focus it rounds to exactly two decimals (on the
 * digits: '1.005' → '1.01'), clamps to min/max and stores that text, e.g. '12.50'. Text that is
 * not a number stays as typed for a validator (`decimal`) to flag. A number value from the
 * server is shown with two decimals.
 *
 * Enter does the same first: its keydown comes before the form's implicit submission, so the
 * form sends the text the field will show. Otherwise the field would format only when the save's
 * dialog takes the focus, after the save, and that change would count as typed since the save
 * (lib/forms/unsaved-changes.tsx): moving on would ask about it.
 */
export function FloatField({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  min,
  max,
  placeholder,
}: FloatFieldProps) {
  const { input, id, error, aria } = useFormField<FloatValue>(name, { validate, id: idProp, help });
  const value = input.value;
  const shown = typeof value === 'number' ? (formatFloat(value) ?? String(value)) : (value ?? '');

  const normalise = () => {
    if (value !== undefined && value !== '') {
      const formatted = formatFloat(value, { min, max });
      if (formatted !== undefined && formatted !== value) input.onChange(formatted);
    }
  };

  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    normalise();
    input.onBlur(event);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') normalise();
  };

  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      <Form.Control
        {...aria}
        id={id}
        name={input.name}
        type="text"
        inputMode="decimal"
        placeholder={placeholder}
        value={shown}
        onChange={(event) => input.onChange(event.target.value)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        onFocus={input.onFocus}
        disabled={disabled}
        isInvalid={Boolean(error)}
      />
    </FieldShell>
  );
}

import Form from 'react-bootstrap/Form';
import { FieldFeedback, FieldHelp, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';
import type { FieldOption } from './options';

export interface RadioGroupFieldProps<V extends string | number> extends BaseFieldProps<
  V | undefined
> {
  options: readonly FieldOption<V>[];
  /** Lay the radios out on one line. */
  inline?: boolean;
}

/** Radios in a fieldset whose legend is the group's label; stores the option's typed value. */
export function RadioGroupField<V extends string | number>({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  options,
  inline = false,
}: RadioGroupFieldProps<V>) {
  const { input, id, error, aria } = useFormField<V | undefined>(name, {
    validate,
    id: idProp,
    help,
  });

  return (
    <fieldset className={className ?? 'mb-3'} aria-describedby={aria['aria-describedby']}>
      <legend className="form-label fs-6">{label}</legend>
      {options.map((option, index) => (
        <Form.Check
          key={String(option.value)}
          type="radio"
          inline={inline}
          id={`${id}-${index}`}
          name={input.name}
          label={option.label}
          value={String(option.value)}
          checked={input.value === option.value}
          onChange={() => input.onChange(option.value)}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
          disabled={disabled || option.disabled}
          isInvalid={Boolean(error)}
        />
      ))}
      <FieldFeedback id={id} error={error} />
      <FieldHelp id={id} help={help} />
    </fieldset>
  );
}

import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldShell, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';
import { optionByDomValue } from './options';
import type { FieldOption } from './options';

export interface SelectFieldProps<V extends string | number> extends BaseFieldProps<V | undefined> {
  options: readonly FieldOption<V>[];
  /** Text of the empty first option (value undefined). */
  placeholder?: string;
}

/** A select storing the chosen option's typed value; the empty option stores undefined. */
export function SelectField<V extends string | number>({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  options,
  placeholder = '',
}: SelectFieldProps<V>) {
  const { input, id, error, aria } = useFormField<V | undefined>(name, {
    validate,
    id: idProp,
    help,
  });
  const onChange = (event: ChangeEvent<HTMLSelectElement>) =>
    input.onChange(optionByDomValue(options, event.target.value)?.value);

  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      <Form.Select
        {...aria}
        id={id}
        name={input.name}
        value={input.value === undefined || input.value === null ? '' : String(input.value)}
        onChange={onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        disabled={disabled}
        isInvalid={Boolean(error)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option
            key={String(option.value)}
            value={String(option.value)}
            disabled={option.disabled}
          >
            {option.label}
          </option>
        ))}
      </Form.Select>
    </FieldShell>
  );
}

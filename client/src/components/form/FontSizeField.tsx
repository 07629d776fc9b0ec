import InputGroup from 'react-bootstrap/InputGroup';
import Form from 'react-bootstrap/Form';
import { FieldShell, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';

const leadingInteger = (text: string): string => /^\d*/.exec(text)?.[0] ?? '';

export interface FontSizeFieldProps extends BaseFieldProps<string | undefined> {
  placeholder?: string;
}

/**
 * A font size in px (01 §5.3): shows only the leading integer of what is typed or stored and
 * stores it with the suffix, so typing '16abc' shows '16' and stores '16px'. A stored value the
 * input cannot show (e.g. '1.5em') stays stored for the `fontSize` validator to flag.
 */
export function FontSizeField({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  placeholder,
}: FontSizeFieldProps) {
  const { input, id, error, aria } = useFormField<string | undefined>(name, {
    validate,
    id: idProp,
    help,
  });

  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      <InputGroup hasValidation>
        <Form.Control
          {...aria}
          id={id}
          name={input.name}
          type="text"
          inputMode="numeric"
          placeholder={placeholder}
          value={leadingInteger(input.value ?? '')}
          onChange={(event) => {
            const digits = leadingInteger(event.target.value);
            input.onChange(digits ? `${digits}px` : undefined);
          }}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
          disabled={disabled}
          isInvalid={Boolean(error)}
        />
        <InputGroup.Text aria-hidden="true">px</InputGroup.Text>
      </InputGroup>
    </FieldShell>
  );
}

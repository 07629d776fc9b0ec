import Form from 'react-bootstrap/Form';
import { FieldFeedback, FieldHelp, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';
import type { FieldOption } from './options';

type ListValue = string | number;

export interface ChecklistFieldProps<V extends ListValue> extends BaseFieldProps<V[] | undefined> {
  /** The item this checkbox adds to or removes from the list (required: 03 §5). */
  value: V;
  /** Inside ChecklistGroupField: the group shows the message and help, not each box. */
  grouped?: boolean;
}

const toggled = <V extends ListValue>(
  list: readonly V[] | undefined,
  value: V,
  on: boolean,
): V[] => {
  const rest = (list ?? []).filter((item) => item !== value);
  return on ? [...rest, value] : rest;
};

/** A checkbox that adds or removes its value in the list held by `name`. */
export function ChecklistField<V extends ListValue>({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  value,
  grouped = false,
}: ChecklistFieldProps<V>) {
  const { input, id, error, aria } = useFormField<V[] | undefined>(name, {
    validate,
    id: idProp,
    help,
  });
  // react-final-form formats an unset value as ''.
  const list = Array.isArray(input.value) ? input.value : [];

  return (
    <Form.Group className={className ?? 'mb-2'}>
      <Form.Check
        {...(grouped ? {} : aria)}
        type="checkbox"
        id={id}
        name={input.name}
        label={label}
        value={String(value)}
        checked={list.includes(value)}
        onChange={(event) => input.onChange(toggled(list, value, event.target.checked))}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        disabled={disabled}
        isInvalid={Boolean(error)}
      />
      {!grouped && <FieldFeedback id={id} error={error} />}
      {!grouped && <FieldHelp id={id} help={help} />}
    </Form.Group>
  );
}

export interface ChecklistGroupFieldProps<V extends ListValue> extends BaseFieldProps<
  V[] | undefined
> {
  options: readonly FieldOption<V>[];
}

/**
 * A fieldset of checklist checkboxes over one list with one message for the whole list
 * (e.g. transacting methods: at least one required).
 */
export function ChecklistGroupField<V extends ListValue>({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  options,
}: ChecklistGroupFieldProps<V>) {
  const { id, error, aria } = useFormField<V[] | undefined>(name, { validate, id: idProp, help });
  return (
    <fieldset id={id} className={className ?? 'mb-3'} aria-describedby={aria['aria-describedby']}>
      <legend className="form-label fs-6">{label}</legend>
      {options.map((option, index) => (
        <ChecklistField
          key={String(option.value)}
          id={`${id}-${index}`}
          name={name}
          label={option.label}
          value={option.value}
          disabled={disabled || option.disabled}
          className="mb-1"
          grouped
        />
      ))}
      <FieldFeedback id={id} error={error} />
      <FieldHelp id={id} help={help} />
    </fieldset>
  );
}

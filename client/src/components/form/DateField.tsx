/**
 * A date input on react-datepicker in INPUT_DATE_FORMAT (dd.MM.yyyy, 03 §9). The value is a Date
 * or null. Typed text that is not a real date is kept on screen and stored as an invalid Date, so
 * `checkFormat` (always applied first) reports "Date is not valid" instead of the picker silently
 * restoring the previous date.
 */
import { useMemo, useState } from 'react';
import type { SyntheticEvent } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { INPUT_DATE_FORMAT } from '@contracts/api/constants';
import { parseInputDate } from '@contracts/validation/rules';
import { checkFormat, composeValidators } from '@/lib/forms/validators';
import type { Validator } from '@/lib/forms/validators';
import { FieldShell, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';

type DateValue = Date | null | undefined;

export interface DateFieldProps extends BaseFieldProps<DateValue> {
  minDate?: Date;
  maxDate?: Date;
  placeholder?: string;
}

const isRealDate = (value: unknown): value is Date =>
  value instanceof Date && !Number.isNaN(value.getTime());

export function DateField({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  minDate,
  maxDate,
  placeholder = INPUT_DATE_FORMAT.toLowerCase(),
}: DateFieldProps) {
  const validateDate = useMemo(
    () => composeValidators<DateValue>(checkFormat, validate as Validator<DateValue> | undefined),
    [validate],
  );
  const { input, id, error, aria } = useFormField<DateValue>(name, {
    validate: validateDate,
    id: idProp,
    help,
    allowNull: true,
  });
  /** Text that did not parse; shown instead of the picker's own formatting. */
  const [badText, setBadText] = useState<string | null>(null);
  const selected = isRealDate(input.value) ? input.value : null;

  const onChangeRaw = (event?: SyntheticEvent<HTMLElement>) => {
    const target = event?.target;
    if (!(target instanceof HTMLInputElement)) return;
    const text = target.value;
    if (text === '' || parseInputDate(text)) {
      setBadText(null);
      return; // the picker calls onChange with the date (or null)
    }
    setBadText(text);
    input.onChange(new Date(Number.NaN));
  };

  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      <DatePicker
        id={id}
        name={input.name}
        selected={selected}
        value={badText ?? undefined}
        onChange={(date: Date | null) => {
          setBadText(null);
          input.onChange(date);
        }}
        onChangeRaw={onChangeRaw}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
        onCalendarClose={() => input.onBlur()}
        dateFormat={INPUT_DATE_FORMAT}
        strictParsing
        minDate={minDate}
        maxDate={maxDate}
        placeholderText={placeholder}
        disabled={disabled}
        autoComplete="off"
        className={`form-control${error ? ' is-invalid' : ''}`}
        wrapperClassName="d-block"
        aria-invalid={aria['aria-invalid'] ? 'true' : undefined}
        aria-describedby={aria['aria-describedby']}
      />
    </FieldShell>
  );
}

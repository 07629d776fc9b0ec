/**
 * A date input on react-datepicker in INPUT_DATE_FORMAT (dd.MM.yyyy, 03 §9). The value is a Date
 * or null. Typed text that is not a real date is kept on screen and stored as an invalid Date, so
 * `checkFormat` (always applied first) reports "Date is not valid" instead of the picker silently
 * restoring the previous date.
 *
 * Enter in the input while the calendar is open takes the typed date and closes the calendar
 * (react-datepicker's keyboard support), and the focus stays in the input (useKeepFocusOnEnter).
 */
import { useMemo, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, SyntheticEvent } from 'react';
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
  const keepFocus = useKeepFocusOnEnter();

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
        onKeyDown={keepFocus.onKeyDown}
        onBlur={(event) => {
          input.onBlur();
          keepFocus.onBlur(event);
        }}
        onFocus={() => input.onFocus()}
        onCalendarOpen={keepFocus.onCalendarOpen}
        onCalendarClose={() => {
          input.onBlur();
          keepFocus.onCalendarClose();
        }}
        preventOpenOnFocus={keepFocus.refocusing}
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

/**
 * Keeps the focus in the date input when Enter closes the calendar. react-datepicker blurs the
 * input on that Enter (and once more when the calendar has closed), so the focus would fall to
 * the page and a keyboard or screen-reader user would lose their place (docs/decisions.md,
 * "Accessibility"); Escape already sends the focus back. Only the documented props are used:
 * `onKeyDown` (called before the picker handles the key) notes the Enter, `onCalendarClose` and
 * `onBlur` put the focus back while nothing else has it, and `preventOpenOnFocus` keeps that
 * focus from opening the calendar again. The focus goes back after the picker's handler (a
 * microtask), and the hold ends at the blur that follows the close, at the next key, or when the
 * focus moves to another control.
 */
function useKeepFocusOnEnter() {
  const open = useRef(false);
  const holding = useRef(false);
  const input = useRef<HTMLInputElement | null>(null);
  const [refocusing, setRefocusing] = useState(false);

  const release = () => {
    holding.current = false;
    setRefocusing(false);
  };
  /** The input gets the focus back unless the user has put it somewhere else meanwhile. */
  const focusInput = (then?: () => void) =>
    queueMicrotask(() => {
      const active = document.activeElement;
      const element = input.current;
      if (element?.isConnected && (active === null || active === document.body)) {
        element.focus({ preventScroll: true });
      }
      then?.();
    });

  return {
    refocusing,
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key === 'Enter' && open.current && event.target instanceof HTMLInputElement) {
        input.current = event.target;
        holding.current = true;
        setRefocusing(true);
      } else if (holding.current) {
        release();
      }
    },
    onCalendarOpen() {
      open.current = true;
      if (holding.current) release();
    },
    onCalendarClose() {
      open.current = false;
      if (holding.current) focusInput();
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      if (!holding.current || open.current) return;
      if (event.relatedTarget === null) focusInput(release);
      else release();
    },
  };
}

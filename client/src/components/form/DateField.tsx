/**
 * A date input on react-datepicker in INPUT_DATE_FORMAT (dd.MM.yyyy, 03 §9). The value is a Date
 * or null. The field holds what its text says, decided here for every typed or pasted text: a
 * real date (spaces around it ignored) is that date, an empty text is null, and any other text is
 * kept on screen and stored as an invalid Date that remembers the text (lib/forms/unparsed-date.ts),
 * so `checkFormat` (always applied first) reports "Date is not valid" instead of the picker
 * silently keeping the previous date, and the text is back whenever the value is. A day picked in
 * the calendar comes through the picker's onChange. `minDate` / `maxDate` limit the calendar's
 * days; a typed date outside them is held as typed, for a validator to judge.
 *
 * Enter in the input while the calendar is open takes the typed date and closes the calendar
 * (react-datepicker's keyboard support), and the focus stays in the input (useKeepFocusOnEnter).
 * The picker gives the focus back to the input on timers of its own (after Escape, or a day
 * picked); one that comes once the operator is in another control is not taken (PickerInput).
 */
import { useImperativeHandle, useMemo, useRef, useState } from 'react';
import type {
  FocusEvent,
  InputHTMLAttributes,
  KeyboardEvent,
  Ref,
  RefObject,
  SyntheticEvent,
} from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { INPUT_DATE_FORMAT } from '@contracts/api/constants';
import { parseInputDate } from '@contracts/validation/rules';
import { unparsedDate, unparsedText } from '@/lib/forms/unparsed-date';
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

/**
 * The field's comparison with what the form loaded and what it last sent (its `isEqual`): two
 * dates on the same moment are the same, so a date typed back to the loaded one is not a change
 * (each typed date is a new Date); two invalid dates are the same, and so are null and undefined.
 */
function sameDate(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) {
    const [timeA, timeB] = [a.getTime(), b.getTime()];
    return timeA === timeB || (Number.isNaN(timeA) && Number.isNaN(timeB));
  }
  return (a ?? null) === (b ?? null);
}

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
    isEqual: sameDate,
  });
  /** Text that did not parse; shown instead of the picker's own formatting. */
  const badText = unparsedText(input.value);
  const selected = isRealDate(input.value) ? input.value : null;
  const keepFocus = useKeepFocusOnEnter();

  const field = useRef<HTMLDivElement>(null);

  /** Typed or pasted text: the field holds what it says (see above). */
  const onChangeRaw = (event?: SyntheticEvent<HTMLElement>) => {
    const target = event?.target;
    if (!(target instanceof HTMLInputElement) || event?.type !== 'change') return;
    const text = target.value.trim();
    const date = text === '' ? null : (parseInputDate(text) ?? null);
    input.onChange(text === '' || date !== null ? date : unparsedDate(target.value));
  };

  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      <div ref={field}>
        <DatePicker
          id={id}
          name={input.name}
          selected={selected}
          value={badText ?? undefined}
          onChange={(date: Date | null, event?: SyntheticEvent) => {
            // Typed text was taken by onChangeRaw; this is a day picked in the calendar.
            if (event?.type === 'change') return;
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
          customInput={<PickerInput field={field} />}
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
      </div>
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

/** What react-datepicker moves the focus with: its input's `focus` and `blur` (through its ref). */
interface PickerFocusTarget {
  focus(options?: FocusOptions): void;
  blur(): void;
}

type PickerInputProps = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<PickerFocusTarget>;
  /** The field's element around the input and its calendar. */
  field: RefObject<HTMLElement | null>;
};

/**
 * The picker's input (`customInput`, which the picker gives its props and its ref). After
 * Escape, or a day picked in the calendar, react-datepicker gives the focus back to the input on
 * a timer. On a busy page that can come after the operator has moved on (Escape, then Tab or a
 * click into another field, and typing on): the input would take the focus from that field and
 * what they type next would land in the date. So the picker's focus is taken only while no
 * control outside this field (input and calendar) has the focus; a focus from the page itself
 * (nothing focused) is the picker's return proper and is taken.
 */
function PickerInput({ ref, field, ...props }: PickerInputProps) {
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      focus(options) {
        const active = document.activeElement;
        const elsewhere =
          active !== null && active !== document.body && !field.current?.contains(active);
        if (!elsewhere) input.current?.focus(options);
      },
      blur() {
        input.current?.blur();
      },
    }),
    [field],
  );
  return <input type="text" {...props} ref={input} />;
}

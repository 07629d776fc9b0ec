/**
 * A colour input (01 §2.9, §5.1): free text (hex, `transparent`, rgb()/rgba()) plus a toggle that
 * opens an RgbaColorPicker. Picking stores `rgba(r, g, b, a)`; typed text is stored as typed and
 * checked by the `color` validator, which this field always applies first.
 *
 * The picker (react-colorful, ColorPickerPanel) is a chunk of its own, loaded when a colour field
 * is first shown: the screens without colour fields (e.g. the journal dashboard) never load it.
 */
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { RgbaColor } from 'react-colorful';
import { formatRgba, parseColor } from '@contracts/validation/rules';
import { color as colorRule, composeValidators } from '@/lib/forms/validators';
import type { Validator } from '@/lib/forms/validators';
import { FieldShell, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';

const loadPicker = () =>
  import(/* webpackChunkName: "color-picker" */ './ColorPickerPanel').then((module) => ({
    default: module.ColorPickerPanel,
  }));
const ColorPickerPanel = lazy(loadPicker);

type ColorValue = string | undefined;

const WHITE: RgbaColor = { r: 255, g: 255, b: 255, a: 1 };

export interface ColorPickerFieldProps extends BaseFieldProps<ColorValue> {
  /**
   * Shown under the field, and describing it, while set: advice that does not stop the save
   * (e.g. a text colour with too little contrast on its background).
   */
  warning?: string;
}

export function ColorPickerField({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  warning,
}: ColorPickerFieldProps) {
  const validateColor = useMemo(
    () => composeValidators<ColorValue>(colorRule, validate as Validator<ColorValue> | undefined),
    [validate],
  );
  const { input, id, error, aria } = useFormField<ColorValue>(name, {
    validate: validateColor,
    id: idProp,
    help,
  });
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const text = input.value ?? '';
  const parsed = parseColor(text);
  const panelId = `${id}-picker`;
  const warningId = `${id}-warning`;
  const describedBy =
    [aria['aria-describedby'], warning ? warningId : undefined].filter(Boolean).join(' ') ||
    undefined;

  // The screen showing the field fetches the picker at once, so it is there when opened.
  useEffect(() => {
    void loadPicker();
  }, []);

  // Close on a pointer press outside the field.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  // Escape anywhere in the field (the text, the toggle, the picker) closes the open picker and
  // leaves the focus on the toggle.
  const onFieldKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (open && event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  };

  // The focus moving on to something outside the field (Tab to the next field) closes the
  // picker, which would otherwise cover the fields below it. A click on a part of the picker that
  // takes no focus moves the focus nowhere (no related target): that keeps it open.
  const onFieldBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  };

  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      {/* The field's parts share Escape and the focus leaving (onFieldKeyDown, onFieldBlur). */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        ref={wrapper}
        className="position-relative"
        onKeyDown={onFieldKeyDown}
        onBlur={onFieldBlur}
      >
        <InputGroup hasValidation>
          <Form.Control
            {...aria}
            aria-describedby={describedBy}
            id={id}
            name={input.name}
            type="text"
            spellCheck={false}
            autoComplete="off"
            value={text}
            onChange={(event) => input.onChange(event.target.value)}
            onBlur={input.onBlur}
            onFocus={input.onFocus}
            disabled={disabled}
            isInvalid={Boolean(error)}
          />
          <Button
            ref={toggle}
            variant="outline-secondary"
            aria-label={`Pick ${label}`}
            aria-expanded={open}
            aria-controls={panelId}
            disabled={disabled}
            onClick={() => setOpen((was) => !was)}
          >
            <span
              aria-hidden="true"
              className="d-inline-block border rounded align-middle"
              style={{
                width: '1.25rem',
                height: '1.25rem',
                backgroundColor: parsed ? text : 'transparent',
              }}
            />
          </Button>
        </InputGroup>
        {open && (
          <div
            id={panelId}
            className="position-absolute z-3 mt-1 p-2 bg-body border rounded shadow"
          >
            <Suspense fallback={null}>
              <ColorPickerPanel
                color={parsed ?? WHITE}
                onChange={(picked) => input.onChange(formatRgba(picked))}
              />
            </Suspense>
          </div>
        )}
      </div>
      {warning ? (
        <Form.Text id={warningId} className="d-block text-warning-emphasis">
          {warning}
        </Form.Text>
      ) : null}
    </FieldShell>
  );
}

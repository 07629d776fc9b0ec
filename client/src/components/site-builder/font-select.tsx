/**
 * The font family choice of both site builders' appearance editors (01 §2.9 "a font family
 * choice (list with preview images, no search)", 02 §2 Step 5): a button opening a listbox of
 * the 30 families, each shown by its preview image. The stored value is a CSS font-family value
 * (`'Open Sans', sans-serif`); a stored `Roboto, sans-serif` or `'Open Sans'` still shows its
 * family as selected.
 *
 * Keyboard (WAI-ARIA collapsible listbox): on the button, Enter, Space, ArrowDown and ArrowUp
 * open the list; in the list, arrows, Home, End, PageUp and PageDown move, Enter or Space
 * chooses, Escape closes without a change, and focus returns to the button.
 */
import { useEffect, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, MouseEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { FONT_FAMILIES, FONT_PATHS, fontFamilyOf, fontFamilyValue } from '@contracts/site/fonts';
import { FieldFeedback, FieldHelp, useFormField } from '@/components/form/FieldShell';
import type { BaseFieldProps } from '@/components/form/FieldShell';
import './font-select.css';

type FontValue = string | undefined;

export type FontSelectFieldProps = BaseFieldProps<FontValue>;

/** The preview images are 240x40 CSS pixels (scripts/fonts.mjs). */
const PREVIEW = { width: 240, height: 40 } as const;
const PAGE = 10;
const LAST = FONT_FAMILIES.length - 1;

/** The option index an event happened in, if any. */
function optionIndexOf(event: MouseEvent<HTMLElement>): number | undefined {
  const option = (event.target as HTMLElement).closest<HTMLElement>('[role="option"]');
  const index = Number(option?.dataset.index);
  return Number.isInteger(index) ? index : undefined;
}

export function FontSelectField({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
}: FontSelectFieldProps) {
  const { input, id, error, aria } = useFormField<FontValue>(name, {
    validate,
    id: idProp,
    help,
  });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const selected = fontFamilyOf(input.value);
  const selectedIndex = selected ? FONT_FAMILIES.indexOf(selected) : -1;
  const labelId = `${id}-label`;
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // The list takes focus when it opens, so its keys work at once.
  useEffect(() => {
    if (open) list.current?.focus();
  }, [open]);

  // Keep the active option in view while moving through the list.
  useEffect(() => {
    if (!open) return;
    // jsdom has no scrollIntoView.
    list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const closeToButton = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (index: number) => {
    const family = FONT_FAMILIES[index];
    if (family) input.onChange(fontFamilyValue(family));
    closeToButton();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (open) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(selectedIndex >= 0 ? selectedIndex : 0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(selectedIndex >= 0 ? selectedIndex : LAST);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = (index: number) => setActive(Math.min(LAST, Math.max(0, index)));
    switch (event.key) {
      case 'ArrowDown':
        move(active + 1);
        break;
      case 'ArrowUp':
        move(active - 1);
        break;
      case 'PageDown':
        move(active + PAGE);
        break;
      case 'PageUp':
        move(active - PAGE);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(LAST);
        break;
      case 'Enter':
      case ' ':
        choose(active);
        break;
      case 'Escape':
        // Only this popup closes, not a dialog around the form.
        event.stopPropagation();
        closeToButton();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  // Focus leaving the whole field (Tab, a click elsewhere) closes the list without a change
  // and marks the field touched.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (wrapper.current?.contains(event.relatedTarget as Node | null)) return;
    setOpen(false);
    input.onBlur();
  };

  return (
    <Form.Group className={className ?? 'mb-3'}>
      {/* Not a <label for>: a label activates its button, which would open the list. */}
      <div id={labelId} className="form-label">
        {label}
      </div>
      <div ref={wrapper} className="font-select" onFocus={() => input.onFocus()} onBlur={onBlur}>
        <button
          ref={button}
          type="button"
          id={id}
          name={input.name}
          className={`form-select font-select-button${error ? ' is-invalid' : ''}`}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          // Label, then the button's own text: "Page Headlines font Roboto".
          aria-labelledby={`${labelId} ${id}`}
          aria-describedby={aria['aria-describedby']}
          disabled={disabled}
          onClick={() => (open ? setOpen(false) : openAt(selectedIndex >= 0 ? selectedIndex : 0))}
          onKeyDown={onButtonKeyDown}
        >
          {selected ? (
            <>
              <img
                className="font-select-preview"
                src={FONT_PATHS.preview(selected.slug)}
                alt=""
                width={PREVIEW.width}
                height={PREVIEW.height}
              />
              <span className="font-select-name">{selected.name}</span>
            </>
          ) : (
            // A value outside the list (typed into the CSS) is shown as it is.
            <span className="font-select-name">{input.value || '\u00a0'}</span>
          )}
        </button>
        {open && (
          <ul
            ref={list}
            id={listId}
            role="listbox"
            tabIndex={-1}
            aria-labelledby={labelId}
            aria-activedescendant={optionId(active)}
            className="font-select-list"
            onKeyDown={onListKeyDown}
            onClick={(event) => {
              const index = optionIndexOf(event);
              if (index !== undefined) choose(index);
            }}
            onMouseMove={(event) => {
              const index = optionIndexOf(event);
              if (index !== undefined && index !== active) setActive(index);
            }}
          >
            {FONT_FAMILIES.map((family, index) => (
              <li
                key={family.slug}
                id={optionId(index)}
                role="option"
                aria-selected={index === selectedIndex}
                data-index={index}
                className={`font-select-option${index === active ? ' is-active' : ''}`}
              >
                <img
                  src={FONT_PATHS.preview(family.slug)}
                  alt={family.name}
                  width={PREVIEW.width}
                  height={PREVIEW.height}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <FieldFeedback id={id} error={error} />
      <FieldHelp id={id} help={help} />
    </Form.Group>
  );
}

import type { ChangeEvent, ClipboardEvent, HTMLInputAutoCompleteAttribute } from 'react';
import Form from 'react-bootstrap/Form';
import { SECRET_FIELD } from '@/lib/forms/unsaved-changes';
import { withOneLine, type TextValue } from '@/lib/forms/validators';
import { FieldShell, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';

export interface TextFieldProps extends BaseFieldProps<TextValue> {
  type?: 'text' | 'password' | 'email' | 'textarea';
  placeholder?: string;
  /** Rows of a textarea. */
  rows?: number;
  /**
   * Hard limit on typed characters (the maxLength validator reports, this prevents). With a
   * `transform`, a paste is rewritten first and cut after: the browser would otherwise cut the
   * raw text, and a mask would lose the end of a value pasted with spaces or separators in it.
   */
  maxLength?: number;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  readOnly?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'url' | 'tel';
  /**
   * Rewrites typed or pasted text before it is stored (upper-casing, masks); the caret is kept
   * in place.
   */
  transform?: (text: string) => string;
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/**
 * Text, password, e-mail and textarea inputs. Empty text is stored as undefined. A password is a
 * secret field: never kept in the browser's storage (lib/forms/unsaved-changes.tsx). Text and
 * e-mail inputs hold one line: a pasted control character (TAB, line break, …) shows "Must not
 * contain control characters such as line breaks or tabs" (`oneLine`); a textarea takes it.
 */
export function TextField({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  type = 'text',
  transform,
  maxLength,
  ...inputProps
}: TextFieldProps) {
  const { input, id, error, aria } = useFormField<TextValue>(name, {
    validate: type === 'text' || type === 'email' ? withOneLine(validate) : validate,
    id: idProp,
    help,
    data: type === 'password' ? SECRET_FIELD : undefined,
  });

  const onChange = (event: ChangeEvent<TextControl>) => {
    const element = event.target;
    const raw = element.value;
    const next = transform ? transform(raw) : raw;
    if (next !== raw) {
      // Write the new text before React re-renders so the caret does not jump to the end.
      const caret = element.selectionStart;
      element.value = next;
      if (caret !== null && element.ownerDocument.activeElement === element) {
        const position = Math.max(0, Math.min(next.length, caret + next.length - raw.length));
        element.setSelectionRange(position, position);
      }
    }
    input.onChange(next);
  };

  // A paste replaces the selection with the transformed text, cut to the limit only then.
  const onPaste =
    transform && maxLength !== undefined
      ? (event: ClipboardEvent<TextControl>) => {
          const element = event.currentTarget;
          const pasted = event.clipboardData.getData('text/plain');
          const start = element.selectionStart ?? element.value.length;
          const end = element.selectionEnd ?? start;
          const before = element.value.slice(0, start) + pasted;
          const next = transform(before + element.value.slice(end)).slice(0, maxLength);
          event.preventDefault();
          element.value = next;
          const caret = Math.min(next.length, transform(before).length);
          element.setSelectionRange(caret, caret);
          input.onChange(next);
        }
      : undefined;

  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      <Form.Control
        {...inputProps}
        {...aria}
        id={id}
        name={input.name}
        as={type === 'textarea' ? 'textarea' : 'input'}
        type={type === 'textarea' ? undefined : type}
        value={input.value ?? ''}
        maxLength={maxLength}
        onChange={onChange}
        onPaste={onPaste}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        disabled={disabled}
        isInvalid={Boolean(error)}
      />
    </FieldShell>
  );
}

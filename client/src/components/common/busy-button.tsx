import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type MouseEvent,
  type Ref,
} from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import { nextControl } from '@/components/dialogs/return-focus';

export interface BusyButtonProps extends ButtonProps {
  /** Its action runs: the button is unavailable but keeps the focus. */
  busy: boolean | undefined;
  ref?: Ref<HTMLButtonElement>;
  /**
   * When the action ends with the button disabled while it has the focus, the focus goes on to
   * the next control (default); false when the caller moves it itself.
   */
  passFocusOn?: boolean;
}

/**
 * A button whose action may be running (a save, an upload): while `busy` it looks and reads
 * unavailable (`aria-disabled`, Bootstrap's `disabled` class) and a click, Enter or Space does
 * nothing (nor does Enter in a field of its form, which clicks the submit button), but it is not
 * `disabled`. Browsers move the focus off a control that becomes disabled, to the page: the
 * dialog the action then opens (a refused save's "Error") would have no control to give the
 * focus back to when it closes, and a keyboard or screen-reader user would lose their place
 * (docs/decisions.md, "Accessibility"). `disabled` is for a button that cannot be used for
 * another reason; it does not apply while busy, so the focus stays. When the action ends and
 * the button is then disabled (nothing left to do: a site published), the focus goes on to the
 * next control on the screen.
 */
export function BusyButton({
  busy,
  disabled,
  className,
  onClick,
  ref,
  passFocusOn = true,
  ...props
}: BusyButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  useImperativeHandle(ref, () => button.current as HTMLButtonElement);
  // The action done, the button may be disabled for good (a site now published) while it has
  // the focus: the browser drops it to the page (Chromium as the attribute is set, so the blur
  // is noted). It goes to the next control instead.
  const dropped = useRef(false);
  useEffect(() => {
    const element = button.current;
    if (!element) return;
    // A native listener: the blur comes while React commits the change, as no React event.
    const onBlur = (event: FocusEvent) => {
      if (element.disabled && event.relatedTarget === null) dropped.current = true;
    };
    element.addEventListener('blur', onBlur);
    return () => element.removeEventListener('blur', onBlur);
  }, []);
  useLayoutEffect(() => {
    const element = button.current;
    const wasDropped = dropped.current;
    dropped.current = false;
    if (!passFocusOn || busy || !element?.disabled) return;
    const active = document.activeElement;
    const onPage = active === null || active === document.body;
    if (active === element || (wasDropped && onPage)) nextControl(element)?.focus();
  }, [busy, disabled, passFocusOn]);
  const classes = [className, busy ? 'disabled' : undefined].filter(Boolean).join(' ');
  return (
    <Button
      {...props}
      ref={button}
      disabled={busy ? false : disabled}
      aria-disabled={busy || undefined}
      className={classes === '' ? undefined : classes}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (busy) {
          // Also stops a submit button from submitting its form.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}

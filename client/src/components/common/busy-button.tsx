import type { MouseEvent, Ref } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';

export interface BusyButtonProps extends ButtonProps {
  /** Its action runs: the button is unavailable but keeps the focus. */
  busy: boolean | undefined;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button whose action may be running (a save, an upload): while `busy` it looks and reads
 * unavailable (`aria-disabled`, Bootstrap's `disabled` class) and a click, Enter or Space does
 * nothing (nor does Enter in a field of its form, which clicks the submit button), but it is not
 * `disabled`. Browsers move the focus off a control that becomes disabled, to the page: the
 * dialog the action then opens (a refused save's "Error") would have no control to give the
 * focus back to when it closes, and a keyboard or screen-reader user would lose their place
 * (docs/decisions.md, "Accessibility"). `disabled` is for a button that cannot be used for
 * another reason; it does not apply while busy, so the focus stays.
 */
export function BusyButton({ busy, disabled, className, onClick, ...props }: BusyButtonProps) {
  const classes = [className, busy ? 'disabled' : undefined].filter(Boolean).join(' ');
  return (
    <Button
      {...props}
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

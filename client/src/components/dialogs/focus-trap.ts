import { useEffect, type RefObject } from 'react';

/** What Tab can reach inside a dialog. */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]'),
  );
}

/**
 * Keeps Tab and Shift+Tab inside the dialog that holds `inside` (any element in it): from the
 * last control Tab goes to the first, from the first Shift+Tab to the last, and focus that has
 * got outside comes back in. The keydown is handled before the browser moves the focus, so the
 * page behind the dialog is never reached, not even for a moment.
 */
export function useFocusTrap(inside: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      const dialog = inside.current?.closest<HTMLElement>('[role="dialog"]');
      if (!dialog) return;
      const controls = tabbables(dialog);
      const first = controls[0];
      const last = controls.at(-1);
      const active = document.activeElement;
      const within = active instanceof HTMLElement && dialog.contains(active) && active !== dialog;
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      if (event.shiftKey ? !within || active === first : !within || active === last) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [inside]);
}

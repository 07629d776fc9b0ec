/**
 * Focus moves of the form kit (WCAG 2.4.3): after a save that failed validation, the first field
 * in error; after a step change, the step's heading. Both scroll the target into view first.
 * Also a screen's heading focused past the dialogs open as it opens (focusPastDialogs), and the
 * test of a focus a render took away (focusDropped).
 */
import { dialogStore } from '@/lib/dialogs/dialog-service';

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [contenteditable="true"], [tabindex]';

/** Scrolls `target` into view (where the browser can) and focuses it without another jump. */
export function scrollAndFocus(target: HTMLElement, block: ScrollLogicalPosition = 'center'): void {
  target.scrollIntoView?.({ block });
  target.focus({ preventScroll: true });
}

/**
 * The control to focus for a field shown in error: the element marked aria-invalid when it can
 * take the focus and is not hidden from the tab order on purpose (a file input behind its
 * Browse button), else the first control of its group that can.
 */
function focusTarget(invalid: HTMLElement): HTMLElement | null {
  const usable = (element: HTMLElement) => element.matches(FOCUSABLE) && element.tabIndex >= 0;
  if (usable(invalid)) return invalid;
  const group = invalid.closest<HTMLElement>('fieldset, .mb-3, .form-group') ?? invalid;
  const inside = [...group.querySelectorAll<HTMLElement>(FOCUSABLE)].find(usable);
  return inside ?? (invalid.matches(FOCUSABLE) ? invalid : null);
}

/** Focuses the first field in error inside `container`; false when there is none. */
export function focusFirstInvalid(container: ParentNode): boolean {
  const invalid = container.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid ? focusTarget(invalid) : null;
  if (!target) return false;
  scrollAndFocus(target);
  return true;
}

const dialogOpen = () => dialogStore.getSnapshot().length > 0;

/**
 * After each form submit inside `container`: once the form has shown its errors (final-form
 * validates synchronously in the submit handler, and React renders them before the next task),
 * the first field in error gets the focus. A valid form shows none: nothing moves then.
 *
 * When the submit has opened a dialog (e.g. 'Form not valid, please fix errors before submit'),
 * the dialog keeps the focus (its OK button, so Enter closes it) and the field gets it once the
 * last dialog has closed, after the dialog host has given the focus back to the dialog's opener.
 * Returns the listener's removal.
 */
export function focusFirstInvalidAfterSubmit(container: HTMLElement): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  const cancel = () => {
    clearTimeout(timer);
    unsubscribe?.();
    unsubscribe = undefined;
  };
  const focusIn = (form: HTMLFormElement) => {
    if (form.isConnected) focusFirstInvalid(form);
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    cancel();
    timer = setTimeout(() => {
      if (!dialogOpen()) {
        focusIn(form);
        return;
      }
      unsubscribe = dialogStore.subscribe(() => {
        if (dialogOpen()) return;
        cancel();
        // The next task: the host has removed the dialog and restored the focus by then.
        timer = setTimeout(() => focusIn(form), 0);
      });
    }, 0);
  };
  container.addEventListener('submit', onSubmit);
  return () => {
    cancel();
    container.removeEventListener('submit', onSubmit);
  };
}

/**
 * Focuses `target` (a screen's heading when it opens) and, when dialogs are open meanwhile (the
 * wizard's "Loading..." of a screen opened from its address), again once the last has closed if
 * the focus is then lost to the page: a dialog that opened before `target` was there has nothing
 * to give the focus back to. Returns the listener's removal.
 */
export function focusPastDialogs(target: HTMLElement): () => void {
  target.focus({ preventScroll: true });
  if (!dialogOpen()) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = dialogStore.subscribe(() => {
    if (dialogOpen()) return;
    unsubscribe();
    // The next task: the host has removed the dialog and restored the focus by then.
    timer = setTimeout(() => {
      const active = document.activeElement;
      const lost = active === null || active === document.body;
      if (lost && target.isConnected) target.focus({ preventScroll: true });
    }, 0);
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/** True when `element` had the focus and can no longer hold it: removed, or disabled. */
export function focusDropped(element: HTMLElement): boolean {
  const active = document.activeElement;
  const onPage = active === null || active === document.body;
  const disabled = element.matches(':disabled');
  return (onPage && (!element.isConnected || disabled)) || (active === element && disabled);
}

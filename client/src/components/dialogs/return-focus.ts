/**
 * Where the focus goes when the last dialog has closed (docs/decisions.md, "Accessibility"): back
 * to the control that opened the first dialog; if that control can no longer take it (the action
 * disabled it, e.g. a summary's Publish once the site is published), to the next control after
 * it on the screen; if it is gone from the page, to the screen's heading (one that takes the
 * focus, `tabIndex={-1}`, as the wizards' step headings and the dashboards' headings do), else
 * the main region. Never to the page itself: a keyboard or screen-reader user would have to
 * start again from the top. A part of a screen that knows better where its focus goes after its
 * action (an image slot) says so with `returnDialogFocusTo`.
 */

const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]';

/** A control the keyboard can reach: on the page, not disabled, not out of the tab order. */
function usable(element: Element): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.matches(':disabled') &&
    element.tabIndex >= 0 &&
    element.closest('[hidden], [inert], [role="dialog"]') === null
  );
}

/** The first usable control after `control` in its main region (or the page). */
export function nextControl(control: HTMLElement): HTMLElement | null {
  const region = control.closest('main') ?? document.body;
  for (const candidate of region.querySelectorAll(CONTROLS)) {
    const after = control.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (after && usable(candidate)) return candidate;
  }
  return null;
}

/** The screen's heading that takes the focus, else the main region. */
function screenHeading(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('main h1[tabindex="-1"], main h2[tabindex="-1"]') ??
    document.querySelector<HTMLElement>('main')
  );
}

/** Gives the focus back after the dialogs: see the module comment. */
export function returnFocusAfterDialogs(opener: HTMLElement): void {
  if (opener.isConnected && !opener.matches(':disabled')) {
    opener.focus();
    // Hidden since (display: none), or otherwise refused: the focus is still on the page.
    if (document.activeElement === opener) return;
  }
  ((opener.isConnected ? nextControl(opener) : null) ?? screenHeading())?.focus();
}

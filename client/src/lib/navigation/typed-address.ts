/**
 * Moves the router did not make: an address typed by hand, or a bookmark of another screen opened
 * in the same tab. The browser changes the hash itself and fires popstate, and the router's
 * blocker cannot stop such a move. The open wizard's guard (components/wizard/unsaved-changes)
 * hears it first, through this one listener: it is added before the router is made
 * (`createAppRouter`), and a browser runs the listeners of an event at the window in the order
 * they were added (capturing or not: Chromium does), so the guard can keep the event from the
 * router.
 */
type PopStateHandler = (event: PopStateEvent) => void;

let handler: PopStateHandler | null = null;
let listening = false;

/** Adds the listener, once per page; called before each router is made. */
export function listenBeforeTheRouter(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', (event) => handler?.(event));
}

/** Hands popstate events to `next` (before the router) until the returned function is called. */
export function handlePopStateFirst(next: PopStateHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

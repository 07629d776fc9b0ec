/**
 * Asking before unsaved changes are left behind, for every step of every wizard: the steps
 * register what they hold and have not saved (lib/forms/unsaved-changes: a step's form, an image
 * slot with a chosen file), and leaving while any of it is unsaved asks first. "Leaving" is any
 * route change (a wizard tab, a step's own Back/Next link, the sidebar, the browser's Back),
 * caught by the router's blocker; an address of another screen typed or opened from a bookmark
 * in the same tab, which the blocker cannot stop (see UnsavedChangesGuard); and closing or
 * reloading the page, caught by beforeunload (the browser asks in its own words there).
 *
 * Not asked: a move a step makes while its form submits (the save's own "Next"), unless something
 * was changed after the form submitted (typed while the save ran: not sent, so still unsaved), and
 * the way to the login screen (logout has confirmed already; an ended session cannot save anyway).
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import {
  parsePath,
  useBlocker,
  useLocation,
  useNavigate,
  type BlockerFunction,
} from 'react-router-dom';
import { paths } from '@/config/paths';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { handlePopStateFirst } from '@/lib/navigation/typed-address';
import {
  UnsavedChangesScope,
  useUnsavedChangesRegistry,
  type LeaveQuestion,
} from '@/lib/forms/unsaved-changes';

/** The confirmation's texts (not in the spec). */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Unsaved changes',
  message: 'You have unsaved changes on this step. Leave without saving?',
  leave: 'Leave',
  stay: 'Stay',
} as const;

/**
 * Asks whether to leave with unsaved changes; true to leave. `question`: a step's own words for
 * what it holds (e.g. 03 §8 'Continue without importing?'), with OK and Cancel by default.
 */
export function confirmLeave(question?: LeaveQuestion): Promise<boolean> {
  if (question) {
    return dialogs.confirm(question.title, question.html ?? '', {
      okText: question.okText,
      cancelText: question.cancelText,
      focusCancel: true,
    });
  }
  return dialogs.confirm(UNSAVED_CHANGES_TEXT.title, textToHtml(UNSAVED_CHANGES_TEXT.message), {
    okText: UNSAVED_CHANGES_TEXT.leave,
    cancelText: UNSAVED_CHANGES_TEXT.stay,
    // Leaving loses the changes: Enter stays.
    focusCancel: true,
  });
}

/** Guards the wizard inside it (mounted by the wizard frame). */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const registry = useUnsavedChangesRegistry();
  const { anyUnsaved } = registry;

  /** Set while the guard itself moves on after "Leave" was chosen for a typed address. */
  const leaving = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      nextLocation.pathname !== paths.login.path &&
      anyUnsaved(),
    [anyUnsaved],
  );
  const blocker = useBlocker(shouldBlock);

  // One question per blocked move (StrictMode runs effects twice).
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmLeave(registry.unsavedQuestion()).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, registry]);

  // An address changed by hand (typed, or a bookmark of another screen opened in this tab) is a
  // move the router did not make: its history entry holds no state (the router's entries always
  // hold its own), and the router's blocker cannot stop it. Nor can it stop Back or Forward from
  // a step that was itself opened so: not knowing where that entry stands, it cannot move back to
  // it. While something is unsaved such a move is heard before the router
  // (lib/navigation/typed-address), kept from it, and the step's address and entry are put back;
  // then the usual question: Leave moves on through the router, in place of the entry moved to,
  // Stay keeps everything as it was.
  const location = useLocation();
  const navigate = useNavigate();
  const stepEntry = useRef<{ state: unknown; url: string } | null>(null);
  useEffect(() => {
    stepEntry.current = { state: window.history.state as unknown, url: window.location.href };
  }, [location]);
  useEffect(
    () =>
      handlePopStateFirst((event) => {
        const entry = stepEntry.current;
        const state: unknown = event.state;
        if (entry === null || !anyUnsaved()) return;
        const routerMadeBoth = (state ?? null) !== null && (entry.state ?? null) !== null;
        if (routerMadeBoth) return;
        const typed = window.location.hash.replace(/^#/, '') || '/';
        const { pathname = '/', search = '' } = parsePath(typed);
        const moves = pathname !== location.pathname || search !== location.search;
        if (!moves || pathname === paths.login.path) return;
        event.stopImmediatePropagation();
        window.history.replaceState(entry.state, '', entry.url);
        if (asking.current) return;
        asking.current = true;
        void confirmLeave(registry.unsavedQuestion()).then((leave) => {
          asking.current = false;
          if (!leave) return;
          leaving.current = true;
          void Promise.resolve(navigate(typed, { replace: true })).finally(() => {
            leaving.current = false;
          });
        });
      }),
    [anyUnsaved, location.pathname, location.search, navigate, registry],
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyUnsaved()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyUnsaved]);

  return <UnsavedChangesScope registry={registry}>{children}</UnsavedChangesScope>;
}

/**
 * Asking before unsaved changes are left behind, for every step of every wizard: the steps
 * register what they hold and have not saved (lib/forms/unsaved-changes: a step's form, an image
 * slot with a chosen file), and leaving while any of it is unsaved asks first. "Leaving" is any
 * route change (a wizard tab, a step's own Back/Next link, the sidebar, the browser's Back),
 * caught by the router's blocker, and closing or reloading the page, caught by beforeunload (the
 * browser asks in its own words there).
 *
 * Not asked: a move a step makes while its form submits (the save's own "Next"), and the way to
 * the login screen (logout has confirmed already; an ended session cannot save anyway).
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { paths } from '@/config/paths';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
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

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
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

import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import {
  dialogStore,
  settleDialog,
  takeDialogOpener,
  type OpenDialog,
} from '@/lib/dialogs/dialog-service';
import { useFocusTrap } from './focus-trap';
import { returnFocusAfterDialogs } from './return-focus';
import { sanitizeHtml } from './sanitize';
import './dialogs.css';

const titleClass: Record<OpenDialog['kind'], string> = {
  error: 'text-danger',
  success: 'text-success',
  warn: 'text-warning-emphasis',
  info: '',
  loading: '',
  processing: '',
};

/*
 * Focus (WAI-ARIA dialog pattern): Tab and Shift+Tab cycle through the dialog's own controls
 * (useFocusTrap; react-bootstrap's enforceFocus only pulls focus back after it has already left,
 * and not at all when it left the document), and when the last dialog closes the focus goes back
 * to the control that opened the first (DialogHost), not to whatever a dialog in between held.
 */

function BusyDialog({ dialog }: { dialog: OpenDialog }) {
  const inside = useRef<HTMLDivElement>(null);
  useFocusTrap(inside);
  return (
    <Modal
      show
      size="sm"
      backdrop="static"
      keyboard={false}
      centered
      aria-label={dialog.title}
      restoreFocus={false}
    >
      <Modal.Body ref={inside} className="d-flex align-items-center gap-3" aria-live="polite">
        <Spinner animation="border" role="presentation" size="sm" />
        <span>{dialog.title}</span>
      </Modal.Body>
    </Modal>
  );
}

function MessageDialog({ dialog }: { dialog: OpenDialog }) {
  const titleId = useId();
  const bodyId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const cancellable = dialog.cancelText !== undefined;
  useFocusTrap(okRef);

  // OK has the focus, so Enter confirms, unless the dialog asks for Cancel (a confirmation that
  // gives something up); runs before the modal's own focus handling.
  useEffect(() => {
    (dialog.focusCancel && cancelRef.current ? cancelRef : okRef).current?.focus();
  }, [dialog.focusCancel]);

  return (
    <Modal
      show
      size="sm"
      backdrop="static"
      // Escape (WAI-ARIA APG dialog pattern: Escape closes the dialog): Cancel where there is
      // one, else the only answer, OK, so a notice is dismissed as its OK dismisses it.
      keyboard
      onHide={() => settleDialog(dialog.id, !cancellable)}
      centered
      restoreFocus={false}
      aria-labelledby={titleId}
      aria-describedby={dialog.html ? bodyId : undefined}
      className={`app-dialog app-dialog-${dialog.kind}`}
    >
      <Modal.Header>
        <Modal.Title as="h2" id={titleId} className={`fs-5 ${titleClass[dialog.kind]}`}>
          {dialog.title}
        </Modal.Title>
      </Modal.Header>
      {dialog.html ? (
        <Modal.Body>
          <div
            id={bodyId}
            className="app-dialog-message"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(dialog.html) }}
          />
        </Modal.Body>
      ) : null}
      <Modal.Footer>
        {cancellable ? (
          <Button
            ref={cancelRef}
            variant="secondary"
            onClick={() => settleDialog(dialog.id, false)}
          >
            {dialog.cancelText}
          </Button>
        ) : null}
        <Button ref={okRef} variant="primary" onClick={() => settleDialog(dialog.id, true)}>
          {dialog.okText}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** Shows the top open dialog of the dialog service. Mounted once, next to the router. */
export function DialogHost() {
  const open = useSyncExternalStore(
    dialogStore.subscribe,
    dialogStore.getSnapshot,
    dialogStore.getSnapshot,
  );
  const top = open.at(-1);
  const anyOpen = top !== undefined;
  useRestoreFocus(anyOpen);
  if (!top) return null;
  return top.busy ? (
    <BusyDialog key={top.id} dialog={top} />
  ) : (
    <MessageDialog key={top.id} dialog={top} />
  );
}

/**
 * When the last open dialog has closed, focus goes back to the control that was focused when the
 * first one opened (kept by the dialog service), unless something else has taken the focus since
 * (e.g. the next wizard step's heading). If that control can no longer take it, the focus goes
 * near it (`returnFocusAfterDialogs`).
 */
function useRestoreFocus(anyOpen: boolean): void {
  const wasOpen = useRef(anyOpen);
  useEffect(() => {
    if (wasOpen.current && !anyOpen) {
      const opener = takeDialogOpener();
      const active = document.activeElement;
      const lost = active === null || active === document.body;
      if (opener && lost) returnFocusAfterDialogs(opener);
    }
    wasOpen.current = anyOpen;
  }, [anyOpen]);
}

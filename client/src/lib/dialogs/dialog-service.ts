import { DIALOG_TEXT } from '@contracts/api/messages';

/**
 * The shared modal dialogs (01 §2.1, 03 §2 "Shared modal dialogs"), callable from anywhere —
 * screens, API error handling, plain functions — and awaitable. Open dialogs live in this small
 * external store (promises are not serialisable, so not in Redux); `<DialogHost/>` shows them.
 */

export type DialogKind = 'error' | 'success' | 'warn' | 'info' | 'loading' | 'processing';

export interface DialogOptions {
  kind?: DialogKind;
  title: string;
  /** HTML; sanitised before it is shown. */
  html?: string;
  /** Default "OK". */
  okText?: string;
  /** When given, a Cancel button shows and Escape cancels. */
  cancelText?: string;
  /**
   * Cancel has the focus when the dialog opens (else OK): for a confirmation whose OK gives
   * something up, so Enter keeps the safe choice (WAI-ARIA APG alert dialog: focus the least
   * destructive action).
   */
  focusCancel?: boolean;
}

export interface OpenDialog {
  id: number;
  kind: DialogKind;
  title: string;
  html: string;
  okText: string;
  cancelText?: string;
  focusCancel?: boolean;
  /** Loading and processing dialogs: a spinner and no buttons; closed by their handle. */
  busy: boolean;
}

export interface DialogHandle {
  close(): void;
}

type Listener = () => void;

/** Plain text (e.g. a server's errorMessage) made safe to pass as a dialog's HTML. */
export function textToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

let nextId = 1;
let stack: readonly OpenDialog[] = [];
const resolvers = new Map<number, (ok: boolean) => void>();
const listeners = new Set<Listener>();
/** The control focused when the first of the open dialogs opened: it gets the focus back. */
let opener: HTMLElement | null = null;

function publish(next: readonly OpenDialog[]): void {
  stack = next;
  for (const listener of listeners) listener();
}

function open(dialog: Omit<OpenDialog, 'id'>): { id: number; result: Promise<boolean> } {
  const id = nextId++;
  if (stack.length === 0 && typeof document !== 'undefined') {
    // A dialog opened as the one before it closes (a confirm, then "processing") keeps the
    // first opener: the focus is then on the closing dialog's button, or nowhere.
    const active = document.activeElement;
    const control = active instanceof HTMLElement && active !== document.body ? active : null;
    if (control && !control.closest('[role="dialog"]')) opener = control;
    else if (!opener?.isConnected) opener = null;
  }
  const result = new Promise<boolean>((resolve) => resolvers.set(id, resolve));
  publish([...stack, { ...dialog, id }]);
  return { id, result };
}

/** Closes one dialog; its promise resolves with `ok` (true for OK, false for Cancel/close). */
export function settleDialog(id: number, ok: boolean): void {
  const resolve = resolvers.get(id);
  resolvers.delete(id);
  if (stack.some((d) => d.id === id)) publish(stack.filter((d) => d.id !== id));
  resolve?.(ok);
}

/**
 * The control that was focused when the first of the dialogs now closed opened, once (the
 * dialog host gives it the focus back when the last dialog has closed).
 */
export function takeDialogOpener(): HTMLElement | null {
  const taken = opener;
  opener = null;
  return taken;
}

/**
 * While a dialog is open, the focus goes back to `target` when the last dialog closes, instead of
 * to the control that opened the first, if that control is inside `within`: for a part of a
 * screen whose action (an image slot's Upload or Remove) leaves the control pressed unusable,
 * and which knows which of its controls comes next. Answers whether a dialog was open and its
 * opener inside `within`.
 */
export function returnDialogFocusTo(target: HTMLElement, within: Element): boolean {
  if (stack.length === 0 || !opener || !within.contains(opener)) return false;
  opener = target;
  return true;
}

/** For `useSyncExternalStore`: the open dialogs, last on top. */
export const dialogStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): readonly OpenDialog[] {
    return stack;
  },
};

function message(kind: DialogKind, title: string, html: string, okText?: string) {
  return open({ kind, title, html, okText: okText ?? DIALOG_TEXT.ok, busy: false }).result.then(
    () => undefined,
  );
}

function busy(kind: 'loading' | 'processing', text: string): DialogHandle {
  const { id } = open({ kind, title: text, html: '', okText: DIALOG_TEXT.ok, busy: true });
  return { close: () => settleDialog(id, false) };
}

export const dialogs = {
  /** Any dialog; resolves true on OK, false on Cancel (Escape answers as Cancel, or OK without one). */
  show(options: DialogOptions): Promise<boolean> {
    return open({
      kind: options.kind ?? 'info',
      title: options.title,
      html: options.html ?? '',
      okText: options.okText ?? DIALOG_TEXT.ok,
      cancelText: options.cancelText,
      focusCancel: options.focusCancel,
      busy: false,
    }).result;
  },
  /** Error dialog with one OK button; resolves when dismissed. */
  error: (title: string, html = '', okText?: string) => message('error', title, html, okText),
  success: (title: string, html = '', okText?: string) => message('success', title, html, okText),
  warn: (title: string, html = '', okText?: string) => message('warn', title, html, okText),
  info: (title: string, html = '', okText?: string) => message('info', title, html, okText),
  /** OK and Cancel; resolves true on OK, false on Cancel or Escape. */
  confirm(
    title: string,
    html = '',
    options: Pick<DialogOptions, 'okText' | 'cancelText' | 'kind' | 'focusCancel'> = {},
  ): Promise<boolean> {
    return dialogs.show({
      kind: options.kind ?? 'warn',
      title,
      html,
      okText: options.okText,
      cancelText: options.cancelText ?? DIALOG_TEXT.cancel,
      focusCancel: options.focusCancel,
    });
  },
  /** "Loading..." with a spinner until `close()`. */
  loading: (): DialogHandle => busy('loading', DIALOG_TEXT.loading),
  /** "Your request is being processed, please wait ..." until `close()`. */
  processing: (): DialogHandle => busy('processing', DIALOG_TEXT.processing),
  /** Closes every open dialog (each pending promise resolves as cancelled). */
  closeAll(): void {
    for (const dialog of [...stack].reverse()) settleDialog(dialog.id, false);
  },
};

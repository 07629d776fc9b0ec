/**
 * The page's dialogs: native <dialog> opened modal (jsdom has no showModal: then the `open`
 * attribute), closed by its buttons or Escape, giving the focus back to what opened it.
 */
import { h } from '@/sites/shared/dom';

let nextId = 0;
/** A fresh id for an element the page draws more than once. */
export function uid(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** The opener's button drawn again meanwhile (the same `data-key`), when it was a row's. */
function redrawn(host: HTMLElement, opener: HTMLElement | null): HTMLElement | null {
  const key = opener?.getAttribute('data-key');
  if (key === null || key === undefined) return null;
  return (
    [...host.querySelectorAll<HTMLElement>('[data-key]')].find(
      (element) => element.getAttribute('data-key') === key,
    ) ?? null
  );
}

export interface Modal {
  dialog: HTMLDialogElement;
  close(): void;
}

/**
 * Shows `dialog` (appended to `host`) modal; `close()` (or Escape) closes and removes it, runs
 * `onClose` and puts the focus back on the opener (or its row's button drawn again), or on
 * `fallback()` when the opener is gone.
 */
export function openModal(
  host: HTMLElement,
  dialog: HTMLDialogElement,
  onClose: () => void = () => undefined,
  fallback: () => HTMLElement | null = () => null,
): Modal {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (dialog.open && typeof dialog.close === 'function') dialog.close();
    dialog.remove();
    onClose();
    const target = opener?.isConnected === true ? opener : (redrawn(host, opener) ?? fallback());
    target?.focus();
  };
  // Escape: a modal dialog closes by itself ('close'); without showModal, by this key handler.
  dialog.addEventListener('close', close);
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  });
  host.append(dialog);
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
  return { dialog, close };
}

export interface Field {
  name: string;
  label: string;
  /** `integer`: sent as a number when it is one (anything else goes as typed: the server says). */
  type?: 'text' | 'integer' | 'select';
  /** A select's options: value and label. */
  options?: readonly (readonly [string, string])[];
  required?: boolean;
}

export type FormValues = Record<string, string>;

export interface FormDialog {
  heading: string;
  fields: readonly Field[];
  values: FormValues;
  submit: string;
  cancel: string;
  /** Sends the form: a message to show (the dialog stays open), or undefined when done. */
  onSubmit(values: FormValues): Promise<string | undefined>;
  fallback?: () => HTMLElement | null;
}

/** A form in a modal dialog: labelled fields, the server's message in an alert, Cancel. */
export function openFormDialog(host: HTMLElement, options: FormDialog): Modal {
  const headingId = uid('mock-form-heading');
  const inputs = options.fields.map((field) => {
    const id = uid(`mock-field-${field.name}`);
    const value = options.values[field.name] ?? '';
    // A value the options lack (a method such as PROPFIND) is offered too, never replaced.
    const listed = field.options ?? [];
    const offered =
      value === '' || listed.some(([optionValue]) => optionValue === value)
        ? listed
        : [[value, value] as const, ...listed];
    const input =
      field.type === 'select'
        ? h(
            'select',
            { id, name: field.name },
            ...offered.map(([optionValue, label]) =>
              h('option', { value: optionValue, selected: optionValue === value }, label),
            ),
          )
        : h('input', {
            id,
            name: field.name,
            value,
            required: field.required === true,
            inputmode: field.type === 'integer' ? 'numeric' : null,
            autocomplete: 'off',
          });
    input.value = value;
    return { field, input, row: h('p', {}, h('label', { for: id }, field.label), input) };
  });
  const error = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit' }, options.submit);
  const cancel = h('button', { type: 'button' }, options.cancel);
  const form = h(
    'form',
    { class: 'fields' },
    ...inputs.map(({ row }) => row),
    error,
    h('p', { class: 'controls' }, cancel, submit),
  );
  const dialog = h(
    'dialog',
    { 'aria-labelledby': headingId },
    h('h2', { id: headingId }, options.heading),
    form,
  );
  const modal = openModal(host, dialog, undefined, options.fallback);
  cancel.addEventListener('click', modal.close);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values: FormValues = {};
    for (const { field, input } of inputs) values[field.name] = input.value.trim();
    submit.disabled = true;
    error.textContent = '';
    void options.onSubmit(values).then((problem) => {
      submit.disabled = false;
      if (problem === undefined) modal.close();
      else error.textContent = problem;
    });
  });
  inputs[0]?.input.focus();
  return modal;
}

/** An integer field's value as the API takes it: omitted when empty. */
export function integerOf(text: string | undefined): number | string | undefined {
  if (text === undefined || text === '') return undefined;
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

/**
 * Unsaved changes, the form kit's side: what a screen holds and has not saved registers a check
 * with the nearest <UnsavedChangesScope> (a step's form: <FormUnsavedChanges/>; an image slot
 * with a chosen file: useUnsavedChanges). Whoever owns the scope (the wizard frame) reads the
 * checks when someone leaves. Outside a scope the hooks do nothing.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { FormState } from 'final-form';
import { useForm } from 'react-final-form';

type Check = () => boolean;

/**
 * What to ask instead of the scope owner's own question, when this check is the first that
 * holds something unsaved (e.g. 03 §8 'Continue without importing?').
 */
export interface LeaveQuestion {
  title: string;
  /** HTML, as a dialog's message. */
  html?: string;
  okText?: string;
  cancelText?: string;
}

const UnsavedChangesContext = createContext<Pick<UnsavedChangesRegistry, 'register'> | null>(null);

/** Registers `check` (read when someone leaves) for as long as the caller is mounted. */
function useRegisteredCheck(check: Check, question?: LeaveQuestion): void {
  const registry = useContext(UnsavedChangesContext);
  const latest = useRef(check);
  const latestQuestion = useRef(question);
  useEffect(() => {
    latest.current = check;
    latestQuestion.current = question;
  });
  useEffect(
    () =>
      registry?.register(
        () => latest.current(),
        () => latestQuestion.current,
      ),
    [registry],
  );
}

/**
 * Marks the screen as holding unsaved changes while `unsaved` is true (or, given a function,
 * answers true when asked); `question`, when given, is what leaving asks then.
 */
export function useUnsavedChanges(
  unsaved: boolean | (() => boolean),
  question?: LeaveQuestion,
): void {
  useRegisteredCheck(typeof unsaved === 'function' ? unsaved : () => unsaved, question);
}

/** A form's unsaved state: changed from what it loaded, and not being saved right now. */
export const formIsUnsaved = ({
  dirty,
  submitting,
}: Pick<FormState<object>, 'dirty' | 'submitting'>): boolean => Boolean(dirty) && !submitting;

export interface FormUnsavedChangesProps<Values extends object> {
  /** Instead of `formIsUnsaved`, e.g. when part of the form is saved as soon as it changes. */
  isUnsaved?(state: FormState<Values>): boolean;
}

/**
 * Put inside a final-form <Form>: its changes count as unsaved until saved. While the form
 * submits they do not, so the save's own move to the next step is not held up.
 */
export function FormUnsavedChanges<Values extends object>({
  isUnsaved,
}: FormUnsavedChangesProps<Values>) {
  const form = useForm<Values>();
  useRegisteredCheck(() => {
    const state = form.getState();
    return isUnsaved ? isUnsaved(state) : formIsUnsaved(state);
  });
  return null;
}

/** The checks of one scope; `anyUnsaved()` tells whether any holds unsaved changes now. */
export interface UnsavedChangesRegistry {
  register(check: Check, question?: () => LeaveQuestion | undefined): () => void;
  anyUnsaved(): boolean;
  /** The own question of the first check holding unsaved changes, if it has one. */
  unsavedQuestion(): LeaveQuestion | undefined;
}

/** A registry for an <UnsavedChangesScope>, made once per owner. */
export function useUnsavedChangesRegistry(): UnsavedChangesRegistry {
  const [registry] = useState<UnsavedChangesRegistry>(() => {
    const checks = new Map<Check, (() => LeaveQuestion | undefined) | undefined>();
    return {
      register(check, question) {
        checks.set(check, question);
        return () => checks.delete(check);
      },
      anyUnsaved: () => [...checks.keys()].some((check) => check()),
      unsavedQuestion: () => {
        const first = [...checks].find(([check]) => check());
        return first?.[1]?.();
      },
    };
  });
  return registry;
}

/** Everything inside registers its checks with `registry`. */
export function UnsavedChangesScope({
  registry,
  children,
}: {
  registry: UnsavedChangesRegistry;
  children: ReactNode;
}) {
  return (
    <UnsavedChangesContext.Provider value={registry}>{children}</UnsavedChangesContext.Provider>
  );
}

/**
 * Unsaved changes, the form kit's side: what a screen holds and has not saved registers a check
 * with the nearest <UnsavedChangesScope> (a step's form: <FormUnsavedChanges/>; an image slot
 * with a chosen file: useUnsavedChanges). Whoever owns the scope (the wizard frame) reads the
 * checks when someone leaves. Outside a scope the hooks do nothing.
 *
 * <FormUnsavedChanges/> also keeps a form's unsaved values when the session ends by itself and
 * puts them back after the same user signs in again (lib/session/session-draft.ts), those of the
 * fields a mode switch hides included. Secret fields are never kept: a field is secret when its
 * field data carries SECRET_FIELD (every password input does: components/form/TextField.tsx);
 * a hidden one, when it did as last shown. A form re-initialised from its record read again keeps
 * the changes of the hidden fields as it does those of the shown ones (keepHiddenChanges).
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { getIn, type FormApi, type FormState, type Unsubscribe } from 'final-form';
import { useForm, useFormState } from 'react-final-form';
import { ReactReduxContext } from 'react-redux';
import { SESSION_DRAFT_TEXT } from '@/config/texts';
import { restoredEtagsKept } from '@/lib/api/record-etags';
import { registerDraftSource, takeDraft, type DraftValues } from '@/lib/session/session-draft';
import { fieldData, hiddenNames } from '@/lib/forms/use-field';

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

/**
 * After a successful save of `saved` (the values the form submitted, onSubmit's `values`): they
 * become what the form loaded. A read again of the saved record then replaces each field
 * (KeepChangesForm keeps only fields changed since the load), so a value the record holds
 * its own way (an emptied text stored as null and shown as its default) is not taken for unsaved
 * typing while the next screen is on its way. What was typed while the save ran was not sent: it
 * stays in its field, changed from what was saved, so it still counts as unsaved (formIsUnsaved)
 * and the save's own move on asks before leaving it. The values of fields a mode switch hides
 * are among those submitted, though the save did not send them: the choice that hides them is
 * what was saved, so they count as saved too, and the record read again replaces them.
 */
export function keepAsSaved<Values extends object>(form: FormApi<Values>, saved: Values): void {
  const held = form.getState().values;
  form.batch(() => {
    form.initialize(saved);
    for (const name of form.getRegisteredFields()) {
      const typed: unknown = getIn(held, name);
      if (getIn(form.getState().values, name) !== typed) {
        form.change(name as keyof Values, typed as Values[keyof Values]);
      }
    }
  });
}

/**
 * A form's unsaved state: changed from what it loaded. While it submits, what it submitted does
 * not count (the save's own move to the next step is not held up), only what was changed since.
 */
export const formIsUnsaved = ({
  dirty,
  submitting,
  dirtySinceLastSubmit,
}: Pick<FormState<object>, 'dirty' | 'submitting' | 'dirtySinceLastSubmit'>): boolean =>
  Boolean(dirty) && (!submitting || Boolean(dirtySinceLastSubmit));

export interface FormUnsavedChangesProps<Values extends object> {
  /** Instead of `formIsUnsaved`, e.g. when part of the form is saved as soon as it changes. */
  isUnsaved?(state: FormState<Values>): boolean;
  /**
   * False: the screen around the form keeps what is unsaved when the session ends
   * (useSessionDraft), because it edits the same thing another way too; the form keeps nothing.
   */
  sessionDraft?: boolean;
}

/**
 * Field data (`useField(name, { data: SECRET_FIELD })`) of a field whose value must never reach
 * the browser's storage (a password): kept out of the values saved when the session ends.
 */
export const SECRET_FIELD: Readonly<Record<'secret', true>> = Object.freeze({ secret: true });

/**
 * A field under `name` carries SECRET_FIELD: one on screen now, or, when none is (hidden by a mode
 * switch), the last one that was (lib/forms/use-field.ts, fieldData).
 */
const isSecret = (form: FormApi<object>, name: string): boolean =>
  fieldData(form, name).some((data) => (data as Partial<typeof SECRET_FIELD>).secret === true);

/** The list item a field belongs to: `sliding[1]` of `sliding[1].max`; undefined outside lists. */
const itemOf = (name: string): string | undefined => /^.*\[\d+\]/.exec(name)?.[0];

/** `name` is a field of a list item that `values` does not hold (a row removed). */
const inRemovedItem = (values: object, name: string): boolean => {
  const item = itemOf(name);
  return item !== undefined && getIn(values, item) === undefined;
};

/**
 * The fields a mode switch hides in `form` (shown before, not registered now:
 * lib/forms/use-field.ts, hiddenNames) that hold a change in `state`: the value the form holds
 * for them is not the one it loaded. A hidden field of a list row that is gone (removed) holds
 * none.
 */
function changedHiddenFields(
  form: FormApi<object>,
  { values, initialValues }: Pick<FormState<object>, 'values' | 'initialValues'>,
): string[] {
  return hiddenNames(form).filter(
    (name) =>
      getIn(values, name) !== getIn(initialValues ?? {}, name) && !inRemovedItem(values, name),
  );
}

/**
 * The values of a form's changed fields, secrets left out: its registered fields first, in the
 * order they registered, then the changed fields a mode switch hides (changedHiddenFields). A
 * changed field of a list item keeps its whole item (a row added holds values no field edits,
 * such as where a scale row starts), unless a secret field, shown or hidden, belongs to that
 * item.
 */
function unsavedValues(form: FormApi<object>): DraftValues {
  const state = form.getState();
  const { dirtyFields, values } = state;
  const fields = [...form.getRegisteredFields(), ...hiddenNames(form)];
  const changed = new Set([
    ...Object.keys(dirtyFields ?? {}).filter((name) => dirtyFields?.[name]),
    ...changedHiddenFields(form, state),
  ]);
  const kept = new Map<string, unknown>();
  for (const name of fields) {
    if (!changed.has(name) || isSecret(form, name)) continue;
    const item = itemOf(name);
    const whole =
      item !== undefined &&
      !fields.some((other) => itemOf(other) === item && isSecret(form, other));
    const key = whole ? item : name;
    if (!kept.has(key)) kept.set(key, getIn(values, key));
  }
  return kept;
}

/**
 * A form decorator (react-final-form's `decorators`; lib/forms/keep-changes-form.tsx puts it on
 * every form that keeps the operator's changes when it re-initialises): what was typed in a field
 * a mode switch hides is kept when the form's initial values change (the record read again), as
 * keepDirtyOnReinitialize keeps the changes of the fields on screen, which final-form limits to
 * the registered ones. A hidden field changed from the value the form had loaded
 * (changedHiddenFields) whose value the new initial values replaced gets its typed value back: it
 * counts as unsaved where it differs from the new loaded value, and the field shows it once a
 * choice shows the field again. Untouched: a hidden field the re-initialisation did not replace
 * (keepAsSaved's, whose saved values hold it), and one of a list row the new values lack.
 */
export function keepHiddenChanges<Values extends object>(form: FormApi<Values>): Unsubscribe {
  const anyForm = form as unknown as FormApi<object>;
  let last: FormState<object> | undefined;
  return anyForm.subscribe(
    (state) => {
      const before = last;
      last = state;
      if (before === undefined || state.initialValues === before.initialValues) return;
      const loaded = state.initialValues ?? {};
      const replaced = changedHiddenFields(anyForm, before).filter((name) => {
        const value: unknown = getIn(state.values, name);
        return (
          value !== getIn(before.values, name) &&
          value === getIn(loaded, name) &&
          !inRemovedItem(state.values, name)
        );
      });
      if (replaced.length === 0) return;
      // Within the notification of the re-initialisation, as final-form's own decorators
      // (final-form-calculate) change values: final-form notifies again once this one is done, so
      // every subscriber, and the form's reactions to a change (a new country clears the state),
      // see the values kept.
      anyForm.batch(() => {
        for (const name of replaced) {
          anyForm.change(name as never, getIn(before.values, name) as never);
        }
      });
    },
    { values: true, initialValues: true },
  );
}

/**
 * Takes a form's kept values (session-draft.ts, takeDraft). The tags they were typed over go to
 * the store, so the screen's saves go with them (lib/api/record-etags.ts, RestoredEtags) however
 * the screen came back: a sign-in here, or one in another tab of the same browser.
 */
function useTakeDraft(): (names: readonly string[]) => DraftValues | undefined {
  // Outside the app's store (a form rendered on its own) the values come back without the tags.
  const store = useContext(ReactReduxContext)?.store;
  return useCallback(
    (names) => {
      const taken = takeDraft(names);
      if (taken?.restoredEtags) store?.dispatch(restoredEtagsKept(taken.restoredEtags));
      return taken?.values;
    },
    [store],
  );
}

/** What the user does that ends the restore's hold on the values (user-event and browsers alike). */
const USER_INPUT_EVENTS = ['pointerdown', 'keydown', 'input', 'change'] as const;

/**
 * Puts `restored` into the form. A form's own reactions to a change (a new country clears the
 * state, a new BIN clears the suffixes) then run as if the user had made the change, and would
 * clear values that were typed after it: until the user does something, a restored value changed
 * by the form itself is put back, once per field. Returns the end of that hold.
 */
function applyDraft(form: FormApi<object>, restored: DraftValues): () => void {
  const change = (name: string, value: unknown) => form.change(name as never, value as never);
  form.batch(() => {
    for (const [name, value] of restored) change(name, value);
  });
  const putBack = new Set(restored.keys());
  let holding = true;
  const unsubscribe = form.subscribe(
    ({ values }) => {
      if (!holding) return;
      const moved = [...putBack].filter((name) => getIn(values, name) !== restored.get(name));
      if (moved.length === 0) return;
      for (const name of moved) putBack.delete(name);
      // After the reaction that changed them, once the notification of its change is done.
      queueMicrotask(() => {
        if (!holding) return;
        form.batch(() => {
          for (const name of moved) change(name, restored.get(name));
        });
      });
    },
    { values: true },
  );
  const release = () => {
    if (!holding) return;
    holding = false;
    unsubscribe();
    for (const type of USER_INPUT_EVENTS) window.removeEventListener(type, release, true);
  };
  for (const type of USER_INPUT_EVENTS) window.addEventListener(type, release, true);
  return release;
}

/**
 * Put inside a final-form <Form>: its changes count as unsaved until saved. While the form
 * submits, what it submitted does not, so the save's own move to the next step is not held up;
 * what is typed meanwhile does (formIsUnsaved, keepAsSaved).
 *
 * When the session ends by itself its changed values are kept (a save in progress included: the
 * session may end during it), with the names of its fields on screen (which form they belong to),
 * and when the form opens again on the same screen for the same user they are put back on top of
 * what it loaded — changed, unsaved — with a notice saying so. A value of a field hidden then
 * goes back into the form without a field (final-form's `change` takes any name): it counts as
 * unsaved as it did, and the field shows it once a choice shows the field again.
 */
export function FormUnsavedChanges<Values extends object>({
  isUnsaved,
  sessionDraft = true,
}: FormUnsavedChangesProps<Values>) {
  const form = useForm<Values>();
  const unsaved = (state: FormState<Values>) =>
    isUnsaved ? isUnsaved(state) : formIsUnsaved(state);
  useRegisteredCheck(() => unsaved(form.getState()));

  const latestUnsaved = useRef(unsaved);
  useEffect(() => {
    latestUnsaved.current = unsaved;
  });
  useEffect(() => {
    if (!sessionDraft) return undefined;
    const anyForm = form as unknown as FormApi<object>;
    return registerDraftSource(
      () =>
        latestUnsaved.current({ ...form.getState(), submitting: false })
          ? unsavedValues(anyForm)
          : undefined,
      () => anyForm.getRegisteredFields(),
    );
  }, [form, sessionDraft]);

  const takeKept = useTakeDraft();
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (!sessionDraft) return undefined;
    const anyForm = form as unknown as FormApi<object>;
    let mounted = true;
    let release: (() => void) | undefined;
    // Once the fields have registered: they register in their own effects, after this one, and
    // a field registering sets its loaded value.
    queueMicrotask(() => {
      if (!mounted) return;
      const fields = anyForm.getRegisteredFields().filter((name) => !isSecret(anyForm, name));
      const draft = takeKept(fields);
      if (!draft) return;
      release = applyDraft(anyForm, draft);
      setRestored(true);
    });
    return () => {
      mounted = false;
      release?.();
    };
  }, [form, sessionDraft, takeKept]);

  return restored ? <FormRestoredNotice /> : null;
}

/** Says that the form holds restored values, until they are saved. */
function FormRestoredNotice() {
  const { submitSucceeded } = useFormState({ subscription: { submitSucceeded: true } });
  return submitSucceeded ? null : <RestoredNotice />;
}

/** "Your unsaved changes were restored. They are not saved yet." */
export function RestoredNotice() {
  return (
    <div role="status" className="alert alert-info">
      {SESSION_DRAFT_TEXT.restored}
    </div>
  );
}

/**
 * A screen's own unsaved state, kept like a form's values (<FormUnsavedChanges/>) when the
 * session ends by itself, for a screen whose state is more than one form holds (the merchant's
 * Site Editor: a stylesheet two forms edit, and which of them is open). `unsaved()` answers the
 * state while something is unsaved (undefined: nothing is), stored under `name`; when the screen
 * opens again for the same user, `restore` gets the kept value once, if `isValue` takes it.
 * Answers whether it did (the screen then shows <RestoredNotice/>).
 */
export function useSessionDraft<T>(
  name: string,
  unsaved: () => T | undefined,
  isValue: (value: unknown) => value is T,
  restore: (value: T) => void,
): boolean {
  const latest = useRef({ unsaved, isValue, restore });
  useEffect(() => {
    latest.current = { unsaved, isValue, restore };
  });
  useEffect(
    () =>
      registerDraftSource(() => {
        const value = latest.current.unsaved();
        return value === undefined ? undefined : new Map([[name, value]]);
      }),
    [name],
  );
  const takeKept = useTakeDraft();
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const value = takeKept([name])?.get(name);
    if (!latest.current.isValue(value)) return;
    latest.current.restore(value);
    setRestored(true);
  }, [name, takeKept]);
  return restored;
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

/** What the scope offers when the session ends with something unsaved: no values. */
const NOTHING_KEPT: DraftValues = new Map();

/**
 * Everything inside registers its checks with `registry`. When the session ends by itself while
 * any of them holds something unsaved, the screen is kept for the same user's next sign-in
 * (session-draft.ts), even when nothing of it may be kept (a PIN or password typed, a chosen
 * file): the sign-in returns to it, and puts back what the forms and screens kept themselves.
 */
export function UnsavedChangesScope({
  registry,
  children,
}: {
  registry: UnsavedChangesRegistry;
  children: ReactNode;
}) {
  useEffect(
    () => registerDraftSource(() => (registry.anyUnsaved() ? NOTHING_KEPT : undefined)),
    [registry],
  );
  return (
    <UnsavedChangesContext.Provider value={registry}>{children}</UnsavedChangesContext.Provider>
  );
}

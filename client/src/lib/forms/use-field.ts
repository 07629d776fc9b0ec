/**
 * The form kit's one way to read or edit a field of a final-form form: react-final-form's
 * `useField`, with the value a field holds kept when the field mounts again.
 *
 * react-final-form sets a field that mounts while no field state of that name is registered to
 * the form's initial value for it, whatever the form's values hold, and renders that initial
 * value until the field has registered. A field hidden by a mode switch (a radio or select that
 * shows other fields, a control swapped for another of the same name, a list row removed and
 * added again) has no registered state while hidden, so without this it would come back with the
 * loaded value, and what the operator typed would be lost.
 *
 * Here the field's state is registered a moment earlier (a layout effect, which React runs before
 * the field's own registration, a passive effect), with no subscription and no validator: the
 * field then finds its state and keeps the value the form holds; and until it has registered,
 * that value is what it renders. The state is given up with the field, so a hidden field is not
 * registered: not validated. What was typed in it still makes the form count as changed
 * (final-form compares the values the form holds with the loaded ones, registered or not), so
 * leaving asks; the session's end keeps it, and so does the form's re-initialisation from its
 * record read again (lib/forms/unsaved-changes.tsx, keepHiddenChanges), which is why the form
 * remembers the fields it has shown (`shownNames`, `hiddenNames`).
 *
 * A field's `data` (e.g. SECRET_FIELD, lib/forms/unsaved-changes.tsx) is read with `fieldData`,
 * not from final-form's field state: final-form sets a field state's data once, when the state is
 * made, and the state registered early outlives the field's own registrations, so a field whose
 * data changes (a text input turned into a password) would keep its first data there. `fieldData`
 * answers what each field of that name on screen was given in its latest render; for a name no
 * field shows now (hidden by a mode switch), what the last of them was given when it left, so a
 * password hidden is still known to be one.
 *
 * Only the options the form kit uses are taken (no format, parse or type): the value rendered
 * before the registration is the form's value as react-final-form shows it (undefined shows
 * empty, and so does null unless `allowNull`). An `isEqual` is set by the field's own
 * registration: final-form keeps a field state's comparison through a registration that gives
 * none, such as the early one.
 */
import { useLayoutEffect } from 'react';
import { getIn, type FormApi } from 'final-form';
import { useField as useFinalFormField, useForm } from 'react-final-form';
import type { FieldRenderProps, UseFieldConfig } from 'react-final-form';

export type FieldConfig = Pick<
  UseFieldConfig,
  'subscription' | 'validate' | 'data' | 'allowNull' | 'isEqual'
>;

const IGNORE = (): void => undefined;

type FieldData = NonNullable<FieldConfig['data']>;

/** One field on screen: the data it was given in its latest render. */
interface Shown {
  data: FieldData | undefined;
}

/** What a form's fields have shown, by field name. */
interface FormFields {
  /** Each field of that name on screen now. */
  onScreen: Map<string, Set<Shown>>;
  /**
   * Every name a field has shown under since the form was made, in the order they first showed,
   * with the data of the last field of that name to leave the screen (none yet: still shown).
   */
  everShown: Map<string, FieldData | undefined>;
}

const formFields = new WeakMap<object, FormFields>();

function fieldsOf(form: object): FormFields {
  const known = formFields.get(form) ?? { onScreen: new Map(), everShown: new Map() };
  formFields.set(form, known);
  return known;
}

/** Records a field's data for as long as the field shows it; returns the removal. */
function showData(form: object, name: string, data: FieldData | undefined): () => void {
  const { onScreen, everShown } = fieldsOf(form);
  if (!everShown.has(name)) everShown.set(name, undefined);
  const shown = onScreen.get(name) ?? new Set<Shown>();
  onScreen.set(name, shown);
  // An entry of its own: two fields may show the same (frozen) data object.
  const entry: Shown = { data };
  shown.add(entry);
  return () => {
    shown.delete(entry);
    if (shown.size > 0 || onScreen.get(name) !== shown) return;
    onScreen.delete(name);
    everShown.set(name, data);
  };
}

/**
 * The data (useField's `data`) of each field named `name` on screen in `form`, as rendered last;
 * when none is on screen (a field a mode switch hides), the data of the last one to leave.
 */
export function fieldData(form: object, name: string): FieldData[] {
  const known = formFields.get(form);
  const shown = known?.onScreen.get(name);
  if (shown) return [...shown].flatMap(({ data }) => (data === undefined ? [] : [data]));
  const last = known?.everShown.get(name);
  return last === undefined ? [] : [last];
}

/**
 * The name of every field `form` has shown since it was made, on screen now or not (hidden by a
 * mode switch, a list row removed), in the order they first showed.
 */
export function shownNames(form: object): string[] {
  return [...(formFields.get(form)?.everShown.keys() ?? [])];
}

/**
 * The name of every field `form` has shown that no field shows now (hidden by a mode switch, a
 * list row removed): `shownNames` less the fields registered.
 */
export function hiddenNames(form: Pick<FormApi<object>, 'getRegisteredFields'>): string[] {
  const registered = new Set(form.getRegisteredFields());
  return shownNames(form).filter((name) => !registered.has(name));
}

export function useField<V>(name: string, config: FieldConfig = {}): FieldRenderProps<V> {
  const form = useForm('useField');
  const { subscription, validate, data, allowNull = false, isEqual } = config;
  useLayoutEffect(
    // `silent`: only this field's own subscribers hear of it; the field's registration then
    // tells the form.
    () => form.registerField(name, IGNORE, {}, { silent: true }),
    [form, name],
  );
  useLayoutEffect(() => showData(form, name, data), [form, name, data]);
  const field = useFinalFormField<V>(name, { subscription, validate, allowNull, isEqual });
  const held: unknown = getIn(form.getState().values, name);
  const shown = (held === undefined || (held === null && !allowNull) ? '' : held) as V;
  if (field.input.value === shown) return field;
  return { ...field, input: { ...field.input, value: shown } };
}

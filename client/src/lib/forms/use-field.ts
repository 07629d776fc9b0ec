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
 * that value is what it renders. The state is given up with the field, so a hidden field is still
 * not registered: not validated, and not kept when the session ends. What was typed in it still
 * makes the form count as changed (final-form compares the values the form holds with the loaded
 * ones, registered or not), so leaving asks.
 *
 * A field's `data` (e.g. SECRET_FIELD, lib/forms/unsaved-changes.tsx) is read with `fieldData`,
 * not from final-form's field state: final-form sets a field state's data once, when the state is
 * made, and the state registered early outlives the field's own registrations, so a field whose
 * data changes (a text input turned into a password) would keep its first data there. `fieldData`
 * answers what each field of that name on screen was given in its latest render.
 *
 * Only the options the form kit uses are taken (no format, parse or type): the value rendered
 * before the registration is the form's value as react-final-form shows it (undefined shows
 * empty, and so does null unless `allowNull`).
 */
import { useLayoutEffect } from 'react';
import { getIn } from 'final-form';
import { useField as useFinalFormField, useForm } from 'react-final-form';
import type { FieldRenderProps, UseFieldConfig } from 'react-final-form';

export type FieldConfig = Pick<UseFieldConfig, 'subscription' | 'validate' | 'data' | 'allowNull'>;

const IGNORE = (): void => undefined;

type FieldData = NonNullable<FieldConfig['data']>;

/** Per form, per field name: the data of each field of that name on screen. */
const mountedData = new WeakMap<object, Map<string, Set<{ data: FieldData | undefined }>>>();

/** Adds a field's data to `mountedData` for as long as the field shows it; returns the removal. */
function showData(form: object, name: string, data: FieldData | undefined): () => void {
  const byName = mountedData.get(form) ?? new Map<string, Set<{ data: FieldData | undefined }>>();
  mountedData.set(form, byName);
  const shown = byName.get(name) ?? new Set<{ data: FieldData | undefined }>();
  byName.set(name, shown);
  // An entry of its own: two fields may show the same (frozen) data object.
  const entry = { data };
  shown.add(entry);
  return () => {
    shown.delete(entry);
    if (shown.size === 0 && byName.get(name) === shown) byName.delete(name);
  };
}

/** The data (useField's `data`) of each field named `name` on screen in `form`, as rendered last. */
export function fieldData(form: object, name: string): FieldData[] {
  const shown = mountedData.get(form)?.get(name);
  return shown ? [...shown].flatMap(({ data }) => (data === undefined ? [] : [data])) : [];
}

export function useField<V>(name: string, config: FieldConfig = {}): FieldRenderProps<V> {
  const form = useForm('useField');
  const { subscription, validate, data, allowNull = false } = config;
  useLayoutEffect(
    // `silent`: only this field's own subscribers hear of it; the field's registration then
    // tells the form.
    () => form.registerField(name, IGNORE, {}, { silent: true }),
    [form, name],
  );
  useLayoutEffect(() => showData(form, name, data), [form, name, data]);
  const field = useFinalFormField<V>(name, { subscription, validate, allowNull });
  const held: unknown = getIn(form.getState().values, name);
  const shown = (held === undefined || (held === null && !allowNull) ? '' : held) as V;
  if (field.input.value === shown) return field;
  return { ...field, input: { ...field.input, value: shown } };
}

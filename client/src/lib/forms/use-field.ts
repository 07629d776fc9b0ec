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
 * the field's own registration, a passive effect), with no subscription, no validator and the
 * field's data: the field then finds its state and keeps the value the form holds; and until it
 * has registered, that value is what it renders. The state is given up with the field, so a
 * hidden field is still not registered: not validated, not counted as changed, and not kept when
 * the session ends.
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

export function useField<V>(name: string, config: FieldConfig = {}): FieldRenderProps<V> {
  const form = useForm('useField');
  const { data, allowNull = false } = config;
  useLayoutEffect(
    // `silent`: only this field's own subscribers hear of it; the field's registration then
    // tells the form.
    () => form.registerField(name, IGNORE, {}, { data, silent: true }),
    [form, name, data],
  );
  const field = useFinalFormField<V>(name, config);
  const held: unknown = getIn(form.getState().values, name);
  const shown = (held === undefined || (held === null && !allowNull) ? '' : held) as V;
  if (field.input.value === shown) return field;
  return { ...field, input: { ...field.input, value: shown } };
}

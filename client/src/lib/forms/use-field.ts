/**
 * The form kit's one way to read or edit a field of a final-form form: react-final-form's
 * `useField`, with the value a field holds kept when the field mounts again.
 *
 * react-final-form sets a field that mounts while no field state of that name is registered to
 * the form's initial value for it (or the field's `initialValue`), whatever the form's values
 * hold. A field hidden by a mode switch (a radio or select that shows other fields, a component
 * swapped for another of the same name) has no registered state while hidden, so without this it
 * would come back with the loaded value, and what the operator typed would be lost.
 *
 * Here a field's state is registered a moment earlier (a layout effect, which React runs before
 * the field's own registration, a passive effect), with no subscription, no validator and the
 * field's data: the field then finds its state and shows the value the form holds. It is given up
 * with the field, so a hidden field is still not registered: not validated, not counted as
 * changed, and not kept when the session ends, as before.
 */
import { useLayoutEffect } from 'react';
import { useField as useFinalFormField, useForm } from 'react-final-form';
import type { FieldRenderProps, UseFieldConfig } from 'react-final-form';

const IGNORE = (): void => undefined;

export function useField<V>(name: string, config: UseFieldConfig = {}): FieldRenderProps<V> {
  const form = useForm('useField');
  const { data } = config;
  useLayoutEffect(
    // `silent`: only this field's own subscribers hear of it; the field's registration then
    // tells the form.
    () => form.registerField(name, IGNORE, {}, { data, silent: true }),
    [form, name, data],
  );
  return useFinalFormField<V>(name, config);
}

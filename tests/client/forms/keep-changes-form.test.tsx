import { useEffect, useRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useFormState } from 'react-final-form';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { TextField } from '@/components/form/TextField';
import { KeepChangesForm } from '@/lib/forms/keep-changes-form';
import { formIsUnsaved, keepAsSaved } from '@/lib/forms/unsaved-changes';
import { useField } from '@/lib/forms/use-field';

interface Values {
  mode?: string;
  country?: string;
  name?: string;
  region?: string;
  other?: string;
}

/**
 * A mode radio as the screens have: mode A shows a name and a region, mode B another field. A
 * country, always shown, clears the region when it changes (as a new country clears the state).
 */
function ModeFields() {
  const { values } = useFormState<Values>({ subscription: { values: true } });
  return (
    <>
      <RadioGroupField<string>
        name="mode"
        label="Mode"
        options={[
          { value: 'a', label: 'Mode A' },
          { value: 'b', label: 'Mode B' },
        ]}
      />
      <TextField name="country" label="Country" />
      <RegionRule />
      {values.mode === 'a' ? (
        <>
          <TextField name="name" label="Name" />
          <TextField name="region" label="Region" />
        </>
      ) : (
        <TextField name="other" label="Other" />
      )}
      <UnsavedStatus />
      <SavedButton />
    </>
  );
}

/** A new country clears the region (a reaction to a change, as the screens' watchers are). */
function RegionRule() {
  const form = useForm<Values>();
  const { input } = useField<string | undefined>('country', { subscription: { value: true } });
  const previous = useRef(input.value);
  useEffect(() => {
    if (previous.current !== input.value) form.change('region', undefined);
    previous.current = input.value;
  }, [input.value, form]);
  return null;
}

/** What leaving would see: "Unsaved" while the form holds a change. */
function UnsavedStatus() {
  const state = useFormState<Values>();
  return <output aria-label="Status">{formIsUnsaved(state) ? 'Unsaved' : 'Saved'}</output>;
}

/** A successful save of everything the form holds (keepAsSaved, as the steps' saves do). */
function SavedButton() {
  const form = useForm<Values>();
  return (
    <button type="button" onClick={() => keepAsSaved(form, form.getState().values)}>
      Saved
    </button>
  );
}

function renderForm(initialValues: Values) {
  const user = userEvent.setup();
  const view = render(
    <KeepChangesForm<Values> onSubmit={() => undefined} initialValues={initialValues}>
      {() => <ModeFields />}
    </KeepChangesForm>,
  );
  const readAgain = (values: Values) =>
    view.rerender(
      <KeepChangesForm<Values> onSubmit={() => undefined} initialValues={values}>
        {() => <ModeFields />}
      </KeepChangesForm>,
    );
  return { user, readAgain };
}

const LOADED: Values = { mode: 'a', country: 'UK', name: 'Loaded name', region: 'Kent' };

describe('a form read again keeps what was typed in a field a mode switch hides', () => {
  it('kept, unsaved, and shown again with the typing; an untouched hidden field is replaced', async () => {
    const { user, readAgain } = renderForm(LOADED);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Typed name');
    await user.click(screen.getByRole('radio', { name: 'Mode B' }));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();

    // Someone else's save: Mode B, a new name, a new region (hidden too, untouched here).
    readAgain({ ...LOADED, mode: 'b', name: 'Their name', region: 'Essex' });
    // Mode B is what is loaded now: the hidden name alone is unsaved.
    expect(screen.getByLabelText('Status')).toHaveTextContent('Unsaved');
    await user.click(screen.getByRole('radio', { name: 'Mode A' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Typed name');
    expect(screen.getByLabelText('Region')).toHaveValue('Essex');
  });

  it('a rule that clears a field on purpose still clears the hidden one when the read again triggers it', async () => {
    const { user, readAgain } = renderForm(LOADED);
    await user.clear(screen.getByLabelText('Region'));
    await user.type(screen.getByLabelText('Region'), 'Typed region');
    await user.click(screen.getByRole('radio', { name: 'Mode B' }));

    // Someone else moved the country: a new country clears the region, typed or not.
    readAgain({ ...LOADED, country: 'FR', region: 'Brittany' });
    expect(await screen.findByLabelText('Country')).toHaveValue('FR');
    await user.click(screen.getByRole('radio', { name: 'Mode A' }));
    expect(screen.getByLabelText('Region')).toHaveValue('');
  });

  it('after a successful save the hidden typing counts as saved, and the record read again replaces it', async () => {
    const { user, readAgain } = renderForm(LOADED);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Set aside');
    await user.click(screen.getByRole('radio', { name: 'Mode B' }));
    await user.click(screen.getByRole('button', { name: 'Saved' }));
    // The save's own move on does not ask about text the chosen mode left out.
    expect(screen.getByLabelText('Status')).toHaveTextContent('Saved');

    // The saved record, read again, holds the name as it was (the save did not send it).
    readAgain({ ...LOADED, mode: 'b' });
    await user.click(await screen.findByRole('radio', { name: 'Mode A' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Loaded name');
  });
});

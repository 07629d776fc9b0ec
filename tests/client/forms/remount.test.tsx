import { useState } from 'react';
import { screen } from '@testing-library/react';
import { useFormState } from 'react-final-form';
import { FIELD_MESSAGES as M } from '@contracts/api/messages';
import { required } from '@/lib/forms/validators';
import { useField } from '@/lib/forms/use-field';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import { SESSION_DRAFT_KEY, dropDraft, keepDraft } from '@/lib/session/session-draft';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { renderInForm } from './renderInForm';

/** A mode radio that shows one of two sets of fields, as the screens' mode switches do. */
function ModeFields() {
  const { values } = useFormState<{ mode?: string }>({ subscription: { values: true } });
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
      {values.mode === 'a' ? (
        <>
          <TextField name="name" label="Name" validate={required} />
          <SelectField<number>
            name="size"
            label="Size"
            options={[
              { value: 1, label: 'Small' },
              { value: 2, label: 'Large' },
            ]}
          />
          <Echo />
        </>
      ) : (
        <TextField name="other" label="Other" />
      )}
    </>
  );
}

/** Every value the watcher below rendered, in order. */
const echoed: unknown[] = [];

/**
 * A field read without an input of its own (the screens' watchers); it keeps what it rendered,
 * as a watcher comparing with the value it mounted with would see it.
 */
function Echo() {
  const { input } = useField<string | undefined>('name', { subscription: { value: true } });
  echoed.push(input.value);
  return <output aria-label="Echo">{input.value}</output>;
}

describe('a field that is hidden and shown again', () => {
  const initialValues = { mode: 'a', name: 'Saved name', size: 1 };

  it('shows what was typed, not the loaded value', async () => {
    const { user, values } = renderInForm(<ModeFields />, { initialValues });
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Typed name');
    await user.selectOptions(screen.getByLabelText('Size'), 'Large');

    await user.click(screen.getByRole('radio', { name: 'Mode B' }));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    echoed.length = 0;
    await user.click(screen.getByRole('radio', { name: 'Mode A' }));

    expect(screen.getByLabelText('Name')).toHaveValue('Typed name');
    expect(screen.getByLabelText('Size')).toHaveDisplayValue('Large');
    expect(screen.getByLabelText('Echo')).toHaveTextContent('Typed name');
    // From its first render on: never the loaded value in between.
    expect(new Set(echoed)).toEqual(new Set(['Typed name']));
    expect(values()).toEqual({ mode: 'a', name: 'Typed name', size: 2 });
  });

  it('is not checked while hidden, and its rule holds again once shown', async () => {
    const { user, onSubmit } = renderInForm(<ModeFields />, { initialValues });
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('radio', { name: 'Mode B' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('radio', { name: 'Mode A' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(M.required);
  });
});

/** A field that one choice shows as a password: the same name, text or password input. */
function SwitchableSecret() {
  const [type, setType] = useState<'text' | 'password'>('text');
  return (
    <>
      <FormUnsavedChanges />
      <TextField name="code" label="Code" type={type} />
      <button type="button" onClick={() => setType(type === 'text' ? 'password' : 'text')}>
        Switch
      </button>
    </>
  );
}

/** What the session's end keeps of the form on screen (session-draft.ts), as stored. */
function keptAtSessionEnd(): string {
  keepDraft('admin');
  const stored = sessionStorage.getItem(SESSION_DRAFT_KEY) ?? '';
  dropDraft();
  return stored;
}

describe("a field's data follows its props", () => {
  afterEach(() => dropDraft());

  it('a text field turned into a password is secret: its value is not kept', async () => {
    const { user } = renderInForm(<SwitchableSecret />);
    await user.type(screen.getByLabelText('Code'), 'typed-1234');
    expect(keptAtSessionEnd()).toContain('typed-1234');

    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(screen.getByLabelText('Code')).toHaveAttribute('type', 'password');
    expect(keptAtSessionEnd()).not.toContain('typed-1234');

    // And back: a text field again, its value kept.
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(keptAtSessionEnd()).toContain('typed-1234');
  });
});

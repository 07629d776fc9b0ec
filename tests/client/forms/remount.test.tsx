import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { useFormState } from 'react-final-form';
import type { Token } from '@contracts/api/entities';
import { FIELD_MESSAGES as M } from '@contracts/api/messages';
import { required } from '@/lib/forms/validators';
import { useField } from '@/lib/forms/use-field';
import { FormUnsavedChanges } from '@/lib/forms/unsaved-changes';
import { SESSION_DRAFT_KEY, dropDraft, keepDraft } from '@/lib/session/session-draft';
import { clearTokenCookie, writeTokenCookie } from '@/lib/session/token-cookie';
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

/**
 * A mode radio as the screens have: Card shows a PIN (a password input) and a note, Person a
 * name; one list row's label always shows, and its own PIN with Card only.
 */
function CardOrPerson() {
  const { values } = useFormState<{ mode?: string }>({ subscription: { values: true } });
  const card = values.mode === 'card';
  return (
    <>
      <FormUnsavedChanges />
      <RadioGroupField<string>
        name="mode"
        label="Mode"
        options={[
          { value: 'card', label: 'Card' },
          { value: 'person', label: 'Person' },
        ]}
      />
      {card ? (
        <>
          <TextField name="pin" label="PIN" type="password" />
          <TextField name="note" label="Note" />
        </>
      ) : (
        <TextField name="name" label="Name" />
      )}
      <TextField name="rows[0].label" label="Row label" />
      {card ? <TextField name="rows[0].pin" label="Row PIN" type="password" /> : null}
    </>
  );
}

const SIGNED_IN: Token = {
  token: 'access',
  masterToken: 'master',
  module: 'THQ',
  expiration: '2099-01-01T00:00:00.000Z',
  userName: 'admin',
  userType: 'ADMIN',
};

describe('a field hidden by a mode switch when the session ends', () => {
  const initialValues = { mode: 'person', name: 'Saved name', rows: [{ label: 'Saved row' }] };

  beforeEach(() => {
    window.history.replaceState(null, '', '#/hidden-fields');
    writeTokenCookie(SIGNED_IN);
  });
  afterEach(() => {
    dropDraft();
    clearTokenCookie(SIGNED_IN);
  });

  it('keeps what was typed in it; a hidden password or PIN is never stored', async () => {
    const { user } = renderInForm(<CardOrPerson />, { initialValues });
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    await user.type(screen.getByLabelText('PIN'), '4821');
    await user.type(screen.getByLabelText('Note'), 'Typed note');
    await user.type(screen.getByLabelText('Row PIN'), '9173');
    await user.click(screen.getByRole('radio', { name: 'Person' }));
    // A field of the row that still shows changes: its row is kept without the PIN hidden in it.
    await user.clear(screen.getByLabelText('Row label'));
    await user.type(screen.getByLabelText('Row label'), 'Typed row');

    const kept = keptAtSessionEnd();
    expect(kept).toContain('Typed note');
    expect(kept).toContain('Typed row');
    expect(kept).not.toContain('4821');
    expect(kept).not.toContain('9173');
    expect(JSON.stringify({ ...sessionStorage })).not.toMatch(/4821|9173/);
  });

  it('comes back into the form when it opens again: unsaved, and shown again with the typing', async () => {
    const first = renderInForm(<CardOrPerson />, { initialValues });
    await first.user.click(screen.getByRole('radio', { name: 'Card' }));
    await first.user.type(screen.getByLabelText('PIN'), '4821');
    await first.user.type(screen.getByLabelText('Note'), 'Typed note');
    // Back to the mode it loaded with: the only changes are in the fields it hides.
    await first.user.click(screen.getByRole('radio', { name: 'Person' }));
    expect(first.form.getState().dirty).toBe(true);
    keepDraft(SIGNED_IN.userName);
    expect(sessionStorage.getItem(SESSION_DRAFT_KEY)).not.toContain('4821');
    first.unmount();

    const again = renderInForm(<CardOrPerson />, { initialValues });
    await waitFor(() => expect(again.values()).toMatchObject({ note: 'Typed note' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Saved name');
    // Unsaved, as it was before.
    expect(again.form.getState().dirty).toBe(true);
    // Used once.
    expect(sessionStorage.getItem(SESSION_DRAFT_KEY)).toBeNull();
    await again.user.click(screen.getByRole('radio', { name: 'Card' }));
    expect(screen.getByLabelText('Note')).toHaveValue('Typed note');
    expect(screen.getByLabelText('PIN')).toHaveValue('');
  });
});

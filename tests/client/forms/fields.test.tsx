import { screen, within } from '@testing-library/react';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES as M } from '@contracts/api/messages';
import { composeValidators, fontSize, maxLength, required } from '@/lib/forms/validators';
import { shouldShowError, visibleError } from '@/lib/forms/errorDisplay';
import { TextField } from '@/components/form/TextField';
import { UpperCaseField } from '@/components/form/UpperCaseField';
import { FloatField } from '@/components/form/FloatField';
import { FontSizeField } from '@/components/form/FontSizeField';
import { ChecklistField, ChecklistGroupField } from '@/components/form/ChecklistField';
import { SelectField } from '@/components/form/SelectField';
import { CheckboxField } from '@/components/form/CheckboxField';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { MaskedField } from '@/components/form/MaskedField';
import { renderInForm } from './renderInForm';

describe('error display rule', () => {
  it('shows an error once touched, modified, after a failed submit or with the flag', () => {
    const meta = { error: 'E' };
    expect(shouldShowError(meta)).toBe(false);
    expect(shouldShowError({ ...meta, touched: true })).toBe(true);
    expect(shouldShowError({ ...meta, modified: true })).toBe(true);
    expect(shouldShowError({ ...meta, submitFailed: true })).toBe(true);
    expect(shouldShowError(meta, true)).toBe(true);
    expect(
      shouldShowError({ ...meta, touched: true }, { showErrors: false, afterSubmitOnly: true }),
    ).toBe(false);
    expect(visibleError(meta, true)).toBe('E');
    expect(visibleError({ touched: true, submitError: 'S' })).toBe('S');
    expect(
      visibleError({ touched: true, submitError: 'S', dirtySinceLastSubmit: true }),
    ).toBeUndefined();
  });
});

describe('TextField', () => {
  const field = (
    <TextField
      name="schemeName"
      label="Scheme name"
      validate={composeValidators(required, maxLength(5))}
      help="Up to 5"
    />
  );

  it('ties its label to the input and hides the error until touched', async () => {
    const { user } = renderInForm(field);
    const input = screen.getByRole('textbox', { name: 'Scheme name' });
    expect(screen.queryByText(M.required)).not.toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Up to 5');
    await user.click(input);
    await user.tab();
    expect(screen.getByText(M.required)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveClass('is-invalid');
    expect(input).toHaveAccessibleDescription(`${M.required} Up to 5`);
  });

  it('shows the error as soon as the value changes', async () => {
    const { user } = renderInForm(field);
    await user.type(screen.getByLabelText('Scheme name'), 'abcdef');
    expect(screen.getByText(M.maxlength)).toBeInTheDocument();
  });

  it('shows every error with the show-errors flag', () => {
    renderInForm(field, { showErrors: true });
    expect(screen.getByText(M.required)).toBeInTheDocument();
  });

  it('shows errors after a failed submit', async () => {
    const { user, onSubmit } = renderInForm(field);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(M.required)).toBeInTheDocument();
  });

  it('waits for a submit attempt when the form asks for it', async () => {
    const { user } = renderInForm(field, { afterSubmitOnly: true });
    await user.type(screen.getByLabelText('Scheme name'), 'abcdef');
    await user.tab();
    expect(screen.queryByText(M.maxlength)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(M.maxlength)).toBeInTheDocument();
  });

  it('renders password and textarea inputs', async () => {
    const { user, values } = renderInForm(
      <>
        <TextField name="password" label="Password" type="password" />
        <TextField name="css" label="CSS" type="textarea" rows={4} />
      </>,
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const css = screen.getByRole('textbox', { name: 'CSS' });
    expect(css.tagName).toBe('TEXTAREA');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.type(css, 'body{{}');
    expect(values()).toEqual({ password: 'pw', css: 'body{}' });
  });

  describe('one line', () => {
    const controls = TEXT_INPUT_MESSAGE.controlCharacters;

    it.each([
      ['a TAB', 'Gi\tft'],
      // (A pasted line break never gets there: an input drops CR and LF from its value.)
      ['a DEL', 'Gi\u007fft'],
      ['a NUL', 'Gift\u0000'],
      ['a C1 control', 'Gi\u0085ft'],
    ])(
      'shows a message under the input for pasted text with %s and does not submit',
      async (_name, text) => {
        const { user, onSubmit, values } = renderInForm(field);
        const input = screen.getByRole('textbox', { name: 'Scheme name' });
        await user.click(input);
        await user.clear(input);
        await user.paste(text);
        // Refused, not repaired: the text stays as pasted for the operator to correct.
        expect(values()).toEqual({ schemeName: text });
        expect(input).toHaveAccessibleDescription(expect.stringContaining(controls));
        expect(input).toHaveAttribute('aria-invalid', 'true');
        await user.click(screen.getByRole('button', { name: 'Submit' }));
        expect(onSubmit).not.toHaveBeenCalled();
      },
    );

    it("runs the field's own rules first", async () => {
      const { user } = renderInForm(field);
      await user.click(screen.getByLabelText('Scheme name'));
      await user.paste('\t\t');
      expect(screen.getByText(M.required)).toBeInTheDocument();
      expect(screen.queryByText(controls)).not.toBeInTheDocument();
    });

    it('takes tabs and line breaks in a textarea', async () => {
      const { user, values } = renderInForm(
        <TextField name="description" label="Description" type="textarea" />,
      );
      await user.click(screen.getByLabelText('Description'));
      await user.paste('One\tline\nTwo');
      expect(values()).toEqual({ description: 'One\tline\nTwo' });
      expect(screen.queryByText(controls)).not.toBeInTheDocument();
    });

    it('lets a stored value with a TAB save as it is, and checks it once changed', async () => {
      const { user, onSubmit } = renderInForm(<TextField name="title" label="Title" />, {
        initialValues: { title: 'Old\tTitle' },
      });
      const input = screen.getByLabelText('Title');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      await user.type(input, '!');
      expect(screen.getByText(controls)).toBeInTheDocument();
      await user.clear(input);
      await user.type(input, 'New Title');
      expect(screen.queryByText(controls)).not.toBeInTheDocument();
    });
  });
});

describe('UpperCaseField', () => {
  it('forces capitals as you type', async () => {
    const { user, values } = renderInForm(<UpperCaseField name="shortName" label="Short name" />);
    const input = screen.getByLabelText('Short name');
    await user.type(input, 'abC');
    expect(input).toHaveValue('ABC');
    expect(values().shortName).toBe('ABC');
  });
});

describe('FloatField', () => {
  const render = (initialValues?: Record<string, unknown>) =>
    renderInForm(<FloatField name="creditMax" label="Max credit" min={0} max={9999.99} />, {
      initialValues,
    });

  it.each([
    ['12.345', '12.35'],
    ['1.005', '1.01'],
    ['7', '7.00'],
    ['10000', '9999.99'],
    ['-5', '0.00'],
  ])('on blur %s becomes %s', async (typed, shown) => {
    const { user, values } = render();
    const input = screen.getByLabelText('Max credit');
    await user.type(input, typed);
    expect(input).toHaveValue(typed);
    await user.tab();
    expect(input).toHaveValue(shown);
    expect(values().creditMax).toBe(shown);
  });

  it('Enter formats before the form submits: the form sends what the field shows', async () => {
    const { user, onSubmit } = render();
    const input = screen.getByLabelText('Max credit');
    await user.type(input, '10000{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({ creditMax: '9999.99' });
    expect(input).toHaveValue('9999.99');
    expect(input).toHaveFocus();
  });

  it('leaves text that is not a number for validation', async () => {
    const { user } = render();
    const input = screen.getByLabelText('Max credit');
    await user.type(input, 'abc');
    await user.tab();
    expect(input).toHaveValue('abc');
  });

  it('shows a number from the server with two decimals', () => {
    render({ creditMax: 12 });
    expect(screen.getByLabelText('Max credit')).toHaveValue('12.00');
  });
});

describe('FontSizeField', () => {
  it('shows only the leading integer and stores px', async () => {
    const { user, values } = renderInForm(<FontSizeField name="size" label="Font size" />);
    const input = screen.getByLabelText('Font size');
    await user.type(input, '16abc');
    expect(input).toHaveValue('16');
    expect(values().size).toBe('16px');
    await user.clear(input);
    expect(values().size).toBeUndefined();
  });

  it('shows a stored size and flags one it cannot hold', () => {
    renderInForm(
      <>
        <FontSizeField name="h1" label="Headline size" validate={fontSize} />
        <FontSizeField name="h2" label="Sub-headline size" validate={fontSize} />
      </>,
      { initialValues: { h1: '30px', h2: '1.5em' }, showErrors: true },
    );
    expect(screen.getByLabelText('Headline size')).toHaveValue('30');
    expect(screen.getAllByText(M.fontSize)).toHaveLength(1);
    expect(screen.getByLabelText('Sub-headline size')).toHaveAccessibleDescription(M.fontSize);
  });
});

describe('ChecklistField', () => {
  it('adds and removes its value in the list', async () => {
    const { user, values } = renderInForm(
      <>
        <ChecklistField name="methods" label="Card" value={1} />
        <ChecklistField name="methods" label="Online" value={2} />
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Card' }));
    expect(values().methods).toEqual([1]);
    await user.click(screen.getByRole('checkbox', { name: 'Online' }));
    expect(values().methods).toEqual([1, 2]);
    await user.click(screen.getByRole('checkbox', { name: 'Card' }));
    expect(values().methods).toEqual([2]);
    expect(screen.getByRole('checkbox', { name: 'Card' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Online' })).toBeChecked();
  });

  it('as a group shows one message for the list', async () => {
    const { user, values } = renderInForm(
      <ChecklistGroupField
        name="methods"
        label="Transacting methods"
        validate={required}
        options={[
          { value: 'card', label: 'Card' },
          { value: 'web', label: 'Online' },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Transacting methods' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(group).getAllByText(M.required)).toHaveLength(1);
    await user.click(within(group).getByRole('checkbox', { name: 'Online' }));
    expect(values().methods).toEqual(['web']);
    expect(screen.queryByText(M.required)).not.toBeInTheDocument();
  });
});

describe('SelectField', () => {
  it('stores the typed value of the chosen option', async () => {
    const { user, values } = renderInForm(
      <SelectField
        name="countryId"
        label="Country"
        placeholder="Choose a country"
        validate={required}
        options={[
          { value: 1, label: 'Ireland' },
          { value: 2, label: 'Malta' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Country' });
    await user.selectOptions(select, 'Malta');
    expect(values().countryId).toBe(2);
    await user.selectOptions(select, 'Choose a country');
    expect(values().countryId).toBeUndefined();
    expect(screen.getByText(M.required)).toBeInTheDocument();
  });
});

describe('CheckboxField', () => {
  it('stores booleans or the given pair', async () => {
    const { user, values } = renderInForm(
      <>
        <CheckboxField name="agree" label="I agree" />
        <CheckboxField name="flActive" label="Enable" values={[1, 0]} />
      </>,
      { initialValues: { flActive: 0 } },
    );
    await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await user.click(screen.getByRole('checkbox', { name: 'Enable' }));
    expect(values()).toEqual({ agree: true, flActive: 1 });
    await user.click(screen.getByRole('checkbox', { name: 'Enable' }));
    expect(values().flActive).toBe(0);
  });

  it('shows a required message after touch', async () => {
    const { user } = renderInForm(
      <CheckboxField name="agree" label="I agree" validate={required} />,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    await user.click(box);
    await user.click(box);
    expect(box).toHaveAccessibleDescription(M.required);
  });
});

describe('RadioGroupField', () => {
  it('is a named group storing typed values', async () => {
    const { user, values } = renderInForm(
      <RadioGroupField
        name="themeId"
        label="Site Theme"
        options={[
          { value: 1, label: 'Light' },
          { value: 2, label: 'Dark' },
        ]}
      />,
      { initialValues: { themeId: 2 } },
    );
    const group = screen.getByRole('group', { name: 'Site Theme' });
    expect(within(group).getByRole('radio', { name: 'Dark' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Light' }));
    expect(values().themeId).toBe(1);
  });

  it('shows its message with the show-errors flag', () => {
    renderInForm(
      <RadioGroupField
        name="x"
        label="Mode"
        validate={required}
        options={[{ value: 'a', label: 'A' }]}
      />,
      {
        showErrors: true,
      },
    );
    expect(screen.getByRole('group', { name: 'Mode' })).toHaveAccessibleDescription(M.required);
  });
});

describe('MaskedField', () => {
  it('fits typing to the mask and inserts literals', async () => {
    const { user, values } = renderInForm(
      <MaskedField name="account" label="Pool account number" mask="000-000000-00" />,
    );
    const input = screen.getByLabelText('Pool account number');
    await user.type(input, '12a345678901');
    expect(input).toHaveValue('123-456789-01');
    expect(values().account).toBe('123-456789-01');
    await user.type(input, '{Backspace}{Backspace}{Backspace}');
    expect(input).toHaveValue('123-456789');
  });

  it('fits a paste to the mask before the length cut: spaces and separators around it drop', async () => {
    const { user, values } = renderInForm(
      <MaskedField name="account" label="Pool account number" mask="000-000 00000000" />,
    );
    const input = screen.getByLabelText('Pool account number');
    await user.click(input);
    await user.paste(' 062-000 12345678 ');
    expect(input).toHaveValue('062-000 12345678');
    expect(values().account).toBe('062-000 12345678');

    // A paste into part of the text replaces the selection, as typing does.
    await user.clear(input);
    await user.type(input, '062000');
    await user.paste('(12)345678 99');
    expect(input).toHaveValue('062-000 12345678');

    // Typing into a full field adds nothing.
    await user.type(input, '7');
    expect(input).toHaveValue('062-000 12345678');
  });
});

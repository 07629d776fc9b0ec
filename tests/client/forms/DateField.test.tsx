import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FIELD_MESSAGES as M } from '@contracts/api/messages';
import { endAfterStart, required } from '@/lib/forms/validators';
import { DateField } from '@/components/form/DateField';
import { TextField } from '@/components/form/TextField';
import { renderInForm } from './renderInForm';

describe('DateField', () => {
  it('ties its label to the input and parses dd.MM.yyyy into a Date', async () => {
    const { user, values } = renderInForm(<DateField name="startDate" label="Start date" />);
    const input = screen.getByRole('textbox', { name: 'Start date' });
    await user.type(input, '15.03.2024');
    expect(values().startDate).toEqual(new Date(2024, 2, 15));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(input).toHaveValue('15.03.2024');
  });

  it('shows a stored date in dd.MM.yyyy', () => {
    renderInForm(<DateField name="d" label="Next execution date" />, {
      initialValues: { d: new Date(2024, 0, 5) },
    });
    expect(screen.getByLabelText('Next execution date')).toHaveValue('05.01.2024');
  });

  it('keeps text that is not a real date and reports it', async () => {
    const { user, values } = renderInForm(<DateField name="d" label="Next execution date" />);
    const input = screen.getByLabelText('Next execution date');
    await user.type(input, '31.02.2024');
    await user.keyboard('{Escape}');
    await user.tab();
    expect(input).toHaveValue('31.02.2024');
    expect(input).toHaveAccessibleDescription(M.checkFormat);
    expect(Number.isNaN((values().d as Date).getTime())).toBe(true);
    await user.clear(input);
    await user.type(input, '28.02.2024');
    expect(values().d).toEqual(new Date(2024, 1, 28));
    expect(screen.queryByText(M.checkFormat)).not.toBeInTheDocument();
  });

  it('shows text that is not a date again when the field is hidden and shown again', async () => {
    function Toggled() {
      const [shown, setShown] = useState(true);
      return (
        <>
          {shown ? <DateField name="d" label="End date" /> : null}
          <button type="button" onClick={() => setShown(!shown)}>
            Toggle
          </button>
        </>
      );
    }
    const { user } = renderInForm(<Toggled />);
    await user.type(screen.getByLabelText('End date'), '31.02.2027');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(screen.queryByLabelText('End date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(screen.getByLabelText('End date')).toHaveValue('31.02.2027');
  });

  it('stores null when cleared and runs the given validators', async () => {
    const { user, values } = renderInForm(
      <>
        <DateField name="startDate" label="Start date" />
        <DateField name="endDate" label="End date" validate={endAfterStart('startDate')} />
        <DateField name="other" label="Other" validate={required} />
      </>,
      { initialValues: { startDate: new Date(2024, 5, 10), endDate: new Date(2024, 5, 12) } },
    );
    const end = screen.getByLabelText('End date');
    await user.clear(end);
    expect(values().endDate).toBeNull();
    await user.type(end, '01.06.2024');
    expect(end).toHaveAccessibleDescription(M.endDateValidation);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Other')).toHaveAccessibleDescription(M.required);
  });

  it('keeps the focus in the input when Enter takes the typed date and closes the calendar', async () => {
    const { user, values } = renderInForm(
      <>
        <DateField name="startDate" label="Start date" />
        <DateField name="endDate" label="End date" />
      </>,
    );
    await user.click(screen.getByLabelText('Start date'));
    await user.tab();
    const end = screen.getByLabelText('End date');
    expect(end).toHaveFocus();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('30.06.2025{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The picker blurs the input once more in the next animation frame after closing: let it.
    await act(
      () =>
        new Promise<void>((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => done())),
        ),
    );
    await waitFor(() => expect(end).toHaveFocus());
    expect(end).toHaveValue('30.06.2025');
    expect(values().endDate).toEqual(new Date(2025, 5, 30));
    // Focused again without opening the calendar; it opens as before once left and come back to.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.tab({ shift: true });
    await user.tab();
    expect(end).toHaveFocus();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('holds a date pasted with spaces around it as that date', async () => {
    const { user, values } = renderInForm(<DateField name="d" label="Next execution date" />, {
      initialValues: { d: new Date(2024, 0, 5) },
    });
    const input = screen.getByLabelText('Next execution date');
    await user.tripleClick(input);
    await user.paste(' 20.01.2024 ');
    expect(values().d).toEqual(new Date(2024, 0, 20));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(input).toHaveValue('20.01.2024');
    expect(input).not.toHaveAccessibleDescription(M.checkFormat);
  });

  it('holds each typed or pasted text as what it says, whatever it held before', async () => {
    const { user, values } = renderInForm(<DateField name="d" label="Start date" />, {
      initialValues: { d: new Date(2024, 0, 5) },
    });
    const input = screen.getByLabelText('Start date');
    // Past the date and back to it, a key at a time.
    await user.click(input);
    await user.keyboard('{End}x');
    expect(Number.isNaN((values().d as Date).getTime())).toBe(true);
    await user.keyboard('{Backspace}');
    expect(values().d).toEqual(new Date(2024, 0, 5));
    // The same date typed over itself, and another pasted over it.
    await user.tripleClick(input);
    await user.keyboard('05.01.2024');
    expect(values().d).toEqual(new Date(2024, 0, 5));
    await user.tripleClick(input);
    await user.paste('10.01.2024');
    expect(values().d).toEqual(new Date(2024, 0, 10));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(input).toHaveValue('10.01.2024');
  });

  describe('a date typed back to the loaded one is no change', () => {
    const setup = () =>
      renderInForm(<DateField name="d" label="Start date" />, {
        initialValues: { d: new Date(2027, 1, 1) },
      });

    it('typed over itself', async () => {
      const { user, form } = setup();
      const input = screen.getByLabelText('Start date');
      await user.tripleClick(input);
      await user.keyboard('01.02.2027');
      await user.keyboard('{Escape}');
      await user.tab();
      expect(input).toHaveValue('01.02.2027');
      expect(form.getState().dirty).toBe(false);
    });

    it('another date, then the loaded one again', async () => {
      const { user, form } = setup();
      const input = screen.getByLabelText('Start date');
      await user.tripleClick(input);
      await user.paste('05.02.2027');
      expect(form.getState().dirty).toBe(true);
      await user.tripleClick(input);
      await user.paste('01.02.2027');
      await user.keyboard('{Escape}');
      await user.tab();
      expect(form.getState().dirty).toBe(false);
    });

    it('text that is not a date, then cleared, on a field loaded empty', async () => {
      const { user, form } = renderInForm(<DateField name="d" label="End date" />);
      const input = screen.getByLabelText('End date');
      await user.type(input, '31.02');
      expect(form.getState().dirty).toBe(true);
      await user.clear(input);
      expect(form.getState().values.d).toBeNull();
      expect(form.getState().dirty).toBe(false);
    });
  });

  it('holds a typed date outside its calendar limits as typed', async () => {
    const { user, values } = renderInForm(
      <DateField name="d" label="Start date" minDate={new Date(2024, 0, 10)} />,
      { initialValues: { d: new Date(2024, 0, 20) } },
    );
    const input = screen.getByLabelText('Start date');
    await user.tripleClick(input);
    await user.keyboard('05.01.2024');
    expect(values().d).toEqual(new Date(2024, 0, 5));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(input).toHaveValue('05.01.2024');
  });

  describe('the focus the picker gives back after Escape', () => {
    afterEach(() => jest.useRealTimers());

    it('stays in the field the operator moved to before it came', async () => {
      // Fake timers: the picker's focus return runs when the test moves the clock. Escape and the
      // move to the next field are sent without user-event, whose every call ends by running the
      // timers due now: as on a busy page, the operator is in the next field before it runs.
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
      const { user, values } = renderInForm(
        <>
          <DateField name="d" label="Next execution date" />
          <TextField name="horizon" label="Grouping horizon" />
        </>,
        { userOptions: { advanceTimers: jest.advanceTimersByTime } },
      );
      const date = screen.getByLabelText('Next execution date');
      const horizon = screen.getByLabelText('Grouping horizon');
      await user.click(date);
      await user.keyboard('01.02.2027');
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      fireEvent.keyDown(date, { key: 'Escape' });
      act(() => horizon.focus());
      act(() => jest.runOnlyPendingTimers());
      expect(horizon).toHaveFocus();
      await user.keyboard('3');
      expect(horizon).toHaveValue('3');
      expect(date).toHaveValue('01.02.2027');
      expect(values()).toEqual({ d: new Date(2027, 1, 1), horizon: '3' });
    });
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FIELD_MESSAGES as M } from '@contracts/api/messages';
import { TAG_DEFAULTS } from '@contracts/validation/rules';
import { composeValidators, email, everyItem, required } from '@/lib/forms/validators';
import { TagInputField } from '@/components/form/TagInputField';
import { renderInForm } from './renderInForm';

const tagsIn = (label: string) => {
  const list = screen.queryByRole('list', { name: `${label}: added` });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];
};

describe('TagInputField', () => {
  it('adds tags on Enter and comma, normalised', async () => {
    const onReject = jest.fn();
    const { user, values } = renderInForm(
      <TagInputField name="tags" label="Keywords" onReject={onReject} />,
    );
    const input = screen.getByLabelText('Keywords');
    await user.type(input, '  gift  card {Enter}');
    await user.type(input, 'loyalty,');
    expect(tagsIn('Keywords')).toEqual(['gift-card', 'loyalty']);
    expect(values().tags).toEqual(['gift-card', 'loyalty']);
    expect(input).toHaveValue('');
    expect(onReject).not.toHaveBeenCalled();
  });

  it('rejects short tags and case-insensitive duplicates, keeping the text', async () => {
    const onReject = jest.fn();
    const { user, values } = renderInForm(
      <TagInputField name="tags" label="Keywords" onReject={onReject} />,
      {
        initialValues: { tags: ['Alpha'] },
      },
    );
    const input = screen.getByLabelText('Keywords');
    await user.type(input, 'ab{Enter}');
    expect(input).toHaveValue('ab');
    expect(onReject).toHaveBeenLastCalledWith({ ok: false, reason: 'tooShort', tag: 'ab' });
    await user.clear(input);
    await user.type(input, 'ALPHA{Enter}');
    expect(input).toHaveValue('ALPHA');
    expect(onReject).toHaveBeenLastCalledWith({ ok: false, reason: 'duplicate', tag: 'ALPHA' });
    expect(values().tags).toEqual(['Alpha']);
  });

  it('adds on space when asked (liability e-mails) and validates each tag', async () => {
    const { user, values } = renderInForm(
      <TagInputField
        name="emailRecipient"
        label="Recipient"
        addOnSpace
        validate={composeValidators(required, everyItem(email))}
      />,
    );
    const input = screen.getByLabelText('Recipient');
    await user.type(input, 'a@b.co c@d.co ');
    expect(values().emailRecipient).toEqual(['a@b.co', 'c@d.co']);
    await user.type(input, 'nope ');
    expect(input).toHaveAccessibleDescription(M.email);
  });

  it('splits a paste on comma, semicolon, line breaks and (with addOnSpace) spaces, one tag each', async () => {
    const { user, values } = renderInForm(
      <TagInputField
        name="emailCC"
        label="CC"
        addOnSpace
        validate={everyItem(email)}
        validateTag={(tag) => email(tag, {})}
      />,
    );
    const input = screen.getByLabelText('CC');
    await user.click(input);
    await user.paste('  a@b.com   c@d.com, e@f.com  ');
    expect(tagsIn('CC')).toEqual(['a@b.com', 'c@d.com', 'e@f.com']);
    expect(input).toHaveValue('');
    await user.paste('g@h.com;\ni@j.com\r\nnope');
    expect(values().emailCC).toEqual([
      'a@b.com',
      'c@d.com',
      'e@f.com',
      'g@h.com',
      'i@j.com',
      'nope',
    ]);
    // Each pasted tag is checked as a typed one is.
    await user.tab();
    expect(input).toHaveAccessibleDescription(`${M.email} nope`);
  });

  it('a paste joins the text typed before it, and keeps the pieces it cannot add', async () => {
    const onReject = jest.fn();
    const { user, values } = renderInForm(
      <TagInputField name="tags" label="Keywords" onReject={onReject} />,
      { initialValues: { tags: ['Alpha'] } },
    );
    const input = screen.getByLabelText('Keywords');
    await user.type(input, 'gift');
    // Without addOnSpace a space stays inside a tag (as a dash).
    await user.paste(' card,ab;ALPHA,loyalty');
    expect(values().tags).toEqual(['Alpha', 'gift-card', 'loyalty']);
    expect(input).toHaveValue('ab, ALPHA');
    expect(onReject).toHaveBeenCalledWith({ ok: false, reason: 'tooShort', tag: 'ab' });
    expect(onReject).toHaveBeenCalledWith({ ok: false, reason: 'duplicate', tag: 'ALPHA' });
    // A paste without a separator is plain text.
    await user.clear(input);
    await user.paste('one two');
    expect(input).toHaveValue('one two');
    expect(values().tags).toEqual(['Alpha', 'gift-card', 'loyalty']);
  });

  it('a typed semicolon ends a tag as a comma does', async () => {
    const { user, values } = renderInForm(<TagInputField name="tags" label="Keywords" />);
    await user.type(screen.getByLabelText('Keywords'), 'gift;loyalty;');
    expect(values().tags).toEqual(['gift', 'loyalty']);
  });

  it('on blur, text with separators that came in without keys (dropped, an input method) splits', async () => {
    const { user, values } = renderInForm(
      <TagInputField name="tags" label="Keywords" addOnSpace />,
    );
    const input = screen.getByLabelText('Keywords');
    await user.click(input);
    fireEvent.change(input, { target: { value: 'gift card,loyalty' } });
    await user.tab();
    expect(values().tags).toEqual(['gift', 'card', 'loyalty']);
  });

  it('removes tags by keyboard: the remove button, or Backspace in the empty input', async () => {
    const { user, values } = renderInForm(<TagInputField name="tags" label="Keywords" />, {
      initialValues: { tags: ['one1', 'two2', 'three'] },
    });
    const input = screen.getByLabelText('Keywords');
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(values().tags).toEqual(['one1', 'two2']);
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Remove two2' })).toHaveFocus();
    act(() => screen.getByRole('button', { name: 'Remove one1' }).focus());
    await user.keyboard('{Enter}');
    expect(values().tags).toEqual(['two2']);
    expect(input).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values().tags).toBeUndefined();
    expect(tagsIn('Keywords')).toEqual([]);
  });

  it('adds what was typed on blur', async () => {
    const { user, values } = renderInForm(<TagInputField name="tags" label="Keywords" />);
    await user.type(screen.getByLabelText('Keywords'), 'pending');
    await user.tab();
    expect(values().tags).toEqual(['pending']);
  });

  it('shows its required message after touch', async () => {
    const { user } = renderInForm(
      <TagInputField name="tags" label="Keywords" validate={required} />,
    );
    await user.click(screen.getByLabelText('Keywords'));
    await user.tab();
    expect(screen.getByLabelText('Keywords')).toHaveAccessibleDescription(M.required);
  });

  describe('autocomplete', () => {
    const source = Array.from({ length: 15 }, (_, index) => `city${index}`);
    const load = jest.fn((query: string) =>
      Promise.resolve(source.filter((item) => item.startsWith(query))),
    );
    beforeEach(() => load.mockClear());
    afterEach(() => jest.useRealTimers());

    it('queries after 3 characters, debounced, and shows at most 10 results', async () => {
      // Fake timers: the debounce runs when the test moves the clock, not after a real wait.
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
      const { user } = renderInForm(
        <TagInputField name="tags" label="Cities" loadSuggestions={load} />,
        { userOptions: { advanceTimers: jest.advanceTimersByTime } },
      );
      const input = screen.getByRole('combobox', { name: 'Cities' });
      await user.type(input, 'ci');
      // Whatever timer two characters started has run now: none queried.
      act(() => jest.runOnlyPendingTimers());
      expect(load).not.toHaveBeenCalled();
      await user.type(input, 't');
      // The third character queries only once the debounce time has passed.
      expect(load).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(TAG_DEFAULTS.debounceMs));
      expect(await screen.findAllByRole('option')).toHaveLength(10);
      expect(load).toHaveBeenCalledTimes(1);
      expect(load).toHaveBeenCalledWith('cit');
      expect(input).toHaveAttribute('aria-expanded', 'true');
    });

    it('picks a suggestion with the arrow keys and Enter, or with the mouse', async () => {
      const { user, values } = renderInForm(
        <TagInputField name="tags" label="Cities" loadSuggestions={load} />,
        {
          initialValues: { tags: ['city0'] },
        },
      );
      const input = screen.getByRole('combobox', { name: 'Cities' });
      await user.type(input, 'city1');
      // The answer for "city1", not one for a shorter text that a slow keyboard let through first.
      await waitFor(() =>
        expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
          'city1',
          'city10',
          'city11',
          'city12',
          'city13',
          'city14',
        ]),
      );
      const listbox = screen.getByRole('listbox', { name: 'Cities suggestions' });
      expect(within(listbox).queryByRole('option', { name: 'city0' })).not.toBeInTheDocument();
      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(within(listbox).getByRole('option', { name: 'city10' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await user.keyboard('{Enter}');
      expect(values().tags).toEqual(['city0', 'city10']);
      expect(input).toHaveValue('');

      await user.type(input, 'city1');
      await user.click(await screen.findByRole('option', { name: 'city12' }));
      expect(values().tags).toEqual(['city0', 'city10', 'city12']);
      expect(input).toHaveFocus();
    });

    it('closes on Escape', async () => {
      const { user } = renderInForm(
        <TagInputField name="tags" label="Cities" loadSuggestions={load} />,
      );
      await user.type(screen.getByLabelText('Cities'), 'city');
      await screen.findAllByRole('option');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('option')).not.toBeInTheDocument();
    });
  });
});

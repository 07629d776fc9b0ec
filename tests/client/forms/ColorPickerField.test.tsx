import { act, fireEvent, screen } from '@testing-library/react';
import { FIELD_MESSAGES as M } from '@contracts/api/messages';
import { required } from '@/lib/forms/validators';
import { ColorPickerField } from '@/components/form/ColorPickerField';
import { renderInForm } from './renderInForm';

describe('ColorPickerField', () => {
  it('takes typed colours and flags invalid ones', async () => {
    const { user, values } = renderInForm(
      <ColorPickerField name="headerBg" label="Header background" />,
    );
    const input = screen.getByRole('textbox', { name: 'Header background' });
    await user.type(input, 'rgb(256,0,0)');
    expect(input).toHaveAccessibleDescription(M.color);
    await user.clear(input);
    await user.type(input, 'rgb(255,0,0)');
    expect(values().headerBg).toBe('rgb(255,0,0)');
    expect(screen.queryByText(M.color)).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '#abcd');
    expect(screen.getByText(M.color)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'transparent');
    expect(screen.queryByText(M.color)).not.toBeInTheDocument();
  });

  it('opens a picker whose changes are stored as rgba()', async () => {
    const { user, values } = renderInForm(
      <ColorPickerField name="fontColor" label="Font colour" />,
      {
        initialValues: { fontColor: '#ff0000' },
      },
    );
    const toggle = screen.getByRole('button', { name: 'Pick Font colour' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The picker is a chunk of its own: it shows once loaded.
    const alpha = await screen.findByRole('slider', { name: 'Alpha' });
    // react-colorful reads the legacy keyCode, which user-event does not set for arrow keys.
    fireEvent.keyDown(alpha, { key: 'ArrowLeft', keyCode: 37 });
    expect(values().fontColor).toBe('rgba(255, 0, 0, 0.95)');
    expect(screen.getByLabelText('Font colour')).toHaveValue('rgba(255, 0, 0, 0.95)');
    act(() => alpha.focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('slider', { name: 'Alpha' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(values().fontColor).toBe('rgba(255, 0, 0, 0.95)');
  });

  it('closes when clicking elsewhere and runs extra validators', async () => {
    const { user } = renderInForm(
      <ColorPickerField name="c" label="Page background" validate={required} />,
      {
        showErrors: true,
      },
    );
    expect(screen.getByLabelText('Page background')).toHaveAccessibleDescription(M.required);
    await user.click(screen.getByRole('button', { name: 'Pick Page background' }));
    expect(await screen.findByRole('slider', { name: 'Hue' })).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('slider', { name: 'Hue' })).not.toBeInTheDocument();
  });

  it('closes on Escape from the toggle, and when the focus moves on past the field', async () => {
    const { user } = renderInForm(
      <>
        <ColorPickerField name="fontColor" label="Font colour" />
        <ColorPickerField name="background" label="Background colour" />
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Pick Font colour' });
    act(() => toggle.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('slider', { name: 'Hue' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('slider', { name: 'Hue' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('slider', { name: 'Hue' });
    // Through the picker's sliders: still open inside the field; closed once the focus leaves it.
    for (const slider of screen.getAllByRole('slider')) {
      await user.tab();
      expect(slider).toHaveFocus();
    }
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Background colour' })).toHaveFocus();
    expect(screen.queryByRole('slider', { name: 'Hue' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

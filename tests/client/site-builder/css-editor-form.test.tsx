import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CssEditorForm, closeBrace } from '@/components/site-builder/css-editor-form';

function setup(autoCloseBrace: boolean) {
  const onSubmit = jest.fn((_css: string) => Promise.resolve());
  render(
    <CssEditorForm
      initialCss=".a { color: red; }"
      maxChars={1000}
      autoCloseBrace={autoCloseBrace}
      submitLabel="Save"
      onSubmit={onSubmit}
    />,
  );
  const area = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'CSS override' });
  return { user: userEvent.setup(), area, onSubmit };
}

describe('CssEditorForm', () => {
  it('with autoCloseBrace, a typed { at the end gets its } and the caret stays inside', async () => {
    const { user, area, onSubmit } = setup(true);
    await user.type(area, '\n.b {{', { initialSelectionStart: 18 });
    expect(area).toHaveValue('.a { color: red; }\n.b {}');
    expect(area.selectionStart).toBe(area.value.length - 1);
    await user.keyboard(' margin: 0; ');
    expect(area).toHaveValue('.a { color: red; }\n.b { margin: 0; }');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith('.a { color: red; }\n.b { margin: 0; }');
  });

  it('without it, the text stays as typed', async () => {
    const { user, area } = setup(false);
    await user.type(area, '\n.b {{', { initialSelectionStart: 18 });
    expect(area).toHaveValue('.a { color: red; }\n.b {');
  });

  it('closeBrace: only for a { just added at the end', () => {
    expect(closeBrace('a ', 'a {')).toBe('a {}');
    expect(closeBrace('a {}', 'a {')).toBeUndefined(); // deleting the }
    expect(closeBrace('a {', 'ba {')).toBeUndefined(); // typing elsewhere
    expect(closeBrace('', 'x { y {')).toBe('x { y {}'); // pasted
  });
});

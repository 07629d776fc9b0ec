import './jsdom-layout';
import { act, screen, waitFor, within } from '@testing-library/react';
import { RichTextField, isSafeLinkHref, RICH_TEXT_TEXT } from '@/components/form/RichTextField';
import { maxLength } from '@/lib/forms/validators';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { renderInForm } from '../forms/renderInForm';

/**
 * What the editor shows and offers, without typing into it. TipTap runs in jsdom with empty
 * layout rectangles (./jsdom-layout), and ProseMirror reads typed text back from the DOM on a
 * timer, so text typed in jsdom arrived mangled on a loaded machine: typing, formatting, undo,
 * redo and links are tested in Chromium (tests/e2e/rich-text.e2e.test.ts).
 */
function setup(initial?: string, props: Partial<Parameters<typeof RichTextField>[0]> = {}) {
  const view = renderInForm(<RichTextField name="content" label="Content" {...props} />, {
    initialValues: initial === undefined ? {} : { content: initial },
  });
  const box = screen.getByRole('textbox', { name: 'Content' });
  const toolbar = screen.getByRole('toolbar', { name: 'Content formatting' });
  const tool = (name: string) => within(toolbar).getByRole('button', { name });
  const focusEnd = () =>
    act(() => {
      box.focus();
    });
  return { ...view, box, toolbar, tool, focusEnd };
}

describe('RichTextField', () => {
  it('is a multi-line textbox named by its label, showing the initial HTML', () => {
    const { box } = setup('<h2>Hello</h2><p>World <strong>bold</strong></p>');
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(within(box).getByRole('heading', { name: 'Hello', level: 2 })).toBeInTheDocument();
    expect(box).toHaveTextContent('World bold');
  });

  it('injects no <style> element (the CSP allows none without its nonce)', () => {
    setup('<p>x</p>');
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('has a toolbar of named buttons with one tab stop and arrow-key moves', async () => {
    const { user, toolbar, tool } = setup('<p>Some text</p>');
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Heading 2',
      'Heading 3',
      'Bullet list',
      'Numbered list',
      'Link',
      'Remove link',
      'Undo',
      'Redo',
    ]);
    for (const toggle of ['Bold', 'Italic', 'Underline', 'Heading 2', 'Bullet list', 'Link']) {
      expect(tool(toggle)).toHaveAttribute('aria-pressed', 'false');
    }
    expect(tool('Undo')).not.toHaveAttribute('aria-pressed');
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([tool('Bold')]);

    await user.tab();
    expect(tool('Bold')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tool('Underline')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tool('Redo')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tool('Bold')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tool('Redo')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveFocus();
  });

  it('the link address refuses anything but an http(s) or mailto address, changing nothing', async () => {
    const { user, values, tool, focusEnd } = setup('<p>Visit us</p>');
    focusEnd();
    expect(tool('Remove link')).toHaveAttribute('aria-disabled', 'true');
    await user.click(tool('Link'));
    const address = screen.getByRole('textbox', { name: RICH_TEXT_TEXT.linkAddress });
    expect(address).toHaveFocus();
    await user.clear(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: RICH_TEXT_TEXT.applyLink }));
    expect(address).toHaveAccessibleDescription(RICH_TEXT_TEXT.badLink);
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(values().content).toBe('<p>Visit us</p>');
  });

  it('Escape closes the link address without a change', async () => {
    const { user, tool, values, focusEnd } = setup('<p>Visit us</p>');
    focusEnd();
    await user.click(tool('Link'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: RICH_TEXT_TEXT.linkAddress })).toBeNull();
    expect(values().content).toBe('<p>Visit us</p>');
  });

  it('drops unsafe links from loaded HTML', () => {
    const { box } = setup(
      '<p><a href="javascript:alert(1)">bad</a> <a href="mailto:a@b.example">mail</a></p>',
    );
    expect(within(box).getAllByRole('link')).toHaveLength(1);
    expect(within(box).getByRole('link', { name: 'mail' })).toHaveAttribute(
      'href',
      'mailto:a@b.example',
    );
  });

  it('shows a value set from outside (the form loading) and its error', async () => {
    const { form, box } = setup('<p>Old</p>', { validate: maxLength(5) });
    act(() => form.initialize({ content: '<p>New text</p>' }));
    await waitFor(() => expect(box).toHaveTextContent('New text'));
    act(() => {
      void form.submit();
    });
    await waitFor(() => expect(box).toHaveAccessibleDescription(FIELD_MESSAGES.maxlength));
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('leaves empty content as it was loaded: opening the editor changes nothing', async () => {
    const { form, values } = setup('');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(values()).toEqual({ content: '' });
    expect(form.getState().dirty).toBe(false);
    act(() => form.initialize({ content: '<p>Loaded</p>' }));
    act(() => form.initialize({ content: '' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(values()).toEqual({ content: '' });
    expect(form.getState().dirty).toBe(false);
  });

  it('isSafeLinkHref: http, https and mailto only', () => {
    expect(isSafeLinkHref('https://example.com/a?b=c')).toBe(true);
    expect(isSafeLinkHref('http://example.com')).toBe(true);
    expect(isSafeLinkHref('mailto:help@example.com')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//example.com',
      '/relative',
      'ftp://example.com',
      'https://',
      'mailto:',
      '',
      null,
    ]) {
      expect(isSafeLinkHref(bad)).toBe(false);
    }
  });
});

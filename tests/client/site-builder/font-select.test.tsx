import { screen, within } from '@testing-library/react';
import { FIELD_MESSAGES as M } from '@contracts/api/messages';
import { FONT_FAMILIES, FONT_PATHS, fontFamilyValue } from '@contracts/site/fonts';
import type { FontFamily } from '@contracts/site/fonts';
import { required } from '@/lib/forms/validators';
import { FontSelectField } from '@/components/site-builder/font-select';
import { renderInForm } from '../forms/renderInForm';

const LABEL = 'Page Headlines font';
const family = (name: string): FontFamily => {
  const found = FONT_FAMILIES.find((f) => f.name === name);
  if (!found) throw new Error(`no family ${name}`);
  return found;
};
const field = <FontSelectField name="h1Font" label={LABEL} />;
const toggle = () => screen.getByRole('button', { name: new RegExp(`^${LABEL}`) });

describe('FontSelectField', () => {
  it.each([
    ['Roboto, sans-serif', 'Roboto'],
    ["'Open Sans'", 'Open Sans'],
    ['"Playfair Display", serif', 'Playfair Display'],
  ])('shows the family of the stored value %s', (value, name) => {
    renderInForm(field, { initialValues: { h1Font: value } });
    const button = toggle();
    expect(button).toHaveAccessibleName(`${LABEL} ${name}`);
    expect(button).toHaveAttribute('aria-haspopup', 'listbox');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // The preview is decorative in the button: its name is written beside it.
    expect(button.querySelector('img')).toHaveAttribute(
      'src',
      FONT_PATHS.preview(family(name).slug),
    );
    // Tied to its label, as getByLabelText finds it.
    expect(screen.getByLabelText(LABEL, { exact: false })).toBe(button);
  });

  it('shows a value outside the list as it is, with no option selected', async () => {
    const { user } = renderInForm(field, { initialValues: { h1Font: 'Arial, sans-serif' } });
    expect(toggle()).toHaveAccessibleName(`${LABEL} Arial, sans-serif`);
    await user.click(toggle());
    expect(screen.queryByRole('option', { selected: true })).not.toBeInTheDocument();
  });

  it('opens by click on a listbox of the 30 families with their preview images', async () => {
    const { user } = renderInForm(field, { initialValues: { h1Font: "'Oswald', sans-serif" } });
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: LABEL });
    expect(toggle()).toHaveAttribute('aria-controls', listbox.id);
    expect(listbox).toHaveFocus();
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(30);
    FONT_FAMILIES.forEach((f, index) => {
      const option = options[index];
      expect(option).toHaveAccessibleName(f.name);
      const img = within(option as HTMLElement).getByRole('img', { name: f.name });
      expect(img).toHaveAttribute('src', FONT_PATHS.preview(f.slug));
      expect(img).toHaveAttribute('loading', 'lazy');
    });
    const selected = screen.getByRole('option', { selected: true });
    expect(selected).toHaveAccessibleName('Oswald');
    // The active option starts at the selected one.
    expect(listbox).toHaveAttribute('aria-activedescendant', selected.id);
  });

  it('sets the form value to the chosen family and closes, focus back on the button', async () => {
    const { user, values } = renderInForm(field, {
      initialValues: { h1Font: 'Roboto, sans-serif' },
    });
    await user.click(toggle());
    await user.click(screen.getByRole('option', { name: 'Cinzel' }));
    expect(values().h1Font).toBe(fontFamilyValue(family('Cinzel')));
    expect(values().h1Font).toBe("'Cinzel', serif");
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
    expect(toggle()).toHaveAccessibleName(`${LABEL} Cinzel`);
  });

  it('works by keyboard: arrows, Home, End, Enter and Space', async () => {
    const { user, values } = renderInForm(field, {
      initialValues: { h1Font: "'Open Sans', sans-serif" },
    });
    await user.tab();
    expect(toggle()).toHaveFocus();

    // ArrowDown opens at the selected family; two down is Montserrat (Open Sans, Oswald, ...).
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveFocus();
    const active = () =>
      document.getElementById(listbox.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveAccessibleName('Open Sans');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveAccessibleName('Montserrat');
    expect(active()).toHaveClass('is-active');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveAccessibleName('Oswald');
    await user.keyboard('{Enter}');
    expect(values().h1Font).toBe("'Oswald', sans-serif");
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();

    // Enter on the button opens too; End, then Space chooses the last family.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toHaveFocus();
    await user.keyboard('{End}');
    const last = FONT_FAMILIES[FONT_FAMILIES.length - 1] as FontFamily;
    expect(
      document.getElementById(
        screen.getByRole('listbox').getAttribute('aria-activedescendant') ?? '',
      ),
    ).toHaveAccessibleName(last.name);
    await user.keyboard('{Home}{ArrowUp}');
    await user.keyboard(' ');
    expect(values().h1Font).toBe(fontFamilyValue(FONT_FAMILIES[0] as FontFamily));
    expect(toggle()).toHaveFocus();

    // ArrowUp on the button opens as well.
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('listbox')).toHaveFocus();
  });

  it('closes on Escape without a change, focus back on the button', async () => {
    const { user, values } = renderInForm(field, {
      initialValues: { h1Font: 'Roboto, sans-serif' },
    });
    await user.click(toggle());
    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
    expect(values().h1Font).toBe('Roboto, sans-serif');
  });

  it('closes without a change when focus leaves (Tab, a click elsewhere, the button)', async () => {
    const { user, values } = renderInForm(field, {
      initialValues: { h1Font: 'Roboto, sans-serif' },
    });
    await user.click(toggle());
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(toggle());
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(toggle());
    await user.click(toggle());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(values().h1Font).toBe('Roboto, sans-serif');
  });

  it('shows its error under the display rule and is described by it', () => {
    renderInForm(<FontSelectField name="font" label={LABEL} validate={required} />, {
      showErrors: true,
    });
    expect(screen.getByText(M.required)).toBeInTheDocument();
    expect(toggle()).toHaveAccessibleDescription(M.required);
    expect(toggle()).toHaveClass('is-invalid');
  });
});

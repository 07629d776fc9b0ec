import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMAGE_LIMITS } from '@contracts/api/constants';
import { defaultJournalAppearance } from '@contracts/site/style-model';
import {
  AppearanceForm,
  toAppearanceFormValues,
  toAppearanceSettings,
} from '@/components/site-builder/appearance-form';
import { maxSizeTip } from '@/components/site-builder/media-slots';

describe('AppearanceForm (shared by both builders)', () => {
  it('shows only the page parts a builder has: the merchant editor has a page background', async () => {
    const onSubmit = jest.fn(() => Promise.resolve());
    const initial = defaultJournalAppearance(1);
    render(
      <AppearanceForm
        initial={initial}
        parts={['pageBackground']}
        submitLabel="Save"
        onSubmit={onSubmit}
      />,
    );
    const page = screen.getByRole('group', { name: 'Page' });
    expect(
      within(page)
        .getAllByRole('textbox')
        .map((t) => t.getAttribute('name')),
    ).toEqual(['pageBackground']);
    expect(screen.queryByLabelText('Header height (px)')).not.toBeInTheDocument();
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(
      [
        'Page',
        'Page Headlines h1',
        'Page Sub-Headlines h2',
        'Page Text p',
        'Form Label',
        'Form Button',
        'Link',
        'Menu Item',
      ],
    );
    const user = userEvent.setup();
    const background = within(page).getByLabelText('Page background');
    await user.clear(background);
    await user.type(background, 'rgba(1, 2, 3, 0.5)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ ...initial, pageBackground: 'rgba(1, 2, 3, 0.5)' }),
    );
  });

  it('form values and settings convert both ways; the height is shown in px digits', () => {
    const settings = { ...defaultJournalAppearance(2), headerHeight: '96px' };
    const values = toAppearanceFormValues(settings);
    expect(values.headerHeight).toBe('96');
    expect(values.items.button).toEqual({
      fontFamily: "'Roboto', sans-serif",
      fontSize: '16px',
      color: '#ffffff',
      backgroundColor: '#2f6fdb',
    });
    expect(toAppearanceSettings(values, defaultJournalAppearance(1))).toEqual(settings);
    expect(toAppearanceFormValues({ ...settings, headerHeight: '5rem' }).headerHeight).toBe('5rem');
  });
});

describe('media slot help tips', () => {
  it('read the limits: 300 KB and 1.5 MB', () => {
    expect(maxSizeTip(IMAGE_LIMITS.small)).toBe('Max 300 KB');
    expect(maxSizeTip(IMAGE_LIMITS.large)).toBe('Max 1.5 MB');
  });
});

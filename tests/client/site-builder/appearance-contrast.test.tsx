import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultJournalAppearance } from '@contracts/site/style-model';
import { ALL_PAGE_PARTS, AppearanceForm } from '@/components/site-builder/appearance-form';

/** The appearance editor warns when a text colour fails WCAG AA on its background. */

const WARNING = 'Contrast 2.32:1 with the background is below the WCAG AA minimum of 4.5:1';

it('warns under a font colour below AA contrast, and still saves', async () => {
  const onSubmit = jest.fn(() => Promise.resolve());
  const initial = defaultJournalAppearance(1);
  render(
    <AppearanceForm
      initial={initial}
      parts={ALL_PAGE_PARTS}
      submitLabel="Save"
      onSubmit={onSubmit}
    />,
  );
  const user = userEvent.setup();
  const group = screen.getByRole('group', { name: 'Page Text p' });
  const background = within(group).getByLabelText('Background colour');
  const colour = within(group).getByLabelText('Font colour');
  await user.clear(background);
  await user.type(background, '#ffffff');
  await user.clear(colour);
  await user.type(colour, '#595959');
  expect(within(group).queryByText(WARNING)).not.toBeInTheDocument();

  await user.clear(colour);
  await user.type(colour, '#aaaaaa');
  expect(within(group).getByText(WARNING)).toBeVisible();
  expect(colour).toHaveAccessibleDescription(WARNING);

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit).toHaveBeenCalledWith(
    expect.objectContaining({
      items: expect.objectContaining({
        pageText: expect.objectContaining({ color: '#aaaaaa', 'background-color': '#ffffff' }),
      }) as unknown,
    }),
  );
});

it('large text (24 px and up) needs 3:1', async () => {
  const initial = defaultJournalAppearance(1);
  render(
    <AppearanceForm
      initial={initial}
      parts={ALL_PAGE_PARTS}
      submitLabel="Save"
      onSubmit={() => Promise.resolve()}
    />,
  );
  const user = userEvent.setup();
  const group = screen.getByRole('group', { name: 'Page Headlines h1' });
  await user.clear(within(group).getByLabelText('Background colour'));
  await user.type(within(group).getByLabelText('Background colour'), '#ffffff');
  const colour = within(group).getByLabelText('Font colour');
  await user.clear(colour);
  // #949494 on white is 3.03:1: enough for the 30 px headline.
  await user.type(colour, '#949494');
  expect(within(group).queryByText(/below the WCAG AA minimum/)).not.toBeInTheDocument();
  await user.clear(colour);
  await user.type(colour, '#aaaaaa');
  expect(
    within(group).getByText(
      'Contrast 2.32:1 with the background is below the WCAG AA minimum of 3:1',
    ),
  ).toBeVisible();
});

import { screen, within } from '@testing-library/react';
import { DIALOG_TEXT } from '@contracts/api/messages';
import type { RenderAppResult } from './client-app';

/** Waits for the dialog titled `title`, presses its OK and answers the text it showed. */
export async function pressOk(
  user: RenderAppResult['user'],
  title: string,
): Promise<string | null> {
  const dialog = await screen.findByRole('dialog', { name: title });
  const text = dialog.textContent;
  await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
  return text;
}

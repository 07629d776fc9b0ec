import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';

/**
 * Step 1's question before a theme change resets a stylesheet the operator has styled (not in
 * the spec: 01 §4.3 and 02 §4 reset it without asking).
 */
export const THEME_CHANGE_TEXT = {
  title: 'Change the site theme?',
  message:
    "The site has its own styling (fonts, colours, custom CSS). Changing the theme replaces it with the new theme's default stylesheet, and it cannot be undone.",
  confirm: 'Change theme',
} as const;

export interface ThemeStylesheetChoice {
  /** The profile's stored theme and stylesheet. */
  savedThemeId: number;
  savedCss: string | null;
  /** The theme being saved. */
  themeId: number;
  /** The builder's default stylesheet of a theme (with what the builder keeps in it). */
  themeStylesheet(themeId: number): string;
}

/**
 * The stylesheet step 1 saves for an existing profile, in both builders. 01 §4.3 and 02 §4 reset
 * it to the theme's default at every step 1 save, which would silently throw away fonts and
 * custom rules when only the URL is saved again. Decision (docs/decisions.md): the stylesheet is
 * reset only when the theme changes, and then only after the operator confirms when the reset
 * would discard styling of their own (anything other than the old theme's starting stylesheet).
 * Undefined: cancelled.
 */
export async function stylesheetToSave({
  savedThemeId,
  savedCss,
  themeId,
  themeStylesheet,
}: ThemeStylesheetChoice): Promise<string | null | undefined> {
  if (themeId === savedThemeId) return savedCss;
  const current = savedCss ?? '';
  const customised = current.trim() !== '' && current !== themeStylesheet(savedThemeId);
  if (customised) {
    const confirmed = await dialogs.confirm(
      THEME_CHANGE_TEXT.title,
      textToHtml(THEME_CHANGE_TEXT.message),
      // The reset cannot be undone: Enter keeps the stylesheet.
      { okText: THEME_CHANGE_TEXT.confirm, focusCancel: true },
    );
    if (!confirmed) return undefined;
  }
  return themeStylesheet(themeId);
}

/**
 * The 30 fonts both site builders offer (01 §3, 02 §2 Step 5), with the file names of their
 * assets. The font files and preview images are committed under client/public/fonts (made by
 * scripts/fonts.mjs from the @fontsource packages, each licence beside its files) and served as
 * static files, so the admin app shows previews and the published sites load the chosen fonts
 * offline.
 */

export interface FontFamily {
  /** As the spec lists it, and as written in the stylesheets. */
  name: string;
  /** File stem under /fonts. */
  slug: string;
  /** Generic family the stylesheet falls back to. */
  generic: 'sans-serif' | 'serif' | 'monospace' | 'cursive';
  /**
   * False when no font file is published under that name (dtrvag): no @font-face is written and
   * sites fall back to the generic family.
   */
  hasFile: boolean;
}

const font = (
  name: string,
  generic: FontFamily['generic'] = 'sans-serif',
  hasFile = true,
): FontFamily => ({
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  generic,
  hasFile,
});

export const FONT_FAMILIES: readonly FontFamily[] = [
  font('Roboto'),
  font('Open Sans'),
  font('Oswald'),
  font('Montserrat'),
  font('Raleway'),
  font('Roboto Slab', 'serif'),
  font('Open Sans Condensed'),
  font('Ubuntu'),
  font('Droid Serif', 'serif'),
  font('Playfair Display', 'serif'),
  font('Titillium Web'),
  font('PT Serif', 'serif'),
  font('Dosis'),
  font('Oxygen'),
  font('Arvo', 'serif'),
  font('Noto Serif', 'serif'),
  font('Bree Serif', 'serif'),
  font('Cinzel', 'serif'),
  font('Alfa Slab One', 'serif'),
  font('Archivo Black'),
  font('Kreon', 'serif'),
  font('Permanent Marker', 'cursive'),
  font('Philosopher'),
  font('Vidaloka', 'serif'),
  font('Teko'),
  font('Rajdhani'),
  font('Nobile'),
  font('Julius Sans One'),
  font('Pt Mono', 'monospace'),
  font('dtrvag', 'sans-serif', false),
];

export const DEFAULT_JOURNAL_FONT = 'Roboto';

/** Static assets, at the origin root of the admin app and of the site host. */
export const FONT_PATHS = {
  /** @font-face rules for every family that has a file (all but dtrvag). */
  stylesheet: '/fonts/fonts.css',
  file: (slug: string) => `/fonts/${slug}.woff2`,
  preview: (slug: string) => `/fonts/previews/${slug}.png`,
} as const;

/** The family of a CSS font-family value (`'Open Sans', sans-serif` → Open Sans), if known. */
export function fontFamilyOf(value: string | undefined | null): FontFamily | undefined {
  if (!value) return undefined;
  const first = (value.split(',')[0] ?? '')
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .toLowerCase();
  return FONT_FAMILIES.find((f) => f.name.toLowerCase() === first);
}

/** The CSS value for a family: quoted name plus its generic fallback. */
export const fontFamilyValue = (family: FontFamily): string =>
  `'${family.name}', ${family.generic}`;

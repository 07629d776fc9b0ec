/**
 * The appearance model both site builders edit (01 §2.9, §3; 02 §2 Step 5, §3): seven style
 * items with font family, size, colour and background colour, plus the page parts (body,
 * header, footer). The stylesheet text (cssOverride / overrideCSS) is the stored form; the
 * default stylesheets are written from this model so the editor reads back what it wrote.
 */
import { DEFAULT_JOURNAL_FONT, FONT_FAMILIES, fontFamilyValue, type FontFamily } from './fonts';

export type StyleItemKey =
  'headline' | 'subHeadline' | 'pageText' | 'label' | 'button' | 'link' | 'menuItem';

export interface StyleItemDefinition {
  key: StyleItemKey;
  /** As the editor labels it (01 §2.9). */
  label: string;
  /** The selector the item's settings are written to (01 §3). */
  selector: string;
  /** Further selectors that get the same declarations (menu item: `nav .active`). */
  alsoSelectors: readonly string[];
}

export const STYLE_ITEMS: readonly StyleItemDefinition[] = [
  { key: 'headline', label: 'Page Headlines h1', selector: '.title', alsoSelectors: [] },
  { key: 'subHeadline', label: 'Page Sub-Headlines h2', selector: '.subTitle', alsoSelectors: [] },
  { key: 'pageText', label: 'Page Text p', selector: 'p', alsoSelectors: [] },
  { key: 'label', label: 'Form Label', selector: 'label', alsoSelectors: [] },
  { key: 'button', label: 'Form Button', selector: '.btnPrimary', alsoSelectors: [] },
  { key: 'link', label: 'Link', selector: 'a', alsoSelectors: [] },
  { key: 'menuItem', label: 'Menu Item', selector: 'nav ul li', alsoSelectors: ['nav .active'] },
];

/** Selectors of the page parts (01 §3). */
export const PAGE_SELECTORS = { body: 'body', header: 'header', footer: 'footer' } as const;

/** One style item's settings; values are CSS values (`16px`, `#333333`, `'Roboto', sans-serif`). */
export interface StyleItemSettings {
  'font-family': string;
  'font-size': string;
  color: string;
  'background-color': string;
}

export interface AppearanceSettings {
  headerBackground: string;
  footerBackground: string;
  pageBackground: string;
  /** CSS length, e.g. `80px`. */
  headerHeight: string;
  items: Record<StyleItemKey, StyleItemSettings>;
}

/** Font sizes of the defaults, in item order: 30/19/16/14/16/15/15 px (01 §3). */
export const DEFAULT_FONT_SIZES: Record<StyleItemKey, number> = {
  headline: 30,
  subHeadline: 19,
  pageText: 16,
  label: 14,
  button: 16,
  link: 15,
  menuItem: 15,
};

interface Palette {
  page: string;
  header: string;
  footer: string;
  text: string;
  heading: string;
  muted: string;
  buttonText: string;
  button: string;
  link: string;
  menuText: string;
  menuBackground: string;
}

const LIGHT: Palette = {
  page: '#ffffff',
  header: '#ffffff',
  footer: '#f2f2f2',
  text: '#333333',
  heading: '#222222',
  muted: '#555555',
  buttonText: '#ffffff',
  button: '#1f3a68',
  link: '#1f5fbf',
  menuText: '#333333',
  menuBackground: 'transparent',
};

const DARK: Palette = {
  page: '#1e1e1e',
  header: '#121212',
  footer: '#121212',
  text: '#e6e6e6',
  heading: '#ffffff',
  muted: '#cccccc',
  buttonText: '#ffffff',
  button: '#2f6fdb',
  link: '#8ab4f8',
  menuText: '#e6e6e6',
  menuBackground: 'transparent',
};

const DEFAULT_HEADER_HEIGHT = '80px';

function defaultAppearance(palette: Palette, family: FontFamily): AppearanceSettings {
  const item = (key: StyleItemKey, color: string, background: string): StyleItemSettings => ({
    'font-family': fontFamilyValue(family),
    'font-size': `${DEFAULT_FONT_SIZES[key]}px`,
    color,
    'background-color': background,
  });
  return {
    headerBackground: palette.header,
    footerBackground: palette.footer,
    pageBackground: palette.page,
    headerHeight: DEFAULT_HEADER_HEIGHT,
    items: {
      headline: item('headline', palette.heading, 'transparent'),
      subHeadline: item('subHeadline', palette.muted, 'transparent'),
      pageText: item('pageText', palette.text, 'transparent'),
      label: item('label', palette.text, 'transparent'),
      button: item('button', palette.buttonText, palette.button),
      link: item('link', palette.link, 'transparent'),
      menuItem: item('menuItem', palette.menuText, palette.menuBackground),
    },
  };
}

const declarations = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([property, value]) => `  ${property}: ${value};`)
    .join('\n');

/** Writes the whole stylesheet of an appearance: one rule per selector, in a fixed order. */
export function writeAppearanceStylesheet(settings: AppearanceSettings): string {
  const rules: string[] = [
    `${PAGE_SELECTORS.body} {\n${declarations({ 'background-color': settings.pageBackground })}\n}`,
    `${PAGE_SELECTORS.header} {\n${declarations({
      'background-color': settings.headerBackground,
      height: settings.headerHeight,
    })}\n}`,
    `${PAGE_SELECTORS.footer} {\n${declarations({ 'background-color': settings.footerBackground })}\n}`,
  ];
  for (const definition of STYLE_ITEMS) {
    const item = settings.items[definition.key];
    for (const selector of [definition.selector, ...definition.alsoSelectors]) {
      rules.push(`${selector} {\n${declarations({ ...item })}\n}`);
    }
  }
  return `${rules.join('\n\n')}\n`;
}

const DEFAULT_FAMILY =
  FONT_FAMILIES.find((f) => f.name === DEFAULT_JOURNAL_FONT) ?? (FONT_FAMILIES[0] as FontFamily);

/** The journal's default appearance for a theme: 1 light, anything else dark (01 §3). */
export function defaultJournalAppearance(themeId: number): AppearanceSettings {
  return defaultAppearance(themeId === 1 ? LIGHT : DARK, DEFAULT_FAMILY);
}

/** The default light or dark stylesheet a new profile and a theme change get (01 §3, §4.3). */
export function defaultJournalStylesheet(themeId: number): string {
  return writeAppearanceStylesheet(defaultJournalAppearance(themeId));
}

/*
 * The merchant's two defaults (02 §3): nearly identical, both on a light grey page in Open Sans
 * with dark text and a navy primary button; the dark one differs in its navy header and footer.
 */
const MERCHANT_LIGHT: Palette = {
  page: '#f2f2f2',
  header: '#ffffff',
  footer: '#e6e6e6',
  text: '#333333',
  heading: '#222222',
  muted: '#555555',
  buttonText: '#ffffff',
  button: '#1f3a68',
  link: '#1f3a68',
  menuText: '#333333',
  menuBackground: 'transparent',
};

const MERCHANT_DARK: Palette = {
  ...MERCHANT_LIGHT,
  header: '#1f3a68',
  footer: '#1f3a68',
  menuText: '#ffffff',
};

const MERCHANT_FAMILY =
  FONT_FAMILIES.find((f) => f.name === 'Open Sans') ?? (FONT_FAMILIES[0] as FontFamily);

/** The merchant's default appearance for a theme: 1 light, 2 dark (02 §3; spec README). */
export function defaultMerchantAppearance(themeId: number): AppearanceSettings {
  return defaultAppearance(themeId === 1 ? MERCHANT_LIGHT : MERCHANT_DARK, MERCHANT_FAMILY);
}

/** The stylesheet step 1 of the merchant wizard saves: its theme's default (02 §4). */
export function defaultMerchantStylesheet(themeId: number): string {
  return writeAppearanceStylesheet(defaultMerchantAppearance(themeId));
}

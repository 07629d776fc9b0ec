/**
 * The head of a published site (journal and merchant): the fonts its stylesheet names, the
 * fonts' stylesheet, then the profile's stylesheet (after the site's base CSS, so the profile's
 * rules win), the favicon, description and keywords, the theme class and the background image.
 */
import { FONT_FAMILIES, FONT_PATHS } from '@contracts/site/fonts';
import { h } from './dom';

export interface SiteHead {
  fonts: readonly string[];
  /** The link of the profile's stylesheet. */
  stylesheet: string;
  favicon: string | null;
  background: string | null;
  description: string | null;
  keywords: string | null;
  themeId: number;
}

/** Marks the head elements a site adds, so showing another site replaces them. */
const SITE_HEAD = 'data-site-head';

/**
 * Text the profile stylesheet does not colour (lists, details) follows the theme: 1 light,
 * anything else dark (01 §3). The base CSS gives each class a readable default colour.
 */
const THEME_CLASS = { light: 'theme-light', dark: 'theme-dark' } as const;

function setMeta(doc: Document, name: string, content: string | null): void {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (meta === null) {
    meta = h('meta', { name });
    doc.head.appendChild(meta);
  }
  meta.content = content ?? '';
}

export function clearSiteHead(doc: Document): void {
  for (const element of doc.head.querySelectorAll(`[${SITE_HEAD}]`)) element.remove();
  doc.body.classList.remove('hasBackground', THEME_CLASS.light, THEME_CLASS.dark);
  doc.body.style.backgroundImage = '';
}

export function applySiteHead(doc: Document, head: SiteHead): void {
  clearSiteHead(doc);
  const added: HTMLElement[] = [];
  for (const name of head.fonts) {
    const family = FONT_FAMILIES.find((f) => f.name === name);
    if (family === undefined || !family.hasFile) continue;
    // Fetched at once instead of when the stylesheet is applied.
    added.push(
      h('link', {
        rel: 'preload',
        as: 'font',
        type: 'font/woff2',
        crossorigin: 'anonymous',
        href: FONT_PATHS.file(family.slug),
      }),
    );
  }
  added.push(h('link', { rel: 'stylesheet', href: FONT_PATHS.stylesheet }));
  added.push(h('link', { rel: 'stylesheet', href: head.stylesheet }));
  if (head.favicon !== null) added.push(h('link', { rel: 'icon', href: head.favicon }));
  for (const element of added) {
    element.setAttribute(SITE_HEAD, '');
    doc.head.appendChild(element);
  }
  setMeta(doc, 'description', head.description);
  setMeta(doc, 'keywords', head.keywords);
  doc.body.classList.add(head.themeId === 1 ? THEME_CLASS.light : THEME_CLASS.dark);

  // Through the CSSOM, which the CSP allows (a style attribute would need 'unsafe-inline').
  if (head.background !== null) {
    doc.body.classList.add('hasBackground');
    doc.body.style.backgroundImage = `url(${JSON.stringify(head.background)})`;
  }
}

/**
 * The published MyJournal site (`{site host}/mj/#!/{siteUrl}`), for cardholders.
 *
 * Plain DOM and TypeScript, no React: a public page opened from a card or a receipt, often on
 * a phone, should load fast. The whole site is ~16 KB gzipped, most of it DOMPurify (for page
 * content), where React and ReactDOM alone are ~60 KB; webpack.config.ts holds its budget.
 *
 * It reads the site address from the hash, loads the published site, and shows the page the
 * hash names (the first page otherwise). Moving between pages changes only the hash; the site
 * is loaded again only when the address names another site.
 */
import {
  JOURNAL_SITE_PATHS,
  JOURNAL_SITE_TEXT,
  type PublishedJournalSite,
} from '@contracts/api/journal';
import { FONT_FAMILIES, FONT_PATHS } from '@contracts/site/fonts';
import { h, replaceChildren } from './dom';
import { loadSite } from './site-api';
import { loadingLayout, navLabelOf, siteLayout, unavailableLayout } from './site-layout';
import { pageSlugOf, parseSiteHash, type SiteRoute } from './site-route';

/** Marks the head elements a site adds, so showing another site replaces them. */
const SITE_HEAD = 'data-journal-site';

function setMeta(doc: Document, name: string, content: string | null): void {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (meta === null) {
    meta = h('meta', { name });
    doc.head.appendChild(meta);
  }
  meta.content = content ?? '';
}

/**
 * Text the profile stylesheet does not colour (the balance details, lists) follows the theme:
 * 1 light, anything else dark (01 §3). The base CSS gives each class a readable default colour.
 */
const THEME_CLASS = { light: 'theme-light', dark: 'theme-dark' } as const;

function clearHead(doc: Document): void {
  for (const element of doc.head.querySelectorAll(`[${SITE_HEAD}]`)) element.remove();
  doc.body.classList.remove('hasBackground', THEME_CLASS.light, THEME_CLASS.dark);
  doc.body.style.backgroundImage = '';
}

/** Fonts, then the profile stylesheet: after the site's base CSS, so the profile's rules win. */
function applyHead(doc: Document, site: PublishedJournalSite): void {
  clearHead(doc);
  const added: HTMLElement[] = [];
  for (const name of site.fonts) {
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
  added.push(h('link', { rel: 'stylesheet', href: JOURNAL_SITE_PATHS.stylesheet(site.siteUrl) }));
  if (site.favIcon !== null) added.push(h('link', { rel: 'icon', href: site.favIcon }));
  for (const element of added) {
    element.setAttribute(SITE_HEAD, '');
    doc.head.appendChild(element);
  }
  setMeta(doc, 'description', site.description);
  setMeta(doc, 'keywords', site.keywords);
  doc.body.classList.add(site.themeId === 1 ? THEME_CLASS.light : THEME_CLASS.dark);

  // Through the CSSOM, which the CSP allows (a style attribute would need 'unsafe-inline').
  if (site.backgroundImg !== null) {
    doc.body.classList.add('hasBackground');
    doc.body.style.backgroundImage = `url(${JSON.stringify(site.backgroundImg)})`;
  }
}

export interface JournalSite {
  /** Stops following the hash (tests; a page never needs it). */
  stop(): void;
  /** Resolves once the current address is shown. */
  ready(): Promise<void>;
}

export function startJournalSite(root: HTMLElement, win: Window = window): JournalSite {
  const doc = root.ownerDocument;
  let site: PublishedJournalSite | undefined;
  let shown: Promise<void> = Promise.resolve();
  /** Counts navigations, so a slow answer for an old address is dropped. */
  let generation = 0;

  const showUnavailable = (message: string) => {
    site = undefined;
    clearHead(doc);
    doc.title = JOURNAL_SITE_TEXT.notPublishedTitle;
    replaceChildren(root, ...unavailableLayout(message));
  };

  const showPage = (loaded: PublishedJournalSite, route: SiteRoute, moveFocus: boolean) => {
    const page = loaded.pages.find((p) => pageSlugOf(p) === route.pageSlug) ?? loaded.pages[0];
    const siteName = loaded.title ?? loaded.siteUrl;
    doc.title = page === undefined ? siteName : `${navLabelOf(page)} - ${siteName}`;
    replaceChildren(root, ...siteLayout(loaded, page));
    if (moveFocus) root.querySelector<HTMLElement>('h1')?.focus();
  };

  const show = async (moveFocus: boolean): Promise<void> => {
    generation += 1;
    const mine = generation;
    const route = parseSiteHash(win.location.hash);
    if (route === undefined) {
      showUnavailable(JOURNAL_SITE_TEXT.unknownSite);
      return;
    }
    if (site !== undefined && site.siteUrl === route.siteUrl) {
      showPage(site, route, moveFocus);
      return;
    }
    doc.title = JOURNAL_SITE_TEXT.loading;
    replaceChildren(root, ...loadingLayout());
    const result = await loadSite(route.siteUrl);
    if (mine !== generation) return;
    if (result.kind === 'site') {
      site = result.site;
      applyHead(doc, result.site);
      showPage(result.site, route, false);
    } else if (result.kind === 'missing') {
      showUnavailable(result.message ?? JOURNAL_SITE_TEXT.unknownSite);
    } else {
      showUnavailable(JOURNAL_SITE_TEXT.loadFailed);
    }
  };

  const onHashChange = () => {
    shown = show(true);
  };
  win.addEventListener('hashchange', onHashChange);
  shown = show(false);

  return {
    stop: () => win.removeEventListener('hashchange', onHashChange),
    ready: () => shown,
  };
}

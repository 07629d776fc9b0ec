/**
 * The journal site's page for the builders' live preview (issue 11): the published site's own
 * layout code (site-layout.ts) and base stylesheets, for a site made from the profile being
 * edited. The one module of the site the admin app may import (eslint.config.mjs): it runs in
 * the app's document, and components/site-builder/site-preview.tsx shows its markup in a
 * sandboxed frame with the edited stylesheet. Never part of the site's own bundle (main.ts).
 */
import type { PublishedJournalSite } from '@contracts/api/journal';
import type { SitePreviewPage } from '@contracts/site/site-preview';
import { cssUrl } from '@contracts/site/stylesheet';
import siteBaseCss from '../shared/site-base.css?raw';
import { pageSlugOf } from '../shared/site-route';
import journalCss from './journal-site.css?raw';
import { navLabelOf, siteLayout } from './site-layout';

/**
 * The <body> classes journal-site.ts applyHead gives a site: its theme (1 light, else dark,
 * 01 §3) and `hasBackground` with a background image, which it sets on <body> itself.
 */
function bodyOf(site: PublishedJournalSite): { classes: string[]; css: string } {
  const theme = site.themeId === 1 ? 'theme-light' : 'theme-dark';
  if (site.backgroundImg === null) return { classes: [theme], css: '' };
  return {
    classes: [theme, 'hasBackground'],
    css: `body.hasBackground { background-image: ${cssUrl(site.backgroundImg)}; }\n`,
  };
}

/** The page of `site` the slug names (its first page otherwise), as the site would show it. */
export function journalPreviewPage(site: PublishedJournalSite, pageSlug?: string): SitePreviewPage {
  const page = site.pages.find((p) => pageSlugOf(p) === pageSlug) ?? site.pages[0];
  const siteName = site.title ?? site.siteUrl;
  const body = bodyOf(site);
  return {
    title: page === undefined ? siteName : `${navLabelOf(page)} - ${siteName}`,
    lang: 'en',
    baseCss: `${siteBaseCss}\n${journalCss}\n${body.css}`,
    bodyClasses: body.classes,
    bodyHtml: siteLayout(site, page)
      .map((element) => element.outerHTML)
      .join(''),
    rootId: 'site',
  };
}

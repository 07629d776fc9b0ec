/**
 * The published MyJournal site (`{site host}/mj/#!/{siteUrl}`), for cardholders.
 *
 * Plain DOM and TypeScript, no React: a public page opened from a card or a receipt, often on
 * a phone, should load fast. The whole site is ~16 KB gzipped, most of it DOMPurify (for page
 * content), where React and ReactDOM alone are ~60 KB; webpack.config.ts holds its budget.
 *
 * It reads the site address from the hash, loads the published site, and shows the page the
 * hash names (the first page otherwise): the address handling is the merchant site's too
 * (../shared/site-controller.ts).
 */
import {
  JOURNAL_SITE_PATHS,
  JOURNAL_SITE_TEXT,
  type PublishedJournalSite,
} from '@contracts/api/journal';
import { replaceChildren } from '../shared/dom';
import { startPublishedSite, type PublishedSite } from '../shared/site-controller';
import { applySiteHead } from '../shared/site-head';
import { pageSlugOf } from '../shared/site-route';
import { loadSite } from './site-api';
import { navLabelOf, siteLayout } from './site-layout';

export type JournalSite = PublishedSite;

export function startJournalSite(root: HTMLElement, win: Window = window): JournalSite {
  return startPublishedSite<PublishedJournalSite>(root, win, {
    texts: JOURNAL_SITE_TEXT,
    load: loadSite,
    urlOf: (site) => site.siteUrl,
    applyHead: (doc, site) =>
      applySiteHead(doc, {
        fonts: site.fonts,
        stylesheet: JOURNAL_SITE_PATHS.stylesheet(site.siteUrl),
        favicon: site.favIcon,
        background: site.backgroundImg,
        description: site.description,
        keywords: site.keywords,
        themeId: site.themeId,
      }),
    render: (root, site, route) => {
      const page = site.pages.find((p) => pageSlugOf(p) === route.pageSlug) ?? site.pages[0];
      const siteName = site.title ?? site.siteUrl;
      replaceChildren(root, ...siteLayout(site, page));
      return page === undefined ? siteName : `${navLabelOf(page)} - ${siteName}`;
    },
  });
}

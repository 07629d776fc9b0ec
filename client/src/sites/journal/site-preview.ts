/**
 * The journal site's page for the builders' live preview: the published site's own
 * layout code (site-layout.ts, as journal-site.ts renders a page) and base stylesheets, for a
 * site made from the profile being edited. One of the modules of the sites the admin app may
 * import (eslint.config.mjs); never part of the site's own bundle (main.ts).
 */
import type { PublishedJournalSite } from '@contracts/api/journal';
import type { SitePreviewPage } from '@contracts/site/site-preview';
import { replaceChildren } from '../shared/dom';
import siteBaseCss from '../shared/site-base.css?raw';
import { sitePreviewPage } from '../shared/site-preview';
import { pageSlugOf } from '../shared/site-route';
import journalCss from './journal-site.css?raw';
import { navLabelOf, siteLayout } from './site-layout';

/** The page of `site` the slug names (its first page otherwise), as the site would show it. */
export function journalPreviewPage(site: PublishedJournalSite, pageSlug?: string): SitePreviewPage {
  return sitePreviewPage({
    baseCss: `${siteBaseCss}\n${journalCss}`,
    head: { themeId: site.themeId, background: site.backgroundImg },
    render: (root) => {
      const page = site.pages.find((p) => pageSlugOf(p) === pageSlug) ?? site.pages[0];
      const siteName = site.title ?? site.siteUrl;
      replaceChildren(root, ...siteLayout(site, page));
      return page === undefined ? siteName : `${navLabelOf(page)} - ${siteName}`;
    },
  });
}

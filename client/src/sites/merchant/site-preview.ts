/**
 * The merchant site's page for the builders' live preview: the published site's own
 * layout code (site-layout.ts, as merchant-site.ts renders a page) and base stylesheets, for a
 * site made from the profile being edited. One of the modules of the sites the admin app may
 * import (eslint.config.mjs); never part of the site's own bundle (main.ts).
 */
import type { PublishedMerchantSite } from '@contracts/api/merchant-site';
import type { SitePreviewPage } from '@contracts/site/site-preview';
import { replaceChildren } from '../shared/dom';
import siteBaseCss from '../shared/site-base.css?raw';
import { sitePreviewPage } from '../shared/site-preview';
import type { SiteRoute } from '../shared/site-route';
import merchantCss from './merchant-site.css?raw';
import { merchantSiteLayout, placeOf, titleOf } from './site-layout';

/** The page (and sub-page) the route names, the first page otherwise, as the site shows it. */
export function merchantPreviewPage(
  site: PublishedMerchantSite,
  route: Omit<SiteRoute, 'siteUrl'> = { pageSlug: undefined },
): SitePreviewPage {
  return sitePreviewPage({
    baseCss: `${siteBaseCss}\n${merchantCss}`,
    head: { themeId: site.themeId, background: site.background },
    render: (root) => {
      const place = placeOf(site, route);
      // No search from the preview: there is no published site to search yet.
      replaceChildren(root, ...merchantSiteLayout(site, place, { searchNow: false }));
      return titleOf(site, place);
    },
  });
}

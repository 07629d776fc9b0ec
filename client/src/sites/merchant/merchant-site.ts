/**
 * The published MyMerchant site (`{site host}/mm/#!/{url}`, spec README "Site builders"), for a
 * merchant's customers: the profile's pages and sub-pages, and on its Locations page a store
 * locator over the program's imported stores.
 *
 * Like the journal site, plain DOM and TypeScript, no React, a bundle of its own with a budget
 * (webpack.config.ts) and no inline script; the address handling, head, sanitiser and base
 * layout are the journal site's (../shared).
 */
import { MERCHANT_SITE_PATHS } from '@contracts/api/merchant';
import { MERCHANT_SITE_TEXT, type PublishedMerchantSite } from '@contracts/api/merchant-site';
import { replaceChildren } from '../shared/dom';
import { startPublishedSite, type PublishedSite } from '../shared/site-controller';
import { applySiteHead } from '../shared/site-head';
import { loadMerchantSite } from './site-api';
import { merchantSiteLayout, placeOf, titleOf } from './site-layout';

export type MerchantSite = PublishedSite;

export function startMerchantSite(root: HTMLElement, win: Window = window): MerchantSite {
  return startPublishedSite<PublishedMerchantSite>(root, win, {
    texts: MERCHANT_SITE_TEXT,
    load: loadMerchantSite,
    urlOf: (site) => site.url,
    applyHead: (doc, site) =>
      applySiteHead(doc, {
        fonts: site.fonts,
        stylesheet: MERCHANT_SITE_PATHS.stylesheet(site.url),
        favicon: site.favicon,
        background: site.background,
        description: site.description,
        keywords: site.keywords,
        themeId: site.themeId,
      }),
    render: (root, site, route) => {
      const place = placeOf(site, route);
      replaceChildren(root, ...merchantSiteLayout(site, place));
      return titleOf(site, place);
    },
  });
}

/**
 * The published merchant site's page: header (header logo, logo), a menu of the selected pages
 * by their navigation labels, the current page (or sub-page) in <main> and a footer. Element
 * and class names are the style model's (contracts/site/style-model.ts: .title, .subTitle, p,
 * label, .btnPrimary, a, nav ul li, nav .active, header, footer, body), so the profile
 * stylesheet applies as the editor wrote it. The Locations page carries the store locator.
 */
import { MERCHANT_PAGE_TYPE } from '@contracts/api/merchant';
import {
  MERCHANT_SITE_TEXT,
  type PublishedMerchantPage,
  type PublishedMerchantSite,
  type PublishedMerchantSubPage,
} from '@contracts/api/merchant-site';
import { h, type Child } from '../shared/dom';
import { sanitizeContent } from '../shared/sanitize-content';
import { siteHeader, siteNav } from '../shared/site-parts';
import { pageSlugOf, siteHash, type SiteRoute } from '../shared/site-route';
import { createStoreLocator, type StoreLocatorOptions } from './store-locator';

/** The menu label of a page: its navigation item, or its type name. */
export const navLabelOf = (page: PublishedMerchantPage) => page.navItem.trim() || page.name;

export interface MerchantPlace {
  page: PublishedMerchantPage | undefined;
  subPage: PublishedMerchantSubPage | undefined;
}

/** The page and sub-page a route names: the first page when it names none or an unknown one. */
export function placeOf(
  site: PublishedMerchantSite,
  route: Omit<SiteRoute, 'siteUrl'>,
): MerchantPlace {
  const page = site.pages.find((p) => pageSlugOf(p) === route.pageSlug) ?? site.pages[0];
  const subPage =
    page === undefined || route.subPageSlug === undefined
      ? undefined
      : page.subPages.find((s) => pageSlugOf(s) === route.subPageSlug);
  return { page, subPage };
}

const header = (site: PublishedMerchantSite) =>
  siteHeader({
    name: site.title ?? site.url,
    home: siteHash(site.url),
    headerImage: site.headerLogo,
    logo: site.logo,
  });

const nav = (site: PublishedMerchantSite, { page: current, subPage }: MerchantPlace) =>
  siteNav(
    MERCHANT_SITE_TEXT.siteNavigation,
    site.pages.map((page) => ({
      href: siteHash(site.url, pageSlugOf(page)),
      label: navLabelOf(page),
      // On a sub-page, its page is the current section rather than the current page.
      current: page !== current ? undefined : subPage === undefined ? 'page' : 'true',
    })),
  );

/** A page's selected sub-pages, as links. */
function subPageLinks(site: PublishedMerchantSite, page: PublishedMerchantPage): Child {
  if (page.subPages.length === 0) return null;
  return h(
    'nav',
    { class: 'subPages', 'aria-labelledby': 'subPagesHeading' },
    h('h2', { id: 'subPagesHeading', class: 'subTitle' }, MERCHANT_SITE_TEXT.subPages),
    h(
      'ul',
      {},
      ...page.subPages.map((sub) =>
        h(
          'li',
          {},
          h('a', { href: siteHash(site.url, pageSlugOf(page), pageSlugOf(sub)) }, sub.name),
        ),
      ),
    ),
  );
}

function main(
  site: PublishedMerchantSite,
  { page, subPage }: MerchantPlace,
  locator: StoreLocatorOptions,
): HTMLElement {
  // Focus target after moving between pages (tabindex -1: not in the tab order).
  const heading = (text: string) => h('h1', { class: 'title', tabindex: '-1' }, text);
  if (page === undefined) return h('main', { id: 'main' }, heading(site.title ?? site.url));
  if (subPage !== undefined) {
    // 02 gives a sub-page a name only: its heading, and the way back to its page.
    return h(
      'main',
      { id: 'main' },
      heading(subPage.name),
      h(
        'p',
        {},
        h(
          'a',
          { href: siteHash(site.url, pageSlugOf(page)) },
          MERCHANT_SITE_TEXT.backTo(navLabelOf(page)),
        ),
      ),
    );
  }
  const content = page.content ? sanitizeContent(page.content) : null;
  return h(
    'main',
    { id: 'main' },
    heading(page.title.trim() || navLabelOf(page)),
    content && h('div', { class: 'pageContent' }, content),
    page.typeId === MERCHANT_PAGE_TYPE.LOCATIONS && createStoreLocator(site.url, locator),
    subPageLinks(site, page),
  );
}

/** The document's title for a place. */
export function titleOf(site: PublishedMerchantSite, { page, subPage }: MerchantPlace): string {
  const siteName = site.title ?? site.url;
  if (page === undefined) return siteName;
  return subPage === undefined
    ? `${navLabelOf(page)} - ${siteName}`
    : `${subPage.name} - ${navLabelOf(page)} - ${siteName}`;
}

/** `locator`: the Locations page's store locator (the builders' preview passes searchNow false). */
export function merchantSiteLayout(
  site: PublishedMerchantSite,
  place: MerchantPlace,
  locator: StoreLocatorOptions = {},
): HTMLElement[] {
  return [header(site), nav(site, place), main(site, place, locator), h('footer', {})];
}

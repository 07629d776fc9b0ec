/**
 * The published site's page: header (header image, logo), a menu of the enabled pages, the
 * current page in <main> and a footer. Element and class names are the style model's
 * (contracts/site/style-model.ts: .title, .subTitle, p, label, .btnPrimary, a, nav ul li,
 * nav .active, header, footer, body), so the profile stylesheet applies as the editor wrote it.
 */
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_SITE_TEXT,
  type PublishedJournalPage,
  type PublishedJournalSite,
} from '@contracts/api/journal';
import { createBalanceForm } from './balance-form';
import { h, type Child } from '../shared/dom';
import { sanitizeContent } from '../shared/sanitize-content';
import { pageSlugOf, siteHash } from '../shared/site-route';

/** The menu label of a page: its nav item (Locations) or its type name. */
export const navLabelOf = (page: PublishedJournalPage) => page.navItem?.trim() || page.name;

/** The client's website as an http(s) link, or undefined. */
function websiteLink(value: string | null): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function header(site: PublishedJournalSite): HTMLElement {
  const name = site.title ?? site.siteUrl;
  const images: Child[] = [
    site.headerImg !== null && h('img', { class: 'headerImage', src: site.headerImg, alt: name }),
    site.logo !== null &&
      h('img', { class: 'siteLogo', src: site.logo, alt: site.headerImg === null ? name : '' }),
  ];
  const hasImage = site.headerImg !== null || site.logo !== null;
  return h(
    'header',
    {},
    h(
      'a',
      { class: 'brand', href: siteHash(site.siteUrl) },
      ...images,
      !hasImage && h('span', { class: 'siteName' }, name),
    ),
  );
}

function nav(site: PublishedJournalSite, current: PublishedJournalPage | undefined): HTMLElement {
  return h(
    'nav',
    { 'aria-label': JOURNAL_SITE_TEXT.siteNavigation },
    h(
      'ul',
      {},
      ...site.pages.map((page) => {
        const active = page === current;
        return h(
          'li',
          { class: active ? 'active' : undefined },
          h(
            'a',
            {
              href: siteHash(site.siteUrl, pageSlugOf(page)),
              'aria-current': active ? 'page' : undefined,
            },
            navLabelOf(page),
          ),
        );
      }),
    ),
  );
}

function main(site: PublishedJournalSite, page: PublishedJournalPage | undefined): HTMLElement {
  const heading = page?.title?.trim() || (page ? navLabelOf(page) : (site.title ?? site.siteUrl));
  const content = page?.content ? sanitizeContent(page.content) : null;
  return h(
    'main',
    { id: 'main' },
    // Focus target after moving between pages (tabindex -1: not in the tab order).
    h('h1', { class: 'title', tabindex: '-1' }, heading),
    content && h('div', { class: 'pageContent' }, content),
    page?.pageTypeId === JOURNAL_PAGE_TYPE.LOGIN && createBalanceForm(site.siteUrl),
  );
}

function footer(site: PublishedJournalSite): HTMLElement {
  const website = websiteLink(site.clientWebsite);
  return h(
    'footer',
    {},
    website !== undefined &&
      h(
        'p',
        {},
        h(
          'a',
          { href: website, target: '_blank', rel: 'noopener noreferrer' },
          JOURNAL_SITE_TEXT.website,
        ),
      ),
  );
}

export function siteLayout(
  site: PublishedJournalSite,
  page: PublishedJournalPage | undefined,
): HTMLElement[] {
  return [header(site), nav(site, page), main(site, page), footer(site)];
}

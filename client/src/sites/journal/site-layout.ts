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
import { h } from '../shared/dom';
import { sanitizeContent } from '../shared/sanitize-content';
import { siteHeader, siteNav } from '../shared/site-parts';
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

const header = (site: PublishedJournalSite) =>
  siteHeader({
    name: site.title ?? site.siteUrl,
    home: siteHash(site.siteUrl),
    headerImage: site.headerImg,
    logo: site.logo,
  });

const nav = (site: PublishedJournalSite, current: PublishedJournalPage | undefined) =>
  siteNav(
    JOURNAL_SITE_TEXT.siteNavigation,
    site.pages.map((page) => ({
      href: siteHash(site.siteUrl, pageSlugOf(page)),
      label: navLabelOf(page),
      current: page === current ? 'page' : undefined,
    })),
  );

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

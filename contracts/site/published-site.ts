/**
 * What a published site shows, from a profile and its pages: one definition for the server's
 * answer (server/sites/published-site.ts, published-merchant-site.ts: GET /mj/api/sites/{url},
 * /mm/api/sites/{url}) and the builders' live preview (client features' lib/preview-site.ts),
 * so the preview cannot drift from the published site. Each side brings what it knows: its
 * records, how an image becomes a link, and the fonts.
 */
import {
  JOURNAL_PAGE_TYPE,
  type JournalPage,
  type JournalProfile,
  type PublishedJournalSite,
} from '../api/journal';
import type { MerchantProfile, SelectedPageType } from '../api/merchant';
import type { PublishedMerchantSite, PublishedMerchantSubPage } from '../api/merchant-site';

/** An image reference of a profile (an id, or a stored path) as a link, or null. */
export type ImageLink = (reference: string | null) => string | null;

/** What both sites show of a page: its type's name (the page's address), nav item, title, text. */
function pageText<Page extends { navItem: unknown; title: unknown; content: unknown }>(
  page: Page,
  typeId: number,
  typeName: (typeId: number) => string | undefined,
): { name: string } & Pick<Page, 'navItem' | 'title' | 'content'> {
  return {
    name: typeName(typeId) ?? `Page ${typeId}`,
    navItem: page.navItem,
    title: page.title,
    content: page.content,
  };
}

/** Login first, then by page type id. */
const journalPageOrder = (pageTypeId: number) =>
  pageTypeId === JOURNAL_PAGE_TYPE.LOGIN ? -1 : pageTypeId;

export interface JournalSiteParts {
  /** Every page at hand: those of the profile that are enabled are shown. */
  pages: readonly Readonly<JournalPage>[];
  typeName: (pageTypeId: number) => string | undefined;
  link: ImageLink;
  fonts: string[];
}

export function journalSiteOf(
  profile: Readonly<JournalProfile>,
  { pages, typeName, link, fonts }: JournalSiteParts,
): PublishedJournalSite {
  return {
    siteUrl: profile.siteUrl,
    title: profile.title,
    keywords: profile.keywords,
    description: profile.description,
    clientWebsite: profile.clientWebsite,
    themeId: profile.themeId,
    logo: link(profile.logo),
    headerImg: link(profile.headerImg),
    favIcon: link(profile.favIcon),
    backgroundImg: link(profile.backgroundImg),
    fonts,
    pages: pages
      .filter((page) => page.profileId === profile.profileId && page.enabled === 1)
      .sort(
        (a, b) =>
          journalPageOrder(a.pageTypeId) - journalPageOrder(b.pageTypeId) || a.pageId - b.pageId,
      )
      .map((page) => ({
        pageTypeId: page.pageTypeId,
        ...pageText(page, page.pageTypeId, typeName),
      })),
  };
}

export interface MerchantSiteParts {
  /** The profile's selected pages. */
  pages: readonly Readonly<SelectedPageType>[];
  typeName: (typeId: number) => string | undefined;
  /** The selected sub-pages of a page type, with their names. */
  subPagesOf: (typeId: number) => PublishedMerchantSubPage[];
  link: ImageLink;
  fonts: string[];
}

export function merchantSiteOf(
  profile: Readonly<MerchantProfile>,
  url: string,
  { pages, typeName, subPagesOf, link, fonts }: MerchantSiteParts,
): PublishedMerchantSite {
  return {
    url,
    title: profile.siteTitle,
    description: profile.description,
    keywords: profile.siteKeywords,
    themeId: profile.siteThemeId,
    headerLogo: link(profile.headerLogoPath),
    logo: link(profile.logoPath),
    favicon: link(profile.faviconPath),
    background: link(profile.backgroundPath),
    fonts,
    pages: [...pages]
      .sort((a, b) => a.typeId - b.typeId)
      .map((page) => ({
        typeId: page.typeId,
        ...pageText(page, page.typeId, typeName),
        subPages: [...subPagesOf(page.typeId)].sort((a, b) => a.id - b.id),
      })),
  };
}

/**
 * The site a journal profile would publish, made in the admin app for the live preview
 * (issue 11) from the profile being edited and its pages: what GET /mj/api/sites/{url} answers
 * once published (server/sites/published-site.ts publishedSite: the enabled pages, Login first
 * then by page type id, named after their types; the images as links on the URL base).
 */
import {
  JOURNAL_PAGE_TYPE,
  type JournalPage,
  type JournalPageType,
  type JournalProfile,
  type PublishedJournalSite,
} from '@contracts/api/journal';
import { imageLink } from '@/lib/api/images-api';

const pageOrder = (pageTypeId: number) =>
  pageTypeId === JOURNAL_PAGE_TYPE.LOGIN ? -1 : pageTypeId;

export function previewSiteOf(
  profile: JournalProfile,
  pages: readonly JournalPage[],
  pageTypes: readonly JournalPageType[],
  urlBase: string,
): PublishedJournalSite {
  const link = (id: string | null) => (id ? imageLink(urlBase, id) : null);
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
    fonts: [],
    pages: pages
      .filter((page) => page.profileId === profile.profileId && page.enabled === 1)
      .sort((a, b) => pageOrder(a.pageTypeId) - pageOrder(b.pageTypeId) || a.pageId - b.pageId)
      .map((page) => ({
        pageTypeId: page.pageTypeId,
        name:
          pageTypes.find((type) => type.pageTypeId === page.pageTypeId)?.name ??
          `Page ${page.pageTypeId}`,
        navItem: page.navItem,
        title: page.title,
        content: page.content,
      })),
  };
}

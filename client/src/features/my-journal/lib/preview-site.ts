/**
 * The site a journal profile would publish, made in the admin app for the live preview
 * from the profile being edited and its pages: what GET /mj/api/sites/{url} answers
 * once published, by the same mapping (contracts/site/published-site.ts; the images as links on
 * the URL base).
 */
import type {
  JournalPage,
  JournalPageType,
  JournalProfile,
  PublishedJournalSite,
} from '@contracts/api/journal';
import { journalSiteOf } from '@contracts/site/published-site';
import { imageLink } from '@/lib/api/images-api';

export function previewSiteOf(
  profile: JournalProfile,
  pages: readonly JournalPage[],
  pageTypes: readonly JournalPageType[],
  urlBase: string,
): PublishedJournalSite {
  return journalSiteOf(profile, {
    pages,
    typeName: (pageTypeId) => pageTypes.find((type) => type.pageTypeId === pageTypeId)?.name,
    link: (id) => (id ? imageLink(urlBase, id) : null),
    fonts: [],
  });
}

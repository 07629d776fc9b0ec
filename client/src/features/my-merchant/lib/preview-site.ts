/**
 * The site a merchant profile would publish, made in the admin app for the live preview
 * (issue 11) from the profile being edited and its selections: what GET /mm/api/sites/{url}
 * answers once published (server/sites/published-merchant-site.ts: the selected pages in
 * page-type order, named after their types, with their selected sub-pages; the media paths as
 * links on the URL base).
 */
import type {
  MerchantPageType,
  MerchantProfile,
  SelectedPageSubType,
  SelectedPageType,
} from '@contracts/api/merchant';
import type { PublishedMerchantSite } from '@contracts/api/merchant-site';

export interface MerchantSelections {
  pages: readonly SelectedPageType[];
  subPages: readonly SelectedPageSubType[];
  pageTypes: readonly MerchantPageType[];
}

export function merchantPreviewSiteOf(
  profile: MerchantProfile,
  { pages, subPages, pageTypes }: MerchantSelections,
  urlBase: string,
): PublishedMerchantSite {
  const link = (path: string | null) => (path ? `${urlBase.replace(/\/+$/, '')}${path}` : null);
  const typeOf = (typeId: number) => pageTypes.find((type) => type.id === typeId);
  return {
    url: profile.liveURL ?? profile.testURL ?? '',
    title: profile.siteTitle,
    description: profile.description,
    keywords: profile.siteKeywords,
    themeId: profile.siteThemeId,
    headerLogo: link(profile.headerLogoPath),
    logo: link(profile.logoPath),
    favicon: link(profile.faviconPath),
    background: link(profile.backgroundPath),
    fonts: [],
    pages: [...pages]
      .sort((a, b) => a.typeId - b.typeId)
      .map((page) => ({
        typeId: page.typeId,
        name: typeOf(page.typeId)?.name ?? `Page ${page.typeId}`,
        navItem: page.navItem,
        title: page.title,
        content: page.content,
        subPages: subPages
          .filter((sub) => sub.pageTypeFk === page.typeId)
          .flatMap((sub) => {
            const type = typeOf(page.typeId)?.children.find((t) => t.id === sub.subtypeId);
            return type === undefined ? [] : [{ id: type.id, name: type.name }];
          })
          .sort((a, b) => a.id - b.id),
      })),
  };
}

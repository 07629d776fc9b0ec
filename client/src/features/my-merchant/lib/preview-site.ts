/**
 * The site a merchant profile would publish, made in the admin app for the live preview
 * from the profile being edited and its selections: what GET /mm/api/sites/{url}
 * answers once published, by the same mapping (contracts/site/published-site.ts; the media
 * paths as links on the URL base).
 */
import type {
  MerchantPageType,
  MerchantProfile,
  SelectedPageSubType,
  SelectedPageType,
} from '@contracts/api/merchant';
import type { PublishedMerchantSite } from '@contracts/api/merchant-site';
import { merchantSiteOf } from '@contracts/site/published-site';

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
  const typeOf = (typeId: number) => pageTypes.find((type) => type.id === typeId);
  return merchantSiteOf(profile, profile.liveURL ?? profile.testURL ?? '', {
    pages,
    typeName: (typeId) => typeOf(typeId)?.name,
    subPagesOf: (typeId) =>
      subPages
        .filter((sub) => sub.pageTypeFk === typeId)
        .flatMap((sub) => {
          const type = typeOf(typeId)?.children.find((t) => t.id === sub.subtypeId);
          return type === undefined ? [] : [{ id: type.id, name: type.name }];
        }),
    link: (path) => (path ? `${urlBase.replace(/\/+$/, '')}${path}` : null),
    fonts: [],
  });
}

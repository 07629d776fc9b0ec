/**
 * The merchant's live preview: the first page of the site the profile would publish,
 * drawn by the merchant site's own layout code with the stylesheet being edited. Loaded on
 * demand by the Site Editor (merchant-preview.ts).
 */
import { useCallback } from 'react';
import type { MerchantProfile } from '@contracts/api/merchant';
import { defaultMerchantAppearance, defaultMerchantStylesheet } from '@contracts/site/style-model';
import { readAppearance } from '@contracts/site/stylesheet';
import { SitePreview } from '@/components/site-builder/site-preview';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { merchantPreviewPage } from '@/sites/merchant/site-preview';
import {
  useMerchantPageTypesQuery,
  useMerchantSelectedPagesQuery,
  useMerchantSelectedSubPagesQuery,
} from '../../api/merchant-api';
import { merchantPreviewSiteOf } from '../../lib/preview-site';

export interface MerchantSitePreviewProps {
  profile: MerchantProfile;
  /** The stylesheet as edited; empty means none, and the site then uses its theme's default. */
  css: string;
}

export default function MerchantSitePreview({ profile, css }: MerchantSitePreviewProps) {
  const { data: pages } = useMerchantSelectedPagesQuery(profile.id);
  const { data: subPages } = useMerchantSelectedSubPagesQuery(profile.id);
  const { data: pageTypes } = useMerchantPageTypesQuery();
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const render = useCallback(
    () =>
      merchantPreviewPage(
        merchantPreviewSiteOf(
          profile,
          { pages: pages ?? [], subPages: subPages ?? [], pageTypes: pageTypes ?? [] },
          urlBase,
        ),
      ),
    [profile, pages, subPages, pageTypes, urlBase],
  );
  const { siteThemeId } = profile;
  const appearanceOf = useCallback(
    (text: string) => readAppearance(text, siteThemeId, defaultMerchantAppearance(siteThemeId)),
    [siteThemeId],
  );
  // As the site's stylesheet route answers (server/sites/published-merchant-site.ts).
  const stylesheet = css === '' ? defaultMerchantStylesheet(siteThemeId) : css;
  return <SitePreview css={stylesheet} render={render} appearanceOf={appearanceOf} />;
}

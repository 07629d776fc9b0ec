/**
 * What a published merchant site shows, read from the data (02 §3; spec README "Site
 * builders"): the profile's public fields, its selected pages in page-type order with their
 * type names and selected sub-pages, image links and the fonts its stylesheet uses. As for the
 * journal (published-site.ts, whose parts this uses), nothing is sanitised here: the site
 * sanitises content where it renders it.
 */
import type { MerchantProfile } from '@contracts/api/merchant';
import type { PublishedMerchantSite } from '@contracts/api/merchant-site';
import { merchantSiteOf } from '@contracts/site/published-site';
import type { DeepReadonly } from '../db/schema';
import type { Snapshot } from '../db/store';
import { defaultMerchantStylesheet } from '@contracts/site/style-model';
import { fontsOf, siteStylesheet, storedImageLink } from './published-site';

/** The stylesheet a merchant site is shown with: its own, or its theme's default. */
export function merchantStylesheetOf(profile: DeepReadonly<MerchantProfile>): string {
  return siteStylesheet(profile.overrideCSS, profile.siteThemeId, defaultMerchantStylesheet);
}

/** The media upload stores `/images/{id}.png` (URL_PATHS.image): its id, or null. */
const IMAGE_PATH = /^\/images\/([^/]+)\.png$/;
const imageIdOf = (link: string | null): string | null =>
  link === null ? null : (IMAGE_PATH.exec(link)?.[1] ?? null);

export function publishedMerchantSite(
  data: Snapshot,
  profile: DeepReadonly<MerchantProfile>,
  url: string,
  urlBase: string,
): PublishedMerchantSite {
  return merchantSiteOf(profile, url, {
    pages: data.merchantSelectedPages.filter((page) => page.profileId === profile.id),
    typeName: (typeId) => data.merchantPageTypes.find((type) => type.id === typeId)?.name,
    subPagesOf: (typeId) =>
      data.merchantSelectedSubPages
        .filter((sub) => sub.profileId === profile.id && sub.pageTypeFk === typeId)
        .flatMap((sub) => {
          const type = data.merchantPageSubTypes.find((t) => t.id === sub.subtypeId);
          return type === undefined ? [] : [{ id: type.id, name: type.name }];
        }),
    link: (link) => storedImageLink(data, urlBase, imageIdOf(link)),
    fonts: fontsOf(merchantStylesheetOf(profile)),
  });
}

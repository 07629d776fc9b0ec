/**
 * What a published journal site shows, read from the data (01 §3; spec README "Site
 * builders"): the profile's enabled pages with their type names, image links and the fonts its
 * stylesheet uses (the mapping itself is contracts/site/published-site.ts, which the builders'
 * live preview uses too). Nothing here is sanitised: the site sanitises content where it renders it.
 */
import {
  JOURNAL_LIMITS,
  SITE_URL_PATTERN,
  type JournalProfile,
  type PublishedJournalSite,
} from '@contracts/api/journal';
import { URL_PATHS } from '@contracts/api/paths';
import { fontFamilyOf } from '@contracts/site/fonts';
import { journalSiteOf } from '@contracts/site/published-site';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import type { DeepReadonly } from '../db/schema';
import type { Snapshot } from '../db/store';
import { IMAGE_ID } from '../images/image-files';

export type SiteLookup =
  | { kind: 'published'; profile: DeepReadonly<JournalProfile> }
  | { kind: 'unpublished' }
  | { kind: 'unknown' };

export function isSiteUrl(value: string): boolean {
  const { min, max } = JOURNAL_LIMITS.siteUrl;
  return value.length >= min && value.length <= max && SITE_URL_PATTERN.test(value);
}

/**
 * The profile behind a site address. Exact match: the address is the hash of a link the admin
 * app made. A published profile wins should two profiles share an address.
 */
export function findSite(data: Snapshot, siteUrl: string): SiteLookup {
  const matches = data.journalProfiles.filter((p) => p.siteUrl === siteUrl);
  const published = matches.find((p) => p.isPublished === 1);
  if (published !== undefined) return { kind: 'published', profile: published };
  return matches.length > 0 ? { kind: 'unpublished' } : { kind: 'unknown' };
}

/**
 * The stylesheet a site is shown with: its own, or its builder's default for its theme when it
 * has none (1 light, anything else dark; spec README "Site builders").
 */
export function siteStylesheet(
  css: string | null,
  themeId: number,
  defaultStylesheet: (themeId: number) => string = defaultJournalStylesheet,
): string {
  return css ?? defaultStylesheet(themeId);
}

export function stylesheetOf(profile: DeepReadonly<JournalProfile>): string {
  return siteStylesheet(profile.cssOverride, profile.themeId);
}

/** The link of a stored image by id, on the URL base; null for anything else (a broken <img>). */
export function storedImageLink(data: Snapshot, urlBase: string, id: string | null): string | null {
  return id !== null && IMAGE_ID.test(id) && data.images.some((image) => image.id === id)
    ? `${urlBase}${URL_PATHS.image(id)}`
    : null;
}

/** Known families named by the stylesheet's font-family declarations, in order of first use. */
export function fontsOf(css: string): string[] {
  const names: string[] = [];
  for (const match of css.matchAll(/font-family\s*:\s*([^;}]*)/gi)) {
    const family = fontFamilyOf(match[1]);
    if (family !== undefined && !names.includes(family.name)) names.push(family.name);
  }
  return names;
}

export function publishedSite(
  data: Snapshot,
  profile: DeepReadonly<JournalProfile>,
  urlBase: string,
): PublishedJournalSite {
  return journalSiteOf(profile, {
    pages: data.journalPages,
    typeName: (pageTypeId) =>
      data.journalPageTypes.find((type) => type.pageTypeId === pageTypeId)?.name,
    link: (id) => storedImageLink(data, urlBase, id),
    fonts: fontsOf(stylesheetOf(profile)),
  });
}

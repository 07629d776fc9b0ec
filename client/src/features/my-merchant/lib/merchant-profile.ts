import type { MerchantProfile, MerchantProgram } from '@contracts/api/merchant';
import type { SiteLocation } from '@/lib/sites/site-environment';

/**
 * Reading a merchant profile by environment (02 §4 "Environment"): the test host (location 0)
 * works with testURL and publishTest, the live host (location 1) with liveURL and publishLive.
 */

/** The profile's URL in this environment; the other one when this one is not set. */
export const merchantSiteUrl = (profile: MerchantProfile, location: SiteLocation): string =>
  (location === 1 ? profile.liveURL : profile.testURL) ??
  (location === 1 ? profile.testURL : profile.liveURL) ??
  '';

/**
 * Whether the site is published for this environment: publishLive (which publishing always sets,
 * 02 §4), or on a test host publishTest.
 */
export const isMerchantPublished = (profile: MerchantProfile, location: SiteLocation): boolean =>
  profile.publishLive === 1 || (location === 0 && profile.publishTest === 1);

/** A program's name by id, or a stand-in when the program list lacks it. */
export const merchantProgramName = (
  programs: readonly MerchantProgram[] | undefined,
  programId: number,
): string => programs?.find((p) => p.id === programId)?.name ?? `Program ${programId}`;

/** The browser address of a media path of the profile (`/images/{id}.png`, on the URL base). */
export const merchantImageLink = (urlBase: string, path: string): string =>
  /^https?:\/\//.test(path) ? path : `${urlBase.replace(/\/+$/, '')}${path}`;

/**
 * A published site's address is in the hash: `#!/{siteUrl}`, for a page `#!/{siteUrl}/{page}`
 * and, for a sub-page (the merchant site), `#!/{siteUrl}/{page}/{sub-page}` (the admin apps link
 * `{host}/mj/#!/{siteUrl}` and `{host}/mm/#!/{url}`). `#/x` and `#x` are read the same way.
 */
import { JOURNAL_LIMITS, SITE_URL_PATTERN } from '@contracts/api/journal';

export interface SiteRoute {
  siteUrl: string;
  /** The page's slug, when the address names one. */
  pageSlug: string | undefined;
  /** The sub-page's slug, when the address names one. */
  subPageSlug?: string | undefined;
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** Both builders' site addresses follow the same rules (the merchant server checks them so). */
export function isSiteUrl(value: string): boolean {
  const { min, max } = JOURNAL_LIMITS.siteUrl;
  return value.length >= min && value.length <= max && SITE_URL_PATTERN.test(value);
}

const slugPart = (part: string | undefined) =>
  part === undefined || part === '' ? undefined : decode(part)?.toLowerCase();

/** The route in a location hash, or undefined when it names no well-formed site. */
export function parseSiteHash(hash: string): SiteRoute | undefined {
  const path = hash.replace(/^#/, '').replace(/^!/, '').replace(/^\/+/, '');
  const [sitePart, pagePart, subPagePart] = path.split('/');
  const siteUrl = decode(sitePart ?? '');
  if (siteUrl === undefined || !isSiteUrl(siteUrl)) return undefined;
  return { siteUrl, pageSlug: slugPart(pagePart), subPageSlug: slugPart(subPagePart) };
}

/** `Terms and Conditions` → `terms-and-conditions`. */
export function pageSlugOf(page: { name: string }): string {
  return page.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function siteHash(siteUrl: string, ...slugs: string[]): string {
  return [`#!/${siteUrl}`, ...slugs].join('/');
}

/**
 * The site's address is in the hash: `#!/{siteUrl}` and, for a page, `#!/{siteUrl}/{page}`
 * (the admin app links `{host}/mj/#!/{siteUrl}`). `#/x` and `#x` are read the same way.
 */
import {
  JOURNAL_LIMITS,
  SITE_URL_PATTERN,
  type PublishedJournalPage,
} from '@contracts/api/journal';

export interface SiteRoute {
  siteUrl: string;
  /** The page's slug, when the address names one. */
  pageSlug: string | undefined;
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

export function isSiteUrl(value: string): boolean {
  const { min, max } = JOURNAL_LIMITS.siteUrl;
  return value.length >= min && value.length <= max && SITE_URL_PATTERN.test(value);
}

/** The route in a location hash, or undefined when it names no well-formed site. */
export function parseSiteHash(hash: string): SiteRoute | undefined {
  const path = hash.replace(/^#/, '').replace(/^!/, '').replace(/^\/+/, '');
  const [sitePart, pagePart] = path.split('/');
  const siteUrl = decode(sitePart ?? '');
  if (siteUrl === undefined || !isSiteUrl(siteUrl)) return undefined;
  const pageSlug = pagePart === undefined || pagePart === '' ? undefined : decode(pagePart);
  return { siteUrl, pageSlug: pageSlug?.toLowerCase() };
}

/** `Terms and Conditions` → `terms-and-conditions`. */
export function pageSlugOf(page: Pick<PublishedJournalPage, 'name'>): string {
  return page.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function siteHash(siteUrl: string, pageSlug?: string): string {
  return pageSlug === undefined ? `#!/${siteUrl}` : `#!/${siteUrl}/${pageSlug}`;
}

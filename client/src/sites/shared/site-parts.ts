/**
 * The header and menu of a published site (journal and merchant), with the style model's
 * element and class names (header, nav ul li, nav .active) so the profile stylesheet applies.
 */
import { h, type Child } from './dom';

export interface SiteHeader {
  /** The site's name: the images' text, or shown itself when there is no image. */
  name: string;
  /** The link of the site's first page. */
  home: string;
  headerImage: string | null;
  logo: string | null;
}

export function siteHeader({ name, home, headerImage, logo }: SiteHeader): HTMLElement {
  const images: Child[] = [
    headerImage !== null && h('img', { class: 'headerImage', src: headerImage, alt: name }),
    // Beside a header image that already names the site, the logo is decoration.
    logo !== null &&
      h('img', { class: 'siteLogo', src: logo, alt: headerImage === null ? name : '' }),
  ];
  const hasImage = headerImage !== null || logo !== null;
  return h(
    'header',
    {},
    h(
      'a',
      { class: 'brand', href: home },
      ...images,
      !hasImage && h('span', { class: 'siteName' }, name),
    ),
  );
}

export interface SiteNavItem {
  href: string;
  label: string;
  /** `page` for the page shown, `true` for the section of the sub-page shown. */
  current?: 'page' | 'true' | undefined;
}

export function siteNav(label: string, items: readonly SiteNavItem[]): HTMLElement {
  return h(
    'nav',
    { 'aria-label': label },
    h(
      'ul',
      {},
      ...items.map((item) =>
        h(
          'li',
          { class: item.current === undefined ? undefined : 'active' },
          h('a', { href: item.href, 'aria-current': item.current }, item.label),
        ),
      ),
    ),
  );
}

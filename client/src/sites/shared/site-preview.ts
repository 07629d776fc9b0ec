/**
 * A site's page for the builders' live preview, made by the site's own render code
 * (the `render` of its SiteDefinition, site-controller.ts) into a root element that is never
 * shown: the admin app takes its markup into a sandboxed frame with the edited stylesheet
 * (components/site-builder/site-preview.tsx). Each site's `site-preview.ts` calls this; those
 * are the only modules of the sites the admin app may import (eslint.config.mjs).
 */
import type { SitePreviewPage } from '@contracts/site/site-preview';
import { cssUrl } from '@contracts/site/stylesheet';
import type { SiteHead } from './site-head';

export interface SitePreviewOptions {
  /** The site's base stylesheets, in the order its page loads them. */
  baseCss: string;
  /** What site-head.ts applySiteHead puts on <body>: the theme and the background image. */
  head: Pick<SiteHead, 'themeId' | 'background'>;
  /** Fills the root with the page, as the site's definition does, and answers its title. */
  render(root: HTMLElement): string;
  lang?: string;
}

export function sitePreviewPage({
  baseCss,
  head,
  render,
  lang = 'en',
}: SitePreviewOptions): SitePreviewPage {
  const root = document.createElement('div');
  const title = render(root);
  // As applySiteHead: the theme class (1 light, else dark), and with a background image the
  // `hasBackground` class and the image on <body> (there through the CSSOM; here a rule).
  const theme = head.themeId === 1 ? 'theme-light' : 'theme-dark';
  const background =
    head.background === null
      ? ''
      : `\nbody.hasBackground { background-image: ${cssUrl(head.background)}; }\n`;
  return {
    title,
    lang,
    baseCss: `${baseCss}${background}`,
    bodyClasses: head.background === null ? [theme] : [theme, 'hasBackground'],
    bodyHtml: root.innerHTML,
    rootId: 'site',
  };
}

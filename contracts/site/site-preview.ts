/**
 * A page of a published site as the builders' live preview shows it: what the site's
 * own render code made of a profile, without its stylesheet. Each site (client/src/sites/*)
 * makes one from its layout code; the admin app's preview (components/site-builder/site-preview)
 * adds the stylesheet being edited and shows it in a sandboxed frame.
 */
export interface SitePreviewPage {
  /** The document's title and language. */
  title: string;
  lang: string;
  /** The site's base stylesheet (its layout rules, loaded before the profile's). */
  baseCss: string;
  /** Classes the site puts on <body> (its theme). */
  bodyClasses: readonly string[];
  /** The page as the site renders it: the markup of its root element's children. */
  bodyHtml: string;
  /** The id of the site's root element (`site` on the published page). */
  rootId: string;
}

/** Renders the preview page of a site (called again whenever what it shows changes). */
export type SitePreviewRender = () => SitePreviewPage;

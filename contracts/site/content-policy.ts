/**
 * How stored page content (rich text written in the site editors) is cleaned wherever it is
 * shown: on the published sites and in the admin summaries. One policy for both, as plain data
 * and DOM functions, so contracts stay free of the sanitising library (DOMPurify) that each
 * bundle brings itself.
 *
 * Formatting, links and images stay; script, style, frames, forms, event handlers, style and
 * class attributes and javascript: URLs go. Style attributes go too because the pages' CSP
 * refuses them anyway (and the look belongs to the profile stylesheet). Class attributes go
 * because the page around the content has its own classes: in the admin summaries, Bootstrap's
 * (`position-fixed w-100 h-100` with a `stretched-link` would lay a link over the whole app),
 * on the published sites, the site's own; the site editors never write one.
 *
 * Content never names the page's own elements: its `id` and `name` values are prefixed with
 * `user-content-` (DOMPurify's SANITIZE_NAMED_PROPS), and a label's `for` goes, so content can
 * neither rename the balance check's fields nor take over the messages they are described by.
 */
export const CONTENT_SANITIZE_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'link',
    'meta',
    'base',
    'iframe',
    'frame',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'select',
    'textarea',
  ],
  FORBID_ATTR: ['style', 'class', 'for'],
  SANITIZE_NAMED_PROPS: true,
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ['target'],
};

/** A link opening a new page gives that page no handle on this one; other targets go. */
export function secureLinkTarget(node: Element): void {
  if (node.tagName !== 'A') return;
  if (node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('target');
  }
}

/**
 * Images without an address are left out: the Locations page's default content holds one for
 * the operator to fill in (01 §9), and a reader would see a broken image.
 */
export function dropImagesWithoutSource(root: ParentNode): void {
  for (const image of root.querySelectorAll('img')) {
    if (!image.getAttribute('src')?.trim()) image.remove();
  }
}

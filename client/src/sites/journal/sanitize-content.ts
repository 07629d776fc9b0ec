/**
 * Page content is rich HTML written in the admin app; the published site never runs script
 * from it. DOMPurify keeps formatting, links and images and drops script, style, frames, forms,
 * event handlers and javascript: URLs. Style attributes go too: the page's CSP would refuse
 * them anyway, and the look belongs to the profile stylesheet.
 *
 * A private DOMPurify instance, so its link hook touches no other code.
 */
import DOMPurify, { type Config } from 'dompurify';

const purifier = DOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof HTMLAnchorElement)) return;
  if (node.getAttribute('target') === '_blank') {
    // A page opened by the link gets no handle on this one.
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('target');
  }
});

const CONFIG: Config = {
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
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ['target'],
};

/**
 * The content as a fragment ready to insert: no HTML string is assigned anywhere. An image
 * without an address is left out: the Locations page's default content holds one for the
 * operator to fill in (01 §9), and a visitor would see a broken image.
 */
export function sanitizeContent(html: string): DocumentFragment {
  const fragment = purifier.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  for (const image of fragment.querySelectorAll('img')) {
    if (!image.getAttribute('src')?.trim()) image.remove();
  }
  return fragment;
}

/**
 * Page content is rich HTML written in the admin app; the published site never runs script
 * from it. The policy (contracts/site/content-policy.ts) is the one the admin summary uses.
 *
 * A private DOMPurify instance, so its link hook touches no other code.
 */
import DOMPurify from 'dompurify';
import {
  CONTENT_SANITIZE_CONFIG,
  dropImagesWithoutSource,
  secureLinkTarget,
} from '@contracts/site/content-policy';

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', secureLinkTarget);

/** The content as a fragment ready to insert: no HTML string is assigned anywhere. */
export function sanitizeContent(html: string): DocumentFragment {
  const fragment = purifier.sanitize(html, {
    ...CONTENT_SANITIZE_CONFIG,
    RETURN_DOM_FRAGMENT: true,
  });
  dropImagesWithoutSource(fragment);
  return fragment;
}

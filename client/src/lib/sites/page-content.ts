/**
 * Stored page content shown in the admin app (the summaries), cleaned by the same policy as on
 * the published sites (contracts/site/content-policy.ts).
 *
 * A private DOMPurify instance, so its link hook touches no other code (the dialogs' sanitiser).
 */
import DOMPurify from 'dompurify';
import {
  CONTENT_SANITIZE_CONFIG,
  dropImagesWithoutSource,
  secureLinkTarget,
} from '@contracts/site/content-policy';

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', secureLinkTarget);

/** Safe HTML of stored page content. */
export function sanitizePageContent(html: string): string {
  const fragment = purifier.sanitize(html, {
    ...CONTENT_SANITIZE_CONFIG,
    RETURN_DOM_FRAGMENT: true,
  });
  dropImagesWithoutSource(fragment);
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

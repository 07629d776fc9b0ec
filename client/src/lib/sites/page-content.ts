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

/**
 * Made on first use, not at import: modules that only read texts beside this one (the browser
 * tests' support in node, where there is no window) can import them without a DOM.
 */
let purifier: ReturnType<typeof DOMPurify> | undefined;
function contentPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier === undefined) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', secureLinkTarget);
  }
  return purifier;
}

/** Safe HTML of stored page content. */
export function sanitizePageContent(html: string): string {
  const fragment = contentPurifier().sanitize(html, {
    ...CONTENT_SANITIZE_CONFIG,
    RETURN_DOM_FRAGMENT: true,
  });
  dropImagesWithoutSource(fragment);
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

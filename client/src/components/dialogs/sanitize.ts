import DOMPurify from 'dompurify';

/** Dialog messages are HTML (01 §2.1); scripts, handlers and the like are stripped. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

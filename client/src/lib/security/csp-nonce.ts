/**
 * The Content-Security-Policy nonce the server put in index.html's `csp-nonce` meta tag (empty
 * when the page was not served by our server, e.g. the dev server). Code that must insert a
 * <style> element at run time gives it this nonce.
 */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content');
  return content ? content : undefined;
}

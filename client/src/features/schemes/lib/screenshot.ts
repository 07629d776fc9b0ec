/**
 * A PNG picture of part of the page, for the summary's Send to Review (03 §4, §7). The only
 * module that imports html-to-image, and only when a screenshot is taken, so the library stays
 * out of the scheme area's first chunk.
 */

/** Thrown when the browser gives no image (e.g. an element with no size). */
export const SCREENSHOT_FAILED = 'The screenshot of the summary could not be taken.';

/** The element as it shows now, as PNG bytes, on white (the page's own background). */
export async function captureElementPng(element: HTMLElement): Promise<Blob> {
  const { toBlob } = await import(/* webpackChunkName: "screenshot" */ 'html-to-image');
  const blob = await toBlob(element, {
    backgroundColor: '#ffffff',
    // One image pixel per CSS pixel keeps a long summary well under the server's 5 MiB.
    pixelRatio: 1,
    // The page's web fonts are not needed to read the summary and would be fetched again.
    skipFonts: true,
  });
  if (!blob) throw new Error(SCREENSHOT_FAILED);
  return blob;
}

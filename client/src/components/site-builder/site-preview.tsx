/**
 * The live preview of both site builders' appearance and CSS editors: a page of the
 * site as the published site renders it, with the stylesheet being edited (not saved), beside
 * the fields, updating as the operator types; under it, the contrast warnings of the styles.
 *
 * The page comes from the site's own render code (a SitePreviewRender per site kind: the
 * journal's in client/src/sites/journal/site-preview.ts); this component only wraps it in a
 * document with the site's base stylesheet and the edited one, and shows it in an iframe:
 * - `sandbox` without `allow-scripts`: nothing in the frame runs, whatever the profile holds.
 *   `allow-same-origin` keeps the frame on the app's origin so the fonts (a CORS fetch) and
 *   images load as on the site; with no script in the frame it grants the frame nothing.
 * - a Content-Security-Policy inside the document (no script, no form posts, no base change);
 *   the frame also inherits the app's CSP, so the two <style> elements carry the app's nonce.
 * - the stylesheet can never close its <style> element: every `<` in it is written as the
 *   CSS escape `\3c ` (the same character to CSS).
 */
import { Suspense, lazy, useEffect, useMemo, useState, type ComponentType } from 'react';
import type { SitePreviewPage, SitePreviewRender } from '@contracts/site/site-preview';
import { FONT_PATHS } from '@contracts/site/fonts';
import { STYLE_ITEMS, type AppearanceSettings } from '@contracts/site/style-model';
import { LoadingIndicator } from '@/components/common/loading-indicator';
import { contrastWarning, textContrast } from '@/lib/forms/contrast';
import { cspNonce } from '@/lib/security/csp-nonce';

export type { SitePreviewPage, SitePreviewRender };

/** Not in the spec: the preview's heading and the frame's accessible name. */
export const SITE_PREVIEW_TEXT = {
  heading: 'Preview',
  frameTitle: 'Preview of the site page',
  contrastHeading: 'Contrast',
} as const;

/** How long typing pauses before the preview is drawn again. */
export const PREVIEW_DELAY_MS = 300;

/** The frame's sandbox: no `allow-scripts`, no forms, popups or top navigation. */
export const PREVIEW_SANDBOX = 'allow-same-origin';

/** The policy of the preview document (besides the app's own, which it inherits). */
export const PREVIEW_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  'img-src * data: blob:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stylesheet as the text of a <style> element: it cannot end the element. */
export const styleElementText = (css: string): string => css.replace(/</g, '\\3c ');

/** The whole preview document: the site's page with its base stylesheet, then `css`. */
export function previewDocument(page: SitePreviewPage, css: string, nonce?: string): string {
  const nonceAttribute = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(page.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(PREVIEW_CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<link rel="stylesheet" href="${escapeHtml(FONT_PATHS.stylesheet)}">`,
    `<style${nonceAttribute}>${styleElementText(page.baseCss)}</style>`,
    `<style${nonceAttribute} data-preview="stylesheet">${styleElementText(css)}</style>`,
    '</head>',
    `<body class="${escapeHtml(page.bodyClasses.join(' '))}">`,
    `<div id="${escapeHtml(page.rootId)}">${page.bodyHtml}</div>`,
    '</body>',
    '</html>',
  ].join('\n');
}

/** `value`, once it has stayed the same for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The contrast warnings of an appearance: style items whose text fails WCAG AA. */
export function contrastWarnings(settings: AppearanceSettings): string[] {
  const warnings: string[] = [];
  for (const { key, label } of STYLE_ITEMS) {
    const item = settings.items[key];
    const contrast = textContrast(item.color, item['background-color'], {
      backdrop: settings.pageBackground,
      fontSize: item['font-size'],
    });
    if (contrast && !contrast.passes) warnings.push(`${label}: ${contrastWarning(contrast)}`);
  }
  return warnings;
}

export interface SitePreviewProps {
  /** The stylesheet being edited, whole (what would be saved). */
  css: string;
  /** The site's page, from the site's own render code. */
  render: SitePreviewRender;
  /** The appearance `css` gives, for the contrast warnings; none shown without it. */
  appearanceOf?: (css: string) => AppearanceSettings;
}

export function SitePreview({ css, render, appearanceOf }: SitePreviewProps) {
  const settledCss = useSettled(css, PREVIEW_DELAY_MS);
  const page = useMemo(() => render(), [render]);
  const srcDoc = useMemo(() => previewDocument(page, settledCss, cspNonce()), [page, settledCss]);
  const warnings = useMemo(
    () => (appearanceOf ? contrastWarnings(appearanceOf(settledCss)) : []),
    [appearanceOf, settledCss],
  );
  return (
    <section aria-label={SITE_PREVIEW_TEXT.heading} className="site-preview">
      <h4 className="h6 mb-2">{SITE_PREVIEW_TEXT.heading}</h4>
      <iframe
        title={SITE_PREVIEW_TEXT.frameTitle}
        sandbox={PREVIEW_SANDBOX}
        srcDoc={srcDoc}
        className="w-100 border rounded bg-white"
        height={560}
      />
      {/* Always there, so a warning that appears is announced. */}
      <div role="status">
        {warnings.length > 0 ? (
          <div className="alert alert-warning small mt-2 mb-0">
            <p className="fw-semibold mb-1">{SITE_PREVIEW_TEXT.contrastHeading}</p>
            <ul className="mb-0 ps-3">
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/**
 * A builder's preview loaded on demand (call once, at module level): the site's layout code and
 * DOMPurify come with the editors' preview only, never with the dashboard.
 */
export function lazySitePreview<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Preview = lazy(load);
  return function LazySitePreview(props: P) {
    return (
      <Suspense fallback={<LoadingIndicator />}>
        <Preview {...props} />
      </Suspense>
    );
  };
}

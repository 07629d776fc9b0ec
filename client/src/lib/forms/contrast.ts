/**
 * Colour contrast per WCAG 2.x (1.4.3 Contrast (Minimum), level AA): relative luminance of sRGB
 * colours, the contrast ratio of two, and the minimum a text needs (4.5:1; 3:1 for large text,
 * 24 px and up). Colours are the editor's texts (`#rgb`, `#rrggbb`, `rgb()`, `rgba()`,
 * `transparent`); a translucent colour is laid over what is behind it first.
 */
import { parseColor, type Rgba } from '@contracts/validation/rules';

export const AA_MINIMUM = 4.5;
export const AA_MINIMUM_LARGE = 3;
/** Text of at least this size (px) is "large" (WCAG: 18 pt). */
export const LARGE_TEXT_PX = 24;

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** One sRGB channel (0-255) made linear (WCAG 2.x relative luminance definition). */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of an opaque colour: 0 for black, 1 for white. */
export function relativeLuminance({ r, g, b }: Pick<Rgba, 'r' | 'g' | 'b'>): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** `top` (alpha and all) laid over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (a: number, b: number) => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** Contrast ratio of two opaque colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The AA minimum for text of `fontSize` (a CSS length; px counted, other units as normal text). */
export function minimumContrast(fontSize?: string): number {
  const px = /^\s*(\d+(?:\.\d+)?)px\s*$/i.exec(fontSize ?? '');
  return px && Number(px[1]) >= LARGE_TEXT_PX ? AA_MINIMUM_LARGE : AA_MINIMUM;
}

/** A ratio as shown: rounded down to two decimals, so a failing one never reads as the minimum. */
export const formatRatio = (ratio: number): string => `${Math.floor(ratio * 100) / 100}:1`;

export interface TextContrast {
  ratio: number;
  minimum: number;
  passes: boolean;
}

/**
 * The contrast of text in colour `text` on `background`, which lies over `backdrop` (the
 * page's background; white when that is missing or translucent). Undefined while a colour is not
 * a valid colour text (the field's own check says so).
 */
export function textContrast(
  text: string | undefined,
  background: string | undefined,
  { backdrop, fontSize }: { backdrop?: string; fontSize?: string } = {},
): TextContrast | undefined {
  const fore = parseColor(text ?? '');
  const back = parseColor(background ?? '');
  if (!fore || !back) return undefined;
  const behind = parseColor(backdrop ?? '');
  const base = behind ? over(behind, WHITE) : WHITE;
  const ground = over(back, base);
  const ratio = contrastRatio(over(fore, ground), ground);
  const minimum = minimumContrast(fontSize);
  return { ratio, minimum, passes: ratio >= minimum };
}

/** The warning shown under a text colour whose contrast fails the minimum. */
export const contrastWarning = ({ ratio, minimum }: TextContrast): string =>
  `Contrast ${formatRatio(ratio)} with the background is below the WCAG AA minimum of ${minimum}:1`;

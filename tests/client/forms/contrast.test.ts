import {
  contrastRatio,
  contrastWarning,
  formatRatio,
  minimumContrast,
  relativeLuminance,
  textContrast,
} from '@/lib/forms/contrast';

const rgb = (r: number, g: number, b: number) => ({ r, g, b, a: 1 });

describe('WCAG 2.x contrast', () => {
  it('relative luminance: 0 for black, 1 for white, the sRGB curve in between', () => {
    expect(relativeLuminance(rgb(0, 0, 0))).toBe(0);
    expect(relativeLuminance(rgb(255, 255, 255))).toBeCloseTo(1, 10);
    // Linear part below 0.04045 (10/255 = 0.0392): c / 12.92.
    expect(relativeLuminance(rgb(10, 10, 10))).toBeCloseTo(10 / 255 / 12.92, 10);
    expect(relativeLuminance(rgb(255, 0, 0))).toBeCloseTo(0.2126, 10);
    expect(relativeLuminance(rgb(0, 255, 0))).toBeCloseTo(0.7152, 10);
    expect(relativeLuminance(rgb(0, 0, 255))).toBeCloseTo(0.0722, 10);
  });

  it('contrast ratio: 21 for black on white, 1 for a colour on itself, either order', () => {
    expect(contrastRatio(rgb(0, 0, 0), rgb(255, 255, 255))).toBeCloseTo(21, 10);
    expect(contrastRatio(rgb(255, 255, 255), rgb(0, 0, 0))).toBeCloseTo(21, 10);
    expect(contrastRatio(rgb(119, 119, 119), rgb(119, 119, 119))).toBe(1);
    // Known values: #777 on white is 4.48 (fails AA), #767676 is 4.54 (the lightest grey that passes).
    expect(contrastRatio(rgb(119, 119, 119), rgb(255, 255, 255))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(rgb(118, 118, 118), rgb(255, 255, 255))).toBeCloseTo(4.54, 2);
  });

  it('the AA minimum: 4.5:1, or 3:1 for text of 24 px and more', () => {
    expect(minimumContrast('16px')).toBe(4.5);
    expect(minimumContrast('23.9px')).toBe(4.5);
    expect(minimumContrast('24px')).toBe(3);
    expect(minimumContrast('30px')).toBe(3);
    expect(minimumContrast('2em')).toBe(4.5);
    expect(minimumContrast(undefined)).toBe(4.5);
  });

  it('a ratio is shown rounded down, so 4.499 never reads as 4.5', () => {
    expect(formatRatio(2.1)).toBe('2.1:1');
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21:1');
  });

  it('text contrast of the editor colour texts, translucent ones laid over what is behind', () => {
    expect(textContrast('#777777', '#ffffff')).toEqual({
      ratio: expect.closeTo(4.48, 2) as number,
      minimum: 4.5,
      passes: false,
    });
    expect(textContrast('#777777', '#ffffff', { fontSize: '30px' })?.passes).toBe(true);
    expect(textContrast('rgb(0, 0, 0)', 'transparent')?.ratio).toBeCloseTo(21, 10);
    // A transparent item background shows the page background: white text on a black page.
    expect(textContrast('#ffffff', 'transparent', { backdrop: '#000000' })?.ratio).toBeCloseTo(
      21,
      10,
    );
    // Half-transparent black text on white is mid grey (127.5): about 3.9:1.
    expect(textContrast('rgba(0, 0, 0, 0.5)', '#ffffff')?.ratio).toBeCloseTo(3.95, 1);
    // Transparent text has no contrast at all.
    expect(textContrast('transparent', '#ffffff')?.ratio).toBe(1);
    // Not a colour yet (the field's own check says so): no verdict.
    expect(textContrast('#12', '#ffffff')).toBeUndefined();
    expect(textContrast(undefined, '#ffffff')).toBeUndefined();
  });

  it('the warning names the ratio and the minimum', () => {
    const contrast = textContrast('#aaaaaa', '#ffffff');
    expect(contrast && contrastWarning(contrast)).toBe(
      'Contrast 2.32:1 with the background is below the WCAG AA minimum of 4.5:1',
    );
    const large = textContrast('#cccccc', '#ffffff', { fontSize: '30px' });
    expect(large && contrastWarning(large)).toBe(
      'Contrast 1.6:1 with the background is below the WCAG AA minimum of 3:1',
    );
  });
});

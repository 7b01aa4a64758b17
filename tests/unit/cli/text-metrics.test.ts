import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { describe, expect, it } from 'vitest';
import { chooseFont } from '../../../src/cli/fonts';
import { renderSvg } from '../../../src/cli/render';
import { FontMeasurer, fontFamilies, vegaTextMetrics } from '../../../src/cli/text-metrics';

const fonts = chooseFont();

describe('fontFamilies', () => {
  it('reads a CSS font-family list', () => {
    expect(fontFamilies(`"Helvetica Neue", Arial,sans-serif`)).toEqual(['helvetica neue', 'arial', 'sans-serif']);
    expect(fontFamilies(` 'Liberation Sans' , , monospace`)).toEqual(['liberation sans', 'monospace']);
  });
});

describe.skipIf(!fonts.sansSerif)('text measured in the fonts the PNG is drawn with', () => {
  const measurer = new FontMeasurer(fonts.files, fonts.sansSerif);

  /** The width resvg gives the same text when it draws it (ink, so within a pixel or two). */
  function drawnWidth(text: string, size: number, weight = 'normal'): number {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="100">` +
      `<text x="10" y="50" font-family="sans-serif" font-size="${size}" font-weight="${weight}">${text}</text></svg>`;
    const bbox = new Resvg(svg, {
      font: { loadSystemFonts: true, defaultFontFamily: fonts.sansSerif, sansSerifFamily: fonts.sansSerif },
      logLevel: 'off',
    }).getBBox();
    return bbox!.width;
  }

  it.each([
    ['Trading days only: weekends and holidays leave no gaps.', 11, 'normal'],
    ['Candlesticks with volume', 13, 'bold'],
    ['MMMMMMMMMM', 10, 'normal'],
    ['iiiiiiiiii', 10, 'normal'],
  ])('"%s" at %d px (%s) is as wide as resvg draws it', (text, size, weight) => {
    const measured = measurer.width({ font: 'sans-serif', fontSize: size, fontWeight: weight }, text);
    expect(Math.abs(measured - drawnWidth(text, size, weight))).toBeLessThanOrEqual(2);
  });

  it('tells narrow letters from wide ones, which the 0.8 em estimate does not', () => {
    const item = { fontSize: 10 };
    expect(measurer.width(item, 'iiiiiiiiii') * 3).toBeLessThan(measurer.width(item, 'MMMMMMMMMM'));
    expect(vegaTextMetrics().estimateWidth(item, 'iiiiiiiiii')).toBe(
      vegaTextMetrics().estimateWidth(item, 'MMMMMMMMMM'),
    );
  });

  it('is what Vega measures with once the command line draws: a long label is shortened to its limit', async () => {
    const label = 'A label far too long to fit into the sixty pixels it is given';
    const spec = {
      width: 200,
      height: 30,
      marks: [
        {
          type: 'text',
          encode: { enter: { x: { value: 0 }, y: { value: 15 }, text: { value: label }, limit: { value: 60 } } },
        },
      ],
    };
    const { svg } = await renderSvg(spec as vega.Spec, vega.loader());
    const shown = /<text[^>]*>([^<]*)<\/text>/.exec(svg!)?.[1];
    expect(shown).toMatch(/…$/);
    expect(label.startsWith(shown!.slice(0, -1))).toBe(true);
    const width = measurer.width({ fontSize: 11 }, shown!);
    expect(width).toBeLessThanOrEqual(60);
    // Not shortened more than needed: one more letter would not fit.
    expect(measurer.width({ fontSize: 11 }, label.slice(0, shown!.length) + '…')).toBeGreaterThan(60 - 1);
    expect(vegaTextMetrics().width).not.toBe(vegaTextMetrics().estimateWidth);
  });
});

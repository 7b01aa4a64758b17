import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../../src/core/pipeline';
import { datasetsLoader } from '../../../src/cli/datasets';
import { THUMBNAIL, thumbnailSvg } from '../../../src/cli/gallery';
import { renderSvg } from '../../../src/cli/render';
import { ROOT, svgSize } from '../../cli/helpers';
import { blankBands, svgPixels } from './pixels';

async function chartSvg(name: string): Promise<string> {
  const { vega } = runPipeline(readFileSync(join(ROOT, `examples/${name}.vl.json`), 'utf8'));
  const { svg } = await renderSvg(vega!, datasetsLoader());
  return svg!;
}

describe('gallery thumbnails', () => {
  // A near-square gauge (its value text was cut before), a wide candlestick, a tall facet.
  it.each(['gauge-speedometer', 'candlestick-volume', 'repeat-histograms'])(
    '%s: the whole chart, scaled into the box and centered',
    async (name) => {
      const chart = await chartSvg(name);
      const thumb = thumbnailSvg(chart);
      expect(svgSize(thumb)).toEqual(THUMBNAIL);

      // Where the chart's drawing lies in its own picture, and where it must lie in the box.
      const own = svgSize(chart);
      const inChart = blankBands(svgPixels(chart));
      const scale = Math.min(THUMBNAIL.width / own.width, THUMBNAIL.height / own.height);
      const marginX = (THUMBNAIL.width - own.width * scale) / 2;
      const marginY = (THUMBNAIL.height - own.height * scale) / 2;
      const expected = {
        top: marginY + inChart.top * scale,
        right: marginX + inChart.right * scale,
        bottom: marginY + inChart.bottom * scale,
        left: marginX + inChart.left * scale,
      };
      // Letterboxing is transparent, so only what the chart draws (its white background too)
      // counts: the chart's background rectangle must sit exactly in the middle of the box.
      const thumbPixels = svgPixels(thumb);
      const opaque = (data: Uint8Array, i: number) => data[i + 3]! < 16;
      const background = blankBands(thumbPixels, opaque);
      expect(Math.abs(background.left - background.right)).toBeLessThanOrEqual(1);
      expect(Math.abs(background.top - background.bottom)).toBeLessThanOrEqual(1);
      expect(Math.min(background.left, background.top)).toBeLessThanOrEqual(1);

      const inThumb = blankBands(thumbPixels);
      for (const side of ['top', 'right', 'bottom', 'left'] as const)
        expect(Math.abs(inThumb[side] - expected[side]), side).toBeLessThanOrEqual(2);
    },
  );

  it('gives a viewBox to an SVG that has none, so that it scales', () => {
    const thumb = thumbnailSvg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect/></svg>');
    expect(thumb).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" preserveAspectRatio="xMidYMid meet" viewBox="0 0 200 100"><rect/></svg>',
    );
  });
});

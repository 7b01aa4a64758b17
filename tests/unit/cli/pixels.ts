import { Resvg } from '@resvg/resvg-js';
import { pngSize } from '../../cli/helpers';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8Array;
}

/**
 * A PNG's pixels, decoded by resvg (the library the command line writes PNGs with): the PNG is
 * drawn as an image at its own size into an empty picture of that size.
 */
export function pngPixels(png: Buffer): Pixels {
  const { width, height } = pngSize(png);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">` +
    `<image width="${width}" height="${height}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return svgPixels(svg);
}

/** An SVG's pixels as resvg draws it at its own size. */
export function svgPixels(svg: string): Pixels {
  const image = new Resvg(svg, { fitTo: { mode: 'original' }, logLevel: 'off' }).render();
  return { width: image.width, height: image.height, data: image.pixels };
}

/**
 * Transparent, or white to the eye: what a chart's empty margin is made of. Colors are divided by
 * alpha, so the half-covered edge of a white background is white too, whether or not the pixels
 * come premultiplied.
 */
function blank(data: Uint8Array, i: number): boolean {
  const alpha = data[i + 3]!;
  if (alpha < 16) return true;
  const white = (c: number) => (data[i + c]! * 255) / alpha > 245;
  return white(0) && white(1) && white(2);
}

/**
 * How many rows and columns on each side hold nothing drawn: the empty bands around the chart
 * (the whole size on every side for an empty picture).
 */
export function blankBands(p: Pixels, isBlank = blank): { top: number; right: number; bottom: number; left: number } {
  let top = p.height;
  let bottom = -1;
  let left = p.width;
  let right = -1;
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      if (isBlank(p.data, (y * p.width + x) * 4)) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  if (bottom < 0) return { top: p.height, right: p.width, bottom: p.height, left: p.width };
  return { top, right: p.width - 1 - right, bottom: p.height - 1 - bottom, left };
}

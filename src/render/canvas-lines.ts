import { fastPathsOn } from './fast-paths';
import type { MarkDraw } from './vega-internals';

/**
 * Long lines stroked a stretch at a time. Vega strokes a line mark as one path; Chromium's
 * software rasterizer (the one a machine without a GPU uses, and headless Chromium) takes time
 * that grows faster than the path's length: a 1,200-point zigzag — an oscillator's line on a
 * million bars, one point per pixel column — delays the frame it is in by 15–40 ms, while the
 * same points stroked in stretches of a few hundred cost nothing measurable.
 *
 * Each stretch is Vega's own drawing of a slice of the items, and consecutive stretches share
 * a segment, so every join between segments is drawn as in one path; that one segment is painted
 * twice, which an opaque stroke can show only in its anti-aliased fringe. Lines whose pixels would show the split are left to
 * Vega: a stroke that is not opaque (the shared segment would be darker), dashed (the dash would
 * start again at each stretch), filled (the fill would be a polygon per stretch), blended, or
 * interpolated other than straight (a curve through a point depends on its neighbors).
 */

interface LineItem {
  x?: number;
  y?: number;
  opacity?: number;
  fill?: unknown;
  stroke?: unknown;
  strokeOpacity?: number;
  strokeDash?: number[];
  blend?: string;
  interpolate?: string;
}

interface LineScene {
  items?: LineItem[];
  bounds?: unknown;
}

/** Points per stretch: far below the lengths that cost, far above where a stroke call costs. */
export const STRETCH = 256;

/** The item fields Vega reads from a line's first item to draw it: its style and its curve. */
const STYLE = [
  'opacity',
  'fill',
  'fillOpacity',
  'stroke',
  'strokeOpacity',
  'strokeWidth',
  'strokeCap',
  'strokeJoin',
  'strokeMiterLimit',
  'strokeDash',
  'strokeDashOffset',
  'blend',
  'interpolate',
  'tension',
  'orient',
] as const;

/** Whether stroking `first`'s line in stretches paints the same pixels as one stroke (see above). */
export function splittable(first: LineItem): boolean {
  return (
    typeof first.stroke === 'string' &&
    (first.opacity ?? 1) === 1 &&
    (first.strokeOpacity ?? 1) === 1 &&
    first.fill == null &&
    !first.strokeDash?.length &&
    (!first.blend || first.blend === 'source-over') &&
    (!first.interpolate || first.interpolate === 'linear')
  );
}

/**
 * The stretches a line of `items` is stroked in: slices of at most `STRETCH` items, each starting
 * with the last segment of the one before, the first item of each carrying the style of the line's
 * first item (Vega draws a line with its first item's style).
 */
export function stretchesOf(items: readonly LineItem[]): LineItem[][] {
  const first = items[0]!;
  const style: Record<string, unknown> = {};
  for (const k of STYLE) style[k] = first[k as keyof LineItem];
  const out: LineItem[][] = [];
  // Each stretch starts a segment before the last one ends: that segment's far point is joined
  // in the stretch before, its near point in the one after.
  for (let s = 0; ; s += STRETCH - 2) {
    const slice = items.slice(s, s + STRETCH);
    slice[0] = { ...slice[0], ...style };
    out.push(slice);
    if (s + STRETCH >= items.length) return out;
  }
}

/** A line mark's draw: in stretches when long and splittable, else Vega's `own`. */
export function strokedInStretches(own: MarkDraw): MarkDraw {
  return function (this: unknown, ctx, scene, bounds, ...rest) {
    const s = scene as LineScene;
    const items = s.items;
    if (!fastPathsOn() || !items || items.length <= STRETCH || !splittable(items[0]!))
      return own.call(this, ctx, scene, bounds, ...rest);
    for (const stretch of stretchesOf(items))
      own.call(this, ctx, { bounds: s.bounds, items: stretch }, bounds, ...rest);
  };
}

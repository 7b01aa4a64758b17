import type { View } from 'vega';
import type { ExploreMeta } from '../core/explore';
import { barsOf, plotOf } from './explore-scene';

/**
 * The navigator under an explorable chart: the whole series as a small area of closes, and the
 * window of the range in view, which the user drags and resizes (src/components/Navigator.tsx
 * draws it). Here: the overview's shape, taken from the bars the view draws while it shows the
 * whole range (at most one per pixel column, thanks to the level of detail), and the window as
 * fractions of the whole range.
 */

/** The overview's drawing box: a path in `0..WIDTH` × `0..HEIGHT`, stretched to the navigator. */
export const OVERVIEW_BOX = { width: 1000, height: 100 };

/**
 * The overview of a unit while the view shows its whole range `[a, b]`: an SVG path of the
 * closes from the first bar to the last, scaled into `OVERVIEW_BOX` with a margin above and below.
 */
export function overviewPath(view: View, meta: ExploreMeta, [a, b]: [number, number]): string {
  const plot = plotOf(view, meta);
  const bars = plot ? barsOf(plot.group, meta.fields) : [];
  const points: [number, number][] = [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const bar of bars) {
    const close = Number(bar[meta.fields.close]);
    const t = Number(bar['__t']);
    if (!Number.isFinite(close) || !Number.isFinite(t)) continue;
    points.push([t, close]);
    lo = Math.min(lo, close);
    hi = Math.max(hi, close);
  }
  if (points.length < 2 || !(b > a)) return '';
  const { width, height } = OVERVIEW_BOX;
  const x = (t: number) => (((t - a) / (b - a)) * width).toFixed(1);
  const y = (c: number) =>
    (height - 8 - (hi > lo ? ((c - lo) / (hi - lo)) * (height - 16) : (height - 16) / 2)).toFixed(1);
  return `M${points.map(([t, c]) => `${x(t)},${y(c)}`).join('L')}`;
}

/** A domain as fractions of the whole range, kept within 0..1. */
export function windowOf([a, b]: [number, number], [wa, wb]: [number, number]): [number, number] {
  const span = wb - wa || 1;
  const clamp = (f: number) => Math.min(1, Math.max(0, f));
  return [clamp((a - wa) / span), clamp((b - wa) / span)];
}

/** Fractions of the whole range as a domain. */
export const domainAt = ([f0, f1]: [number, number], [wa, wb]: [number, number]): [number, number] => [
  wa + f0 * (wb - wa),
  wa + f1 * (wb - wa),
];

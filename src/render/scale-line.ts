import { scale as vegaScale } from 'vega-scale';

/**
 * Linear and time scales applied as straight lines: what `scale("x", v)` does for each candle's
 * x, y and y2 (and its wick's) on every zoom and pan event (./fast-paths.ts `setScaleLines`).
 */

interface ContinuousScale {
  type?: string;
  clamp?: () => boolean;
  interpolate?: () => unknown;
  domain(): unknown[];
  range(): unknown[];
  unknown?: () => unknown;
}
/** The interpolator d3 and Vega give a continuous scale by default (d3-interpolate's `interpolate`). */
let defaultInterpolate: unknown;

/**
 * A linear or time scale of two-number domain and range, unclamped, with the default
 * interpolator, as the function d3 makes of it (d3-scale's `bimap`: the value normalized over the
 * domain, then interpolated between the range's ends, both in that order of operations), without
 * its four nested calls. Undefined for any other scale. The scale's state is read now: the caller
 * makes it again after the scale's operator runs.
 */
export function straightLine(scale: unknown): ((v: unknown) => unknown) | undefined {
  const s = scale as ContinuousScale;
  if (s.type !== 'linear' && s.type !== 'time' && s.type !== 'utc') return undefined;
  defaultInterpolate ??= (vegaScale('linear')!() as ContinuousScale).interpolate!();
  if (s.clamp?.() !== false || s.interpolate?.() !== defaultInterpolate) return undefined;
  // A time scale gives its domain as dates; it keeps them as numbers (`+date`), as read here.
  const domain = s.domain().map((d) => (d instanceof Date ? +d : d));
  const range = s.range();
  if (domain.length !== 2 || range.length !== 2) return undefined;
  let [d0, d1] = domain as number[];
  let [r0, r1] = range as number[];
  if (typeof d0 !== 'number' || typeof d1 !== 'number' || typeof r0 !== 'number' || typeof r1 !== 'number')
    return undefined;
  if (d1 < d0) [d0, d1, r0, r1] = [d1, d0, r1, r0];
  const span = d1 - d0;
  if (!span) return undefined;
  const unknown = s.unknown?.();
  return (v) => {
    if (v == null) return unknown;
    const x = +(v as number);
    if (x !== x) return unknown;
    const t = (x - d0!) / span;
    return r0! * (1 - t) + r1! * t;
  };
}

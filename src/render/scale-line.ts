import { scale as vegaScale } from 'vega-scale';

/**
 * Linear and time scales applied as straight lines: what `scale("x", v)` does for each candle's
 * x, y and y2 (and its wick's) on every zoom and pan event (./fast-paths.ts `setScaleLines`; and
 * ./candle-encoder.ts, which places a candle's on the line itself).
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
 * A linear or time scale as the straight line d3 makes of it: the value normalized over the
 * domain `d0 … d0 + span`, then interpolated between `r0` and `r1`; `unknown` for a missing or
 * non-number value.
 */
export interface Line {
  readonly d0: number;
  readonly span: number;
  readonly r0: number;
  readonly r1: number;
  readonly unknown: unknown;
}

/**
 * Where the line puts `x`, a number that is not NaN: d3-scale's `bimap` written out (its
 * `normalize`, then d3-interpolate's number interpolation, in that order of operations), so the
 * very bits of the scale's own call without its four nested calls.
 */
export function onLine(line: Line, x: number): number {
  const t = (x - line.d0) / line.span;
  return line.r0 * (1 - t) + line.r1 * t;
}

/**
 * The line of a linear or time scale of two-number domain and range, unclamped, with the default
 * interpolator; undefined for any other scale. The scale's state is read now: the caller reads
 * it again after the scale's operator runs.
 */
export function lineOf(scale: unknown): Line | undefined {
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
  return { d0: d0!, span, r0: r0!, r1: r1!, unknown: s.unknown?.() };
}

/** The scale as a function of its line (see `lineOf`), or undefined when it is not one. */
export function straightLine(scale: unknown): ((v: unknown) => unknown) | undefined {
  const line = lineOf(scale);
  if (!line) return undefined;
  return (v) => {
    if (v == null) return line.unknown;
    const x = +(v as number);
    return x === x ? onLine(line, x) : line.unknown;
  };
}

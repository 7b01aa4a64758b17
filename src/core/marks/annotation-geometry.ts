/**
 * The geometry the annotation mark computes: dates as numbers, points along lines, ellipse
 * outlines, and the Vega expressions that place things in screen space (arrowhead angles, rays
 * clipped at the plot edges). Kept apart from the mark so that file only says what each kind draws.
 */
import { datum } from './fused-expressions';

/**
 * How the chart's x is read: dates (strings or timestamps), plain numbers, or categories (where
 * only kinds that need no arithmetic on x can be drawn).
 */
export type XType = 'temporal' | 'quantitative' | 'ordinal' | 'nominal';

/**
 * An arrowhead as a Vega symbol path: the tip at the origin, pointing along +x, two units long.
 * Vega scales a custom path by √size / 2 and rotates it about the origin, so the tip stays on the
 * point it marks whatever the angle, and an arrowhead `L` pixels long has size `L²`.
 */
export const ARROW_PATH = 'M0,0L-2,-0.8L-2,0.8Z';

/** Symbol size of an arrowhead `length` pixels long. */
export const arrowSymbolSize = (length: number): number => Math.round(length * length);

/**
 * Marker shapes drawn as paths, each with its tip (or the foot of the flag's pole) at the origin
 * and its extent in units of √size / 2 pixels.
 */
export const MARKER_PATHS = {
  /** Tip on top, body below: sits under a price and points up at it. */
  'arrow-up': 'M0,0L1,1L0.35,1L0.35,2.2L-0.35,2.2L-0.35,1L-1,1Z',
  /** Tip below, body above: sits over a price and points down at it. */
  'arrow-down': 'M0,0L1,-1L0.35,-1L0.35,-2.2L-0.35,-2.2L-0.35,-1L-1,-1Z',
  /** A pennant on a pole whose foot is at the origin. */
  flag: 'M-0.12,0L-0.12,-2.6L1.7,-2.05L0.12,-1.5L0.12,0Z',
} as const;

/** How far (in √size / 2 units) each path shape reaches from its origin. */
export const MARKER_REACH = { 'arrow-up': 2.2, 'arrow-down': 2.2, flag: 2.6 } as const;

/** A position along x as a number (milliseconds for dates), or undefined when it is not one. */
export function xNumber(v: unknown, xType: XType): number | undefined {
  if (typeof v === 'number')
    return Number.isFinite(v) ? (xType === 'ordinal' || xType === 'nominal' ? 0 : v) : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  if (xType === 'ordinal' || xType === 'nominal') return 0;
  // Vega reads date strings with Date.parse too, so both sides agree on the instant.
  const n = xType === 'temporal' ? Date.parse(v) : Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** Rounds computed coordinates so expansions stay readable and stable across platforms. */
export function tidy(n: number): number {
  return Number.isInteger(n) ? n : Number(n.toPrecision(10));
}

/** A computed x: whole milliseconds for dates, a tidy number otherwise. */
export function xOut(n: number, xType: XType): number {
  return xType === 'temporal' ? Math.round(n) : tidy(n);
}

/**
 * `segments + 1` points around the ellipse inscribed in a box, closed (the last repeats the
 * first). Scales are affine, so an ellipse in data space is an ellipse on screen.
 */
export function ellipsePoints(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  segments: number,
): { x: number; y: number }[] {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const rx = Math.abs(x1 - x0) / 2;
  const ry = Math.abs(y1 - y0) / 2;
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i <= segments; i++) {
    const t = ((i % segments) / segments) * 2 * Math.PI;
    out.push({ x: cx + rx * Math.cos(t), y: cy + ry * Math.sin(t) });
  }
  return out;
}

/** Reads the chart's scales by name in Vega expressions (see the mark's `scales` option). */
export interface Screen {
  x(ref: string): string;
  y(ref: string): string;
}

export function screen(scales: { x: string; y: string }, xType: XType): Screen {
  return {
    // Fields read in an expression are not parsed by vega-lite, so date strings go through toDate.
    x: (ref) => `scale(${JSON.stringify(scales.x)}, ${xType === 'temporal' ? `toDate(${ref})` : ref})`,
    y: (ref) => `scale(${JSON.stringify(scales.y)}, ${ref})`,
  };
}

/**
 * The angle in degrees (clockwise, as Vega rotates symbols) of the on-screen direction from the
 * point in fields `fromX`/`fromY` to the one in `tipX`/`tipY`. Measured in pixels, not in data
 * units, so it is right whatever the two axes measure.
 */
export function angleExpr(s: Screen, fromX: string, fromY: string, tipX: string, tipY: string): string {
  return `atan2(${s.y(datum(tipY))} - ${s.y(datum(fromY))}, ${s.x(datum(tipX))} - ${s.x(datum(fromX))}) * 180 / PI`;
}

/** How far past the plot a ray is drawn before the mark's clip cuts it at the edge (pixels). */
export const RAY_REACH = 10000;

/**
 * Pixel coordinates of a ray from the point in `fromX`/`fromY` away from the one in `awayX`/`awayY`
 * (direction from `away` to `from`), RAY_REACH pixels long in the longer screen direction.
 */
export function rayExprs(
  s: Screen,
  awayX: string,
  awayY: string,
  fromX: string,
  fromY: string,
): { x: string; y: string; x2: string; y2: string } {
  const ax = s.x(datum(awayX));
  const ay = s.y(datum(awayY));
  const fx = s.x(datum(fromX));
  const fy = s.y(datum(fromY));
  const norm = `max(abs(${fx} - ${ax}), abs(${fy} - ${ay}))`;
  return {
    x: fx,
    y: fy,
    x2: `${fx} + (${fx} - ${ax}) / ${norm} * ${RAY_REACH}`,
    y2: `${fy} + (${fy} - ${ay}) / ${norm} * ${RAY_REACH}`,
  };
}

/** The angle (degrees, clockwise) of a pixel offset, for arrowheads at fixed screen offsets. */
export function offsetAngle(dx: number, dy: number): number {
  return tidy((Math.atan2(dy, dx) * 180) / Math.PI);
}

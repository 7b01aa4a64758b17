/** The radial gauge's frame: fonts, colors, angles, and the box its rings and texts fit in. */
import { num, type GaugeModel } from './gauge-model';

export const GROUP = 'item.mark.group';

/** Font size in R (share of the radius) and its floor in pixels, per text part. */
export const FONT = {
  value: [0.22, 12],
  unit: [0.1, 8],
  delta: [0.12, 9],
  title: [0.11, 9],
  note: [0.085, 8],
  label: [0.095, 8],
  line: [0.095, 9],
} as const;
export type FontKey = keyof typeof FONT;

export const LINE_HEIGHT = 1.2;
export const NEEDLE_COLOR = '#374151';
export const TRACK = { color: '#8a94a6', opacity: 0.25 };
export const TARGET_COLOR = '#111827';
/** A needle pointing up from its pivot (0, 0) to (0, -1); Vega rotates it by `angle`. */
export const NEEDLE_PATH = 'M -0.035 0 L 0 -1 L 0.035 0 Z';

export const rad = (deg: number) => +((deg * Math.PI) / 180).toFixed(6);

/** An arc's mark-level angles: Vega-Lite's schema wants `theta` in 0…2π, so both turn by whole circles. */
export function arcAngles(startDeg: number, endDeg: number): { theta: number; theta2: number } {
  const turn = Math.floor(startDeg / 360) * 360;
  return { theta: rad(startDeg - turn), theta2: rad(endDeg - turn) };
}

/** The angle in degrees (0 = 12 o'clock, clockwise) where a value sits. */
export function angleOf(m: GaugeModel, v: number): number {
  const f = (v - m.min) / (m.max - m.min);
  const sweep = m.endAngle - m.startAngle;
  return m.clockwise ? m.startAngle + f * sweep : m.endAngle - f * sweep;
}

/** Pixel expressions of the gauge's frame: radius R and center, from the group's size. */
export interface Frame {
  R: string;
  cx: string;
  cy: string;
  /** `R * r` */
  r(r: number | string): string;
  font(key: FontKey): string;
  /** x and y of the point at radius `r` (in R) and angle `theta` (radians, expression). */
  at(r: number | string, theta: string): { x: string; y: string };
}

export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export function frame(box: Box): Frame {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const R = `min(${GROUP}.width / ${num(w)}, ${GROUP}.height / ${num(h)})`;
  const shift = (mid: number) =>
    Math.abs(mid) < 1e-9 ? '' : mid > 0 ? ` - ${R} * ${num(mid)}` : ` + ${R} * ${num(-mid)}`;
  const cx = `${GROUP}.width / 2${shift((box.x0 + box.x1) / 2)}`;
  const cy = `${GROUP}.height / 2${shift((box.y0 + box.y1) / 2)}`;
  const r = (k: number | string) => (k === 1 ? R : `${R} * ${typeof k === 'number' ? num(k) : k}`);
  return {
    R,
    cx,
    cy,
    r,
    font: (key) => `max(${FONT[key][1]}, ${R} * ${FONT[key][0]})`,
    at: (k, theta) => ({ x: `${cx} + ${r(k)} * sin(${theta})`, y: `${cy} - ${r(k)} * cos(${theta})` }),
  };
}

export const expr = (e: string) => ({ expr: e });

/** Radii (in R) of the rings: bands, track and progress, ticks, labels, needle. */
export function rings(m: GaugeModel) {
  const inner = 1 - m.thickness;
  // With progress on, bands make a thin outer ring and the value its own ring inside (thresholds
  // stay readable under the value); otherwise bands fill the ring.
  const split = m.bands.length > 0 && m.progress !== false;
  const bandInner = split ? 1 - m.thickness * 0.3 : inner;
  const valueOuter = split ? bandInner - 0.02 : 1;
  const tickOuter = inner - 0.03;
  const tickInner = tickOuter - 0.08;
  const labelEdge = (m.ticks ? tickInner : tickOuter) - 0.025;
  return {
    inner,
    bandInner,
    valueOuter,
    tickOuter,
    tickInner,
    minorInner: tickOuter - 0.045,
    labelEdge,
    needle: inner - 0.04,
    hub: 0.06,
  };
}

/** The text lines under (or around) the center, top to bottom, in single-value gauges. */
export function stackLines(m: GaugeModel): FontKey[] {
  const lines: FontKey[] = [];
  if (m.value) lines.push('value');
  if (m.unit) lines.push('unit');
  if (m.delta) lines.push('delta');
  if (m.title) lines.push('title');
  if (m.overflow && !m.repeat) lines.push('note');
  return lines;
}

/** Where the text stack starts (in R, from the center; negative is above). */
export function stackStart(m: GaugeModel, firstLine: FontKey | undefined): number {
  if (m.needle) return 0.17;
  if (firstLine !== 'value') return 0.05;
  const h = FONT.value[0] * LINE_HEIGHT;
  // Without a needle the value sits on the center; in a gauge of half a circle or less, above it.
  return m.endAngle - m.startAngle <= 200 ? -h + 0.08 : -h / 2;
}

/** The box (in R, y down) the arc, the hub and the texts take, from which R is chosen. */
export function boundingBox(m: GaugeModel): Box {
  const pts: [number, number][] = [[0, 0]];
  const edge = 1.04;
  for (let a = Math.ceil(m.startAngle / 90) * 90; a < m.endAngle; a += 90)
    pts.push([Math.sin(rad(a)) * edge, -Math.cos(rad(a)) * edge]);
  for (const a of [m.startAngle, m.endAngle]) pts.push([Math.sin(rad(a)) * edge, -Math.cos(rad(a)) * edge]);
  if (m.needle) pts.push([-0.08, -0.08], [0.08, 0.08]);
  const lines = m.colorField
    ? (['line', 'line', 'line', ...(m.title ? ['title' as const] : [])] as FontKey[])
    : stackLines(m);
  if (lines.length) {
    const top = m.colorField ? (m.needle ? 0.17 : -1.5 * FONT.line[0] * LINE_HEIGHT) : stackStart(m, lines[0]);
    const height = lines.reduce((s, k) => s + FONT[k][0] * LINE_HEIGHT, 0);
    pts.push([-0.5, top], [0.5, top + height]);
  }
  const pad = 0.03;
  return {
    x0: Math.min(...pts.map((p) => p[0])) - pad,
    x1: Math.max(...pts.map((p) => p[0])) + pad,
    y0: Math.min(...pts.map((p) => p[1])) - pad,
    y1: Math.max(...pts.map((p) => p[1])) + pad,
  };
}

import { markerPlacement } from '../core/marks/annotation-kinds-fields';
import type { AnnotationItem, AnnotationPoint, AnnotationX } from '../core/marks/annotation-types';

/**
 * Where an annotation item lies on the plot, in pixels: the lines, boxes and dots a pointer
 * picks it by, and that the page draws over the chart while it is drawn, moved or selected. Vega
 * draws the item itself (core/marks/annotation*.ts); these shapes follow its geometry closely
 * enough to be hit within a few pixels. A label's box is its text measured in its font (the page
 * passes a canvas' measure; without one, a guess from the number of characters).
 */

/** Data to pixels within a plot (from its top left), through the view's live scales. */
export interface Projector {
  x(v: AnnotationX): number;
  y(price: number): number;
  width: number;
  height: number;
}

export type Shape =
  | { type: 'line'; x1: number; y1: number; x2: number; y2: number; dashed?: boolean }
  | { type: 'box'; x: number; y: number; width: number; height: number; filled?: boolean }
  | { type: 'dot'; x: number; y: number; r: number };

/** How near (px) a press must be to an item to pick it. */
export const HIT_SLOP = 6;

const FIBONACCI_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1];

const line = (x1: number, y1: number, x2: number, y2: number, dashed = false): Shape => ({
  type: 'line',
  x1,
  y1,
  x2,
  y2,
  ...(dashed ? { dashed } : {}),
});

function box(x1: number, y1: number, x2: number, y2: number, filled = true): Shape {
  return {
    type: 'box',
    x: Math.min(x1, x2),
    y: Math.min(y1, y2),
    width: Math.abs(x2 - x1),
    height: Math.abs(y2 - y1),
    filled,
  };
}

/**
 * The line through a and b run on past b (`ray`) or past both ends (`line`) far enough to leave
 * the plot: the overlay clips it to the plot, and a press is always inside.
 */
function extended(
  a: { x: number; y: number },
  b: { x: number; y: number },
  how: 'segment' | 'ray' | 'line',
  p: Projector,
): Shape {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (how === 'segment' || len === 0) return line(a.x, a.y, b.x, b.y);
  const k = (2 * (p.width + p.height)) / len;
  const dx = (b.x - a.x) * k;
  const dy = (b.y - a.y) * k;
  const start = how === 'line' ? { x: a.x - dx, y: a.y - dy } : a;
  return line(start.x, start.y, b.x + dx, b.y + dy);
}

const at = (pt: AnnotationPoint, p: Projector) => ({ x: p.x(pt.x), y: p.y(pt.y) });

/** The width in pixels of one line of text in a CSS font (`italic bold 11px sans-serif`). */
export type TextWidth = (text: string, font: string) => number;

/** A guess at a text's width without a page to measure it: an average character of the font's size. */
export const guessedWidth: TextWidth = (text, font) => {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 11);
  return text.length * size * 0.6;
};

/** Where a kind puts its label, before the label's own options (core/marks/annotation-kinds-fields.ts). */
interface LabelPlace {
  align: 'left' | 'center' | 'right';
  baseline: 'top' | 'middle' | 'bottom';
  dx?: number;
  dy?: number;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The CSS font Vega draws a label's text in (its `font`, defaults as Vega's text marks have them). */
export function labelFont(label: Record<string, unknown>): string {
  const style = str(label['fontStyle']);
  const weight = label['fontWeight'];
  const size = num(label['fontSize']) ?? 11;
  const parts = [style, typeof weight === 'string' || typeof weight === 'number' ? String(weight) : undefined];
  return [...parts.filter(Boolean), `${size}px`, str(label['font']) ?? 'sans-serif'].join(' ');
}

/**
 * A label's box, anchored at a point as Vega draws the text: its lines measured in its font, one
 * line height apart (font size + 2), placed by its align and baseline (a block above its anchor
 * for a bottom baseline: the mark moves a multi-line label up by its extra lines), moved by dx/dy.
 */
function labelBox(x: number, y: number, raw: unknown, place: LabelPlace, width: TextWidth): Shape {
  const label: Record<string, unknown> =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : { text: raw };
  const text = label['text'];
  const lines = (Array.isArray(text) ? text : [text]).map((t) => (typeof t === 'string' ? t : ''));
  const font = labelFont(label);
  const w = Math.max(8, ...lines.map((l) => width(l, font)));
  const size = num(label['fontSize']) ?? 11;
  const h = lines.length * (num(label['lineHeight']) ?? size + 2);
  const align = str(label['align']) ?? place.align;
  const baseline = str(label['baseline']) ?? place.baseline;
  const ax = x + (num(label['dx']) ?? place.dx ?? 0);
  const ay = y + (num(label['dy']) ?? place.dy ?? 0);
  const left = align === 'center' ? ax - w / 2 : align === 'right' ? ax - w : ax;
  const top = baseline === 'top' || baseline === 'line-top' ? ay : baseline === 'middle' ? ay - h / 2 : ay - h;
  return box(left, top, left + w, top + h);
}

/** The shapes of an item, in the plot's pixels; none for an item whose positions cannot be placed. */
export function shapesOf(item: AnnotationItem, p: Projector, width: TextWidth = guessedWidth): Shape[] {
  const shapes = shapesOfKind(item, p, width);
  return shapes.every(finite) ? shapes : [];
}

function finite(s: Shape): boolean {
  if (s.type === 'line') return [s.x1, s.y1, s.x2, s.y2].every(Number.isFinite);
  if (s.type === 'box') return [s.x, s.y, s.width, s.height].every(Number.isFinite);
  return Number.isFinite(s.x) && Number.isFinite(s.y);
}

function shapesOfKind(item: AnnotationItem, p: Projector, width: TextWidth): Shape[] {
  switch (item.kind) {
    case 'level': {
      const y = p.y(item.y);
      return [line(item.x === undefined ? 0 : p.x(item.x), y, item.x2 === undefined ? p.width : p.x(item.x2), y)];
    }
    case 'event': {
      const x = p.x(item.x);
      return [line(x, 0, x, p.height)];
    }
    case 'xband':
      return [box(p.x(item.x), 0, p.x(item.x2), p.height)];
    case 'yband':
      return [box(0, p.y(item.y), p.width, p.y(item.y2))];
    case 'rect':
    case 'ellipse':
      return [box(p.x(item.x), p.y(item.y), p.x(item.x2), p.y(item.y2))];
    case 'trend': {
      const [a, b] = item.points.map((pt) => at(pt, p)) as [{ x: number; y: number }, { x: number; y: number }];
      return [extended(a, b, item.extend ?? 'segment', p)];
    }
    case 'measure': {
      const [a, b] = item.points.map((pt) => at(pt, p)) as [{ x: number; y: number }, { x: number; y: number }];
      return [box(a.x, a.y, b.x, b.y), line(a.x, a.y, b.x, b.y, true)];
    }
    case 'callout': {
      const x = p.x(item.x);
      const y = p.y(item.y);
      const dx = item.dx ?? 40;
      const dy = item.dy ?? -40;
      const place: LabelPlace = {
        align: dx > 0 ? 'left' : dx < 0 ? 'right' : 'center',
        baseline: dy < 0 ? 'bottom' : dy > 0 ? 'top' : 'middle',
        dx,
        dy,
      };
      const shapes: Shape[] = [line(x, y, x + dx, y + dy), { type: 'dot', x, y, r: 3 }];
      return item.label === undefined ? shapes : [...shapes, labelBox(x, y, item.label, place, width)];
    }
    case 'marker': {
      const x = p.x(item.x);
      const y = p.y(item.y);
      // Buy markers sit under the price, sell markers over it, a few pixels off (`marker`).
      const side = item.position ?? markerPlacement(item.shape ?? 'circle');
      const r = Math.sqrt(item.size ?? 100) / 2 + 2;
      const dy = side === 'below' ? r + 3 : side === 'above' ? -(r + 3) : 0;
      return [{ type: 'dot', x, y: y + dy, r }];
    }
    case 'note': {
      const x = p.x(item.x);
      const y = p.y(item.y);
      const dot: Shape = { type: 'dot', x, y, r: 3 };
      return item.label === undefined
        ? [dot]
        : [dot, labelBox(x, y, item.label, { align: 'center', baseline: 'middle' }, width)];
    }
    case 'polyline':
    case 'elliott': {
      const ps = item.points.map((pt) => at(pt, p));
      const closed = item.kind === 'polyline' && item.closed === true && ps.length > 2;
      const ring = closed ? [...ps, ps[0]!] : ps;
      return ring.slice(1).map((b, i) => line(ring[i]!.x, ring[i]!.y, b.x, b.y));
    }
    case 'fibonacci': {
      const [a, b] = item.points;
      const x1 = Math.min(p.x(a.x), p.x(b.x));
      const x2 = item.extend === true ? p.width : Math.max(p.x(a.x), p.x(b.x));
      // Level 1 at the swing's start, level 0 at its end.
      const levels = (item.levels ?? FIBONACCI_LEVELS).map((l) => {
        const y = p.y(b.y + (a.y - b.y) * l);
        return line(x1, y, x2, y);
      });
      return [...levels, line(p.x(a.x), p.y(a.y), p.x(b.x), p.y(b.y), true)];
    }
    case 'channel': {
      const [a, b, c] = item.points;
      if (!a || !b) return [];
      // The parallel line is the base line moved by a price: through the third point, or by `offset`.
      const ta = p.x(a.x);
      const tb = p.x(b.x);
      let shift = item.offset ?? 0;
      if (c) {
        const tc = p.x(c.x);
        const along = tb === ta ? 0 : (tc - ta) / (tb - ta);
        shift = c.y - (a.y + (b.y - a.y) * along);
      }
      const edge = (by: number, dashed = false) => line(ta, p.y(a.y + by), tb, p.y(b.y + by), dashed);
      return item.midline === false ? [edge(0), edge(shift)] : [edge(0), edge(shift), edge(shift / 2, true)];
    }
    case 'pitchfork': {
      const [a, b, c] = item.points.map((pt) => at(pt, p)) as [
        { x: number; y: number },
        { x: number; y: number },
        { x: number; y: number },
      ];
      const mid = { x: (b.x + c.x) / 2, y: (b.y + c.y) / 2 };
      const run = { x: (mid.x - a.x) * (item.length ?? 1), y: (mid.y - a.y) * (item.length ?? 1) };
      return [
        line(a.x, a.y, mid.x + run.x, mid.y + run.y),
        line(b.x, b.y, c.x, c.y),
        line(b.x, b.y, b.x + run.x, b.y + run.y),
        line(c.x, c.y, c.x + run.x, c.y + run.y),
      ];
    }
  }
}

/** How far a point is from a shape, in pixels (0 inside a filled box or a dot). */
export function distanceTo(s: Shape, x: number, y: number): number {
  if (s.type === 'dot') return Math.max(0, Math.hypot(x - s.x, y - s.y) - s.r);
  if (s.type === 'box') {
    const dx = Math.max(s.x - x, 0, x - (s.x + s.width));
    const dy = Math.max(s.y - y, 0, y - (s.y + s.height));
    const outside = Math.hypot(dx, dy);
    if (outside > 0 || s.filled) return outside;
    return Math.min(x - s.x, s.x + s.width - x, y - s.y, s.y + s.height - y);
  }
  const vx = s.x2 - s.x1;
  const vy = s.y2 - s.y1;
  const len2 = vx * vx + vy * vy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - s.x1) * vx + (y - s.y1) * vy) / len2));
  return Math.hypot(x - (s.x1 + t * vx), y - (s.y1 + t * vy));
}

/** The index of the item nearest the point within `HIT_SLOP`, the last drawn winning a tie (it is on top). */
export function hitIndex(shapes: readonly Shape[][], x: number, y: number): number {
  let best = -1;
  let bestDistance = HIT_SLOP;
  shapes.forEach((list, i) => {
    for (const s of list) {
      const d = distanceTo(s, x, y);
      if (d <= bestDistance) {
        best = i;
        bestDistance = d;
      }
    }
  });
  return best;
}

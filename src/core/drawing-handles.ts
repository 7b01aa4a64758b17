/**
 * The handles a drawn (or written) annotation item shows on the chart, and the positions a drag
 * writes back: one handle per point the item is placed by, in data coordinates, so the page only
 * converts pixels. What a drag produces is what `moveAnnotation` (annotation-edits.ts) writes.
 */
import type { AnnotationPosition } from './annotation-edits';
import type { AnnotationItem, AnnotationPoint, AnnotationX } from './marks/annotation-types';
import { parseX, rewriteX, roundPrice, type PositionFormat } from './position-format';

/** A draggable point: null where the item has no position on that axis (an event's y, a y band's x). */
export interface Handle {
  x: number | null;
  y: number | null;
}

/** Kinds placed by a list of points. */
const POINT_KINDS = ['trend', 'polyline', 'fibonacci', 'channel', 'measure', 'pitchfork', 'elliott'];

type Loose = Record<string, unknown>;
/** An item read from the text may lack any field its kind should have: read it as a plain object. */
const loose = (item: AnnotationItem) => item as unknown as Loose;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const pointsOf = (item: AnnotationItem): unknown[] =>
  Array.isArray(loose(item)['points']) ? (loose(item)['points'] as unknown[]) : [];

/**
 * The item's handles: a level one at its price (at x, and one at x2, when it has them), an event
 * one on its date, x and y bands their two edges, rectangles and ellipses two corners, callouts,
 * markers and notes their point, the others each of their points. None when a position cannot be
 * read (the mark reports it as a Problem; there is nothing to drag).
 */
export function handlesOf(item: AnnotationItem, temporal: boolean): Handle[] {
  const o = loose(item);
  const x = (key: string, from: Loose = o) =>
    from[key] === undefined ? undefined : (parseX(from[key], temporal) ?? NaN);
  const y = (key: string, from: Loose = o) => (from[key] === undefined ? undefined : (num(from[key]) ?? NaN));
  let handles: { x: number | null | undefined; y: number | null | undefined }[];
  switch (item.kind) {
    case 'level':
      handles = [{ x: o['x'] === undefined ? null : x('x'), y: y('y') }];
      if (o['x2'] !== undefined) handles.push({ x: x('x2'), y: y('y') });
      break;
    case 'event':
      handles = [{ x: x('x'), y: null }];
      break;
    case 'xband':
      handles = [
        { x: x('x'), y: null },
        { x: x('x2'), y: null },
      ];
      break;
    case 'yband':
      handles = [
        { x: null, y: y('y') },
        { x: null, y: y('y2') },
      ];
      break;
    case 'rect':
    case 'ellipse':
      handles = [
        { x: x('x'), y: y('y') },
        { x: x('x2'), y: y('y2') },
      ];
      break;
    case 'callout':
    case 'marker':
    case 'note':
      handles = [{ x: x('x'), y: y('y') }];
      break;
    default:
      handles = pointsOf(item).map((p) =>
        p !== null && typeof p === 'object' ? { x: x('x', p as Loose), y: y('y', p as Loose) } : { x: NaN, y: NaN },
      );
  }
  const readable = (v: number | null | undefined): v is number | null => v === null || Number.isFinite(v);
  return handles.every((h) => readable(h.x) && readable(h.y)) ? (handles as Handle[]) : [];
}

/** Two x positions in order (`x2` not before `x`, as the mark wants), each in its written form. */
function xSpan(
  a: { t: number; was: AnnotationX | undefined },
  b: { t: number; was: AnnotationX | undefined },
  f: PositionFormat,
) {
  const [first, second] = a.t <= b.t ? [a, b] : [b, a];
  return { x: rewriteX(first.t, first.was, f), x2: rewriteX(second.t, second.was, f) };
}

/**
 * The positions the item takes when its `handle`-th handle is dragged to `to` (data
 * coordinates), for `moveAnnotation`: only the fields that handle moves, with spans kept in order
 * (a corner dragged past the other swaps them). Empty when the item has no such handle.
 */
export function movedPosition(
  item: AnnotationItem,
  handle: number,
  to: { x: number; y: number },
  f: PositionFormat,
): AnnotationPosition {
  const o = loose(item);
  const temporal = f.x !== 'number';
  const handles = handlesOf(item, temporal);
  if (!handles[handle]) return {};
  const y = roundPrice(to.y, f);
  const written = (key: string) => o[key] as AnnotationX | undefined;
  switch (item.kind) {
    case 'level':
      if (o['x'] === undefined) return { y };
      if (o['x2'] === undefined) return { x: rewriteX(to.x, written('x'), f), y };
      return {
        ...xSpan(
          { t: handle === 0 ? to.x : handles[0]!.x!, was: written('x') },
          { t: handle === 1 ? to.x : handles[1]!.x!, was: written('x2') },
          f,
        ),
        y,
      };
    case 'event':
      return { x: rewriteX(to.x, written('x'), f) };
    case 'xband':
      return xSpan(
        { t: handle === 0 ? to.x : handles[0]!.x!, was: written('x') },
        { t: handle === 1 ? to.x : handles[1]!.x!, was: written('x2') },
        f,
      );
    case 'yband':
      return handle === 0 ? { y } : { y2: y };
    case 'rect':
    case 'ellipse': {
      const corner = (i: number) => (i === handle ? { x: to.x, y } : { x: handles[i]!.x!, y: handles[i]!.y! });
      const [a, b] = [corner(0), corner(1)];
      return {
        ...xSpan({ t: a.x, was: written('x') }, { t: b.x, was: written('x2') }, f),
        y: Math.min(a.y, b.y),
        y2: Math.max(a.y, b.y),
      };
    }
    case 'callout':
    case 'marker':
    case 'note':
      return { x: rewriteX(to.x, written('x'), f), y };
  }
  if (!POINT_KINDS.includes(item.kind)) return {};
  const points = pointsOf(item) as AnnotationPoint[];
  return {
    points: points.map((p, i) => (i === handle ? { x: rewriteX(to.x, p.x, f), y } : { x: p.x, y: p.y })),
  };
}

/**
 * The positions the whole item takes when dragged by `dx` (milliseconds, or units of a numeric
 * x) and `dy` (price), for `moveAnnotation`: every position it has, moved and written in its form.
 * Empty when a position cannot be read.
 */
export function shiftedPosition(item: AnnotationItem, dx: number, dy: number, f: PositionFormat): AnnotationPosition {
  const o = loose(item);
  const temporal = f.x !== 'number';
  if (handlesOf(item, temporal).length === 0) return {};
  const moveX = (was: unknown) => rewriteX(parseX(was, temporal)! + dx, was as AnnotationX, f);
  const moveY = (was: unknown) => roundPrice((was as number) + dy, f);
  if (POINT_KINDS.includes(item.kind))
    return { points: (pointsOf(item) as AnnotationPoint[]).map((p) => ({ x: moveX(p.x), y: moveY(p.y) })) };
  const out: AnnotationPosition = {};
  if (o['x'] !== undefined) out.x = moveX(o['x']);
  if (o['x2'] !== undefined) out.x2 = moveX(o['x2']);
  if (o['y'] !== undefined) out.y = moveY(o['y']);
  if (o['y2'] !== undefined) out.y2 = moveY(o['y2']);
  return out;
}

/**
 * The drawing tools of a financial chart and the annotation item each one writes when a drawing
 * is finished: positions in the data's form and precision (position-format.ts), the kind and the
 * few options that make the tool what it is. What the chart then draws is the mark's business.
 */
import type { DrawingTool } from './drawing-tools';
import type { AnnotationItem, AnnotationPoint } from './marks/annotation-types';
import { formatX, roundPrice, type PositionFormat } from './position-format';

export * from './drawing-tools';
export * from './position-format';
export * from './drawing-handles';

/**
 * How many points each tool takes: one is a click, two a press-drag-release; a channel's base
 * line is dragged, then a click places the point its parallel line goes through.
 */
export const TOOL_POINTS: Record<DrawingTool, number> = {
  level: 1,
  event: 1,
  trend: 2,
  ray: 2,
  rect: 2,
  fibonacci: 2,
  channel: 3,
  callout: 1,
  note: 1,
  buy: 1,
  sell: 1,
  measure: 2,
};

/** The label a callout or note starts with, for the user to rewrite in the text. */
export const NEW_LABEL = 'Note';

/**
 * The annotation item a finished drawing writes, from the points the user placed (data
 * coordinates: x in milliseconds or numbers, y prices). Points past the tool's count are ignored;
 * fewer is a mistake of the caller, and throws.
 */
export function drawnItem(
  tool: DrawingTool,
  points: readonly { x: number; y: number }[],
  f: PositionFormat,
): AnnotationItem {
  if (points.length < TOOL_POINTS[tool])
    throw new RangeError(`A ${tool} takes ${TOOL_POINTS[tool]} points, not ${points.length}`);
  const at = (i: number): AnnotationPoint => ({ x: formatX(points[i]!.x, f), y: roundPrice(points[i]!.y, f) });
  const two = (): [AnnotationPoint, AnnotationPoint] => [at(0), at(1)];
  switch (tool) {
    case 'level':
      return { kind: 'level', y: at(0).y };
    case 'event':
      return { kind: 'event', x: at(0).x };
    case 'trend':
      return { kind: 'trend', points: two() };
    case 'ray':
      return { kind: 'trend', points: two(), extend: 'ray' };
    case 'rect': {
      // Corners in either order: the mark wants x2 not before x (y it orders itself, but the text reads better so).
      const [a, b] = [points[0]!, points[1]!];
      const [x, x2] = a.x <= b.x ? [at(0).x, at(1).x] : [at(1).x, at(0).x];
      const [y, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)].map((v) => roundPrice(v, f)) as [number, number];
      return { kind: 'rect', x, x2, y, y2 };
    }
    case 'fibonacci':
      return { kind: 'fibonacci', points: two() };
    case 'channel':
      return { kind: 'channel', points: [at(0), at(1), at(2)] };
    case 'callout':
      return { kind: 'callout', ...at(0), label: NEW_LABEL };
    case 'note':
      return { kind: 'note', ...at(0), label: NEW_LABEL };
    case 'buy':
    case 'sell':
      return { kind: 'marker', ...at(0), shape: tool };
    case 'measure':
      return { kind: 'measure', points: two() };
  }
}

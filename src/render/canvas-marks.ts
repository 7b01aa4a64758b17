import { strokedInStretches } from './canvas-lines';
import { fastPathsOn } from './fast-paths';
import { markDrawers, pathRectangle, sceneVisit, type MarkDraw } from './vega-internals';

/**
 * Rules and rects drawn on a canvas as Vega draws them, without setting the context's state again
 * when it already holds it. For each item Vega's canvas renderer sets the blend mode, the alpha,
 * the color and (for strokes) the line width, cap, join, miter limit and dash, then builds the
 * item's path and fills or strokes it. A candlestick's ~1,400 wicks and ~1,400 bodies, drawn anew
 * on every zoom and pan event, set these ~20,000 times to the values they already have.
 *
 * Here each item builds the very same path (the same calls with the same numbers: a rule's
 * moveTo/lineTo, a rect's shape made as Vega's `rectangle` makes it) and is filled and stroked in
 * the same order with the same state; a state is only set when it differs from the one this
 * pass set last. Setting a canvas state to the value it holds does nothing, so the pixels are
 * Vega's. Marks with gradient colors (made per item by Vega) are left to Vega's own drawing.
 *
 * Items side by side (a financial mark's wicks and bodies: one per bar, left to right) are drawn
 * a color at a time: every item of a color in one path, filled or stroked once. The shapes and
 * states are the same, and where no item covers another the order they are painted in cannot
 * show; neighbors may share at most half a pixel (wicks a pixel wide on bars merged to less than
 * a pixel apart), where the color painted last can differ in that anti-aliased fringe alone. The
 * ~2,000 fills and strokes of a zoom step become a handful.
 */

interface Bounds {
  intersects(b: unknown): boolean;
}
interface Item {
  bounds?: unknown;
  opacity?: number;
  fill?: unknown;
  fillOpacity?: number;
  stroke?: unknown;
  strokeOpacity?: number;
  strokeWidth?: number;
  strokeCap?: CanvasLineCap;
  strokeJoin?: CanvasLineJoin;
  strokeMiterLimit?: number;
  strokeDash?: number[];
  strokeDashOffset?: number;
  blend?: GlobalCompositeOperation;
  x?: number;
  y?: number;
  x2?: number;
  y2?: number;
  width?: number;
  height?: number;
  cornerRadius?: number;
  cornerRadiusTopLeft?: number;
  cornerRadiusTopRight?: number;
  cornerRadiusBottomRight?: number;
  cornerRadiusBottomLeft?: number;
}
interface Scene {
  items?: Item[];
}

const EMPTY: number[] = [];

/** The state this pass set last (undefined: not set yet in this pass). */
class State {
  alpha?: number;
  blend?: string;
  fillStyle?: unknown;
  strokeStyle?: unknown;
  lineWidth?: number;
  lineCap?: string;
  lineJoin?: string;
  miterLimit?: number;
  dash?: readonly number[];
  dashOffset?: number;
}

const sameDash = (a: readonly number[] | undefined, b: readonly number[]) =>
  a === b || (a !== undefined && a.length === b.length && a.every((v, i) => Object.is(v, b[i])));

/** Vega's `blend` (util/canvas/blend.js). */
function blend(ctx: CanvasRenderingContext2D, s: State, item: Item): void {
  const mode = item.blend || 'source-over';
  if (s.blend !== mode) ctx.globalCompositeOperation = s.blend = mode;
}

/** Vega's `fill` (util/canvas/fill.js), for a color that is not a gradient. */
function fill(ctx: CanvasRenderingContext2D, s: State, item: Item, opacity: number): boolean {
  opacity *= item.fillOpacity == null ? 1 : item.fillOpacity;
  if (!(opacity > 0)) return false;
  if (!Object.is(s.alpha, opacity)) ctx.globalAlpha = s.alpha = opacity;
  if (s.fillStyle !== item.fill) ctx.fillStyle = s.fillStyle = item.fill as string;
  return true;
}

/** Vega's `stroke` (util/canvas/stroke.js), for a color that is not a gradient. */
function stroke(ctx: CanvasRenderingContext2D, s: State, item: Item, opacity: number): boolean {
  const lw = item.strokeWidth != null ? item.strokeWidth : 1;
  if (lw <= 0) return false;
  opacity *= item.strokeOpacity == null ? 1 : item.strokeOpacity;
  if (!(opacity > 0)) return false;
  if (!Object.is(s.alpha, opacity)) ctx.globalAlpha = s.alpha = opacity;
  if (s.strokeStyle !== item.stroke) ctx.strokeStyle = s.strokeStyle = item.stroke as string;
  if (!Object.is(s.lineWidth, lw)) ctx.lineWidth = s.lineWidth = lw;
  const cap = item.strokeCap || 'butt';
  if (s.lineCap !== cap) ctx.lineCap = s.lineCap = cap;
  const join = item.strokeJoin || 'miter';
  if (s.lineJoin !== join) ctx.lineJoin = s.lineJoin = join;
  const miter = item.strokeMiterLimit != null ? item.strokeMiterLimit : 4;
  if (!Object.is(s.miterLimit, miter)) ctx.miterLimit = s.miterLimit = miter;
  if (ctx.setLineDash) {
    const dash = item.strokeDash || EMPTY;
    if (!sameDash(s.dash, dash)) {
      ctx.setLineDash(dash);
      s.dash = dash;
    }
    const offset = item.strokeDashOffset || 0;
    if (!Object.is(s.dashOffset, offset)) ctx.lineDashOffset = s.dashOffset = offset;
  }
  return true;
}

/** Whether every item's colors are plain values (Vega makes a gradient per item, at each draw). */
const plainColors = (scene: Scene) =>
  (scene.items ?? []).every(
    (i) => (i.fill == null || typeof i.fill === 'string') && (i.stroke == null || typeof i.stroke === 'string'),
  );

/** Below this many items a mark is drawn item by item: grouping would save next to nothing. */
const GROUP_FROM = 64;
/** At most this many colors are grouped (a candlestick has two or three). */
const MAX_GROUPS = 4;

/** The items of each color, in their order (reused from draw to draw: a zoom draws many times). */
const groups: Item[][] = Array.from({ length: MAX_GROUPS }, () => []);
let groupCount = 0;

/**
 * Puts each item in the group of the first item it draws the same as (`same`); false (nothing
 * grouped) when there are more than `MAX_GROUPS` groups. The groups are emptied by `clearGroups`.
 * Compared field by field: a key made of text would be a string per item at every draw.
 */
function groupBy(items: readonly Item[], same: (a: Item, b: Item) => boolean): boolean {
  groupCount = 0;
  for (const item of items) {
    let g = 0;
    while (g < groupCount && !same(groups[g]![0]!, item)) g++;
    if (g === groupCount) {
      if (groupCount === MAX_GROUPS) {
        clearGroups();
        return false;
      }
      groupCount++;
    }
    groups[g]!.push(item);
  }
  return true;
}

function clearGroups(): void {
  for (const g of groups) g.length = 0;
  groupCount = 0;
}

/** How far (px) an item may reach over the one before it and still be drawn with its color. */
const FRINGE = 0.5;

/**
 * Whether each item lies right of the one before (from `start` to `end` on x, with no gap
 * needed, reaching over it by `FRINGE` at most), with no z-index to reorder them and the usual
 * blend.
 */
function sideBySide(items: readonly Item[], start: (i: Item) => number, end: (i: Item) => number): boolean {
  let edge = -Infinity;
  for (const item of items) {
    if ((item as { zindex?: number }).zindex || (item.blend && item.blend !== 'source-over')) return false;
    const a = start(item);
    const b = end(item);
    if (!(a >= edge - FRINGE) || !(b >= a)) return false;
    edge = b;
  }
  return true;
}

const sameRule = (a: Item, b: Item) =>
  a.stroke === b.stroke &&
  Object.is(a.opacity, b.opacity) &&
  Object.is(a.strokeOpacity, b.strokeOpacity) &&
  Object.is(a.strokeWidth, b.strokeWidth) &&
  a.strokeCap === b.strokeCap &&
  sameDash(a.strokeDash ?? EMPTY, b.strokeDash ?? EMPTY) &&
  Object.is(a.strokeDashOffset, b.strokeDashOffset);
const halfWidth = (i: Item) => (i.strokeWidth != null ? i.strokeWidth : 1) / 2;

/**
 * Vertical rules side by side (a wick per bar), stroked a color at a time: the same segments
 * with the same states as item by item. False when they are not all such rules.
 */
function drawRulesGrouped(ctx: CanvasRenderingContext2D, scene: Scene, bounds: Bounds | undefined): boolean {
  const items = scene.items ?? [];
  if (items.length < GROUP_FROM) return false;
  // Vertical ones alone (a cap lengthens a line, it does not widen it).
  for (const i of items) if (i.x2 != null && i.x2 !== i.x) return false;
  if (
    !sideBySide(
      items,
      (i) => (i.x || 0) - halfWidth(i),
      (i) => (i.x || 0) + halfWidth(i),
    )
  )
    return false;
  if (!groupBy(items, sameRule)) return false;
  const s = new State();
  for (let g = 0; g < groupCount; g++) {
    const first = groups[g]![0]!;
    const opacity = first.opacity == null ? 1 : first.opacity;
    if (!opacity || !first.stroke || !stroke(ctx, s, first, opacity)) continue;
    ctx.beginPath();
    for (const item of groups[g]!) {
      if (bounds && !bounds.intersects(item.bounds)) continue;
      const x1 = item.x || 0;
      const y1 = item.y || 0;
      ctx.moveTo(x1, y1);
      ctx.lineTo(x1, item.y2 != null ? item.y2 : y1);
    }
    blend(ctx, s, first);
    ctx.stroke();
  }
  clearGroups();
  return true;
}

/** Vega's rule draw (marks/rule.js). */
function drawRules(ctx: CanvasRenderingContext2D, scene: Scene, bounds: Bounds | undefined): void {
  if (drawRulesGrouped(ctx, scene, bounds)) return;
  const s = new State();
  sceneVisit(scene, (item: Item) => {
    if (bounds && !bounds.intersects(item.bounds)) return;
    const opacity = item.opacity == null ? 1 : item.opacity;
    if (!opacity || !item.stroke || !stroke(ctx, s, item, opacity)) return;
    const x1 = item.x || 0;
    const y1 = item.y || 0;
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(item.x2 != null ? item.x2 : x1, item.y2 != null ? item.y2 : y1);
    blend(ctx, s, item);
    ctx.stroke();
  });
}

/** Vega's rect shape (path/shapes.js `rectShape`): the same accessors on its `rectangle`. */
const or0 = (a: number | undefined, b: number | undefined) => (a != null ? a : b) || 0;
const rectShape = pathRectangle()
  .x((i: Item) => i.x || 0)
  .y((i: Item) => i.y || 0)
  .width((i: Item) => i.width || 0)
  .height((i: Item) => i.height || 0)
  .cornerRadius(
    (i: Item) => or0(i.cornerRadiusTopLeft, i.cornerRadius),
    (i: Item) => or0(i.cornerRadiusTopRight, i.cornerRadius),
    (i: Item) => or0(i.cornerRadiusBottomRight, i.cornerRadius),
    (i: Item) => or0(i.cornerRadiusBottomLeft, i.cornerRadius),
  );

const sameRect = (a: Item, b: Item) =>
  a.fill === b.fill && Object.is(a.opacity, b.opacity) && Object.is(a.fillOpacity, b.fillOpacity);
const square = (i: Item) =>
  !i.cornerRadius &&
  !i.cornerRadiusTopLeft &&
  !i.cornerRadiusTopRight &&
  !i.cornerRadiusBottomRight &&
  !i.cornerRadiusBottomLeft;

/**
 * A square rect's path as Vega's `rectangle` makes it, without its eight accessors: `rect` with
 * the numbers it reads. (A NaN width or height sends Vega's down its rounded-corner branch,
 * which is left to it.)
 */
function squareRect(ctx: CanvasRenderingContext2D, i: Item, shape: (item: Item) => void): void {
  const w = +(i.width || 0);
  const h = +(i.height || 0);
  if (w === w && h === h) ctx.rect(+(i.x || 0), +(i.y || 0), w, h);
  else shape(i);
}

/**
 * Filled, unstroked, square rects side by side (a body per bar), filled a color at a time with
 * the very shapes Vega's rectangle makes of them. False when they are not all such rects.
 */
function drawRectsGrouped(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  bounds: Bounds | undefined,
  shape: (item: Item) => void,
): boolean {
  const items = scene.items ?? [];
  if (items.length < GROUP_FROM) return false;
  for (const i of items) if (i.stroke || !square(i) || (i.width ?? 0) < 0) return false;
  if (
    !sideBySide(
      items,
      (i) => i.x || 0,
      (i) => (i.x || 0) + (i.width || 0),
    )
  )
    return false;
  if (!groupBy(items, sameRect)) return false;
  const s = new State();
  for (let g = 0; g < groupCount; g++) {
    const first = groups[g]![0]!;
    const opacity = first.opacity == null ? 1 : first.opacity;
    if (opacity === 0 || !first.fill) continue;
    ctx.beginPath();
    for (const item of groups[g]!) if (!bounds || bounds.intersects(item.bounds)) squareRect(ctx, item, shape);
    blend(ctx, s, first);
    if (fill(ctx, s, first, opacity)) ctx.fill();
  }
  clearGroups();
  return true;
}

/** Vega's rect draw (marks/rect.js through util/canvas/draw.js `drawAll`). */
function drawRects(ctx: CanvasRenderingContext2D, scene: Scene, bounds: Bounds | undefined): void {
  if (drawRectsGrouped(ctx, scene, bounds, rectShape.context(ctx))) return;
  const s = new State();
  const shape = rectShape.context(ctx);
  sceneVisit(scene, (item: Item) => {
    if (bounds && !bounds.intersects(item.bounds)) return;
    const opacity = item.opacity == null ? 1 : item.opacity;
    if (opacity === 0) return;
    ctx.beginPath();
    shape(item);
    blend(ctx, s, item);
    if (item.fill && fill(ctx, s, item, opacity)) ctx.fill();
    if (item.stroke && stroke(ctx, s, item, opacity)) ctx.stroke();
  });
}

/** A mark's draw: this file's when the fast paths are on and its colors are plain, else Vega's. */
function withFallback(own: typeof drawRules, vegas: MarkDraw): MarkDraw {
  return function (this: unknown, ctx, scene, bounds, ...rest) {
    if (fastPathsOn() && plainColors(scene as Scene))
      own(ctx as CanvasRenderingContext2D, scene as Scene, bounds as Bounds | undefined);
    else vegas.call(this, ctx, scene, bounds, ...rest);
  };
}

let installed = false;

/** Draws rules and rects this way, and long lines in stretches, on every canvas. Once. */
export function installCanvasMarks(): void {
  if (installed) return;
  installed = true;
  const marks = markDrawers();
  marks.rule.draw = withFallback(drawRules, marks.rule.draw);
  const rects = withFallback(drawRects, marks.rect.draw);
  marks.rect.draw = function (this: unknown, ctx, scene, bounds, ...rest) {
    // What the rects' items carry to be drawn under them (a candle's wick: ./candle-marks.ts).
    const under = marks.rect.beneath?.(scene);
    if (under) marks[under.marktype].draw.call(this, ctx, under, bounds, ...rest);
    rects.call(this, ctx, scene, bounds, ...rest);
  };
  marks.line.draw = strokedInStretches(marks.line.draw);
}

/** For tests: this file's draws, as installed. */
export const canvasDraws = { rule: drawRules, rect: drawRects };

/**
 * What each annotation kind draws, as plain Vega-Lite unit specs. The mark (annotation.ts) checks
 * and resolves the items; the builders here only place parts. Kinds that can be driven by data
 * (one item per row) read their positions from named fields, so the same builder serves a literal
 * item (fields of its one-row `data`) and a data-driven layer (fields of the chart's rows).
 */
import { datum } from './financial';
import {
  ARROW_PATH,
  MARKER_PATHS,
  MARKER_REACH,
  angleExpr,
  arrowSymbolSize,
  ellipsePoints,
  offsetAngle,
  rayExprs,
  tidy,
  xOut,
  type Screen,
  type XType,
} from './annotation-geometry';
import type { JsonObject } from './types';

export const ANNOTATION_PARTS = ['line', 'band', 'label', 'arrow', 'marker', 'point', 'connector', 'tag', 'price'] as const;
export type AnnotationPart = (typeof ANNOTATION_PARTS)[number];

/** What the builders need to know about the chart the annotation sits in. */
export interface Env {
  xType: XType;
  yType: string;
  /** `{title}` to put on x/x2 (y/y2) field definitions so the chart's axis titles stay as they are. */
  xTitle: JsonObject;
  yTitle: JsonObject;
  screen: Screen;
  parts: Record<AnnotationPart, JsonObject | false>;
  /** Encoding inherited from enclosing layers, which vega-lite merges into every generated unit. */
  parent: JsonObject | undefined;
  /** The chart's x field, when an enclosing layer names it (for counting bars). */
  chartX: string | undefined;
}

/** An item's style after defaults: mark options over `config.annotation` over the kind's own. */
export interface Style {
  color: string;
  /** Whether the color was given (item, mark or config) rather than the kind's default. */
  colorGiven: boolean;
  strokeWidth: number;
  strokeDash?: number[];
  opacity?: number;
  fillOpacity: number;
  arrowSize: number;
  format: string;
}

export type TextSource = { value: string | string[] } | { field: string };

export interface Label {
  text: TextSource;
  position?: string;
  /** Text mark properties given with the label (dx, dy, color, fontSize, …). */
  props: JsonObject;
}

/** A checked item: its options (item over mark defaults), style, label and JSON pointer. */
export interface Item {
  kind: string;
  path: string;
  o: JsonObject;
  style: Style;
  label?: Label;
}

/** Field names an item's positions are read from. */
export interface Fields {
  x?: string;
  x2?: string;
  y?: string;
  y2?: string;
}

export interface Point {
  x: string | number;
  y: number;
  /** x as a number (milliseconds for dates). */
  t: number;
}

// ---------------------------------------------------------------------------------------------
// Units and encodings

const X = (env: Env, field: string): JsonObject => ({ field, type: env.xType, ...env.xTitle });
const X2 = (env: Env, field: string): JsonObject => ({ field, ...env.xTitle });
const Y = (env: Env, field: string): JsonObject => ({ field, type: env.yType, ...env.yTitle });
const Y2 = (env: Env, field: string): JsonObject => ({ field, ...env.yTitle });
const px = (value: number | string): JsonObject => ({ value });
const pxExpr = (expr: string): JsonObject => ({ value: { expr } });

const FILLED = new Set(['rect', 'area', 'text', 'point']);
/** Channels vega-lite drops with a warning on some marks: only shield where the mark takes them. */
const TAKES: Record<string, readonly string[]> = {
  strokeDash: ['rule', 'line', 'point'],
  size: ['rule', 'line', 'point', 'text'],
  shape: ['point'],
  angle: ['point', 'text'],
};

/**
 * A value that undoes a channel inherited from an enclosing layer (a color scale, an opacity
 * condition…): vega-lite merges the parent's encoding into every unit, and an encoding beats the
 * mark's own properties. Undefined for channels that are harmless or cannot be undone.
 */
function neutral(channel: string, mark: JsonObject): JsonObject | undefined {
  const type = mark['type'] as string;
  const takes = TAKES[channel];
  if (takes && !takes.includes(type)) return undefined;
  const filled = FILLED.has(type) && mark['filled'] !== false;
  switch (channel) {
    case 'color':
      return { value: mark['color'] ?? null };
    case 'fill':
      return { value: mark['fill'] ?? (filled ? (mark['color'] ?? null) : null) };
    case 'stroke':
      return { value: mark['stroke'] ?? (filled ? null : (mark['color'] ?? null)) };
    case 'opacity':
    case 'fillOpacity':
    case 'strokeOpacity':
      return { value: mark[channel] ?? 1 };
    case 'strokeWidth':
      return { value: mark['strokeWidth'] ?? (filled ? 0 : 1) };
    case 'strokeDash':
      return { value: mark['strokeDash'] ?? [] };
    case 'size':
      return { value: type === 'text' ? (mark['fontSize'] ?? 11) : type === 'point' ? (mark['size'] ?? 30) : (mark['strokeWidth'] ?? 1) };
    case 'shape':
      return { value: mark['shape'] ?? 'circle' };
    case 'angle':
      return { value: mark['angle'] ?? 0 };
    case 'tooltip':
      return { value: null };
    default:
      return undefined;
  }
}

/** One generated part: `undefined` when switched off with `parts: {<part>: false}`. */
function unit(env: Env, part: AnnotationPart, type: string, props: JsonObject, encoding: JsonObject, extra: JsonObject = {}): JsonObject | undefined {
  const style = env.parts[part];
  if (style === false) return undefined;
  const mark: JsonObject = { type, style: `annotation-${part}`, ...props, ...style };
  const enc: JsonObject = { ...encoding };
  for (const channel of Object.keys(env.parent ?? {})) {
    if (channel in enc) continue;
    const v = neutral(channel, mark);
    if (v !== undefined) enc[channel] = v;
  }
  return { ...extra, mark, encoding: enc };
}

function defined<T>(list: (T | undefined)[]): T[] {
  return list.filter((v): v is T => v !== undefined);
}

/**
 * Mark properties of a line part (rule or line mark). Lines and shaded parts are clipped to the
 * plot, so a chart with a fixed domain does not show them spilling over its axes.
 */
function lineProps(s: Style, extra: JsonObject = {}): JsonObject {
  return {
    clip: true,
    color: s.color,
    strokeWidth: s.strokeWidth,
    ...(s.strokeDash ? { strokeDash: s.strokeDash } : {}),
    ...(s.opacity !== undefined ? { opacity: s.opacity } : {}),
    ...extra,
  };
}

/** Mark properties of a shaded part. */
function bandProps(s: Style, extra: JsonObject = {}): JsonObject {
  return { clip: true, color: s.color, fillOpacity: s.fillOpacity, ...(s.opacity !== undefined ? { opacity: s.opacity } : {}), ...extra };
}

/** Mark properties of a filled symbol (arrowhead, marker). */
function symbolProps(s: Style, shape: string, size: number): JsonObject {
  return { shape, filled: true, size, color: s.color, opacity: s.opacity ?? 1 };
}

function textEncoding(text: TextSource): JsonObject {
  return 'field' in text ? { field: text.field, type: 'nominal' } : { value: text.value };
}

/**
 * Vega writes the lines of a multi-line text downward from its anchor whatever the baseline, so
 * a label meant to sit above (or centred on) its anchor is moved up by its extra lines.
 */
export function stackShift(props: JsonObject, lines: number): JsonObject {
  if (lines < 2) return props;
  const size = typeof props['fontSize'] === 'number' ? props['fontSize'] : 11;
  const lh = typeof props['lineHeight'] === 'number' ? props['lineHeight'] : size + 2;
  const b = props['baseline'];
  const shift = b === 'bottom' || b === 'alphabetic' || b === 'line-bottom' ? (lines - 1) * lh : b === 'middle' ? ((lines - 1) * lh) / 2 : 0;
  return shift ? { ...props, dy: (typeof props['dy'] === 'number' ? props['dy'] : 0) - shift } : props;
}

/** The label part: defaults for where it sits, then the item's color, then what the label says. */
function labelUnit(env: Env, it: Item, defaults: JsonObject, position: JsonObject, extra: JsonObject = {}): JsonObject | undefined {
  if (!it.label) return undefined;
  const text = it.label.text;
  const props: JsonObject = { ...defaults, color: it.style.color, ...(it.style.opacity !== undefined ? { opacity: it.style.opacity } : {}), ...it.label.props };
  const lines = 'value' in text && Array.isArray(text.value) ? text.value.length : 1;
  return unit(env, 'label', 'text', stackShift(props, lines), { ...position, text: textEncoding(text) }, extra);
}

/** Arrowheads at the ends of the segment from (x, y) to (x2, y2), pointing along it on screen. */
function arrowUnits(env: Env, it: Item, f: Required<Fields>, ends: string, extra: JsonObject = {}): JsonObject[] {
  const props = symbolProps(it.style, ARROW_PATH, arrowSymbolSize(it.style.arrowSize));
  const out: (JsonObject | undefined)[] = [];
  if (ends === 'start' || ends === 'both') {
    out.push(unit(env, 'arrow', 'point', props, { x: X(env, f.x), y: Y(env, f.y), angle: { value: { expr: angleExpr(env.screen, f.x2, f.y2, f.x, f.y) } } }, extra));
  }
  if (ends === 'end' || ends === 'both') {
    out.push(unit(env, 'arrow', 'point', props, { x: X(env, f.x2), y: Y(env, f.y2), angle: { value: { expr: angleExpr(env.screen, f.x, f.y, f.x2, f.y2) } } }, extra));
  }
  return defined(out);
}

const str = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

// ---------------------------------------------------------------------------------------------
// Kinds positioned by fields (literal items and data-driven layers alike)

/** Horizontal line across the plot (or from x to x2), a label above it, a price tag at the side. */
export function level(env: Env, it: Item, f: Fields): JsonObject[] {
  const y = f.y!;
  const from = f.x ? X(env, f.x) : px(0);
  const to = f.x2 ? X(env, f.x2) : px('width');
  const out: (JsonObject | undefined)[] = [unit(env, 'line', 'rule', lineProps(it.style), { x: from, x2: f.x2 ? X2(env, f.x2) : px('width'), y: Y(env, y) })];
  const pos = it.label?.position ?? 'left';
  const at = pos === 'right' ? { x: to, align: 'right', dx: -4 } : pos === 'center' ? { x: pxExpr('width / 2'), align: 'center', dx: 0 } : { x: from, align: 'left', dx: 4 };
  out.push(labelUnit(env, it, { align: at.align, baseline: 'bottom', dx: at.dx, dy: -3 }, { x: at.x, y: Y(env, y) }));
  const side = it.o['price'] === false ? undefined : it.o['price'] === 'left' ? 'left' : 'right';
  if (side) {
    const text = `format(${datum(y)}, ${JSON.stringify(it.style.format)})`;
    // The tag is as wide as the formatted price (about 6.4 px a character at the default 11 px).
    const width = `(8 + 6.4 * length(${text}))`;
    const span = side === 'right' ? { x: px('width'), x2: pxExpr(`width + ${width}`) } : { x: pxExpr(`-${width}`), x2: px(0) };
    const tag = unit(env, 'tag', 'rect', { color: it.style.color, yOffset: -8, y2Offset: 8, ...(it.style.opacity !== undefined ? { opacity: it.style.opacity } : {}) }, { ...span, y: Y(env, y), y2: Y2(env, y) });
    out.push(tag);
    out.push(
      unit(
        env,
        'price',
        'text',
        { align: side === 'right' ? 'left' : 'right', baseline: 'middle', dx: side === 'right' ? 4 : -4, color: tag ? '#ffffff' : it.style.color },
        { x: side === 'right' ? px('width') : px(0), y: Y(env, y), text: pxExpr(text) },
      ),
    );
  }
  return defined(out);
}

/** Vertical line across the plot with a label at its top (or bottom). */
export function event(env: Env, it: Item, f: Fields): JsonObject[] {
  const bottom = it.label?.position === 'bottom';
  return defined([
    unit(env, 'line', 'rule', lineProps(it.style), { x: X(env, f.x!), y: px(0), y2: px('height') }),
    labelUnit(env, it, { align: 'left', baseline: bottom ? 'bottom' : 'top', dx: 4, dy: bottom ? -4 : 4 }, { x: X(env, f.x!), y: px(bottom ? 'height' : 0) }),
  ]);
}

/** A shaded range of x across the plot's height. */
export function xband(env: Env, it: Item, f: Fields): JsonObject[] {
  const bottom = it.label?.position === 'bottom';
  return defined([
    unit(env, 'band', 'rect', bandProps(it.style), { x: X(env, f.x!), x2: X2(env, f.x2!), y: px(0), y2: px('height') }),
    labelUnit(env, it, { align: 'left', baseline: bottom ? 'bottom' : 'top', dx: 4, dy: bottom ? -4 : 4 }, { x: X(env, f.x!), y: px(bottom ? 'height' : 0) }),
  ]);
}

/** A shaded range of prices across the plot's width; the label sits inside its y2 edge. */
export function yband(env: Env, it: Item, f: Fields): JsonObject[] {
  const right = it.label?.position === 'right';
  return defined([
    unit(env, 'band', 'rect', bandProps(it.style), { x: px(0), x2: px('width'), y: Y(env, f.y!), y2: Y2(env, f.y2!) }),
    labelUnit(env, it, { align: right ? 'right' : 'left', baseline: 'top', dx: right ? -4 : 4, dy: 4 }, { x: px(right ? 'width' : 0), y: Y(env, f.y2!) }),
  ]);
}

/**
 * A line through two points. `extend: "ray"` goes on past the second point, `"line"` past both,
 * to the plot's edges: those parts are placed in pixels (through the chart's scales) and clipped,
 * so they neither stretch the chart's domains nor depend on how far the data goes.
 */
export function trend(env: Env, it: Item, f: Fields): JsonObject[] {
  const ff = f as Required<Fields>;
  const extend = str(it.o['extend'], 'segment');
  const line = lineProps(it.style);
  const out: (JsonObject | undefined)[] = [unit(env, 'line', 'rule', line, { x: X(env, ff.x), y: Y(env, ff.y), x2: X2(env, ff.x2), y2: Y2(env, ff.y2) })];
  const ray = (e: { x: string; y: string; x2: string; y2: string }) =>
    unit(env, 'line', 'rule', line, { x: pxExpr(e.x), y: pxExpr(e.y), x2: pxExpr(e.x2), y2: pxExpr(e.y2) });
  if (extend === 'ray' || extend === 'line') out.push(ray(rayExprs(env.screen, ff.x, ff.y, ff.x2, ff.y2)));
  if (extend === 'line') out.push(ray(rayExprs(env.screen, ff.x2, ff.y2, ff.x, ff.y)));
  out.push(...arrowUnits(env, it, ff, str(it.o['arrow'], 'none')));
  const start = it.label?.position === 'start';
  out.push(
    labelUnit(env, it, { align: start ? 'right' : 'left', baseline: 'bottom', dx: start ? -4 : 4, dy: -4 }, start ? { x: X(env, ff.x), y: Y(env, ff.y) } : { x: X(env, ff.x2), y: Y(env, ff.y2) }),
  );
  return defined(out);
}

/**
 * A label `dx`/`dy` pixels from a point, a connector from the label to the point and an
 * arrowhead on the point. Offsets are in pixels, so the arrow's angle is known without scales.
 */
export function callout(env: Env, it: Item, f: Fields): JsonObject[] {
  const dx = num(it.o['dx'], 40);
  const dy = num(it.o['dy'], -40);
  const len = Math.hypot(dx, dy);
  // The connector stops 3 px short of the label so it does not run into the text.
  const k = len > 6 ? (len - 3) / len : 1;
  const sx = tidy(dx * k);
  const sy = tidy(dy * k);
  const at = { x: X(env, f.x!), y: Y(env, f.y!) };
  const arrow = str(it.o['arrow'], 'end');
  const head = symbolProps(it.style, ARROW_PATH, arrowSymbolSize(it.style.arrowSize));
  return defined([
    len > 0 ? unit(env, 'connector', 'rule', lineProps(it.style, { xOffset: sx, yOffset: sy }), { ...at, x2: X2(env, f.x!), y2: Y2(env, f.y!) }) : undefined,
    len > 0 && (arrow === 'end' || arrow === 'both') ? unit(env, 'arrow', 'point', head, { ...at, angle: px(offsetAngle(-dx, -dy)) }) : undefined,
    len > 0 && (arrow === 'start' || arrow === 'both')
      ? unit(env, 'arrow', 'point', { ...head, xOffset: sx, yOffset: sy }, { ...at, angle: px(offsetAngle(dx, dy)) })
      : undefined,
    labelUnit(env, it, { align: dx > 0 ? 'left' : dx < 0 ? 'right' : 'center', baseline: dy < 0 ? 'bottom' : dy > 0 ? 'top' : 'middle', dx, dy }, at),
  ]);
}

export const MARKER_SHAPES = ['buy', 'sell', 'arrow-up', 'arrow-down', 'flag', 'circle', 'square', 'diamond', 'cross', 'triangle-up', 'triangle-down'] as const;

/** Where a marker sits when `position` is not given: buy arrows under the price, sell arrows over it. */
export function markerPlacement(shape: string): 'above' | 'below' | 'center' {
  return shape === 'buy' || shape === 'arrow-up' ? 'below' : shape === 'sell' || shape === 'arrow-down' || shape === 'flag' ? 'above' : 'center';
}

/**
 * A symbol at a point: arrows and flags touch the point with their tip (or pole) from below or
 * above, 3 px apart; other shapes are centred on it, or beside it when placed above/below.
 */
export function marker(env: Env, it: Item, f: Fields): JsonObject[] {
  const shape = str(it.o['shape'], 'circle');
  const size = num(it.o['size'], 100);
  const r = Math.sqrt(size) / 2;
  const place = str(it.o['position'], markerPlacement(shape));
  const path = shape === 'buy' ? 'arrow-up' : shape === 'sell' ? 'arrow-down' : shape;
  const gap = 3;
  let offset = 0;
  let reach = r;
  let symbol: string = path;
  if (path in MARKER_PATHS) {
    const p = path as keyof typeof MARKER_PATHS;
    symbol = MARKER_PATHS[p];
    reach = MARKER_REACH[p] * r;
    // Paths start at their tip: only the gap separates them from the price.
    offset = place === 'below' ? gap : place === 'above' ? -gap : 0;
  } else if (place !== 'center') {
    offset = place === 'below' ? gap + r : -(gap + r);
    reach = 2 * r;
  }
  const at = { x: X(env, f.x!), y: Y(env, f.y!) };
  const props: JsonObject = { ...symbolProps(it.style, symbol, size), ...(offset ? { yOffset: offset } : {}) };
  const beyond = Math.round(gap + reach + 3);
  const labelBelow = place === 'below' || (place === 'center' && it.label?.position !== 'above');
  const labelDy = place === 'center' ? (labelBelow ? Math.round(r + 3) : -Math.round(r + 3)) : labelBelow ? beyond : -beyond;
  return defined([
    unit(env, 'marker', 'point', props, at),
    labelUnit(env, it, { align: 'center', baseline: labelBelow ? 'top' : 'bottom', dy: labelDy }, at),
  ]);
}

/** Text at a point. */
export function note(env: Env, it: Item, f: Fields): JsonObject[] {
  return defined([labelUnit(env, it, { align: 'center', baseline: 'middle' }, { x: X(env, f.x!), y: Y(env, f.y!) })]);
}

/** A rectangle in data coordinates: a shaded fill, an outline and a label above (or below) it. */
export function rect(env: Env, it: Item, f: Fields): JsonObject[] {
  const ff = f as Required<Fields>;
  const box = { x: X(env, ff.x), x2: X2(env, ff.x2), y: Y(env, ff.y), y2: Y2(env, ff.y2) };
  const bottom = it.label?.position === 'bottom';
  return defined([
    unit(env, 'band', 'rect', bandProps(it.style), box),
    unit(env, 'line', 'rect', lineProps(it.style, { filled: false }), box),
    labelUnit(env, it, { align: 'left', baseline: bottom ? 'top' : 'bottom', dy: bottom ? 4 : -4 }, { x: X(env, ff.x), y: Y(env, bottom ? ff.y : ff.y2) }),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Kinds built from literal points only: each returns one layer carrying its own data.

const values = (rows: JsonObject[]) => ({ data: { values: rows } });
const pt = (p: Point) => ({ x: p.x, y: p.y });

/** A polyline through the points in order (closed: back to the first), arrows at its ends. */
export function polyline(env: Env, it: Item, points: Point[]): JsonObject {
  const ps = it.o['closed'] === true ? [...points, points[0]!] : points;
  const rows = ps.map((p, i) => ({ ...pt(p), i }));
  const ends = str(it.o['arrow'], 'none');
  const n = ps.length;
  const seg = (a: Point, b: Point) => values([{ x: a.x, y: a.y, x2: b.x, y2: b.y }]);
  const f = { x: 'x', y: 'y', x2: 'x2', y2: 'y2' };
  const start = it.label?.position === 'start';
  const last = ps[n - 1]!;
  const first = ps[0]!;
  return {
    layer: defined([
      unit(env, 'line', 'line', lineProps(it.style), { x: X(env, 'x'), y: Y(env, 'y'), order: { field: 'i', type: 'quantitative' } }, values(rows)),
      ...(ends === 'end' || ends === 'both' ? arrowUnits(env, it, f, 'end', seg(ps[n - 2]!, last)) : []),
      ...(ends === 'start' || ends === 'both' ? arrowUnits(env, it, f, 'end', seg(ps[1]!, first)) : []),
      labelUnit(env, it, { align: start ? 'right' : 'left', baseline: 'bottom', dx: start ? -4 : 4, dy: -4 }, { x: X(env, 'x'), y: Y(env, 'y') }, values([pt(start ? first : last)])),
    ]),
  };
}

/** An ellipse inscribed in the box x..x2, y..y2: a shaded fill and an outline. */
export function ellipse(env: Env, it: Item, box: { x: Point; x2: Point }): JsonObject {
  const { x: a, x2: b } = box;
  const rows = ellipsePoints(a.t, b.t, a.y, b.y, 48).map((p, i) => ({ x: xOut(p.x, env.xType), y: tidy(p.y), i }));
  const enc = { x: X(env, 'x'), y: Y(env, 'y'), order: { field: 'i', type: 'quantitative' } };
  const pos = it.label?.position ?? 'top';
  const cx = xOut((a.t + b.t) / 2, env.xType);
  const ly = pos === 'center' ? (a.y + b.y) / 2 : pos === 'bottom' ? Math.min(a.y, b.y) : Math.max(a.y, b.y);
  return {
    layer: defined([
      unit(env, 'band', 'line', bandProps(it.style, { fill: it.style.color, strokeWidth: 0 }), enc, values(rows)),
      unit(env, 'line', 'line', lineProps(it.style), enc, values(rows)),
      labelUnit(
        env,
        it,
        { align: 'center', baseline: pos === 'center' ? 'middle' : pos === 'bottom' ? 'top' : 'bottom', dy: pos === 'center' ? 0 : pos === 'bottom' ? 4 : -4 },
        { x: X(env, 'x'), y: Y(env, 'y') },
        values([{ x: cx, y: tidy(ly) }]),
      ),
    ]),
  };
}

/** Level colors after the usual retracement palette; readable on light and dark backgrounds. */
export const FIBONACCI_COLORS = ['#6b7280', '#e0483e', '#d97706', '#16a34a', '#0f9d76', '#0891b2', '#6b7280', '#2563eb', '#9333ea', '#db2777'];
export const FIBONACCI_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1];

/**
 * Fibonacci retracement from the first point (level 1) to the second (level 0): a line per level
 * with its ratio and price (on the `price` side), shaded zones between neighbouring levels, the
 * dashed diagonal, and the item's label above the first point.
 */
export function fibonacci(env: Env, it: Item, p: Point[], levels: number[]): JsonObject {
  const [a, b] = [p[0]!, p[1]!];
  const [l, r] = a.t <= b.t ? [a, b] : [b, a];
  const extend = it.o['extend'] === true;
  const colors = Array.isArray(it.o['colors']) && it.o['colors'].length ? (it.o['colors'] as string[]) : it.style.colorGiven ? [it.style.color] : FIBONACCI_COLORS;
  const sorted = [...levels].sort((u, v) => u - v);
  const price = (level: number) => tidy(b.y + (a.y - b.y) * level);
  const colorOf = (level: number) => colors[levels.indexOf(level) % colors.length]!;
  const lines = sorted.map((level) => ({ x: l.x, x2: r.x, level, y: price(level), color: colorOf(level) }));
  const zones = sorted.slice(1).map((level, i) => ({ x: l.x, x2: r.x, y: price(sorted[i]!), y2: price(level), color: colorOf(level) }));
  const from = extend ? { x: X(env, 'x'), x2: px('width') } : { x: X(env, 'x'), x2: X2(env, 'x2') };
  const color = { field: 'color', type: 'nominal', scale: null };
  const side = it.o['price'] === false ? undefined : it.o['price'] === 'right' ? 'right' : 'left';
  const fmt = JSON.stringify(it.style.format);
  const op = it.style.opacity !== undefined ? { opacity: it.style.opacity } : {};
  const dash = it.style.strokeDash ? { strokeDash: it.style.strokeDash } : {};
  return {
    layer: defined([
      unit(env, 'band', 'rect', { clip: true, fillOpacity: it.style.fillOpacity, ...op }, { ...from, y: Y(env, 'y'), y2: Y2(env, 'y2'), color }, values(zones)),
      unit(env, 'line', 'rule', { clip: true, strokeWidth: it.style.strokeWidth, ...dash, ...op }, { ...from, y: Y(env, 'y'), color }, values(lines)),
      unit(
        env,
        'line',
        'rule',
        lineProps(it.style, { strokeDash: [4, 3], strokeWidth: 1 }),
        { x: X(env, 'x'), y: Y(env, 'y'), x2: X2(env, 'x2'), y2: Y2(env, 'y2') },
        values([{ x: a.x, y: a.y, x2: b.x, y2: b.y }]),
      ),
      side
        ? unit(
            env,
            'price',
            'text',
            // Beside the lines' ends, outside the drawing: left of the start, right of the end (or of the plot).
            { align: side === 'right' ? 'left' : 'right', baseline: 'middle', dx: side === 'right' ? 4 : -4, ...op },
            {
              x: side === 'right' ? (extend ? px('width') : X(env, 'x2')) : X(env, 'x'),
              y: Y(env, 'y'),
              text: { field: 'text', type: 'nominal' },
              color,
            },
            { ...values(lines), transform: [{ calculate: `format(datum.level, '.1~%') + '  ' + format(datum.y, ${fmt})`, as: 'text' }] },
          )
        : undefined,
      labelUnit(env, it, { align: 'left', baseline: 'bottom', dy: -6 }, { x: X(env, 'x'), y: Y(env, 'y') }, values([pt(a)])),
    ]),
  };
}

/** A trend line, its parallel through a third point (or `offset` away), the midline and the fill. */
export function channel(env: Env, it: Item, a: Point, b: Point, offset: number): JsonObject {
  const lines = [
    { x: a.x, y: a.y, x2: b.x, y2: b.y },
    { x: a.x, y: tidy(a.y + offset), x2: b.x, y2: tidy(b.y + offset) },
  ];
  const twoPoint = { x: X(env, 'x'), y: Y(env, 'y'), x2: X2(env, 'x2'), y2: Y2(env, 'y2') };
  const top = offset >= 0 ? lines[1]! : lines[0]!;
  const start = it.label?.position === 'start';
  return {
    layer: defined([
      unit(
        env,
        'band',
        'area',
        bandProps(it.style),
        { x: X(env, 'x'), y: Y(env, 'y'), y2: Y2(env, 'y2') },
        values([
          { x: a.x, y: a.y, y2: tidy(a.y + offset) },
          { x: b.x, y: b.y, y2: tidy(b.y + offset) },
        ]),
      ),
      unit(env, 'line', 'rule', lineProps(it.style), twoPoint, values(lines)),
      it.o['midline'] === false
        ? undefined
        : unit(env, 'line', 'rule', lineProps(it.style, { strokeDash: [4, 3], strokeWidth: 1 }), twoPoint, values([{ x: a.x, y: tidy(a.y + offset / 2), x2: b.x, y2: tidy(b.y + offset / 2) }])),
      labelUnit(
        env,
        it,
        { align: start ? 'right' : 'left', baseline: 'bottom', dx: start ? -4 : 4, dy: -4 },
        { x: X(env, 'x'), y: Y(env, 'y') },
        values([start ? { x: top.x, y: top.y } : { x: top.x2, y: top.y2 }]),
      ),
    ]),
  };
}

/**
 * The change between two points: a shaded box, a vertical and a horizontal arrow through its
 * middle (their angles are fixed on screen: up/down, left/right) and a label with the change in
 * price and percent, and the days — or, with `bars`, the rows of the chart's data — between.
 */
export function measure(env: Env, it: Item, a: Point, b: Point, countBars: boolean): JsonObject {
  const up = b.y >= a.y;
  const xm = xOut((a.t + b.t) / 2, env.xType);
  const ym = tidy((a.y + b.y) / 2);
  const head = symbolProps(it.style, ARROW_PATH, arrowSymbolSize(it.style.arrowSize));
  const change = tidy(b.y - a.y);
  const pct = a.y !== 0 ? tidy((b.y - a.y) / a.y) : null;
  const fmt = JSON.stringify(it.style.format);
  const first = `(${change} > 0 ? '+' : '') + format(${change}, ${fmt})${pct !== null ? ` + ' (' + format(${pct}, '+.2%') + ')'` : ''}`;
  const days = Math.round((b.t - a.t) / 864e5);
  const span = env.xType === 'temporal' ? `${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'}` : `Δx ${tidy(b.t - a.t)}`;
  const labelAt = { x: xm, y: up ? Math.max(a.y, b.y) : Math.min(a.y, b.y) };
  const custom = it.label && 'value' in it.label.text ? [it.label.text.value].flat() : undefined;
  const textProps = { align: 'center', baseline: up ? 'bottom' : 'top', dy: up ? -6 : 6, lineBreak: '\n' };
  const [lo, hi] = a.t <= b.t ? [a.t, b.t] : [b.t, a.t];
  const within = `toDate(${datum(env.chartX ?? '')}) > ${lo} && toDate(${datum(env.chartX ?? '')}) <= ${hi}`;
  const label = unit(
    env,
    'label',
    'text',
    stackShift({ ...textProps, color: it.style.color, ...(it.style.opacity !== undefined ? { opacity: it.style.opacity } : {}), ...(it.label?.props ?? {}) }, custom && !countBars ? custom.length : 2),
    { x: X(env, 'x'), y: Y(env, 'y'), text: { field: 'text', type: 'nominal' } },
    countBars
      ? {
          // Counted in the chart's own data: rows after the first point up to the second.
          transform: [
            { filter: within },
            { aggregate: [{ op: 'count', as: 'bars' }] },
            { calculate: `${first} + '\\n' + datum.bars + ' bars, ${span}'`, as: 'text' },
            { calculate: JSON.stringify(labelAt.x), as: 'x' },
            { calculate: String(labelAt.y), as: 'y' },
          ],
        }
      : { ...values([labelAt]), transform: [{ calculate: custom ? JSON.stringify(custom.join('\n')) : `${first} + '\\n${span}'`, as: 'text' }] },
  );
  return {
    layer: defined([
      unit(env, 'band', 'rect', bandProps(it.style), { x: X(env, 'x'), x2: X2(env, 'x2'), y: Y(env, 'y'), y2: Y2(env, 'y2') }, values([{ x: a.x, x2: b.x, y: a.y, y2: b.y }])),
      unit(
        env,
        'line',
        'rule',
        lineProps(it.style),
        { x: X(env, 'x'), y: Y(env, 'y'), x2: X2(env, 'x2'), y2: Y2(env, 'y2') },
        values([
          { x: xm, y: a.y, x2: xm, y2: b.y },
          { x: a.x, y: ym, x2: b.x, y2: ym },
        ]),
      ),
      unit(
        env,
        'arrow',
        'point',
        head,
        { x: X(env, 'x'), y: Y(env, 'y'), angle: { field: 'angle', type: 'quantitative', scale: null } },
        values([
          { x: xm, y: b.y, angle: up ? -90 : 90 },
          { x: b.x, y: ym, angle: b.t >= a.t ? 0 : 180 },
        ]),
      ),
      label,
    ]),
  };
}

/**
 * Andrews' pitchfork: the median line from the first point through the middle of the second and
 * third, two tines through those parallel to it, the handle between them, and shaded prongs. The
 * lines end `length` times the median's run past the midpoint (1: as far again).
 */
export function pitchfork(env: Env, it: Item, p: Point[], length: number): JsonObject {
  const [p1, p2, p3] = [p[0]!, p[1]!, p[2]!];
  const m = { t: (p2.t + p3.t) / 2, y: (p2.y + p3.y) / 2 };
  const d = { t: m.t - p1.t, y: m.y - p1.y };
  const endT = m.t + d.t * length;
  const along = (s: { t: number; y: number }) => ({ t: endT, y: s.y + (d.y * (endT - s.t)) / d.t });
  const [e1, e2, em] = [along(p2), along(p3), along(m)];
  const X_ = (t: number) => xOut(t, env.xType);
  const seg = (s: { t: number; y: number }, e: { t: number; y: number }) => ({ x: X_(s.t), y: tidy(s.y), x2: X_(e.t), y2: tidy(e.y) });
  const twoPoint = { x: X(env, 'x'), y: Y(env, 'y'), x2: X2(env, 'x2'), y2: Y2(env, 'y2') };
  const prong = (zone: number, corners: { t: number; y: number }[]) => corners.map((c, i) => ({ x: X_(c.t), y: tidy(c.y), i, zone }));
  return {
    layer: defined([
      unit(
        env,
        'band',
        'line',
        bandProps(it.style, { fill: it.style.color, strokeWidth: 0 }),
        { x: X(env, 'x'), y: Y(env, 'y'), order: { field: 'i', type: 'quantitative' }, detail: { field: 'zone', type: 'nominal' } },
        values([...prong(1, [p2, e1, em, m]), ...prong(2, [m, em, e2, p3])]),
      ),
      unit(env, 'line', 'rule', lineProps(it.style), twoPoint, values([seg(p1, em), seg(p2, e1), seg(p3, e2)])),
      unit(env, 'line', 'rule', lineProps(it.style, { strokeDash: [4, 3], strokeWidth: 1 }), twoPoint, values([seg(p2, p3)])),
      labelUnit(env, it, { align: 'right', baseline: 'middle', dx: -6 }, { x: X(env, 'x'), y: Y(env, 'y') }, values([pt(p1)])),
    ]),
  };
}

/** Default wave labels by number of points: an impulse (0–5), a correction (0, A–C) or both. */
export function elliottLabels(n: number): string[] {
  if (n === 6) return ['0', '1', '2', '3', '4', '5'];
  if (n === 4) return ['0', 'A', 'B', 'C'];
  if (n === 9) return ['0', '1', '2', '3', '4', '5', 'A', 'B', 'C'];
  return Array.from({ length: n }, (_, i) => String(i));
}

/** Wave points joined by a polyline, each labelled above a peak or below a trough. */
export function elliott(env: Env, it: Item, p: Point[], labels: string[]): JsonObject {
  const rows = p.map((q, i) => {
    const prev = p[i - 1];
    const next = p[i + 1];
    // A peak is higher than its neighbours; an end point compares with its one neighbour.
    const peak = (prev === undefined || q.y >= prev.y) && (next === undefined || q.y >= next.y);
    return { ...pt(q), i, label: labels[i] ?? '', peak };
  });
  const enc = { x: X(env, 'x'), y: Y(env, 'y') };
  const text = { field: 'label', type: 'nominal' };
  const textProps = { align: 'center', color: it.style.color, fontWeight: 'bold', ...(it.style.opacity !== undefined ? { opacity: it.style.opacity } : {}), ...(it.label?.props ?? {}) };
  return {
    layer: defined([
      unit(env, 'line', 'line', lineProps(it.style), { ...enc, order: { field: 'i', type: 'quantitative' } }, values(rows.map(({ label: _l, peak: _p, ...r }) => r))),
      unit(env, 'point', 'point', { filled: true, size: 25, color: it.style.color, opacity: it.style.opacity ?? 1 }, enc, values(rows.map(({ label: _l, peak: _p, ...r }) => r))),
      unit(env, 'label', 'text', { baseline: 'bottom', dy: -6, ...textProps }, { ...enc, text }, values(rows.filter((r) => r.peak).map(({ peak: _p, i: _i, ...r }) => r))),
      unit(env, 'label', 'text', { baseline: 'top', dy: 6, ...textProps }, { ...enc, text }, values(rows.filter((r) => !r.peak).map(({ peak: _p, i: _i, ...r }) => r))),
    ]),
  };
}

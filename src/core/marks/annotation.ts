/**
 * The annotation mark: a layer inside a chart that draws technical-analysis annotations in the
 * chart's own coordinates (a date and a price) and shares its scales. Items are given literally
 * (`items: [...]`) or driven by data (`kind` plus field mappings: one item per row). Every part is
 * plain Vega-Lite, stamped `style: "annotation-<part>"` and switchable through `parts`.
 */
import { didYouMean } from '../suggest';
import { screen, xNumber, type XType } from './annotation-geometry';
import * as K from './annotation-kinds';
import { ANNOTATION_PARTS, MARKER_SHAPES, type AnnotationPart, type Env, type Fields, type Item, type Label, type Point, type Style } from './annotation-kinds';
import { annotationSchema } from './annotation-schema';
import { isObject } from '../json';
import { isFiniteNumber } from './shared/numbers';
import { DIRECTION_COLORS, partStyle, splitUnit } from './shared/parts';
import type { ExpandContext, ExtensionMark, JsonObject } from './types';

export const ANNOTATION = 'annotation';
export { ANNOTATION_PARTS, type AnnotationPart };

export const ANNOTATION_KINDS = [
  'level', 'event', 'xband', 'yband', 'trend', 'callout', 'marker', 'note', 'rect', 'ellipse',
  'polyline', 'fibonacci', 'channel', 'measure', 'pitchfork', 'elliott',
] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

/** Kinds that can be driven by data (one item per row); the others take literal points. */
export const DATA_KINDS = ['level', 'event', 'xband', 'yband', 'trend', 'callout', 'marker', 'note', 'rect'] as const;

/** A position along x: a date (`"2009-06-15"` or a timestamp) or a number, as the chart's x reads it. */
export type AnnotationX = string | number;

/** A point in data coordinates. */
export interface AnnotationPoint {
  x: AnnotationX;
  /** A price (the chart's y). */
  y: number;
}

/** A data field an item's position (or label) is read from, in data-driven annotations. */
export interface AnnotationFieldRef {
  field: string;
  /** How x is read. __Default value:__ the chart's x type, else `"temporal"` */
  type?: 'temporal' | 'quantitative';
}

export interface AnnotationLabelDef {
  /** The text; an array gives one line each. A field names it per row (data-driven). */
  text: string | string[] | AnnotationFieldRef;
  /**
   * Where the label sits, per kind: level `left`/`right`/`center`; event and x band, rect
   * `top`/`bottom`; y band `left`/`right`; trend, polyline, channel `start`/`end`;
   * ellipse `top`/`bottom`/`center`; marker `above`/`below`.
   * __Default value:__ `left`, `top`, `left`, `end`, `top`, `below` respectively
   */
  position?: string;
  /** Pixel offsets from where the kind puts the label. */
  dx?: number;
  dy?: number;
  /** __Default value:__ the item's color */
  color?: string;
  fontSize?: number;
  fontWeight?: string | number;
  fontStyle?: string;
  font?: string;
  angle?: number;
  align?: 'left' | 'center' | 'right';
  baseline?: 'top' | 'middle' | 'bottom' | 'alphabetic' | 'line-top' | 'line-bottom';
  opacity?: number;
  limit?: number;
  lineHeight?: number;
}

/** Text, lines of text, or a label with its own placement and style. */
export type AnnotationLabel = string | string[] | AnnotationLabelDef;

/** Style every item takes (on the item, the mark, or `config.annotation`). */
export interface AnnotationStyle {
  /** Color of every part of the item. __Default value:__ by kind (levels blue, events violet, bands slate, buy green, sell red…) */
  color?: string;
  /** Width of lines. __Default value:__ `1.5` */
  strokeWidth?: number;
  /** Dash pattern of lines. __Default value:__ none; event lines `[4, 3]` */
  strokeDash?: number[];
  /** Opacity of the whole item. __Default value:__ `1` */
  opacity?: number;
  /** Opacity of shaded parts (bands, zones, fills). __Default value:__ `0.12` */
  fillOpacity?: number;
  /** Length of arrowheads in pixels. __Default value:__ `10` */
  arrowSize?: number;
  /** d3 format of prices in labels and tags. __Default value:__ `",.2f"` */
  format?: string;
}

interface ItemBase extends AnnotationStyle {
  label?: AnnotationLabel;
}
/** A horizontal line at a price across the plot (or from x to x2), with a price tag at the side. */
export interface LevelItem extends ItemBase {
  kind: 'level';
  y: number;
  x?: AnnotationX;
  x2?: AnnotationX;
  /** The price tag outside the plot: a side, or `false`. __Default value:__ `"right"` */
  price?: boolean | 'left' | 'right';
}
/** A vertical line at a date across the plot. */
export interface EventItem extends ItemBase {
  kind: 'event';
  x: AnnotationX;
}
export interface XBandItem extends ItemBase {
  kind: 'xband';
  x: AnnotationX;
  /** Must not precede x. */
  x2: AnnotationX;
}
export interface YBandItem extends ItemBase {
  kind: 'yband';
  y: number;
  y2: number;
}
export interface TrendItem extends ItemBase {
  kind: 'trend';
  points: [AnnotationPoint, AnnotationPoint];
  /** `segment` between the points, `ray` on past the second, `line` past both. __Default value:__ `"segment"` */
  extend?: 'segment' | 'ray' | 'line';
  /** Arrowheads. __Default value:__ `"none"` */
  arrow?: 'start' | 'end' | 'both' | 'none';
}
export interface CalloutItem extends ItemBase {
  kind: 'callout';
  x: AnnotationX;
  y: number;
  /** The label's offset from the point in pixels. __Default value:__ `40`, `-40` (up and right) */
  dx?: number;
  dy?: number;
  /** `end`: an arrowhead on the point; `start`: at the label. __Default value:__ `"end"` */
  arrow?: 'start' | 'end' | 'both' | 'none';
}
export interface MarkerItem extends ItemBase {
  kind: 'marker';
  x: AnnotationX;
  y: number;
  /** `buy`/`arrow-up` sit under the price pointing up, `sell`/`arrow-down` over it, `flag` over it. __Default value:__ `"circle"` */
  shape?: (typeof MARKER_SHAPES)[number];
  /** __Default value:__ by shape (`below` for buy, `above` for sell and flag, else `center`) */
  position?: 'above' | 'below' | 'center';
  /** Symbol area in square pixels. __Default value:__ `100` */
  size?: number;
}
export interface NoteItem extends ItemBase {
  kind: 'note';
  x: AnnotationX;
  y: number;
  label: AnnotationLabel;
}
export interface RectItem extends ItemBase {
  kind: 'rect' | 'ellipse';
  x: AnnotationX;
  x2: AnnotationX;
  y: number;
  y2: number;
}
export interface PolylineItem extends ItemBase {
  kind: 'polyline';
  points: AnnotationPoint[];
  /** Back to the first point. __Default value:__ `false` */
  closed?: boolean;
  arrow?: 'start' | 'end' | 'both' | 'none';
}
export interface FibonacciItem extends ItemBase {
  kind: 'fibonacci';
  /** From the swing's start (level 1) to its end (level 0). */
  points: [AnnotationPoint, AnnotationPoint];
  /** __Default value:__ `[0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]` */
  levels?: number[];
  /** Colors of the levels, in the order of `levels`. __Default value:__ a palette (or `color` for all) */
  colors?: string[];
  /** Lines and zones go on to the plot's right edge. __Default value:__ `false` */
  extend?: boolean;
  /** The side of the lines where each level's ratio and price is written, or `false`. __Default value:__ `"left"` */
  price?: boolean | 'left' | 'right';
}
export interface ChannelItem extends ItemBase {
  kind: 'channel';
  /** Two points of the base line, and optionally a third the parallel line goes through. */
  points: AnnotationPoint[];
  /** The parallel line's distance from the base line in price (when there is no third point). */
  offset?: number;
  /** A dashed line midway. __Default value:__ `true` */
  midline?: boolean;
}
export interface MeasureItem extends ItemBase {
  kind: 'measure';
  points: [AnnotationPoint, AnnotationPoint];
  /** Count the rows of the chart's data between the points (needs the chart's x field on an enclosing layer). __Default value:__ `false` */
  bars?: boolean;
}
export interface PitchforkItem extends ItemBase {
  kind: 'pitchfork';
  points: [AnnotationPoint, AnnotationPoint, AnnotationPoint];
  /** How far the lines run past the midpoint, in runs of the median from the first point. __Default value:__ `1` */
  length?: number;
}
export interface ElliottItem extends ItemBase {
  kind: 'elliott';
  points: AnnotationPoint[];
  /** __Default value:__ `0`–`5` for 6 points, `0 A B C` for 4, `0`–`5 A B C` for 9, else `0, 1, …` */
  labels?: string[];
}
export type AnnotationItem =
  | LevelItem | EventItem | XBandItem | YBandItem | TrendItem | CalloutItem | MarkerItem | NoteItem
  | RectItem | PolylineItem | FibonacciItem | ChannelItem | MeasureItem | PitchforkItem | ElliottItem;

/** Each part: `false` hides it, mark properties style it (over `config.style["annotation-<part>"]`). */
export type AnnotationParts = Partial<Record<AnnotationPart, boolean | JsonObject>>;

export interface AnnotationConfig extends AnnotationStyle {
  parts?: AnnotationParts;
  /**
   * The Vega names of the chart's x and y scales, read to point arrowheads and draw rays on
   * screen. __Default value:__ the names vega-lite gives them where the annotation sits (`"x"`,
   * `"concat_0_y"` in the first view of a concat or above a volume pane…); set them only inside a
   * repeat, whose views are named after what they repeat.
   */
  scales?: { x?: string; y?: string };
}

/** The mark object. Options other than `items`, `kind` and the field mappings are item defaults. */
export interface AnnotationDef extends AnnotationConfig {
  type: typeof ANNOTATION;
  items?: AnnotationItem[];
  /** Data-driven: the kind of item drawn for every row of the layer's data. */
  kind?: (typeof DATA_KINDS)[number];
  x?: AnnotationFieldRef;
  x2?: AnnotationFieldRef;
  y?: AnnotationFieldRef;
  y2?: AnnotationFieldRef;
  label?: AnnotationLabel | AnnotationFieldRef;
  /** Data-driven markers: at each row's high or low (fields `high`/`low`, else the chart's). */
  at?: 'high' | 'low';
  high?: AnnotationFieldRef;
  low?: AnnotationFieldRef;
}

/** Colors that read on light and dark backgrounds. */
export const KIND_COLORS: Record<AnnotationKind, string> = {
  level: '#2563eb', event: '#7c3aed', xband: '#64748b', yband: '#64748b', trend: '#0891b2',
  callout: '#64748b', marker: '#d97706', note: '#64748b', rect: '#64748b', ellipse: '#64748b',
  polyline: '#0891b2', fibonacci: '#64748b', channel: '#0891b2', measure: DIRECTION_COLORS.rising,
  pitchfork: '#db2777', elliott: '#2563eb',
};
/** Item style defaults the schema documents (tests/unit/marks/options.test.ts checks it). */
export const DEFAULT_STYLE = { strokeWidth: 1.5, fillOpacity: 0.12, arrowSize: 10, format: ',.2f' };
const KIND_STYLE: Partial<Record<AnnotationKind, Partial<Style>>> = { event: { strokeDash: [4, 3] } };

const LABEL_POSITIONS: Partial<Record<AnnotationKind, readonly string[]>> = {
  level: ['left', 'right', 'center'], event: ['top', 'bottom'], xband: ['top', 'bottom'], yband: ['left', 'right'],
  trend: ['start', 'end'], polyline: ['start', 'end'], channel: ['start', 'end'],
  rect: ['top', 'bottom'], ellipse: ['top', 'bottom', 'center'], marker: ['above', 'below'],
};
const LABEL_PROPS = ['dx', 'dy', 'color', 'fontSize', 'fontWeight', 'fontStyle', 'font', 'angle', 'align', 'baseline', 'opacity', 'limit', 'lineHeight'];

const NAMES: Record<AnnotationKind, string> = {
  level: 'level line', event: 'event line', xband: 'x band', yband: 'y band', trend: 'trend line', callout: 'callout',
  marker: 'marker', note: 'note', rect: 'rectangle', ellipse: 'ellipse', polyline: 'polyline', fibonacci: 'Fibonacci retracement',
  channel: 'channel', measure: 'measure', pitchfork: 'pitchfork', elliott: 'Elliott wave',
};
// "An x band": by sound, not by letter.
const article = (kind: AnnotationKind) => (/^([aeiou]|x )/i.test(NAMES[kind]) ? 'An' : 'A');
const named = (kind: AnnotationKind) => `${article(kind)} ${NAMES[kind]}`;

/** Mark options that are not item defaults. */
const STRUCTURE = ['type', 'items', 'kind', 'x', 'x2', 'y', 'y2', 'label', 'at', 'high', 'low', 'parts', 'scales'];
const ARROWS = ['start', 'end', 'both', 'none'];
const EXTENDS = ['segment', 'ray', 'line'];
const COUNT_WORDS = ['no', 'one', 'two', 'three'];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (isFiniteNumber(v) ? v : undefined);
const without = (o: JsonObject, keys: readonly string[]): JsonObject => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

/**
 * The `{title}` an annotation's position fields carry so the chart's axis title does not change:
 * vega-lite joins the titles of all layers' fields ("date, x"), but an explicit title wins.
 */
function inheritedTitle(def: unknown): JsonObject {
  if (!isObject(def)) return {};
  if ('title' in def) return { title: def['title'] };
  if (typeof def['field'] === 'string' && def['timeUnit'] === undefined && def['aggregate'] === undefined && def['bin'] === undefined) {
    return { title: def['field'] };
  }
  return {};
}

type Report = (path: string, message: string, severity?: 'error' | 'warning') => void;

/** Reads items and mappings, reporting what cannot be drawn; one instance per expansion. */
class Reader {
  constructor(
    readonly env: Env,
    readonly report: Report,
  ) {}

  x(v: unknown, path: string, owner: AnnotationKind, key = 'x'): { x: string | number; t: number } | undefined {
    if (v === undefined) {
      this.report(path, `${named(owner)} needs "${key}" (${this.env.xType === 'temporal' ? 'a date' : 'a number'})`);
      return undefined;
    }
    const t = xNumber(v, this.env.xType);
    if (t === undefined || (typeof v !== 'string' && typeof v !== 'number')) {
      this.report(`${path}/${key}`, this.env.xType === 'temporal' ? `${JSON.stringify(v)} is not a date` : `${JSON.stringify(v)} is not a number`);
      return undefined;
    }
    return { x: v, t };
  }

  y(v: unknown, path: string, owner: AnnotationKind, key = 'y'): number | undefined {
    if (v === undefined) {
      this.report(path, `${named(owner)} needs "${key}" (a price)`);
      return undefined;
    }
    const n = num(v);
    if (n === undefined) this.report(`${path}/${key}`, `"${key}" must be a number (a price), not ${JSON.stringify(v)}`);
    return n;
  }

  points(raw: unknown, path: string, kind: AnnotationKind, min: number, max = min): Point[] | undefined {
    const want = min === max ? `${COUNT_WORDS[min] ?? min} points` : max === Infinity ? `at least ${COUNT_WORDS[min] ?? min} points` : `${COUNT_WORDS[min]} or ${COUNT_WORDS[max]} points`;
    if (raw === undefined) {
      this.report(path, `${named(kind)} needs "points": ${want}, [{"x": …, "y": …}, …]`);
      return undefined;
    }
    if (!Array.isArray(raw)) {
      this.report(`${path}/points`, `"points" must be a list of ${want}, [{"x": …, "y": …}, …]`);
      return undefined;
    }
    if (raw.length < min || raw.length > max) {
      this.report(`${path}/points`, `${named(kind)} needs ${want}; it has ${COUNT_WORDS[raw.length] ?? raw.length}`);
      return undefined;
    }
    const out: Point[] = [];
    raw.forEach((p, i) => {
      const at = `${path}/points/${i}`;
      if (!isObject(p)) {
        this.report(at, 'A point is {"x": …, "y": …}');
        return;
      }
      const x = this.x(p['x'], at, kind);
      const y = this.y(p['y'], at, kind);
      if (x && y !== undefined) out.push({ x: x.x, y, t: x.t });
    });
    return out.length === raw.length ? out : undefined;
  }

  label(raw: unknown, path: string, kind: AnnotationKind, dataDriven: boolean): Label | undefined {
    if (raw === undefined) return undefined;
    const isText = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every((s) => typeof s === 'string'));
    const isField = (v: unknown) => dataDriven && isObject(v) && typeof v['field'] === 'string';
    if (isText(raw)) return { text: { value: raw as string | string[] }, props: {} };
    if (isField(raw)) return { text: { field: (raw as JsonObject)['field'] as string }, props: {} };
    if (!isObject(raw) || !(isText(raw['text']) || isField(raw['text']))) {
      this.report(`${path}/label`, `A label is text${dataDriven ? ', {"field": …}' : ''} or {"text": …, "position": …, "dx": …}`, 'warning');
      return undefined;
    }
    const text = raw['text'];
    const position = str(raw['position']);
    const allowed = LABEL_POSITIONS[kind];
    let pos: string | undefined;
    if (position !== undefined) {
      if (allowed?.includes(position)) pos = position;
      else {
        this.report(
          `${path}/label/position`,
          allowed ? `${named(kind)}'s label goes ${allowed.map((a) => `"${a}"`).join(', ')}, not "${position}"` : `${named(kind)}'s label has no position to choose; move it with dx/dy`,
          'warning',
        );
      }
    }
    const props: JsonObject = {};
    for (const k of LABEL_PROPS) if (raw[k] !== undefined) props[k] = raw[k];
    return {
      text: isField(text) ? { field: (text as JsonObject)['field'] as string } : { value: text as string | string[] },
      ...(pos ? { position: pos } : {}),
      props,
    };
  }

  keyword(o: JsonObject, key: string, allowed: readonly string[], fallback: string, path: string): string {
    const v = o[key];
    if (v === undefined) return fallback;
    if (typeof v === 'string' && allowed.includes(v)) return v;
    const guess = typeof v === 'string' ? didYouMean(v, allowed) : undefined;
    this.report(`${path}/${key}`, `"${key}" is one of ${allowed.map((a) => `"${a}"`).join(', ')}${guess ? ` (did you mean "${guess}"?)` : ''}; "${fallback}" was used`, 'warning');
    return fallback;
  }
}

function styleOf(kind: AnnotationKind, o: JsonObject, fallbackColor?: string): Style {
  const dash = Array.isArray(o['strokeDash']) && o['strokeDash'].every((d) => typeof d === 'number') ? (o['strokeDash'] as number[]) : undefined;
  const color = str(o['color']);
  const kindStyle = KIND_STYLE[kind] ?? {};
  return {
    color: color ?? fallbackColor ?? KIND_COLORS[kind],
    colorGiven: color !== undefined,
    strokeWidth: num(o['strokeWidth']) ?? DEFAULT_STYLE.strokeWidth,
    ...(dash ?? kindStyle.strokeDash ? { strokeDash: dash ?? kindStyle.strokeDash } : {}),
    ...(num(o['opacity']) !== undefined ? { opacity: num(o['opacity']) } : {}),
    fillOpacity: num(o['fillOpacity']) ?? DEFAULT_STYLE.fillOpacity,
    arrowSize: num(o['arrowSize']) ?? DEFAULT_STYLE.arrowSize,
    format: str(o['format']) ?? DEFAULT_STYLE.format,
  };
}

function markerColor(shape: unknown): string | undefined {
  if (shape === 'buy' || shape === 'arrow-up') return DIRECTION_COLORS.rising;
  if (shape === 'sell' || shape === 'arrow-down') return DIRECTION_COLORS.falling;
  return undefined;
}

function kindOf(raw: unknown, path: string, report: Report): AnnotationKind | undefined {
  if (typeof raw !== 'string') {
    report(path, `An annotation item needs a "kind": ${ANNOTATION_KINDS.join(', ')}`);
    return undefined;
  }
  if ((ANNOTATION_KINDS as readonly string[]).includes(raw)) return raw as AnnotationKind;
  const guess = didYouMean(raw, ANNOTATION_KINDS);
  report(`${path}/kind`, `Unknown annotation kind "${raw}".${guess ? ` Did you mean "${guess}"?` : ` Kinds: ${ANNOTATION_KINDS.join(', ')}.`}`);
  return undefined;
}

const wrap = (row: JsonObject, units: JsonObject[]): JsonObject | undefined => (units.length ? { data: { values: [row] }, layer: units } : undefined);

/** One literal item → one layer (with its own data), or undefined when it cannot be drawn. */
function literalItem(r: Reader, base: JsonObject, raw: unknown, path: string): JsonObject | undefined {
  const { env, report } = r;
  if (!isObject(raw)) {
    report(path, `An annotation item is an object with a "kind": ${ANNOTATION_KINDS.join(', ')}`);
    return undefined;
  }
  const kind = kindOf(raw['kind'], path, report);
  if (!kind) return undefined;
  const o: JsonObject = { ...base, ...raw };
  const it: Item = { kind, path, o, style: styleOf(kind, o, kind === 'marker' ? markerColor(o['shape']) : undefined), label: r.label(raw['label'], path, kind, false) };
  const discrete = env.xType !== 'temporal' && env.xType !== 'quantitative';
  const xy = (xKey = 'x', yKey = 'y') => {
    const x = r.x(o[xKey], path, kind, xKey);
    const y = r.y(o[yKey], path, kind, yKey);
    return x && y !== undefined ? { x, y } : undefined;
  };
  /** x and x2, x2 not before x. */
  const xSpan = (required: boolean) => {
    if (!required && o['x'] === undefined && o['x2'] === undefined) return {};
    const x = r.x(o['x'], path, kind);
    const x2 = r.x(o['x2'], path, kind, 'x2');
    if (!x || !x2) return undefined;
    if (!discrete && x2.t < x.t) {
      report(`${path}/x2`, `${named(kind)} ends (${JSON.stringify(x2.x)}) before it starts (${JSON.stringify(x.x)})`);
      return undefined;
    }
    return { x, x2 };
  };
  /** y and y2 in either order: the lower becomes y. */
  const ySpan = () => {
    const y = r.y(o['y'], path, kind);
    const y2 = r.y(o['y2'], path, kind, 'y2');
    return y === undefined || y2 === undefined ? undefined : { y: Math.min(y, y2), y2: Math.max(y, y2) };
  };
  if (['ellipse', 'fibonacci', 'channel', 'measure', 'pitchfork', 'elliott', 'polyline'].includes(kind) && discrete) {
    report(path, `${named(kind)} needs a temporal or quantitative x; the chart's x is ${env.xType}`);
    return undefined;
  }
  if (['trend', 'polyline', 'callout'].includes(kind)) o['arrow'] = r.keyword(o, 'arrow', ARROWS, kind === 'callout' ? 'end' : 'none', path);

  switch (kind) {
    case 'level': {
      const y = r.y(o['y'], path, kind);
      const span = o['x'] !== undefined && o['x2'] !== undefined ? xSpan(true) : o['x'] !== undefined ? { x: r.x(o['x'], path, kind) } : {};
      if (y === undefined || span === undefined || ('x' in span && !span.x)) return undefined;
      const row: JsonObject = { y };
      const f: Fields = { y: 'y' };
      if ('x' in span && span.x) [row['x'], f.x] = [span.x.x, 'x'];
      if ('x2' in span && span.x2) [row['x2'], f.x2] = [span.x2.x, 'x2'];
      return wrap(row, K.level(env, it, f));
    }
    case 'event': {
      const x = r.x(o['x'], path, kind);
      return x ? wrap({ x: x.x }, K.event(env, it, { x: 'x' })) : undefined;
    }
    case 'xband': {
      const s = xSpan(true);
      return s && 'x' in s ? wrap({ x: s.x!.x, x2: s.x2!.x }, K.xband(env, it, { x: 'x', x2: 'x2' })) : undefined;
    }
    case 'yband': {
      const s = ySpan();
      return s ? wrap(s, K.yband(env, it, { y: 'y', y2: 'y2' })) : undefined;
    }
    case 'rect':
    case 'ellipse': {
      const sx = xSpan(true);
      const sy = ySpan();
      if (!sx || !('x' in sx) || !sy) return undefined;
      if (kind === 'rect') return wrap({ x: sx.x!.x, x2: sx.x2!.x, ...sy }, K.rect(env, it, { x: 'x', x2: 'x2', y: 'y', y2: 'y2' }));
      return K.ellipse(env, it, { x: { ...sx.x!, y: sy.y }, x2: { ...sx.x2!, y: sy.y2 } });
    }
    case 'trend': {
      const p = r.points(o['points'], path, kind, 2);
      if (!p) return undefined;
      if (p[0]!.t === p[1]!.t && p[0]!.y === p[1]!.y) {
        report(`${path}/points`, 'The two points of a trend line are the same point: it has no direction');
        return undefined;
      }
      o['extend'] = r.keyword(o, 'extend', EXTENDS, 'segment', path);
      return wrap({ x: p[0]!.x, y: p[0]!.y, x2: p[1]!.x, y2: p[1]!.y }, K.trend(env, it, { x: 'x', y: 'y', x2: 'x2', y2: 'y2' }));
    }
    case 'callout':
    case 'note':
    case 'marker': {
      const at = xy();
      if (!at) return undefined;
      if (kind === 'note' && !it.label) {
        report(path, 'A note needs a "label"');
        return undefined;
      }
      if (kind === 'marker') {
        o['shape'] = r.keyword(o, 'shape', MARKER_SHAPES, 'circle', path);
        if (o['position'] !== undefined) o['position'] = r.keyword(o, 'position', ['above', 'below', 'center'], K.markerPlacement(o['shape'] as string), path);
      }
      const f = { x: 'x', y: 'y' };
      const units = kind === 'callout' ? K.callout(env, it, f) : kind === 'note' ? K.note(env, it, f) : K.marker(env, it, f);
      return wrap({ x: at.x.x, y: at.y }, units);
    }
    case 'polyline': {
      const p = r.points(o['points'], path, kind, 2, Infinity);
      return p ? K.polyline(env, it, p) : undefined;
    }
    case 'fibonacci': {
      const p = r.points(o['points'], path, kind, 2);
      if (!p) return undefined;
      let levels = K.FIBONACCI_LEVELS;
      if (o['levels'] !== undefined) {
        if (!Array.isArray(o['levels'])) {
          report(`${path}/levels`, '"levels" is a list of ratios, such as [0, 0.382, 0.5, 0.618, 1]');
          return undefined;
        }
        levels = [];
        (o['levels'] as unknown[]).forEach((l, j) => {
          if (num(l) !== undefined) levels.push(l as number);
          else report(`${path}/levels/${j}`, `A level is a ratio (0.618), not ${JSON.stringify(l)}`, 'warning');
        });
        if (!levels.length) {
          report(`${path}/levels`, 'A Fibonacci retracement needs at least one level');
          return undefined;
        }
      }
      return K.fibonacci(env, it, p, levels);
    }
    case 'channel': {
      const p = r.points(o['points'], path, kind, 2, 3);
      if (!p) return undefined;
      const [a, b, c] = p;
      if (a!.t === b!.t) {
        report(`${path}/points`, 'The first two points of a channel share x: its base line has no slope');
        return undefined;
      }
      let offset = num(o['offset']);
      if (c) offset = c.y - (a!.y + ((b!.y - a!.y) * (c.t - a!.t)) / (b!.t - a!.t));
      else if (offset === undefined) {
        report(path, 'A channel needs a third point the parallel line goes through, or an "offset" in price');
        return undefined;
      }
      return K.channel(env, it, a!, b!, offset);
    }
    case 'measure': {
      const p = r.points(o['points'], path, kind, 2);
      if (!p) return undefined;
      let bars = o['bars'] === true;
      if (bars && (!env.chartX || env.xType !== 'temporal')) {
        report(`${path}/bars`, 'Counting bars needs the chart\'s temporal x field on an enclosing layer\'s encoding; the days are shown instead', 'warning');
        bars = false;
      }
      if (o['color'] === undefined) it.style.color = p[1]!.y >= p[0]!.y ? DIRECTION_COLORS.rising : DIRECTION_COLORS.falling;
      return K.measure(env, it, p[0]!, p[1]!, bars);
    }
    case 'pitchfork': {
      const p = r.points(o['points'], path, kind, 3);
      if (!p) return undefined;
      if (p[0]!.t === (p[1]!.t + p[2]!.t) / 2) {
        report(`${path}/points`, 'The first point and the middle of the other two share x: the pitchfork has no direction');
        return undefined;
      }
      const length = num(o['length']) ?? 1;
      return K.pitchfork(env, it, p, length > 0 ? length : 1);
    }
    case 'elliott': {
      const p = r.points(o['points'], path, kind, 2, Infinity);
      if (!p) return undefined;
      let labels = K.elliottLabels(p.length);
      const given = o['labels'];
      if (Array.isArray(given) && given.every((l) => typeof l === 'string')) {
        if (given.length !== p.length) report(`${path}/labels`, `${given.length} labels for ${p.length} points`, 'warning');
        labels = p.map((_, i) => (given[i] as string | undefined) ?? '');
      }
      return K.elliott(env, it, p, labels);
    }
  }
}

const DATA_NEEDS: Record<(typeof DATA_KINDS)[number], readonly string[]> = {
  level: ['y'], event: ['x'], xband: ['x', 'x2'], yband: ['y', 'y2'], trend: ['x', 'y', 'x2', 'y2'],
  callout: ['x', 'y'], marker: ['x', 'y'], note: ['x', 'y'], rect: ['x', 'x2', 'y', 'y2'],
};

/** A data-driven annotation: one item of `kind` per row, positions read from fields. */
function dataDriven(r: Reader, ctx: ExpandContext, mark: JsonObject, own: JsonObject, base: JsonObject): JsonObject[] | undefined {
  const { env, report } = r;
  const kind = kindOf(mark['kind'], '/mark', report);
  if (!kind) return undefined;
  if (!(DATA_KINDS as readonly string[]).includes(kind)) {
    report('/mark/kind', `${named(kind)} is drawn from literal points: "items": [{"kind": "${kind}", …}]. Kinds driven by data: ${DATA_KINDS.join(', ')}`);
    return undefined;
  }
  const fields: Fields = {};
  let ok = true;
  for (const key of ['x', 'x2', 'y', 'y2'] as const) {
    const v = mark[key] ?? own[key];
    if (v === undefined) continue;
    if (isObject(v) && typeof v['field'] === 'string') fields[key] = v['field'];
    else {
      report(mark[key] !== undefined ? `/mark/${key}` : `/encoding/${key}`, `In an annotation driven by data, "${key}" names a field: {"field": "${key === 'x' || key === 'x2' ? 'date' : 'price'}"}`);
      ok = false;
    }
  }
  const o: JsonObject = { ...base };
  if (kind === 'marker') {
    o['shape'] = r.keyword(o, 'shape', MARKER_SHAPES, 'circle', '/mark');
    const at = mark['at'];
    if (at !== undefined && fields.y === undefined) {
      if (at !== 'high' && at !== 'low') {
        report('/mark/at', `"at" is "high" or "low", not ${JSON.stringify(at)}`);
        return undefined;
      }
      const def = mark[at] ?? ctx.parentEncoding?.[at];
      if (!isObject(def) || typeof def['field'] !== 'string') {
        report('/mark/at', `A marker at the ${at} needs the field: "${at}": {"field": …} on the mark or the chart`);
        return undefined;
      }
      fields.y = def['field'];
      if (o['position'] === undefined) o['position'] = at === 'high' ? 'above' : 'below';
    }
  }
  if (!ok) return undefined;
  const missing = DATA_NEEDS[kind as (typeof DATA_KINDS)[number]].filter((k) => !(k in fields));
  if (missing.length) {
    report('/mark', `${named(kind)} driven by data needs ${missing.map((k) => `"${k}": {"field": …}`).join(', ')}${kind === 'marker' && missing.includes('y') ? ' (or "at": "high" / "low")' : ''}`);
    return undefined;
  }
  const label = r.label(mark['label'] ?? (own['text'] !== undefined ? own['text'] : undefined), mark['label'] !== undefined ? '/mark' : '/encoding', kind, true);
  if (kind === 'note' && !label) {
    report('/mark', 'A note needs a "label": text or {"field": …}');
    return undefined;
  }
  if (['trend', 'callout'].includes(kind)) o['arrow'] = r.keyword(o, 'arrow', ARROWS, kind === 'callout' ? 'end' : 'none', '/mark');
  if (kind === 'trend') o['extend'] = r.keyword(o, 'extend', EXTENDS, 'segment', '/mark');
  const it: Item = { kind, path: '/mark', o, style: styleOf(kind, o, kind === 'marker' ? markerColor(o['shape']) : undefined), ...(label ? { label } : {}) };
  const build = { level: K.level, event: K.event, xband: K.xband, yband: K.yband, trend: K.trend, callout: K.callout, marker: K.marker, note: K.note, rect: K.rect }[kind as (typeof DATA_KINDS)[number]];
  return build(env, it, fields);
}

/** The x type the annotation's positions take: the chart's, else what the items look like. */
function xTypeOf(mark: JsonObject, parentX: unknown): XType {
  const declared = isObject(parentX) ? parentX['type'] : undefined;
  const mapped = isObject(mark['x']) ? mark['x']['type'] : undefined;
  const t = mapped ?? declared;
  if (typeof t === 'string' && ['temporal', 'quantitative', 'ordinal', 'nominal'].includes(t)) return t as XType;
  if (!Array.isArray(mark['items'])) return 'temporal';
  const xs: unknown[] = [];
  for (const item of mark['items']) {
    if (!isObject(item)) continue;
    xs.push(item['x'], item['x2']);
    if (Array.isArray(item['points'])) for (const p of item['points']) if (isObject(p)) xs.push(p['x']);
  }
  return xs.some((v) => typeof v === 'string') || !xs.some((v) => typeof v === 'number') ? 'temporal' : 'quantitative';
}

export const annotation: ExtensionMark = {
  name: ANNOTATION,
  schema: annotationSchema,
  tag: 'annotation',
  normalize(spec, ctx) {
    const mark = isObject(spec['mark']) ? spec['mark'] : { type: ANNOTATION };
    const config = isObject(ctx.config?.[ANNOTATION]) ? (ctx.config![ANNOTATION] as JsonObject) : {};
    const { outer, params } = splitUnit(spec);
    const report: Report = (path, message, severity = 'error') => ctx.report({ severity, message, path });
    if (params !== undefined) report('/params', 'An annotation takes no params (selections); they were left out', 'warning');
    const parent = ctx.parentEncoding;
    const partsOption = { ...(isObject(config['parts']) ? config['parts'] : {}), ...(isObject(mark['parts']) ? mark['parts'] : {}) };
    const parts = Object.fromEntries(ANNOTATION_PARTS.map((p) => [p, partStyle(partsOption[p])])) as Env['parts'];
    const scaleName = (o: unknown, ch: 'x' | 'y') => (isObject(o) && typeof o[ch] === 'string' ? (o[ch] as string) : undefined);
    // The names vega-lite gives the scales where this unit sits (concat, volume pane…), unless set.
    const scales = {
      x: scaleName(mark['scales'], 'x') ?? scaleName(config['scales'], 'x') ?? ctx.scales?.x ?? 'x',
      y: scaleName(mark['scales'], 'y') ?? scaleName(config['scales'], 'y') ?? ctx.scales?.y ?? 'y',
    };
    const xType = xTypeOf(mark, parent?.['x']);
    const parentY = isObject(parent?.['y']) ? (parent!['y'] as JsonObject) : undefined;
    const parentX = isObject(parent?.['x']) ? (parent!['x'] as JsonObject) : undefined;
    const env: Env = {
      xType,
      yType: typeof parentY?.['type'] === 'string' ? (parentY['type'] as string) : 'quantitative',
      xTitle: inheritedTitle(parentX),
      yTitle: inheritedTitle(parentY),
      screen: screen(scales, xType),
      parts,
      parent,
      chartX: typeof parentX?.['field'] === 'string' ? (parentX['field'] as string) : undefined,
    };
    const r = new Reader(env, report);
    // Options on the mark (and in config.annotation) other than the structure are item defaults.
    const base: JsonObject = { ...without(config, STRUCTURE), ...without(mark, STRUCTURE) };
    const own = isObject(spec['encoding']) ? spec['encoding'] : {};

    if (mark['items'] !== undefined) {
      if (Object.keys(own).length) report('/encoding', 'An annotation with "items" takes no encoding: each item places itself', 'warning');
      if (mark['kind'] !== undefined) report('/mark/kind', '"kind" is for annotations driven by data; with "items" each item has its own kind', 'warning');
      if (!Array.isArray(mark['items'])) {
        report('/mark/items', '"items" is a list of annotations, such as [{"kind": "level", "y": 30, "label": "Resistance"}]');
        return { ...outer, layer: [] };
      }
      const layer = mark['items'].map((item, i) => literalItem(r, base, item, `/mark/items/${i}`)).filter((l): l is JsonObject => l !== undefined);
      return { ...outer, layer };
    }
    if (mark['kind'] === undefined) {
      report('/mark', 'The annotation mark needs "items" (a list of annotations) or a "kind" with field mappings, such as {"kind": "event", "x": {"field": "date"}}');
      return { ...outer, layer: [] };
    }
    return { ...outer, layer: dataDriven(r, ctx, mark, own, base) ?? [] };
  },
};

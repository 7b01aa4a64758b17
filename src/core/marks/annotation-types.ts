/** What an annotation mark and its items are, as written in a spec (the schema is annotation-schema.ts). */
import { ANNOTATION_PARTS, type MARKER_SHAPES, type AnnotationPart } from './annotation-kinds';
import type { JsonObject } from './types';

export const ANNOTATION = 'annotation';
export { ANNOTATION_PARTS, type AnnotationPart };

export const ANNOTATION_KINDS = [
  'level',
  'event',
  'xband',
  'yband',
  'trend',
  'callout',
  'marker',
  'note',
  'rect',
  'ellipse',
  'polyline',
  'fibonacci',
  'channel',
  'measure',
  'pitchfork',
  'elliott',
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
  | LevelItem
  | EventItem
  | XBandItem
  | YBandItem
  | TrendItem
  | CalloutItem
  | MarkerItem
  | NoteItem
  | RectItem
  | PolylineItem
  | FibonacciItem
  | ChannelItem
  | MeasureItem
  | PitchforkItem
  | ElliottItem;

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

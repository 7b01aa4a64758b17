/** What every annotation kind's builder is given: the chart it sits in, the item, its style and label. */
import { type Screen, type XType } from './annotation-geometry';
import type { JsonObject } from './types';

export const ANNOTATION_PARTS = [
  'line',
  'band',
  'label',
  'arrow',
  'marker',
  'point',
  'connector',
  'tag',
  'price',
] as const;
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

import { isObject, type JsonObject } from './json';

/**
 * What a plain Vega-Lite chart tells the page so that it can be drawn on: each unit whose x and y
 * are continuous data coordinates (a line, an area, points), with the Vega scales it draws on and
 * the fields its rows carry. A drawing made on it is written beside that unit as an annotation,
 * whose items are in the same coordinates. The expansion gathers these into the spec's `usermeta`
 * for the page only (exports and Vega-Lite's own output are left as Vega-Lite makes them); the
 * render layer reads them there (src/render/drawing-*.ts). Explorable financial units are drawn on
 * through their own meta (core/explore.ts).
 */
export const DRAWABLE_KEY = 'chartspecDraw';

export interface DrawableMeta {
  /** JSON pointer of the unit in the text's spec (a drawing goes beside it). */
  unit: string;
  /** Vega-Lite's name prefix of the unit's view: its marks are named `<model>…marks`. */
  model: string;
  /** Vega-Lite's name prefix of the view the unit is drawn in: its plot is the group `<view>group` (the chart's own when empty). */
  view: string;
  /** The Vega scales the unit draws on. */
  scales: { x: string; y: string };
  /** The fields each drawn row carries, and whether x is a time. */
  fields: { x: string; y: string; temporal: boolean };
}

/** Marks whose every row is drawn at its own (x, y): a pointer can snap to them. */
export const DRAWABLE_MARKS: readonly string[] = ['line', 'area', 'point', 'trail', 'circle', 'square'];

/** Scales on which a position inverts to one data value, as the annotation mark places it. */
const CONTINUOUS_SCALES = new Set(['linear', 'log', 'pow', 'sqrt', 'symlog', 'time', 'utc']);

/**
 * The field a position channel draws, if the channel places each row at that field's own value
 * on a continuous scale: a plain field (a name, not a path) of type quantitative or temporal, not
 * binned, aggregated or cut to a time unit (whose positions are no longer the data's).
 */
function continuousField(def: unknown): { field: string; temporal: boolean } | undefined {
  if (!isObject(def)) return undefined;
  const { field, type } = def;
  if (typeof field !== 'string' || !field || /[.[\]\\]/.test(field)) return undefined;
  if (type !== 'quantitative' && type !== 'temporal') return undefined;
  if (def['aggregate'] !== undefined || def['timeUnit'] !== undefined) return undefined;
  if (def['bin'] !== undefined && def['bin'] !== false && def['bin'] !== null) return undefined;
  const scale = def['scale'];
  if (isObject(scale) && scale['type'] !== undefined && !CONTINUOUS_SCALES.has(String(scale['type']))) return undefined;
  return { field, temporal: type === 'temporal' };
}

/**
 * The fields of a unit that can be drawn on: its mark draws each row at a point, and its x and y
 * (its own encoding over what enclosing layers give it) are continuous data fields.
 */
export function drawableFields(
  type: string | undefined,
  encoding: JsonObject | undefined,
): DrawableMeta['fields'] | undefined {
  if (type === undefined || !DRAWABLE_MARKS.includes(type) || !encoding) return undefined;
  // Faceted by its encoding: drawn once per cell.
  if (['row', 'column', 'facet'].some((c) => encoding[c] !== undefined)) return undefined;
  const x = continuousField(encoding['x']);
  const y = continuousField(encoding['y']);
  if (!x || !y || y.temporal) return undefined;
  return { x: x.field, y: y.field, temporal: x.temporal };
}

/** The drawable units a compiled (or expanded) spec declares, in the order of the text. */
export function drawablesOf(spec: unknown): DrawableMeta[] {
  const meta = isObject(spec) && isObject(spec['usermeta']) ? spec['usermeta'][DRAWABLE_KEY] : undefined;
  return Array.isArray(meta) ? (meta as unknown as DrawableMeta[]) : [];
}

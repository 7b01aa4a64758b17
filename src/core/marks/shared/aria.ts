/**
 * What the extension marks say to a screen reader. A mark's generated parts are many shapes per
 * thing a person sees (a candle is a wick and a body, a gauge a dozen arcs, rules and texts):
 * one part speaks for the thing with a sentence (Vega-Lite's `description` channel becomes each
 * item's aria-label in SVG) and the others are marked `aria: false`, so a reader does not walk
 * through arcs described by their internal angles.
 */
import { isObject, type JsonObject } from '../../json';
import { boundedWalk } from '../../walk';

/** How dates are said: "Jun 3, 2024" (the axis shows them in the same local time). */
export const SPOKEN_DATE = '%b %-d, %Y';

/** A Vega expression that says a value of x: a date, a number, or the value as it is. */
export function sayX(e: string, xType: string, dateFormat = SPOKEN_DATE): string {
  if (xType === 'temporal') return `timeFormat(toDate(${e}), ${JSON.stringify(dateFormat)})`;
  if (xType === 'quantitative') return `format(${e}, ',')`;
  return `'' + ${e}`;
}

/** A Vega expression that says a number in `format` (a d3 format). */
export function sayNumber(e: string, format: string): string {
  return `format(${e}, ${JSON.stringify(format)})`;
}

/** A literal as a Vega expression. */
export const literal = (v: unknown): string => JSON.stringify(v);

/**
 * A unit spec's mark with `aria: false`, unless the mark already says (a part style of the
 * user's own may set `aria`, and wins).
 */
export function quiet(unit: JsonObject): JsonObject {
  const mark = unit['mark'];
  if (typeof mark === 'string') return { ...unit, mark: { type: mark, aria: false } };
  if (!isObject(mark) || mark['aria'] !== undefined) return unit;
  return { ...unit, mark: { ...mark, aria: false } };
}

/**
 * A unit that speaks: its `description` channel set to `expr` (evaluated per item), unless the
 * unit has a description already; `aria: true` is not needed (Vega-Lite's default).
 */
export function speaking(unit: JsonObject, expr: string): JsonObject {
  const encoding = isObject(unit['encoding']) ? unit['encoding'] : {};
  if (encoding['description'] !== undefined) return unit;
  return { ...unit, encoding: { ...encoding, description: { value: { expr } } } };
}

/**
 * Every unit spec in a layer tree, quieted but for `keep` (compared by identity), and `keep`
 * given to `speak`. A mark's own generated layers are shallow; the walk is bounded all the same.
 */
export const quietAllBut = boundedWalk<
  [keep: JsonObject | undefined, speak: (unit: JsonObject) => JsonObject],
  unknown
>(
  (node, next, keep, speak) => {
    if (!isObject(node)) return node;
    if (node === keep) return speak(node);
    if (Array.isArray(node['layer'])) return { ...node, layer: node['layer'].map((c) => next(c, keep, speak)) };
    return node['mark'] !== undefined ? quiet(node) : node;
  },
  (node) => node,
) as (node: JsonObject, keep: JsonObject | undefined, speak: (unit: JsonObject) => JsonObject) => JsonObject;

/**
 * The gauge: one value (or a few, told apart by color) read from data and shown against a range,
 * radial (any angle range) or linear (a bullet). A unit spec with `"mark": "gauge"` becomes a
 * layer of plain Vega-Lite marks, each stamped `style: "gauge-<part>"` and each switchable.
 *
 * ```json
 * {"mark": {"type": "gauge", "max": 240, "needle": true, "bands": [{"from": 200, "color": "#e0483e"}]},
 *  "encoding": {"value": {"field": "speed"}}}
 * ```
 *
 * Channels: `value` (required; aggregated, `mean` by default), `target` and `reference` (fields),
 * `color` (a field: several values on one gauge, as needles or concentric rings and one text line
 * each), `row`/`column`/`facet` (lifted into a facet: one gauge per cell).
 *
 * Sizes follow the enclosing group's width and height (`item.mark.group`), so a gauge fills its
 * view in a unit, a layer, a facet cell or a concat. Colors and sizes the gauge sets sit in its
 * mark definitions, where `config.style["gauge-<part>"]` cannot override them: restyle parts
 * through the part options or `config.gauge` (both merge into the mark definitions).
 */
import { isObject } from '../json';
import { splitUnit } from './shared/parts';
import { dataTransforms } from './gauge-data';
import { resolveGauge } from './gauge-model';
import { linearLayers } from './gauge-linear';
import { radialLayers } from './gauge-radial';
import { spokenGauge } from './gauge-aria';
import type { ExtensionMark, JsonObject } from './types';
import { GAUGE } from './gauge-types';
import { gaugeSchema } from './gauge-schema';

export * from './gauge-types';

// ---------------------------------------------------------------------------------------------
// Expansion

/** Keys of a unit spec that stay outside the facet when a gauge's facet channels are lifted. */
const FACET_OUTER = [
  '$schema',
  'config',
  'autosize',
  'padding',
  'background',
  'datasets',
  'usermeta',
  'params',
  'title',
  'description',
  'name',
  'data',
  'transform',
  'align',
  'bounds',
  'center',
  'spacing',
  'resolve',
];

/** A unit spec with the gauge mark → a layer of arcs, rules, points and texts (or of rects for a linear gauge). */
export const gauge: ExtensionMark = {
  name: GAUGE,
  schema: gaugeSchema,
  tag: 'gauge',
  normalize(spec, ctx) {
    const { outer, params } = splitUnit(spec);
    const m = resolveGauge(spec, ctx);
    if (!m) return { ...outer, mark: 'rule' };
    // One part says the value in words; the rest are hidden from screen readers (gauge-aria.ts).
    const shaped = spokenGauge(m, m.shape === 'radial' ? radialLayers(m) : linearLayers(m));
    const own = [...dataTransforms(m), ...shaped.transform];
    const userTransform = Array.isArray(outer['transform']) ? (outer['transform'] as JsonObject[]) : [];
    // No frame around the view: the gauge draws its own shapes.
    const size: JsonObject = {
      ...defaultSize(m, outer),
      ...(outer['view'] === undefined ? { view: { stroke: null } } : {}),
    };
    if (m.repeat) {
      // Each value part colors the repeated value with its own threshold scale (and bands color
      // by their own field): they must not be merged into one color scale.
      const resolve = isObject(outer['resolve']) ? outer['resolve'] : {};
      size['resolve'] = {
        ...resolve,
        scale: { ...(isObject(resolve['scale']) ? resolve['scale'] : {}), color: 'independent' },
      };
    }

    const encoding = isObject(spec['encoding']) ? spec['encoding'] : {};
    const facet = facetOf(encoding);
    if (!facet) {
      const transform = [...userTransform, ...own];
      return {
        ...outer,
        ...size,
        ...(params !== undefined ? { params } : {}),
        ...(transform.length ? { transform } : {}),
        layer: shaped.layer,
      };
    }
    // Facet channels on the unit: one gauge per cell, the gauge's layers inside `spec`.
    const outside: JsonObject = {};
    const inside: JsonObject = {};
    for (const [k, v] of Object.entries(outer)) (FACET_OUTER.includes(k) ? outside : inside)[k] = v;
    if (params !== undefined) outside['params'] = params;
    return {
      ...outside,
      ...facet,
      spec: { ...inside, ...size, ...(own.length ? { transform: own } : {}), layer: shaped.layer },
    };
  },
};

function facetOf(encoding: JsonObject): JsonObject | undefined {
  if (isObject(encoding['facet'])) {
    const { columns, ...def } = encoding['facet'];
    return { facet: def, ...(columns !== undefined ? { columns } : {}) };
  }
  const row = encoding['row'];
  const column = encoding['column'];
  if (!isObject(row) && !isObject(column)) return undefined;
  return { facet: { ...(isObject(row) ? { row } : {}), ...(isObject(column) ? { column } : {}) } };
}

/** A gauge keeps its proportions when only one side is given; bullets get a bar's height. */
function defaultSize(m: { shape: string; orient: string }, outer: JsonObject): JsonObject {
  const w = outer['width'];
  const h = outer['height'];
  if (m.shape === 'radial') {
    if (w === undefined && h === undefined) return { width: 200, height: 200 };
    if (w === undefined && typeof h === 'number') return { width: h };
    if (h === undefined && typeof w === 'number') return { height: w };
    return {};
  }
  if (m.orient === 'horizontal')
    return { ...(w === undefined ? { width: 300 } : {}), ...(h === undefined ? { height: 36 } : {}) };
  return { ...(w === undefined ? { width: 48 } : {}), ...(h === undefined ? { height: 240 } : {}) };
}

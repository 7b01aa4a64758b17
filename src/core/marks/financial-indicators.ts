/**
 * The financial marks' `indicators`: what a spec asks for (a name, or a name with parameters),
 * its schema, and the one transform that computes them. The math is src/core/indicators; the
 * layers and panes that draw them are financial-indicator-layers.ts.
 *
 * Indicators are computed on the whole series, once per data change, before the level of detail
 * merges bars: a merged bar carries the values of the last bar it holds. On the page the
 * render layer reads what to compute from the placeholder written here (src/render/indicators.ts:
 * the level of detail right after it computes them, else `chartspecindicators`).
 */
import { INDICATORS, paramProblems, type IndicatorDef } from '../indicators';
import { isObject, type JsonObject } from '../json';
import { didYouMean } from '../suggest';
import type { PriceFields } from './financial-channels';
import { option } from './shared/declare';
import type { ExpandContext } from './types';

/** An indicator as written: its name, or its name and parameters (and a color). */
export type IndicatorOption = string | ({ type: string; color?: string } & Record<string, unknown>);

/** The field every row gets from the placeholder, whose expression says what to compute. */
export const INDICATORS_FIELD = '__indicators';

/**
 * Why a facet leaves a mark's indicators out: the unit's transforms run over every cell's rows
 * at once, which would read the cells' series as one.
 */
export const facetSplits = (type: string) =>
  `Indicators read one series, and a facet splits this ${type} into several: filter the rows to one ` +
  '(a "filter" transform) and draw it without the facet, or use a concat of filtered views';

/** The stretch of the series a row is in: lines break between stretches (a night between sessions). */
export const SEGMENT_FIELD = '__ind_segment';

/** Colors of the indicators, in the order written: none is a direction color. */
export const INDICATOR_COLORS = ['#2962ff', '#f59e0b', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#475569'];

export const indicatorOptions = {
  indicators: option.custom<IndicatorOption[]>({
    default: [],
    schema: { type: 'array', items: { $ref: '#/definitions/IndicatorItem' } },
    description:
      'Technical indicators computed from the bars: overlays on the prices (`"sma"`, `"ema"`, `"wma"`, ' +
      '`"vwap"`, `"bollinger"`, `"keltner"`, `"donchian"`, `"sar"`, `"ichimoku"`) and panes of their own under ' +
      'the chart sharing its time axis (`"rsi"`, `"macd"`, `"stochastic"`, `"atr"`, `"obv"`, `"cci"`, ' +
      '`"williamsR"`, `"adx"`). A name takes the usual parameters; `{"type": "ema", "period": 50}` sets them.',
  }),
};

/** The schema of one indicator: its name alone, or an object with `type` and its parameters. */
function indicatorSchema(def: IndicatorDef): JsonObject {
  const params: JsonObject = {};
  for (const [name, p] of Object.entries(def.params)) {
    params[name] = {
      type: p.integer ? 'integer' : 'number',
      ...(p.min !== undefined ? { minimum: p.min } : {}),
      ...(p.max !== undefined ? { maximum: p.max } : {}),
      description: `${p.description} __Default value:__ \`${p.default}\``,
    };
  }
  return {
    type: 'object',
    additionalProperties: false,
    required: ['type'],
    description: `${def.title} (${def.pane === 'price' ? 'drawn over the prices' : 'in a pane of its own'}).`,
    properties: {
      type: { const: def.name, description: `\`${def.name}\`: ${def.title}` },
      ...params,
      color: { type: 'string', description: 'Color of its lines. __Default value:__ one of its own' },
    },
  };
}

/** The schema definitions the financial marks add for `indicators`. */
export function indicatorDefinitions(): Record<string, JsonObject> {
  const defs = Object.values(INDICATORS);
  const out: Record<string, JsonObject> = {
    IndicatorName: {
      enum: defs.map((d) => d.name),
      description: 'An indicator with its usual parameters.',
    },
    IndicatorItem: {
      anyOf: [{ $ref: '#/definitions/IndicatorName' }, ...defs.map((d) => ({ $ref: `#/definitions/${defName(d)}` }))],
      description: 'A technical indicator: its name, or `{"type": <name>, …parameters}`.',
    },
  };
  for (const d of defs) out[defName(d)] = indicatorSchema(d);
  return out;
}

const defName = (d: IndicatorDef) => `Indicator_${d.name}`;

/** An indicator to draw: its definition, parameters, label, color and the fields of its outputs. */
export interface ResolvedIndicator {
  def: IndicatorDef;
  params: Record<string, number>;
  label: string;
  color: string;
  /** The spec gives the color (else lines of several colors keep theirs). */
  colorWritten: boolean;
  /** Output name → the row field that holds it. */
  fields: Record<string, string>;
  /** Where it is in the text (for problems). */
  path: string;
}

/**
 * The indicators a mark asks for, with defaults filled in. What the schema refuses (a name it
 * does not know, a parameter of the wrong type) is its to report; an unknown name is left out,
 * and so is one that `accepts` refuses (which says why).
 */
export function resolveIndicators(
  written: unknown,
  ctx: Pick<ExpandContext, 'report'>,
  accepts: (def: IndicatorDef, path: string) => boolean = () => true,
): ResolvedIndicator[] {
  if (!Array.isArray(written)) return [];
  const out: ResolvedIndicator[] = [];
  written.forEach((item, i) => {
    const name = typeof item === 'string' ? item : isObject(item) ? item['type'] : undefined;
    const def = typeof name === 'string' ? INDICATORS[name] : undefined;
    if (!def) {
      // The schema says it with the names it knows; this says it when the schema is not run (the CLI's compile).
      if (typeof name === 'string') {
        const near = didYouMean(name, Object.keys(INDICATORS));
        ctx.report({
          severity: 'warning',
          message: `There is no indicator "${name}"${near ? `. Did you mean "${near}"?` : ''}: it is left out`,
          path: `/mark/indicators/${i}`,
        });
      }
      return;
    }
    if (!accepts(def, `/mark/indicators/${i}`)) return;
    const own = isObject(item) ? item : {};
    const params: Record<string, number> = {};
    for (const [p, spec] of Object.entries(def.params)) {
      const v = own[p];
      // A value the schema refuses (it says so at its place) is drawn with the default, as the
      // math would refuse it too.
      params[p] = typeof v === 'number' && !paramProblems(def, { [p]: v }).length ? v : spec.default;
    }
    const n = out.length;
    out.push({
      def,
      params,
      label: def.label(params),
      color: typeof own['color'] === 'string' ? own['color'] : INDICATOR_COLORS[n % INDICATOR_COLORS.length]!,
      colorWritten: typeof own['color'] === 'string',
      fields: Object.fromEntries(def.outputs.map((o) => [o, `__ind${n}_${o}`])),
      path: `/mark/indicators/${i}`,
    });
  });
  return out;
}

/** What the page computes for a placeholder: the bars' fields and, per indicator, its outputs' fields. */
export interface IndicatorRequest {
  x: string;
  temporal: boolean;
  fields: PriceFields & { volume?: string };
  list: { name: string; params: Record<string, number>; fields: Record<string, string> }[];
}

/**
 * The transform that computes `list` into each row: a formula whose value is the request itself,
 * as a string, which the page replaces by its own transform (src/render/indicators.ts). Left as
 * it is (a spec drawn elsewhere), it only writes that string into one field.
 */
export function indicatorTransform(
  list: readonly ResolvedIndicator[],
  x: { field: string; temporal: boolean },
  fields: PriceFields,
  volume: string | undefined,
): JsonObject {
  const request: IndicatorRequest = {
    x: x.field,
    temporal: x.temporal,
    fields: { ...fields, ...(volume !== undefined ? { volume } : {}) },
    list: list.map((r) => ({ name: r.def.name, params: r.params, fields: r.fields })),
  };
  return { calculate: JSON.stringify(JSON.stringify(request)), as: INDICATORS_FIELD };
}

/** The request a placeholder's expression carries, or undefined when it is not one. */
export function requestOf(expr: unknown): IndicatorRequest | undefined {
  if (typeof expr !== 'string') return undefined;
  try {
    const text = JSON.parse(expr) as unknown;
    return typeof text === 'string' ? parseRequest(text) : undefined;
  } catch {
    return undefined;
  }
}

/** A request from its JSON text, or undefined when it is not one. */
export function parseRequest(text: string): IndicatorRequest | undefined {
  try {
    const request = JSON.parse(text) as unknown;
    return isObject(request) && Array.isArray(request['list']) ? (request as unknown as IndicatorRequest) : undefined;
  } catch {
    return undefined;
  }
}

/** Where an exported spec lists the data sets of computed values it needs (see `exportedIndicators`). */
export const INDICATOR_DATA_KEY = 'chartspecIndicators';

/** The key an exported row is found by: its time as a number (a date parsed or not, or a number). */
export const INDICATOR_KEY_FIELD = '__ind_key';

/** An exported spec's data set of computed values, and what was computed into it. */
export interface IndicatorData {
  data: string;
  request: IndicatorRequest;
}

/**
 * The indicators in an exported spec: a plain Vega-Lite renderer has no transform to compute
 * them, so their values come in a named data set, one row per bar (its time, its values), which
 * each bar finds by its time. The exporter fills it from the chart on screen (src/state); the
 * spec lists it under `usermeta.chartspecIndicators`.
 */
export function exportedIndicators(
  list: readonly ResolvedIndicator[],
  x: { field: string; temporal: boolean },
  fields: PriceFields,
  volume: string | undefined,
  data: string,
): { transform: JsonObject[]; entry: IndicatorData } {
  const placeholder = indicatorTransform(list, x, fields, volume);
  const request = requestOf(placeholder['calculate'])!;
  const at = `datum[${JSON.stringify(x.field)}]`;
  const outputs = [...list.flatMap((r) => Object.values(r.fields)), SEGMENT_FIELD];
  return {
    transform: [
      { calculate: x.temporal ? `+toDate(${at})` : `+${at}`, as: INDICATOR_KEY_FIELD },
      { lookup: INDICATOR_KEY_FIELD, from: { data: { name: data }, key: INDICATOR_KEY_FIELD, fields: outputs } },
    ],
    entry: { data, request },
  };
}

/** The base of the names of an export's data sets of indicator values. */
const INDICATOR_DATA = 'chartspec_indicators';

/**
 * What computes some of a unit's indicators into its rows: on the page the placeholder, in an
 * export a lookup in a data set of their values, noted for the exporter — a set of its own per
 * call (the unit's overlays, each of its panes).
 */
export function indicatorComputer(
  ctx: Pick<ExpandContext, 'target' | 'paramName' | 'note'>,
  x: { field: string; temporal: boolean },
  fields: PriceFields,
  volume: string | undefined,
): (list: readonly ResolvedIndicator[]) => JsonObject[] {
  let sets = 0;
  return (list) => {
    if (!list.length) return [];
    if (ctx.target !== 'export') return [indicatorTransform(list, x, fields, volume)];
    // paramName gives a unit one name per base.
    const base = sets++ ? `${INDICATOR_DATA}_${sets}` : INDICATOR_DATA;
    const out = exportedIndicators(list, x, fields, volume, ctx.paramName(base));
    ctx.note(INDICATOR_DATA_KEY, out.entry as unknown as JsonObject);
    return out.transform;
  };
}

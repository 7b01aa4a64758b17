/**
 * Where the bars sit along x: their slots, the trading-day axis (`gaps: false`), and the level
 * of detail that merges bars sharing a pixel column, zoom included.
 */
import { isObject, type JsonObject } from '../json';
import type { PriceFields } from './financial-channels';
import { lodExpressions, slotExpressions } from './fused-expressions';

/**
 * Where each bar sits along x. On a continuous x (time or numbers) the spacing between bars is
 * measured in the data itself (the smallest gap between neighbours, so weekends and holidays do
 * not widen it) and every bar gets `__x0`..`__x1`, `band` of that spacing wide around its
 * position `__t`. On a discrete x (ordinal, nominal) the scale's bands do the same.
 */
export interface BarSlots {
  /** Transforms that compute `__t`, `__x0`, `__x1` (empty for discrete x). */
  transform: JsonObject[];
  /** x at the bar's position (wicks, ranges). */
  center: JsonObject;
  /** x and x2 spanning from `from` to `to` of the bar's slot: 'left' | 'center' | 'right'. */
  span(from: 'left' | 'center', to: 'center' | 'right'): { x: JsonObject; x2?: JsonObject };
  continuous: boolean;
}

export function barSlots(x: unknown, band: number): BarSlots | undefined {
  if (!isObject(x) || typeof x['field'] !== 'string') return undefined;
  const { field, type, timeUnit: _tu, bandPosition: _bp, ...options } = x;
  const continuous = type === 'temporal' || type === 'quantitative';
  if (!continuous) {
    return {
      transform: [],
      center: { ...x },
      span: () => ({ x: { ...x } }),
      continuous,
    };
  }
  const e = slotExpressions(field, type === 'temporal', band / 2);
  const axisX: JsonObject = { title: field, ...options, type };
  const slot = (name: string, withAxis: boolean): JsonObject =>
    withAxis ? { ...axisX, field: name } : { field: name };
  return {
    transform: [
      { calculate: e.time, as: '__t' },
      // An explicit (empty) groupby: inside a facet, vega-lite adds the facet fields to it.
      { window: [{ op: 'lag', field: '__t', as: '__prev_t' }], sort: [{ field: '__t' }], groupby: [] },
      { calculate: e.gap, as: '__gap' },
      { joinaggregate: [{ op: 'min', field: '__gap', as: '__step' }], groupby: [] },
      { calculate: e.x0, as: '__x0' },
      { calculate: e.x1, as: '__x1' },
    ],
    center: slot('__t', true),
    span(from, to) {
      const a = from === 'left' ? '__x0' : '__t';
      const b = to === 'right' ? '__x1' : '__t';
      return { x: slot(a, true), x2: slot(b, false) };
    },
    continuous,
  };
}

/**
 * The x of a chart without gaps: a band per trading day (the date's calendar day on an ordinal
 * scale), labelled with dates and thinned so labels never overlap. The user's own title, axis
 * and scale options win.
 */
export function tradingDayX(x: JsonObject): JsonObject {
  const { type: _t, axis, scale, ...rest } = x;
  const out: JsonObject = {
    title: typeof x['field'] === 'string' ? x['field'] : null,
    ...rest,
    type: 'ordinal',
    timeUnit: x['timeUnit'] ?? 'yearmonthdate',
  };
  out['axis'] =
    axis === null
      ? null
      : {
          format: '%b %d',
          labelAngle: 0,
          labelOverlap: 'greedy',
          labelSeparation: 8,
          ticks: false,
          ...(isObject(axis) ? axis : {}),
        };
  if (scale !== undefined) out['scale'] = scale;
  return out;
}

/** Whether an x channel is one trading-day x needs to change. */
export function isCalendarX(x: unknown): x is JsonObject {
  return isObject(x) && x['type'] === 'temporal' && typeof x['field'] === 'string';
}

/** The x of parts drawn above a volume pane, whose axis shows the dates instead. */
export function withoutAxisLabels(x: unknown): JsonObject {
  const def = isObject(x) ? x : {};
  if (def['axis'] === null) return def;
  const axis = isObject(def['axis']) ? def['axis'] : {};
  return { ...def, axis: { ...axis, labels: false, ticks: false, title: null } };
}

/** The name of an interval on x bound to the scales (zoom and pan) among a unit's params. */
export function zoomParam(params: unknown): string | undefined {
  if (!Array.isArray(params)) return undefined;
  for (const p of params) {
    if (!isObject(p) || typeof p['name'] !== 'string' || p['bind'] !== 'scales') continue;
    const select = p['select'];
    const type = isObject(select) ? select['type'] : select;
    const encodings = isObject(select) ? select['encodings'] : undefined;
    if (type === 'interval' && (!Array.isArray(encodings) || encodings.includes('x'))) return p['name'];
  }
  return undefined;
}

/**
 * Level of detail: when there are more bars than pixel columns, the bars of each column become
 * one — first open, highest high, lowest low, last close, summed volume, last value of the other
 * fields the chart reads. Inside the dataflow: with a zoom interval the visible range is what is
 * divided into columns, so zooming in brings the single bars back.
 */
export function levelOfDetail(
  x: JsonObject,
  f: PriceFields,
  columns: number,
  options: { volume?: string; keep: string[]; zoom?: string },
): JsonObject[] {
  const xField = x['field'] as string;
  const e = lodExpressions(xField, x['type'] === 'temporal', columns, options.zoom);
  const from = (row: string, field: string): JsonObject => ({
    calculate: `datum.${row}[${JSON.stringify(field)}]`,
    as: field,
  });
  const fields = new Set([xField, f.open, f.high, f.low, f.close, ...(options.volume ? [options.volume] : [])]);
  return [
    { calculate: e.time, as: '__t' },
    {
      joinaggregate: [
        { op: 'min', field: '__t', as: '__tmin' },
        { op: 'max', field: '__t', as: '__tmax' },
        { op: 'count', as: '__n' },
      ],
      groupby: [],
    },
    ...(e.filter !== undefined ? [{ filter: e.filter }] : []),
    { calculate: e.column, as: '__column' },
    {
      aggregate: [
        { op: 'argmin', field: '__t', as: '__first' },
        { op: 'argmax', field: '__t', as: '__last' },
        { op: 'max', field: f.high, as: f.high },
        { op: 'min', field: f.low, as: f.low },
        ...(options.volume ? [{ op: 'sum', field: options.volume, as: options.volume }] : []),
      ],
      groupby: ['__column'],
    },
    from('__first', xField),
    from('__first', f.open),
    from('__last', f.close),
    ...options.keep.filter((k) => !fields.has(k)).map((k) => from('__last', k)),
  ];
}

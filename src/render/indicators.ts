import { toDate } from 'vega-util';
import { computeIndicator, type Bars } from '../core/indicators';
import {
  INDICATOR_KEY_FIELD,
  INDICATORS_FIELD,
  parseRequest,
  requestOf,
  SEGMENT_FIELD,
  type IndicatorRequest,
} from '../core/marks/financial-indicators';
import { pulseRows, TransformBase, type Match, type Pulse, type Row, type VegaTransform } from './transform-base';
import { ingest, operatorsOf, sourceArray, transformRegistry, type TransformClass } from './vega-internals';

/**
 * The financial marks' indicators, computed in the chart's dataflow. The marks write a
 * placeholder (src/core/marks/financial-indicators.ts) that names what to compute; here it is
 * replaced by `chartspecindicators`, which computes every indicator it names over the whole
 * series, in time order, once per change of the rows — not when the chart zooms or pans, which
 * changes no row upstream of it.
 *
 * The source rows are the spec's own (or those a URL gave): they are not written to. Each row is
 * handed on as a tuple of its own with the indicators' fields beside the row's.
 */

/** The bars of `rows` as columns, in time order, and each row's place in that order. */
export function barsInTimeOrder(rows: readonly Row[], r: IndicatorRequest): { bars: Bars; at: Uint32Array } {
  const n = rows.length;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = rows[i]![r.x];
    times[i] = r.temporal ? +(toDate(v as never) as unknown as number) : +(v as number);
  }
  // Equal times keep the rows' order (a stable sort); rows without a time go last.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const ta = times[a]!;
    const tb = times[b]!;
    if (ta !== ta || tb !== tb) return ta !== ta ? (tb !== tb ? a - b : 1) : -1;
    return ta - tb || a - b;
  });
  const column = (field: string | undefined) => {
    const out = new Float64Array(n);
    if (field === undefined) return out.fill(NaN);
    for (let k = 0; k < n; k++) {
      const v = rows[order[k]!]![field];
      out[k] = v == null || v === '' ? NaN : +(v as number);
    }
    return out;
  };
  const at = new Uint32Array(n);
  order.forEach((i, k) => (at[i] = k));
  const f = r.fields;
  return {
    bars: {
      time: Float64Array.from(order, (i) => times[i]!),
      open: column(f.open),
      high: column(f.high),
      low: column(f.low),
      close: column(f.close),
      ...(f.volume !== undefined ? { volume: column(f.volume) } : {}),
    },
    at,
  };
}

/**
 * The rows with the indicators of `request` beside their own fields (new objects: the rows are
 * left as they were). An undefined value (a warm-up bar) is NaN, which lines leave out.
 */
export function withIndicators(rows: readonly Row[], request: IndicatorRequest): Row[] {
  const { bars, at } = barsInTimeOrder(rows, request);
  const columns: [string, Float64Array][] = [];
  for (const item of request.list) {
    const values = computeIndicator(item.name, bars, item.params);
    for (const [output, field] of Object.entries(item.fields)) {
      const v = values[output];
      if (v) columns.push([field, v]);
    }
  }
  const segments = segmentsOf(bars.time!);
  return rows.map((row, i) => {
    const out: Row = { ...row };
    const k = at[i]!;
    for (const [field, v] of columns) out[field] = v[k];
    out[SEGMENT_FIELD] = segments[k];
    return out;
  });
}

/** Gaps wider than this many of the bars' usual spacing (a night between sessions) break the lines. */
const BREAK_AT = 10;

/**
 * Each bar's stretch of the series: a new one starts after a gap of more than `BREAK_AT` times
 * the smallest spacing between bars, so a line does not join a session's close to the next
 * one's open across a night (a weekend between daily bars is three, a long holiday five).
 */
export function segmentsOf(times: ArrayLike<number>): Uint32Array {
  const n = times.length;
  const out = new Uint32Array(n);
  let step = Infinity;
  for (let k = 1; k < n; k++) {
    const gap = times[k]! - times[k - 1]!;
    if (gap > 0 && gap < step) step = gap;
  }
  let seg = 0;
  for (let k = 1; k < n; k++) {
    if (times[k]! - times[k - 1]! > BREAK_AT * step) seg++;
    out[k] = seg;
  }
  return out;
}

interface IndicatorParams {
  request: string;
  modified(): boolean;
}

/** The `chartspecindicators` Vega transform: new tuples with the indicators, whenever the rows change. */
class Indicators extends TransformBase {
  static Definition = {
    type: 'ChartspecIndicators',
    metadata: { generates: true },
    params: [{ name: 'request', type: 'string', required: true }],
  };
  declare value: Row[] | null;
  private request: IndicatorRequest | undefined;

  /** What it computes (the exports find its rows by it). */
  get requested(): IndicatorRequest | undefined {
    return this.request;
  }

  constructor(params?: unknown) {
    super(null, params);
  }

  transform(_: IndicatorParams, pulse: Pulse): Pulse | unknown {
    if (this.value && !_.modified() && !pulse.changed()) return pulse.StopPropagation;
    if (!this.request || _.modified()) this.request = parseRequest(_.request);
    const rows = sourceArray(pulse) ?? pulseRows(pulse);
    const tuples = this.request
      ? withIndicators(rows, this.request).map((t) => ingest(t))
      : rows.map((r) => ingest({ ...r }));
    const out = pulse.fork(pulse.NO_SOURCE | pulse.NO_FIELDS);
    out.rem = this.value ?? [];
    out.add = tuples;
    out.source = tuples;
    this.value = tuples;
    return out;
  }
}

let installed = false;

/** Registers the `chartspecindicators` transform with Vega. Once. */
export function installIndicators(): void {
  if (installed) return;
  installed = true;
  transformRegistry['chartspecindicators'] = Indicators as unknown as TransformClass;
}

/** `chartspecindicators` in place of the marks' placeholder at `at`, if that is one. */
export function matchIndicators(ts: VegaTransform[], at: number): Match | undefined {
  const t = ts[at];
  if (t?.['type'] !== 'formula' || t['as'] !== INDICATORS_FIELD) return undefined;
  const request = requestOf(t['expr']);
  return request
    ? { transform: { type: 'chartspecindicators', request: JSON.stringify(request) }, length: 1 }
    : undefined;
}

/**
 * The values the chart on screen computed for `request`, as an exported spec's data set holds
 * them (core/marks/financial-indicators.ts `exportedIndicators`): one row per bar, its time as a
 * number and its values (a warm-up's NaN as null, as JSON writes it). Undefined when the view
 * computed nothing for it.
 */
export function computedRows(view: unknown, request: IndicatorRequest): Row[] | undefined {
  const key = JSON.stringify(request);
  const op = operatorsOf(view).find(
    (o): o is Indicators => o instanceof Indicators && JSON.stringify(o.requested) === key,
  );
  if (!op?.value) return undefined;
  const fields = [...request.list.flatMap((item) => Object.values(item.fields)), SEGMENT_FIELD];
  return op.value.map((row) => {
    const raw = row[request.x];
    const out: Row = {
      [INDICATOR_KEY_FIELD]: request.temporal ? +(toDate(raw as never) as unknown as number) : +(raw as number),
    };
    for (const f of fields) {
      const v = row[f] as number;
      out[f] = Number.isFinite(v) ? v : null;
    }
    return out;
  });
}

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
import { operatorsOf, sourceArray, transformRegistry, type TransformClass } from './vega-internals';

/**
 * The financial marks' indicators, computed in the chart's dataflow. The marks write a
 * placeholder (src/core/marks/financial-indicators.ts) that names what to compute; here it is
 * replaced by `chartspecindicators`, which computes every indicator it names over the whole
 * series, in time order, once per change of the rows — not when the chart zooms or pans, which
 * changes no row upstream of it.
 *
 * It writes the indicators' fields (`__ind…`) into the rows it reads, and declares no change
 * to Vega: declared, Vega would first copy every row of the source (a million bars take
 * seconds), and nothing else reads or writes those fields. The rows' time order and price
 * columns are kept per rows array, so the price chart and each indicator's pane, which read the
 * same rows, sort and read them once.
 */

/** The bars of some rows as columns, in time order, and each row's place in that order. */
interface TimeOrdered {
  bars: Bars;
  at: Uint32Array;
  /** The dataflow run it was read in: rows can change in place from one run to the next. */
  stamp?: number | undefined;
}

const ordered = new WeakMap<readonly Row[], Map<string, TimeOrdered>>();

/**
 * The bars of `rows` as columns in time order, read once per rows array, fields and dataflow run
 * (`stamp`: the transforms of one run share what the first read; without one, rows are read anew).
 */
export function barsInTimeOrder(rows: readonly Row[], r: IndicatorRequest, stamp?: number): TimeOrdered {
  const key = JSON.stringify([r.x, r.temporal, r.fields]);
  let byKey = ordered.get(rows);
  const known = byKey?.get(key);
  if (known && stamp !== undefined && known.stamp === stamp && known.at.length === rows.length) return known;
  const out = { ...readInTimeOrder(rows, r), stamp };
  if (!byKey) ordered.set(rows, (byKey = new Map()));
  byKey.set(key, out);
  return out;
}

function readInTimeOrder(rows: readonly Row[], r: IndicatorRequest): TimeOrdered {
  const n = rows.length;
  const times = new Float64Array(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    const v = rows[i]![r.x];
    // A time as a number is read as it is: making a Date of each of a million rows costs more
    // than the indicators.
    times[i] = typeof v === 'number' || !r.temporal ? +(v as number) : +(toDate(v as never) as unknown as number);
    // (NaN compares false: a row without a time sends it to the sort.)
    if (i > 0 && !(times[i]! >= times[i - 1]!)) sorted = false;
  }
  if (n > 0 && times[0] !== times[0]) sorted = false;
  // Equal times keep the rows' order (a stable sort); rows without a time go last. Rows that come
  // in time order, as most series do, skip the sort.
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (!sorted)
    order.sort((a, b) => {
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
      out[k] = typeof v === 'number' ? v : v == null || v === '' ? NaN : +(v as number);
    }
    return out;
  };
  const at = new Uint32Array(n);
  for (let k = 0; k < n; k++) at[order[k]!] = k;
  let time = times;
  if (!sorted) {
    time = new Float64Array(n);
    for (let k = 0; k < n; k++) time[k] = times[order[k]!]!;
  }
  const f = r.fields;
  return {
    bars: {
      time,
      open: column(f.open),
      high: column(f.high),
      low: column(f.low),
      close: column(f.close),
      ...(f.volume !== undefined ? { volume: column(f.volume) } : {}),
    },
    at,
  };
}

/** The fields `request` writes: its outputs', and the stretch each row is in. */
export const fieldsOf = (request: IndicatorRequest) => [
  ...request.list.flatMap((item) => Object.values(item.fields)),
  SEGMENT_FIELD,
];

/**
 * Writes the indicators of `request` into `rows`, beside their own fields (which stay as they
 * were). An undefined value (a warm-up bar) is NaN, which lines leave out.
 */
export function writeIndicators(rows: readonly Row[], request: IndicatorRequest, stamp?: number): void {
  const { bars, at } = barsInTimeOrder(rows, request, stamp);
  const columns: [string, ArrayLike<number>][] = [];
  for (const item of request.list) {
    const values = computeIndicator(item.name, bars, item.params);
    for (const [output, field] of Object.entries(item.fields)) {
      const v = values[output];
      if (v) columns.push([field, v]);
    }
  }
  columns.push([SEGMENT_FIELD, segmentsOf(bars.time!)]);
  for (const [field, v] of columns) for (let i = 0; i < rows.length; i++) (rows[i] as Row)[field] = v[at[i]!];
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

/** The `chartspecindicators` Vega transform: writes the indicators into its rows whenever they change. */
class Indicators extends TransformBase {
  static Definition = {
    type: 'ChartspecIndicators',
    // No `modifies`: see the module comment.
    metadata: {},
    params: [{ name: 'request', type: 'string', required: true }],
  };
  declare value: readonly Row[] | null;
  private request: IndicatorRequest | undefined;

  /** What it computes (the exports find its rows by it). */
  get requested(): IndicatorRequest | undefined {
    return this.request;
  }

  constructor(params?: unknown) {
    super(null, params);
  }

  transform(_: IndicatorParams, pulse: Pulse): Pulse {
    if (this.value && !_.modified() && !pulse.changed()) return pulse;
    if (!this.request || _.modified()) this.request = parseRequest(_.request);
    const rows = sourceArray(pulse) ?? pulseRows(pulse);
    this.value = rows;
    if (!this.request) return pulse;
    writeIndicators(rows, this.request, (pulse as Pulse & { stamp?: number }).stamp);
    return pulse.modifies(fieldsOf(this.request));
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
  const fields = fieldsOf(request);
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

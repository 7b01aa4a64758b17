import { toDate } from 'vega-util';
import { computeIndicator, INDICATORS, type Bars } from '../core/indicators';
import {
  INDICATOR_KEY_FIELD,
  INDICATORS_FIELD,
  parseRequest,
  requestOf,
  SEGMENT_FIELD,
  type IndicatorRequest,
} from '../core/marks/financial-indicators';
import {
  pulseRows,
  runOf,
  sameRun,
  TransformBase,
  type Match,
  type Pulse,
  type Row,
  type Run,
  type VegaTransform,
} from './transform-base';
import { priceColumns, sharedTimeColumn, type TimeColumn } from './time-column';
import { operatorsOf, sourceArray, transformRegistry, type TransformClass } from './vega-internals';

/**
 * The financial marks' indicators, computed in the chart's dataflow. The marks write a
 * placeholder (src/core/marks/financial-indicators.ts) that names what to compute, which the page
 * replaces by a transform that computes every indicator it names over the whole series, in time
 * order, once per change of the rows — not when the chart zooms or pans, which changes no row
 * upstream of it. Where a level of detail follows, as the marks write it, that is the level of
 * detail itself (./lod-indicators): the values go only into the few tuples it gives. Elsewhere
 * it is `chartspecindicators`, here.
 *
 * `chartspecindicators` writes the indicators' fields (`__ind…`) into the rows it reads, and
 * declares no change to Vega: declared, Vega would first copy every row of the source (a million
 * bars take seconds), and nothing else reads or writes those fields. The rows' time order and
 * price columns are kept per rows array and dataflow run, so the price chart and each
 * indicator's pane, which read the same rows, sort and read them once.
 */

/** Some rows in time order: their times, each row's place in that order, and columns read so far. */
interface TimeOrdered {
  time: Float64Array;
  /** Each row's place in time order; undefined when the rows come in time order (row i at i). */
  at: Uint32Array | undefined;
  /** The row at each place; undefined when the rows come in time order. */
  order: Uint32Array | undefined;
  /** A field's values in time order, per field read (a missing value is NaN). */
  columns: Map<string, Float64Array>;
  /** The dataflow run it was read in: rows can change in place from one run to the next. */
  run?: Run | undefined;
  /** Each bar's stretch of the series (`segmentsOf`), once asked for. */
  segments?: Stretches;
  /** A column of NaN, for a price no indicator asked for. */
  none?: Float64Array;
  /** The times as read, in the rows' order, with the prices read beside them. */
  source: TimeColumn;
}

const ordered = new WeakMap<readonly Row[], Map<string, TimeOrdered>>();

/**
 * `rows` in time order, read once per rows array, time field and dataflow run (`run`: the
 * transforms of one run share what the first read, the price chart and each pane; without one,
 * rows are read anew).
 */
function inTimeOrder(rows: readonly Row[], r: IndicatorRequest, run?: Run): TimeOrdered {
  const key = JSON.stringify([r.x, r.temporal]);
  let byKey = ordered.get(rows);
  const known = byKey?.get(key);
  if (known && sameRun(known.run, run) && known.time.length === rows.length) return known;
  const out = { ...readTimes(rows, r, run), columns: new Map<string, Float64Array>(), run };
  if (!byKey) ordered.set(rows, (byKey = new Map()));
  byKey.set(key, out);
  return out;
}

/**
 * The rows' times as the level of detail reads them (time-column.ts: a row without one is NaN,
 * and goes last). In a dataflow run they are read once for the run by whichever comes first: the
 * indicators are computed inside the level of detail, which has just read them.
 */
function readTimes(
  rows: readonly Row[],
  r: IndicatorRequest,
  run?: Run,
): Pick<TimeOrdered, 'time' | 'at' | 'order' | 'source'> {
  const n = rows.length;
  const col = sharedTimeColumn(rows, r.x, r.temporal, run, pricesRead(r));
  const times = col.values;
  // Rows that come in time order, as most series do, skip the sort (and a million places).
  if (col.sorted) return { time: times, at: undefined, order: undefined, source: col };
  const at = new Uint32Array(n);
  // Equal times keep the rows' order (a stable sort); rows without a time go last.
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => {
    const ta = times[a]!;
    const tb = times[b]!;
    if (ta !== ta || tb !== tb) return ta !== ta ? (tb !== tb ? a - b : 1) : -1;
    return ta - tb || a - b;
  });
  for (let k = 0; k < n; k++) at[order[k]!] = k;
  return { time: permuted(times, order), at, order, source: col };
}

const permuted = (col: Float64Array, order: Uint32Array) => {
  const out = new Float64Array(col.length);
  for (let k = 0; k < col.length; k++) out[k] = col[order[k]!]!;
  return out;
};

/**
 * The fields `request`'s indicators read (`needs`): of the four prices and the volume, those
 * one of them reads.
 */
export function pricesRead(request: IndicatorRequest): string[] {
  const needs = new Set(request.list.flatMap((item) => INDICATORS[item.name]?.needs ?? []));
  const f = request.fields;
  const read = (['open', 'high', 'low', 'close'] as const).filter((c) => needs.has(c)).map((c) => f[c]);
  if (f.volume !== undefined && needs.has('volume')) read.push(f.volume);
  return [...new Set(read)];
}

/**
 * Puts `fields` that `read` does not hold yet into it, in time order: as the time column read
 * them beside the times, or else in a pass of their own over the rows.
 */
function readColumns(rows: readonly Row[], read: TimeOrdered, fields: readonly string[]): void {
  const todo = fields.filter((f) => !read.columns.has(f));
  if (!todo.length) return;
  const { source } = read;
  const unread = todo.filter((f) => !source.prices.has(f));
  const prices = unread.length ? priceColumns(rows, unread) : undefined;
  for (const f of todo) {
    const col = source.prices.get(f) ?? prices!.get(f)!;
    read.columns.set(f, read.order ? permuted(col, read.order) : col);
  }
}

/**
 * The bars `request` computes from, in time order: the columns its indicators read (`needs`), each
 * read once per rows array and run; a price none of them reads is NaN throughout.
 */
function barsFor(rows: readonly Row[], request: IndicatorRequest, run?: Run): { read: TimeOrdered; bars: Bars } {
  const read = inTimeOrder(rows, request, run);
  const needs = new Set(request.list.flatMap((item) => INDICATORS[item.name]?.needs ?? []));
  const f = request.fields;
  const volume = f.volume !== undefined && needs.has('volume') ? f.volume : undefined;
  readColumns(rows, read, pricesRead(request));
  const column = (c: 'open' | 'high' | 'low' | 'close') =>
    needs.has(c) ? read.columns.get(f[c])! : (read.none ??= new Float64Array(rows.length).fill(NaN));
  // Read when an indicator reads it: most read the close alone, and a million NaN cost ~10 ms.
  return {
    read,
    bars: {
      time: read.time,
      get open() {
        return column('open');
      },
      get high() {
        return column('high');
      },
      get low() {
        return column('low');
      },
      get close() {
        return column('close');
      },
      ...(volume !== undefined ? { volume: read.columns.get(volume)! } : {}),
    },
  };
}

/** The fields `request` writes: its outputs', and the stretch each row is in. */
export const fieldsOf = (request: IndicatorRequest) => [
  ...request.list.flatMap((item) => Object.values(item.fields)),
  SEGMENT_FIELD,
];

/**
 * What `request` computes over some rows: each field's values in time order (an undefined value,
 * a warm-up bar, is NaN, which lines leave out), and each row's place in that order (`at`).
 */
export interface IndicatorColumns {
  rows: readonly Row[];
  /** Each row's place in time order; undefined when row i is at i. */
  at: Uint32Array | undefined;
  /** How many rows there were (the array can grow in place). */
  length: number;
  values: Map<string, IndicatorValues>;
}

/** A field's values over the rows in time order (read with `valueAt`). */
export type IndicatorValues = ArrayLike<number> | Stretches;

/** The indicators of `request` over `rows`, computed on the whole series in time order. */
export function indicatorColumns(rows: readonly Row[], request: IndicatorRequest, run?: Run): IndicatorColumns {
  const { read, bars } = barsFor(rows, request, run);
  const values = new Map<string, IndicatorValues>();
  for (const item of request.list) {
    const computed = computeIndicator(item.name, bars, item.params);
    for (const [output, field] of Object.entries(item.fields)) {
      const v = computed[output];
      if (v) values.set(field, v);
    }
  }
  // On rows in time order, the time column found the smallest step while reading the times.
  const step = read.order ? undefined : read.source.step;
  values.set(SEGMENT_FIELD, (read.segments ??= segmentsOf(read.time, step)));
  return { rows, at: read.at, length: rows.length, values };
}

/**
 * Writes the indicators of `request` into `rows`, beside their own fields (which stay as they
 * were), for charts whose rows reach the marks without a level of detail between.
 */
export function writeIndicators(rows: readonly Row[], request: IndicatorRequest, run?: Run): IndicatorColumns {
  const computed = indicatorColumns(rows, request, run);
  const { at } = computed;
  for (const [field, v] of computed.values)
    for (let i = 0; i < rows.length; i++) (rows[i] as Row)[field] = valueAt(v, at ? at[i]! : i);
  return computed;
}

/** Gaps wider than this many of the bars' usual spacing (a night between sessions) break the lines. */
const BREAK_AT = 10;

/**
 * Each bar's stretch of the series: a new one starts after a gap of more than `BREAK_AT` times
 * the smallest spacing between bars, so a line does not join a session's close to the next
 * one's open across a night (a weekend between daily bars is three, a long holiday five).
 */
export function segmentsOf(times: ArrayLike<number>, step = smallestStep(times)): Stretches {
  const gap = BREAK_AT * step;
  const starts: number[] = [];
  for (let k = 1; k < times.length; k++) if (times[k]! - times[k - 1]! > gap) starts.push(k);
  return new Stretches(starts, times.length);
}

/**
 * Each bar's stretch as `segmentsOf` finds them: the bars where a stretch starts, from which the
 * stretch of any bar is found by bisection. Only the few bars a chart shows are asked for
 * theirs; a column of a million numbers would be written for them.
 */
export class Stretches {
  constructor(
    /** The bars (in time order) after a gap, ascending: stretch k + 1 starts at `starts[k]`. */
    readonly starts: readonly number[],
    readonly length: number,
  ) {}

  /** The stretch of bar `k` (in time order): how many stretches start at or before it. */
  at(k: number): number {
    const s = this.starts;
    let a = 0;
    let b = s.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (s[m]! <= k) a = m + 1;
      else b = m;
    }
    return a;
  }
}

/** A computed column's value at place `k`: a column of numbers, or the stretches. */
export const valueAt = (values: IndicatorValues, k: number): number | undefined =>
  values instanceof Stretches ? values.at(k) : values[k];

/** The smallest positive step from one time to the next (Infinity if none). */
export function smallestStep(times: ArrayLike<number>): number {
  let step = Infinity;
  for (let k = 1; k < times.length; k++) {
    const gap = times[k]! - times[k - 1]!;
    if (gap > 0 && gap < step) step = gap;
  }
  return step;
}

interface IndicatorParams {
  request: string;
  modified(): boolean;
}

/** An operator that computed indicators: what, over which rows (the exports read them there). */
export interface ComputesIndicators {
  readonly computedIndicators: { request: IndicatorRequest; columns: IndicatorColumns } | undefined;
}

/** The `chartspecindicators` Vega transform: writes the indicators into its rows whenever they change. */
class Indicators extends TransformBase implements ComputesIndicators {
  static Definition = {
    type: 'ChartspecIndicators',
    // No `modifies`: see the module comment.
    metadata: {},
    params: [{ name: 'request', type: 'string', required: true }],
  };
  declare value: readonly Row[] | null;
  private request: IndicatorRequest | undefined;
  private columns: IndicatorColumns | undefined;

  get computedIndicators() {
    return this.request && this.columns ? { request: this.request, columns: this.columns } : undefined;
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
    this.columns = writeIndicators(rows, this.request, runOf(pulse));
    return pulse.modifies(fieldsOf(this.request));
  }
}

const parsed = new Map<string, IndicatorRequest | undefined>();

/** A request from its text, parsed once per text (a level of detail reads it at every change of rows). */
export function requestFrom(text: string): IndicatorRequest | undefined {
  if (!parsed.has(text)) {
    if (parsed.size > 100) parsed.clear();
    parsed.set(text, parseRequest(text));
  }
  return parsed.get(text);
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
  const request = placeholderAt(ts, at);
  return request
    ? { transform: { type: 'chartspecindicators', request: JSON.stringify(request) }, length: 1 }
    : undefined;
}

/** The request of the marks' placeholder at `at`, if that is one. */
export function placeholderAt(ts: VegaTransform[], at: number): IndicatorRequest | undefined {
  const t = ts[at];
  if (t?.['type'] !== 'formula' || t['as'] !== INDICATORS_FIELD) return undefined;
  return requestOf(t['expr']);
}

/**
 * The values the chart on screen computed for `request`, as an exported spec's data set holds
 * them (core/marks/financial-indicators.ts `exportedIndicators`): one row per bar, its time as a
 * number and its values (a warm-up's NaN as null, as JSON writes it). Undefined when the view
 * computed nothing for it.
 */
export function computedRows(view: unknown, request: IndicatorRequest): Row[] | undefined {
  const key = JSON.stringify(request);
  let computed: IndicatorColumns | undefined;
  for (const o of operatorsOf(view)) {
    const c = (o as Partial<ComputesIndicators>).computedIndicators;
    if (c && JSON.stringify(c.request) === key) {
      computed = c.columns;
      break;
    }
  }
  if (!computed) return undefined;
  const { rows, at, values } = computed;
  const fields = fieldsOf(request);
  return rows.map((row, i) => {
    const raw = row[request.x];
    const out: Row = {
      [INDICATOR_KEY_FIELD]: request.temporal ? +(toDate(raw as never) as unknown as number) : +(raw as number),
    };
    for (const f of fields) {
      const column = values.get(f);
      const v = column && valueAt(column, at ? at[i]! : i);
      out[f] = v !== undefined && Number.isFinite(v) ? v : null;
    }
    return out;
  });
}

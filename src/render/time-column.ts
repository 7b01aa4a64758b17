import { toDate } from 'vega-util';
import { sameRun, type Row, type Run } from './transform-base';

/**
 * The level of detail's `__t` for every row of its source, with what the marks' joinaggregate
 * computes over all rows (min, max), kept by the `chartspeclod` transform between runs. Zooming
 * and panning only move the range, so nothing here depends on it; it is rebuilt when the source
 * rows change.
 */
export interface TimeColumn {
  /** The array the times were read from (the rows' positions index the times). */
  readonly rows: readonly Row[];
  readonly field: string;
  readonly temporal: boolean;
  /** `__t` of each row, as the marks' formula gives it: null, a number (NaN included) or a Date. */
  readonly times: unknown[];
  /** `+__t` of each row. */
  readonly values: Float64Array;
  /** The joinaggregate's min and max of `__t` (undefined without a usable time). */
  readonly min: unknown;
  readonly max: unknown;
  /**
   * Every time is a number (not null, not NaN) and none is smaller than the one before: the
   * rows inside a range are then one run of positions, found by bisection.
   */
  readonly sorted: boolean;
  /**
   * Prices read in the same pass, in the rows' order, per field (`price`: a missing one is NaN):
   * those the indicators computed beside the level of detail will read (see `sharedTimeColumn`).
   */
  readonly prices: ReadonlyMap<string, Float64Array>;
  /** The smallest positive step between one time and the next, in the rows' order (Infinity if none). */
  readonly step: number;
}

const missing = (v: unknown) => v == null || v === '';

/** A price as a number: a missing one is NaN. */
const price = (v: unknown): number => (typeof v === 'number' ? v : v == null || v === '' ? NaN : +(v as number));

/**
 * Reads the times of `rows` (one pass; `toDate` per row for a temporal x), and in the same pass
 * the `prices` named (at most five: the four prices and the volume). A million rows are a
 * million objects spread over memory: reading a row's close while its time is being read costs
 * little, a pass of its own ~20 ms.
 */
export function timeColumn(
  rows: readonly Row[],
  field: string,
  temporal: boolean,
  prices: readonly string[] = [],
): TimeColumn {
  return { rows, field, temporal, ...readRows(rows, field, temporal, prices) };
}

/** `fields` of `rows` (at most five) as the time column reads prices, in a pass without the times. */
export function priceColumns(rows: readonly Row[], fields: readonly string[]): ReadonlyMap<string, Float64Array> {
  return readRows(rows, undefined, false, fields).prices;
}

function readRows(rows: readonly Row[], field: string | undefined, temporal: boolean, prices: readonly string[]) {
  const n = rows.length;
  const timed = field !== undefined;
  const times: unknown[] = new Array(timed ? n : 0);
  const values = new Float64Array(timed ? n : 0);
  // A read of its own per price: a property read that always meets the same name is fast, one
  // that meets several (a loop over the names) looks each name up.
  const [a, b, c, d, e] = prices;
  const [A, B, C, D, E] = prices.map(() => new Float64Array(n));
  let min: unknown;
  let max: unknown;
  let sorted = true;
  let before = -Infinity;
  let step = Infinity;
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    if (A) {
      A[i] = price(row[a!]);
      if (B) B[i] = price(row[b!]);
      if (C) C[i] = price(row[c!]);
      if (D) D[i] = price(row[d!]);
      if (E) E[i] = price(row[e!]);
    }
    if (!timed) continue;
    const raw = row[field];
    const t = temporal ? toDate(raw as never) : +(raw as number);
    times[i] = t;
    // `+null` is 0: a null time must not pass for the epoch in a bisection.
    const v = t == null ? Number.NaN : +(t as number);
    values[i] = v;
    if (sorted && !(v >= before)) sorted = false;
    const gap = v - before;
    if (gap > 0 && gap < step) step = gap;
    before = v;
    // The joinaggregate's min and max skip missing values and NaN, as Vega's measures do.
    if (missing(t) || t !== t) continue;
    if ((t as number) < (min as number) || min === undefined) min = t;
    if ((t as number) > (max as number) || max === undefined) max = t;
  }
  const read = new Map<string, Float64Array>();
  [A, B, C, D, E].forEach((col, k) => col && read.set(prices[k]!, col));
  return { times, values, min, max, sorted, prices: read as ReadonlyMap<string, Float64Array>, step };
}

const made = new WeakMap<readonly Row[], { run: Run; col: TimeColumn }[]>();

/**
 * The times of `rows` as `timeColumn` reads them, read once per dataflow run for all
 * the transforms that read the same rows array in it: the price chart's level of detail and each
 * pane's. The first to read them reads the `prices` it names too (each level of detail names
 * those its indicators need, the same for the chart and its panes). Without a run, read anew.
 */
export function sharedTimeColumn(
  rows: readonly Row[],
  field: string,
  temporal: boolean,
  run?: Run,
  prices: readonly string[] = [],
): TimeColumn {
  if (!run) return timeColumn(rows, field, temporal, prices);
  const known = (made.get(rows) ?? []).filter((m) => sameRun(m.run, run));
  const hit = known.find((m) => m.col.field === field && m.col.temporal === temporal);
  if (hit) return hit.col;
  const col = timeColumn(rows, field, temporal, prices);
  made.set(rows, [...known, { run, col }]);
  return col;
}

/**
 * The positions `[from, to)` of a sorted column whose time passes the marks' filter
 * `t >= lo && t <= hi`; with a NaN bound none does (every comparison with NaN is false).
 */
export function rangeOf(col: TimeColumn, lo: number, hi: number): [number, number] {
  const v = col.values;
  // The first time >= lo, then the first one not <= hi: both tests turn true once and stay so.
  let a = 0;
  let b = v.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (v[m]! >= lo) b = m;
    else a = m + 1;
  }
  const from = a;
  b = v.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (!(v[m]! <= hi)) b = m;
    else a = m + 1;
  }
  return [from, Math.max(from, a)];
}

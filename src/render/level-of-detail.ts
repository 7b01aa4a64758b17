import { lodExpressions } from '../core/marks/fused-expressions';
import {
  pulseRows,
  runOf,
  same,
  sameRun,
  TransformBase,
  type Match,
  type Pulse,
  type Row,
  type Run,
  type VegaTransform,
} from './transform-base';
import {
  indicatorColumns,
  pricesRead,
  requestFrom,
  valueAt,
  type ComputesIndicators,
  type IndicatorColumns,
} from './indicators';
import type { IndicatorRequest } from '../core/marks/financial-indicators';
import { lastBar } from './last-bar';
import { reuseTuples, type RowSource } from './reused-tuples';
import { rangeOf, sharedTimeColumn, type TimeColumn } from './time-column';
import { sourceArray, transformRegistry, type TransformClass } from './vega-internals';

/**
 * The financial marks' level of detail, run in one pass. The marks write it as plain Vega-Lite
 * transforms (src/core/marks/financial.ts `levelOfDetail`): a time per bar, the time range, the
 * bar's pixel column, then an aggregate per column. That is exact and exports anywhere, but
 * Vega runs it row by row through six operators, and because the first ones write into the
 * rows, Vega first copies every row of the source. On a million bars that is seconds.
 *
 * `matchLevelOfDetail` finds those transforms in a compiled Vega spec — only in exactly the form
 * the marks write them — and `chartspeclod` takes their place (see ./fused-transforms). It reads the rows
 * without writing to them (so Vega copies nothing) and gives the rows the aggregate gives: the
 * same columns, the same first and last bars, the same extremes and sums, in the order the
 * standard transforms give them when run on these rows and this range. (Kept running through
 * zooms, Vega's own give bars that come back into range after those that stayed, an order that
 * depends on the ranges before.) From run to run it writes its rows into the tuples it gave
 * before (./reused-tuples), so a zoom modifies the candles' items rather than making new ones.
 * Only the drawing uses it: exported and shared specs keep the standard transforms.
 *
 * With the last price, the marks put a joinaggregate before these transforms that gives every
 * row the last bar of the series (`argmax` of x as `__last_bar`), and the formulas after the
 * aggregate carry it on from each column's last bar. That joinaggregate writes into every row,
 * so Vega would copy them all again: it is run here too (./last-bar), once per change of the
 * rows, together with the formulas after the aggregate that read `__first` and `__last`, up to
 * the one that carries `__last_bar` (the source rows do not hold it: nothing writes into them).
 */

interface LodParams {
  field: string;
  temporal: boolean;
  columns: number;
  /** The zoomed x range (`zoom["__x0"]`), when an interval is bound to the scales. */
  range?: unknown;
  high: string;
  low: string;
  volume?: string;
  /** The last price's joinaggregate is run here: every tuple gets `__last_bar`. */
  lastBar?: boolean;
  /** The formulas after the aggregate, run here: `copyAs[k] = datum[copyFrom[k]][copyField[k]]`. */
  copyFrom?: string[];
  copyField?: string[];
  copyAs?: string[];
  /**
   * The marks' indicators request, when they are computed here (./lod-indicators): the formulas
   * after the aggregate read their values from the columns computed, not from the rows.
   */
  indicators?: string;
  /**
   * The prices the indicators of every level of detail over the same rows read
   * (./lod-indicators `withSharedPriceReads`): read with the times by whichever runs first.
   */
  prices?: string[];
  modified(name?: string | string[]): boolean;
}

/** The measures of one column, as Vega's aggregate keeps them. */
interface Column {
  key: unknown;
  first: Row | undefined;
  firstT: unknown;
  /** The row's position in the rows. */
  firstAt: number;
  last: Row | undefined;
  lastT: unknown;
  lastAt: number;
  high: unknown;
  low: unknown;
  sum: number;
  volumes: number;
}

const missing = (v: unknown) => v == null || v === '';

/**
 * The aggregate output of the level of detail for these rows, with their times read (see the
 * module comment), a row at a time. Only the rows in the zoomed range count (the marks' filter),
 * and on sorted times those are one run of positions: only they are visited, so a zoom costs the
 * bars in view, not all of them. The count and the time range are those of all rows, as the
 * marks' joinaggregate runs before the filter.
 */
export function columnRows(
  rows: readonly Row[],
  col: TimeColumn,
  p: Omit<LodParams, 'modified'>,
  last?: Row,
  computed?: IndicatorColumns,
  run?: Run,
): RowSource {
  const columns = sharedColumns(rows, col, p, run);
  const { high, low, volume } = p;
  // Each column's fields, in the order the standard transforms write them (a later one wins).
  const emit = (c: Column, sink: FieldSink) => {
    sink.set('__column', c.key);
    sink.set('__first', c.first ?? {});
    sink.set('__last', c.last ?? {});
    sink.set(high, c.high);
    sink.set(low, c.low);
    if (volume !== undefined) sink.set(volume, c.volumes ? c.sum : undefined);
    if (p.copyAs?.length) copyFields(sink, c, p, last, computed);
  };
  // One of each per run, not per row: a zoom writes every column.
  const writer = new TupleWriter();
  return {
    length: columns.length,
    key: (i) => columns[i]!.key,
    write(t, i) {
      writer.t = t;
      writer.differs = false;
      emit(columns[i]!, writer);
      return writer.differs;
    },
    make(i) {
      const maker = new RowMaker();
      emit(columns[i]!, maker);
      return maker.row;
    },
  };
}

/** Where a column's fields go: into a tuple kept, or a row of its own. */
interface FieldSink {
  set(field: string, value: unknown): void;
}

/** Writes into a tuple the fields whose value differs (as Object.is tells), noting whether any did. */
class TupleWriter implements FieldSink {
  t: Row = {};
  differs = false;
  set(field: string, value: unknown): void {
    if (!Object.is(this.t[field], value)) {
      this.t[field] = value;
      this.differs = true;
    }
  }
}

/** Makes a row of its own of the fields (a tuple to add). */
class RowMaker implements FieldSink {
  readonly row: Row = {};
  set(field: string, value: unknown): void {
    this.row[field] = value;
  }
}

const grouped = new WeakMap<TimeColumn, { run: Run; key: string; columns: Column[] }[]>();

/**
 * The columns of `columnRows`, grouped once per dataflow run for every level of detail that reads
 * the same time column with the same range and measures: the price chart's and each pane's.
 * Without a run, grouped anew.
 */
function sharedColumns(rows: readonly Row[], col: TimeColumn, p: Omit<LodParams, 'modified'>, run?: Run): Column[] {
  if (!run) return groupColumns(rows, col, p);
  const key = JSON.stringify([p.range, p.columns, p.high, p.low, p.volume]);
  const all = grouped.get(col) ?? [];
  const known = all.filter((g) => sameRun(g.run, run));
  const hit = known.find((g) => g.key === key);
  if (hit) return hit.columns;
  // The columns of an earlier run are read by no one now: their objects are used again.
  const spare = all.filter((g) => !sameRun(g.run, run)).flatMap((g) => g.columns);
  const columns = groupColumns(rows, col, p, spare);
  grouped.set(col, [...known, { run, key, columns }]);
  return columns;
}

/**
 * The measures of each column, in the order the standard transforms give them. Columns are made
 * from `spare` ones while there are some (a zoom groups ~1,200 columns on every event).
 */
function groupColumns(
  rows: readonly Row[],
  col: TimeColumn,
  p: Omit<LodParams, 'modified'>,
  spare: Column[] = [],
): Column[] {
  const n = rows.length;
  const ts = col.times;
  // The zoomed range replaces the data's range, as in the marks' filter and column expressions.
  const z = p.range;
  const zoomed = Array.isArray(z) && z.length === 2;
  const lo = zoomed ? +(z[0] as number) : (col.min as number);
  const hi = zoomed ? +(z[1] as number) : (col.max as number);
  const divide = n > p.columns && hi > lo;
  const { columns, high, low, volume } = p;
  // Outside this run of positions no row passes the filter (sorted times); the filter below
  // still decides for each row inside it.
  const [from, to] = zoomed && col.sorted ? rangeOf(col, lo, hi) : [0, n];

  const byKey = new Map<string, Column>();
  const order: Column[] = [];
  const dense: (Column | undefined)[] = divide ? new Array(columns) : [];
  // A column index is a small integer, except for rows without a usable time (NaN, negative).
  const isColumn = (key: unknown): key is number =>
    typeof key === 'number' && key >= 0 && key < columns && Number.isInteger(key);
  for (let i = from; i < to; i++) {
    const t = ts[i] as number;
    if (zoomed && !(t >= lo && t <= hi)) continue;
    let c: Column | undefined;
    let key: unknown;
    if (divide) {
      key = Math.min(columns - 1, Math.floor(((t - lo) / (hi - lo)) * columns));
      c = isColumn(key) ? dense[key] : byKey.get(String(key));
    } else {
      key = ts[i];
      c = byKey.get(String(key));
    }
    if (!c) {
      c = spare.pop() ?? ({} as Column);
      c.key = key;
      c.first = undefined;
      c.firstT = undefined;
      c.firstAt = -1;
      c.last = undefined;
      c.lastT = undefined;
      c.lastAt = -1;
      c.high = undefined;
      c.low = undefined;
      c.sum = 0;
      c.volumes = 0;
      order.push(c);
      if (divide && isColumn(key)) dense[key] = c;
      else byKey.set(String(key), c);
    }
    const row = rows[i]!;
    // argmin / argmax of `__t`: the first row holding the smallest / largest time.
    const tv = ts[i];
    if (tv != null && (c.first === undefined ? tv >= tv : (c.firstT as number) > (tv as number))) {
      c.first = row;
      c.firstT = tv;
      c.firstAt = i;
    }
    if (tv != null && (c.last === undefined ? tv >= tv : (c.lastT as number) < (tv as number))) {
      c.last = row;
      c.lastT = tv;
      c.lastAt = i;
    }
    const h = row[high];
    if (!missing(h) && h === h && ((h as number) > (c.high as number) || c.high === undefined)) c.high = h;
    const l = row[low];
    if (!missing(l) && l === l && ((l as number) < (c.low as number) || c.low === undefined)) c.low = l;
    if (volume !== undefined) {
      const v = row[volume];
      if (!missing(v) && v === v) {
        c.sum += +(v as number);
        c.volumes++;
      }
    }
  }
  return order;
}

/** The params other than the range: a change to one of them starts the transform over. */
const SHAPE = [
  'field',
  'temporal',
  'columns',
  'high',
  'low',
  'volume',
  'lastBar',
  'copyFrom',
  'copyField',
  'copyAs',
  'indicators',
];

/** The field the last price's joinaggregate writes (src/core/marks/financial-last-price.ts `LAST_BAR`). */
const LAST_BAR = '__last_bar';

/**
 * The formulas after the aggregate, in their order, on a column's row: each reads a field of the
 * column's first or last bar, except `__last_bar`, which the rows do not hold (`last`: the last
 * bar of the series, which every row holds in the standard transforms). As in those formulas, a
 * column without a usable time (`{}` for its bars) gives undefined. An indicator's field is read
 * from the columns `computed`, at the bar's place.
 */
function copyFields(
  out: FieldSink,
  c: Column,
  p: Omit<LodParams, 'modified'>,
  last: Row | undefined,
  computed: IndicatorColumns | undefined,
): void {
  const from = p.copyFrom ?? [];
  const field = p.copyField ?? [];
  const as = p.copyAs ?? [];
  for (let k = 0; k < as.length; k++) {
    const f = field[k]!;
    const first = from[k] === '__first';
    const bar = first ? c.first : c.last;
    const values = computed?.values.get(f);
    const i = first ? c.firstAt : c.lastAt;
    if (values) out.set(as[k]!, bar && valueAt(values, computed!.at ? computed!.at[i]! : i));
    else out.set(as[k]!, p.lastBar && f === LAST_BAR && from[k] === '__last' ? bar && last : bar?.[f]);
  }
}

/**
 * The `chartspeclod` Vega transform: recomputes its columns whenever its rows or range change,
 * reading the rows' times once per change of the rows (./time-column), and writing the columns
 * into the tuples it gave before (./reused-tuples), so the marks keep their items.
 */
class LevelOfDetail extends TransformBase implements ComputesIndicators {
  static Definition = {
    type: 'ChartspecLod',
    metadata: { generates: true, changes: true },
    params: [
      { name: 'field', type: 'string', required: true },
      { name: 'temporal', type: 'boolean' },
      { name: 'columns', type: 'number', required: true },
      { name: 'range', type: 'number', array: true },
      { name: 'high', type: 'string', required: true },
      { name: 'low', type: 'string', required: true },
      { name: 'volume', type: 'string' },
      { name: 'lastBar', type: 'boolean' },
      { name: 'copyFrom', type: 'string', array: true },
      { name: 'copyField', type: 'string', array: true },
      { name: 'copyAs', type: 'string', array: true },
      { name: 'indicators', type: 'string' },
      { name: 'prices', type: 'string', array: true },
    ],
  };
  declare value: Row[] | null;
  private times: TimeColumn | null = null;
  /** The last bar of the series, and the time column it was found with (read again with it). */
  private last: { of: TimeColumn; row: Row } | null = null;
  /** The indicators computed over the rows, with `indicators`: once per change of the rows. */
  private computed: { request: IndicatorRequest; text: string; columns: IndicatorColumns } | undefined;

  get computedIndicators() {
    return this.computed;
  }

  constructor(params?: unknown) {
    super(null, params);
  }

  transform(_: LodParams, pulse: Pulse): Pulse | unknown {
    const rowsChanged = !!pulse.changed();
    if (this.value && !_.modified() && !rowsChanged) return pulse.StopPropagation;
    const source = sourceArray(pulse);
    const rows = source ?? pulseRows(pulse);
    const col = this.times;
    // The times stay while the very same array holds the same rows: no row added or removed, and
    // no time modified (Vega names the fields a change modifies; none named, any may be).
    const timesStay =
      col !== null &&
      source !== undefined &&
      col.rows === source &&
      col.field === _.field &&
      col.temporal === _.temporal &&
      pulse.add.length === 0 &&
      pulse.rem.length === 0 &&
      !(pulse.mod.length && (!pulse.modified() || pulse.modified(_.field)));
    const request = _.indicators !== undefined ? requestFrom(_.indicators) : undefined;
    // The prices the indicators read are read with the times, in the same pass over the rows.
    const prices = _.prices ?? (request ? pricesRead(request) : []);
    const times = timesStay ? col : (this.times = sharedTimeColumn(rows, _.field, !!_.temporal, runOf(pulse), prices));
    // The argmax is the same row while the times stay (no row added, removed, or moved in time).
    let last: Row | undefined;
    if (_.lastBar) {
      if (this.last?.of !== times) this.last = { of: times, row: lastBar(rows, _.field) };
      last = this.last.row;
    } else this.last = null;
    // The indicators are computed on the whole series once per change of the rows (a zoom reads
    // them); their values go only into the tuples given, never into the rows.
    const known = this.computed;
    if (!request) this.computed = undefined;
    else if (!known || rowsChanged || known.text !== _.indicators || known.columns.length !== rows.length)
      this.computed = { request, text: _.indicators!, columns: indicatorColumns(rows, request, runOf(pulse)) };
    const fields = [
      ...new Set([
        '__column',
        '__first',
        '__last',
        _.high,
        _.low,
        ...(_.volume !== undefined ? [_.volume] : []),
        ...(_.copyAs ?? []),
      ]),
    ];
    // Other params than the range change the fields the tuples hold: no tuple is kept then.
    const before = this.value && !_.modified(SHAPE) ? this.value : [];
    const out = pulse.fork(pulse.NO_SOURCE | pulse.NO_FIELDS);
    // A change to the source rows may have changed the bars a column points to, inside: every
    // tuple kept counts as modified then, so the fields read from them are read again.
    const next = reuseTuples(
      before,
      columnRows(rows, times, _, last, this.computed?.columns, runOf(pulse)),
      '__column',
      rowsChanged,
    );
    const first = this.value === null;
    const old = this.value;
    this.value = next.tuples;
    out.add = next.add;
    out.mod = next.mod;
    out.rem = old === null || before === old ? next.rem : old;
    if (!first && !out.changed()) return pulse.StopPropagation;
    return out.modifies(fields);
  }
}

let installed = false;

/** Registers the `chartspeclod` transform with Vega. Once. */
export function installLevelOfDetail(): void {
  if (installed) return;
  installed = true;
  transformRegistry['chartspeclod'] = LevelOfDetail as unknown as TransformClass;
}

/**
 * The `chartspeclod` transform for the level-of-detail transforms at `at` in a data set's
 * transforms, with how many it replaces; undefined unless they are exactly what the marks write.
 * With the last price's joinaggregate at `at`, right before them, it replaces that too, and the
 * formulas after the aggregate up to the one that carries `__last_bar` (see the module comment);
 * without that formula, the joinaggregate stays and the level of detail after it is fused alone.
 */
export function matchLevelOfDetail(ts: VegaTransform[], at: number): Match | undefined {
  const join = ts[at];
  if (join?.['type'] !== 'joinaggregate' || !same(join['as'], [LAST_BAR])) return matchTransforms(ts, at);
  const field = (join['fields'] as unknown[] | undefined)?.[0];
  if (
    !same(join['ops'], ['argmax']) ||
    !Array.isArray(join['fields']) ||
    join['fields'].length !== 1 ||
    typeof field !== 'string' ||
    !same(join['groupby'], []) ||
    Object.keys(join).some((k) => !['type', 'as', 'ops', 'fields', 'groupby'].includes(k))
  )
    return undefined;
  const lod = matchTransforms(ts, at + 1);
  if (!lod || lod.transform['field'] !== field) return undefined;
  // The formulas after the aggregate, as the marks write them: `datum.__first["f"]` or
  // `datum.__last["f"]`, the last of them carrying `__last_bar`.
  const copyFrom: string[] = [];
  const copyField: string[] = [];
  const copyAs: string[] = [];
  for (let i = at + 1 + lod.length; i < ts.length; i++) {
    const copy = copyFormula(ts[i]!);
    if (!copy) return undefined;
    const { from, field: f, as } = copy;
    if (f === LAST_BAR && (from !== '__last' || as !== LAST_BAR)) return undefined;
    copyFrom.push(from);
    copyField.push(f);
    copyAs.push(as);
    if (f === LAST_BAR)
      return {
        transform: { ...lod.transform, lastBar: true, copyFrom, copyField, copyAs },
        length: i + 1 - at,
      };
  }
  return undefined;
}

/**
 * A formula after the aggregate as the marks write it, `datum.__first["f"]` or
 * `datum.__last["f"]`: what it reads and the field it writes; undefined for any other.
 */
export function copyFormula(t: VegaTransform): { from: '__first' | '__last'; field: string; as: string } | undefined {
  if (t['type'] !== 'formula' || typeof t['expr'] !== 'string' || typeof t['as'] !== 'string') return undefined;
  const m = /^datum\.(__first|__last)\[("(?:[^"\\]|\\.)*")\]$/.exec(t['expr']);
  if (!m) return undefined;
  let f: string;
  try {
    f = JSON.parse(m[2]!) as string;
  } catch {
    return undefined;
  }
  // The source rows do not hold what the standard transforms write into their copies, and a
  // formula that writes a field the transform reads or gives would read its own output (the last
  // bar, which the transform carries, is its caller's to check).
  if (
    (WRITTEN.has(f) && f !== LAST_BAR) ||
    (WRITTEN.has(t['as']) && t['as'] !== LAST_BAR) ||
    ['__first', '__last'].includes(t['as'])
  )
    return undefined;
  return { from: m[1] as '__first' | '__last', field: f, as: t['as'] };
}

/** The fields the standard transforms write into the rows before the aggregate (and the key). */
const WRITTEN = new Set(['__t', '__tmin', '__tmax', '__n', '__column', LAST_BAR]);

/** The level-of-detail transforms themselves at `at` (see `matchLevelOfDetail`). */
function matchTransforms(ts: VegaTransform[], at: number): Match | undefined {
  const time = ts[at];
  if (time?.['type'] !== 'formula' || time['as'] !== '__t' || typeof time['expr'] !== 'string') return undefined;
  const m = /^(toDate\(|\+)datum\[("(?:[^"\\]|\\.)*")\]\)?$/.exec(time['expr']);
  if (!m) return undefined;
  const temporal = m[1] === 'toDate(';
  let field: string;
  try {
    field = JSON.parse(m[2]!) as string;
  } catch {
    return undefined;
  }
  const join = ts[at + 1];
  if (
    join?.['type'] !== 'joinaggregate' ||
    !same(join['as'], ['__tmin', '__tmax', '__n']) ||
    !same(join['ops'], ['min', 'max', 'count']) ||
    !same(join['fields'], ['__t', '__t', null]) ||
    !(join['groupby'] === undefined || same(join['groupby'], []))
  )
    return undefined;
  let i = at + 2;
  let zoom: string | undefined;
  const filter = ts[i];
  if (filter?.['type'] === 'filter' && typeof filter['expr'] === 'string') {
    const z = /^!\(isArray\(([A-Za-z_$][\w$]*)\["__x0"\]\)/.exec(filter['expr']);
    if (!z) return undefined;
    zoom = z[1];
    i++;
  }
  const column = ts[i];
  if (column?.['type'] !== 'formula' || column['as'] !== '__column' || typeof column['expr'] !== 'string')
    return undefined;
  const c = /^datum\.__n > (\d+) && /.exec(column['expr']);
  if (!c) return undefined;
  const columns = Number(c[1]);
  const expected = lodExpressions(field, temporal, columns, zoom);
  if (
    expected.time !== time['expr'] ||
    expected.column !== column['expr'] ||
    (zoom !== undefined && expected.filter !== filter!['expr'])
  )
    return undefined;
  const agg = ts[i + 1];
  if (agg?.['type'] !== 'aggregate' || !same(agg['groupby'], ['__column'])) return undefined;
  const ops = agg['ops'] as unknown[];
  const fields = agg['fields'] as unknown[];
  const as = agg['as'] as unknown[];
  if (!Array.isArray(ops) || !Array.isArray(fields) || !Array.isArray(as)) return undefined;
  const withVolume = ops.length === 5;
  if (!same(ops, ['argmin', 'argmax', 'max', 'min', ...(withVolume ? ['sum'] : [])])) return undefined;
  if (!same(fields.slice(0, 2), ['__t', '__t']) || !same(as.slice(0, 2), ['__first', '__last'])) return undefined;
  if (!same(fields.slice(2), as.slice(2)) || !fields.slice(2).every((f) => typeof f === 'string')) return undefined;
  // Anything else on the aggregate (drop, cross, key) is not what the marks write.
  if (Object.keys(agg).some((k) => !['type', 'groupby', 'ops', 'fields', 'as'].includes(k))) return undefined;
  const [high, low, volume] = fields.slice(2) as string[];
  return {
    transform: {
      type: 'chartspeclod',
      field,
      temporal,
      columns,
      ...(expected.range !== undefined ? { range: { signal: expected.range } } : {}),
      high,
      low,
      ...(withVolume ? { volume } : {}),
    },
    length: i + 2 - at,
  };
}

import { toDate } from 'vega-util';
import { changeExpressions, slotExpressions } from '../core/marks/fused-expressions';
import { pulseRows, same, TransformBase, type Match, type Pulse, type Row, type VegaTransform } from './transform-base';
import { transformRegistry, tupleid, type TransformClass } from './vega-internals';

/**
 * The financial marks' bar slots, run in one pass. On a continuous x the marks write, as plain
 * Vega-Lite transforms (src/core/marks/financial.ts `barSlots`), the bar's position `__t`, the
 * previous bar's (a `lag` window sorted by time), the gap between them, the smallest gap
 * (a `joinaggregate`) and the slot's edges `__x0`, `__x1`; with the default tooltip, also the
 * change from open to close. Vega runs that as six to eight operators, each visiting every row,
 * and the window sorts its rows through a general comparator.
 *
 * `matchBarSlots` finds those transforms in a compiled Vega spec — only in exactly the form the
 * marks write them — and `chartspecslots` does their work in one pass, writing the very same
 * fields with the very same values (the window's order included: ties go by Vega's tuple id, as
 * in its stable sort). Only the drawing uses it: exported and shared specs keep the standard
 * transforms.
 */

export interface SlotParams {
  field: string;
  temporal: boolean;
  /** Half the bar's width, in gaps (`band / 2`). */
  half: number;
  /** With both, also `__change` and `__change_pct`. */
  open?: string;
  close?: string;
}

const SLOT_FIELDS = ['__t', '__prev_t', '__gap', '__step', '__x0', '__x1'];
const CHANGE_FIELDS = ['__change', '__change_pct'];

/** Fields whose change would change what the transform writes. */
const inputsOf = (p: SlotParams) => [
  p.field,
  ...(p.open !== undefined && p.close !== undefined ? [p.open, p.close] : []),
];

export const slotOutputs = (p: SlotParams) =>
  p.open !== undefined && p.close !== undefined ? [...SLOT_FIELDS, ...CHANGE_FIELDS] : SLOT_FIELDS;

/** Vega's `isValid`. */
const isValid = (v: unknown) => v != null && v === v;

/** The window's gap from the time before (as the marks' formula: null without a valid earlier one). */
const gapFrom = (prev: number | null, t: number) => (isValid(prev) && t > prev! ? t - prev! : null);

/**
 * The sort's work arrays, kept from run to run and grown when too small: a zoom runs this on
 * every event, and a typed array of its own each time is memory outside the heap to allocate
 * and account for.
 */
let work = { rank: new Uint8Array(0), value: new Float64Array(0), ids: new Float64Array(0) };
function workArrays(n: number): typeof work {
  if (work.rank.length < n) {
    const size = Math.max(n, 2 * work.rank.length);
    work = { rank: new Uint8Array(size), value: new Float64Array(size), ids: new Float64Array(size) };
  }
  return work;
}

/**
 * Writes the slot fields (and the change) into `rows`, as the standard transforms would. `id`
 * gives each row's place among equal times (Vega's tuple id). Returns the rows whose written
 * values changed (every row on a first run).
 */
export function writeBarSlots(rows: readonly Row[], p: SlotParams, id: (row: Row) => number): Row[] {
  const n = rows.length;
  const ts: unknown[] = new Array(n);
  // The window's order: vega-util's `ascending` puts null first, then NaN (and invalid dates),
  // then values by number; equal ones by tuple id (Vega's stable compare).
  const { rank, value, ids } = workArrays(n);
  for (let i = 0; i < n; i++) {
    const raw = rows[i]![p.field];
    const t = p.temporal ? toDate(raw as never) : +(raw as number);
    ts[i] = t;
    ids[i] = id(rows[i]!);
    rank[i] = 0;
    if (t == null) continue;
    const v = +(t as number);
    if (v === v) {
      rank[i] = 2;
      value[i] = v;
    } else rank[i] = 1;
  }
  const compare = (a: number, b: number) =>
    rank[a]! - rank[b]! ||
    (rank[a] === 2 ? (value[a]! < value[b]! ? -1 : value[a]! > value[b]! ? 1 : 0) : 0) ||
    ids[a]! - ids[b]!;
  // The level of detail gives its rows in time order, and a zoom or a pan runs this on every
  // event: rows already in the window's order are not sorted again, and each one's previous
  // time is the row before's.
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = compare(i - 1, i) < 0;
  const order = sorted ? undefined : Array.from({ length: n }, (_, i) => i).sort(compare);
  const prevs: unknown[] = order ? new Array(n) : [];
  const gaps: unknown[] = order ? new Array(n) : [];
  const prevOf = (k: number) => (k > 0 ? (ts[order ? order[k - 1]! : k - 1] as number) : null);
  // The joinaggregate's min: missing values (null, '') and NaN do not count.
  let step: unknown;
  for (let k = 0; k < n; k++) {
    const i = order ? order[k]! : k;
    const prev = prevOf(k);
    const gap = gapFrom(prev, ts[i] as number);
    if (order) {
      prevs[i] = prev;
      gaps[i] = gap;
    }
    if (gap != null && gap === gap && ((gap as number) < (step as number) || step === undefined)) step = gap;
  }
  const width = (isValid(step) ? (step as number) : 1) * p.half;
  const change = p.open !== undefined && p.close !== undefined;
  const changed: Row[] = [];
  // The fields by name (SLOT_FIELDS, CHANGE_FIELDS), not through a list: run on every zoom and
  // pan event, a row's fields read and written by a name in a variable cost several times more.
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    const t = ts[i] as number;
    const prev = order ? prevs[i] : prevOf(i);
    const gap = order ? gaps[i] : gapFrom(prev as number | null, t);
    // The expressions' own operators: a Date minus a number is a number, plus one is a string.
    const x0 = t - width;
    const x1 = (t as unknown as string) + width;
    let differs =
      !Object.is(row['__t'], t) ||
      !Object.is(row['__prev_t'], prev) ||
      !Object.is(row['__gap'], gap) ||
      !Object.is(row['__step'], step) ||
      !Object.is(row['__x0'], x0) ||
      !Object.is(row['__x1'], x1);
    row['__t'] = t;
    row['__prev_t'] = prev;
    row['__gap'] = gap;
    row['__step'] = step;
    row['__x0'] = x0;
    row['__x1'] = x1;
    if (change) {
      const o = row[p.open!] as number;
      const c = row[p.close!] as number;
      const diff = c - o;
      const pct = o ? (c - o) / o : null;
      differs ||= !Object.is(row['__change'], diff) || !Object.is(row['__change_pct'], pct);
      row['__change'] = diff;
      row['__change_pct'] = pct;
    }
    if (differs) changed.push(row);
  }
  return changed;
}

/** The `chartspecslots` Vega transform: rewrites its rows' slots whenever they change. */
class BarSlots extends TransformBase {
  static Definition = {
    type: 'ChartspecSlots',
    metadata: { modifies: true },
    params: [
      { name: 'field', type: 'string', required: true },
      { name: 'temporal', type: 'boolean' },
      { name: 'half', type: 'number', required: true },
      { name: 'open', type: 'string' },
      { name: 'close', type: 'string' },
    ],
  };
  declare value: boolean | null;

  constructor(params?: unknown) {
    super(null, params);
  }

  transform(_: SlotParams & { modified(): boolean }, pulse: Pulse): Pulse {
    const first = !this.value;
    const mod = _.modified();
    if (!first && !mod && !pulse.changed() && !pulse.modified(inputsOf(_))) return pulse;
    this.value = true;
    const changed = writeBarSlots(pulseRows(pulse), _, tupleid);
    const outputs = slotOutputs(_);
    if (first) return pulse.modifies(outputs);
    // A row whose slot changed without being added or modified itself (its neighbour moved, the
    // smallest gap changed): everything downstream looks at every row again.
    const seen = new Set<Row>();
    pulse.visit(pulse.ADD | pulse.MOD, (row) => void seen.add(row));
    const stale = mod || changed.some((row) => !seen.has(row));
    return (stale ? pulse.reflow(true) : pulse).modifies(outputs);
  }
}

let installed = false;

/** Registers the `chartspecslots` transform with Vega. Once. */
export function installBarSlots(): void {
  if (installed) return;
  installed = true;
  transformRegistry['chartspecslots'] = BarSlots as unknown as TransformClass;
}

const fieldOf = (expr: unknown, pattern: RegExp): string[] | undefined => {
  if (typeof expr !== 'string') return undefined;
  const m = pattern.exec(expr);
  if (!m) return undefined;
  try {
    return m.slice(1).map((s) => JSON.parse(s) as string);
  } catch {
    return undefined;
  }
};

const QUOTED = '("(?:[^"\\\\]|\\\\.)*")';
const TIME = new RegExp(`^(?:toDate\\(|\\+)datum\\[${QUOTED}\\]\\)?$`);
const HALF = /^datum\.__t - \(isValid\(datum\.__step\) \? datum\.__step : 1\) \* (-?[\d.e+-]+)$/;
const CHANGE = new RegExp(`^datum\\[${QUOTED}\\] - datum\\[${QUOTED}\\]$`);

const isFormula = (t: VegaTransform | undefined, as: string) =>
  t?.['type'] === 'formula' && t['as'] === as && typeof t['expr'] === 'string' && Object.keys(t).length === 3;

/**
 * The `chartspecslots` transform for the bar-slot transforms at `at` in a data set's transforms
 * (with the change after them, when it is there), and how many it replaces; undefined unless
 * they are exactly what the marks write.
 */
export function matchBarSlots(ts: VegaTransform[], at: number): Match | undefined {
  const time = ts[at];
  if (!isFormula(time, '__t')) return undefined;
  const field = fieldOf(time!['expr'], TIME)?.[0];
  if (field === undefined) return undefined;
  const temporal = (time!['expr'] as string).startsWith('toDate(');
  const x0 = ts[at + 4];
  const half = isFormula(x0, '__x0') ? HALF.exec(x0!['expr'] as string)?.[1] : undefined;
  if (half === undefined || !Number.isFinite(Number(half))) return undefined;
  const e = slotExpressions(field, temporal, Number(half));
  const window = ts[at + 1];
  if (
    e.time !== time!['expr'] ||
    window?.['type'] !== 'window' ||
    !same(window, {
      type: 'window',
      params: [null],
      as: ['__prev_t'],
      ops: ['lag'],
      fields: ['__t'],
      sort: { field: ['__t'], order: ['ascending'] },
      groupby: [],
    })
  )
    return undefined;
  if (!isFormula(ts[at + 2], '__gap') || ts[at + 2]!['expr'] !== e.gap) return undefined;
  if (!same(ts[at + 3], { type: 'joinaggregate', as: ['__step'], ops: ['min'], fields: ['__gap'], groupby: [] }))
    return undefined;
  if (x0!['expr'] !== e.x0 || !isFormula(ts[at + 5], '__x1') || ts[at + 5]!['expr'] !== e.x1) return undefined;
  const transform: VegaTransform = { type: 'chartspecslots', field, temporal, half: Number(half) };
  const change = ts[at + 6];
  const fields = isFormula(change, '__change') ? fieldOf(change!['expr'], CHANGE) : undefined;
  if (fields) {
    const [close, open] = fields as [string, string];
    const c = changeExpressions(open, close);
    const pct = ts[at + 7];
    if (c.change === change!['expr'] && isFormula(pct, '__change_pct') && pct!['expr'] === c.pct) {
      return { transform: { ...transform, open, close }, length: 8 };
    }
  }
  return { transform, length: 6 };
}

import type { View } from 'vega';
import type { DrawableMeta } from '../core/drawable';
import type { ExploreMeta } from '../core/explore';
import { barsOf, type SceneItem, type SceneMark } from './explore-scene';
import type { Bar } from './readout';

/**
 * The units a chart can be drawn on, as the pointer sees them: where a drawing is written (the
 * unit's pointer), the scales its plot is drawn with, and the points drawn there that a pointer
 * snaps to. An explorable financial unit snaps to its bars (each bar's time, and its open, high,
 * low and close with the magnet); a plain chart's units (a line, an area, points) to the rows they
 * draw. Several plain units on the same scales (a line and its points, two series in layers) are
 * one plot: a drawing goes beside the first, and snaps to the points of all.
 */

/** The points drawn at one x: their y values (a bar's four prices, the series' values there). */
export interface Column {
  x: number;
  ys: number[];
}

/** What a pointer snaps to in a plot: the columns by x, and the data's y values as written (their decimals are a drawing's). */
export interface Snapping {
  columns: readonly Column[];
  ys: readonly number[];
}

export interface DrawingUnit {
  /** JSON pointer of the unit a drawing is written beside. */
  unit: string;
  scales: { x: string; y: string };
  /** The name prefix of the view whose group is the plot (else the y scale's: see `plotOf`). */
  view?: string;
  temporal: boolean;
  /** Each x a drawing snaps to counts as a bar (financial) or a point (any other). */
  noun: 'bar' | 'point';
  /** The points drawn in the unit's plot (its group item). */
  snapping(group: SceneItem, view: View): Snapping;
}

const EMPTY: Snapping = { columns: [], ys: [] };

const byBars = new WeakMap<Bar[], Snapping>();

/** An explorable financial unit: its bars, by time. */
export function financialUnit(meta: ExploreMeta): DrawingUnit {
  const f = meta.fields;
  return {
    unit: meta.unit,
    scales: meta.scales,
    temporal: f.temporal,
    noun: 'bar',
    snapping(group) {
      const bars = barsOf(group, f);
      let s = byBars.get(bars);
      if (!s) {
        const columns = bars.map((b) => ({
          x: +(b['__t'] as number),
          ys: [f.open, f.high, f.low, f.close].map((k) => Number(b[k])).filter(Number.isFinite),
        }));
        s = { columns, ys: columns.flatMap((c) => c.ys) };
        byBars.set(bars, s);
      }
      return s;
    },
  };
}

/** Marks that draw one item per row at its (x, y). */
const POINT_MARKS = new Set(['line', 'area', 'symbol', 'trail']);

const asNumber = (v: unknown): number =>
  v instanceof Date ? v.getTime() : typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;

/** The marks of the unit (named `<model>…`) with their group's offset, in nested groups too (a line per series). */
function unitMarks(
  group: SceneItem,
  model: string,
  out: { mark: SceneMark; ox: number; oy: number }[],
  ox = 0,
  oy = 0,
  depth = 0,
): void {
  for (const mark of group.items ?? []) {
    if (!mark.name?.startsWith(model) || mark.role === 'axis' || mark.role === 'legend') continue;
    if (mark.marktype === 'group') {
      if (depth < 4) for (const g of mark.items) unitMarks(g, model, out, ox + (g.x ?? 0), oy + (g.y ?? 0), depth + 1);
    } else if (POINT_MARKS.has(mark.marktype ?? '')) out.push({ mark, ox, oy });
  }
}

interface Drawn {
  x: number;
  y: number;
  /** The row's own y value (NaN when it has none). */
  raw: number;
}

/** Cached per mark's items (a new run of the data makes new ones; a zoom re-encodes the same rows). */
const byItems = new WeakMap<SceneItem[], { length: number; points: Drawn[] }>();

/**
 * The rows a plain unit draws, in data: x from the row (the field as parsed), y from the row
 * where it is drawn at that value, else read back from where it is drawn (a stacked area draws a
 * row at the running sum).
 */
function drawnPoints(group: SceneItem, view: View, meta: DrawableMeta, out: Drawn[][]): void {
  const marks: { mark: SceneMark; ox: number; oy: number }[] = [];
  unitMarks(group, meta.model, marks);
  const sx = view.scale(meta.scales.x);
  const sy = view.scale(meta.scales.y);
  for (const { mark } of marks) {
    const cached = byItems.get(mark.items);
    if (cached && cached.length === mark.items.length) {
      out.push(cached.points);
      continue;
    }
    const points: Drawn[] = [];
    for (const item of mark.items) {
      const d = item.datum;
      if (!d || item.x === undefined || item.y === undefined) continue;
      let x = asNumber(d[meta.fields.x]);
      if (!Number.isFinite(x)) x = Number(sx.invert(item.x));
      const raw = Number(d[meta.fields.y]);
      const onRow = Number.isFinite(raw) && Math.abs((sy(raw) as number) - item.y) <= 1;
      const y = onRow ? raw : Number(sy.invert(item.y));
      if (Number.isFinite(x) && Number.isFinite(y)) points.push({ x, y, raw });
    }
    byItems.set(mark.items, { length: mark.items.length, points });
    out.push(points);
  }
}

/** The columns of the rows drawn, by x. */
function columnsOf(parts: readonly Drawn[][]): Snapping {
  const points = parts.flat();
  if (!points.length) return EMPTY;
  points.sort((a, b) => a.x - b.x);
  const columns: Column[] = [];
  for (const p of points) {
    const last = columns.at(-1);
    if (last && last.x === p.x) last.ys.push(p.y);
    else columns.push({ x: p.x, ys: [p.y] });
  }
  return { columns, ys: points.map((p) => p.raw).filter(Number.isFinite) };
}

/** The plain units of a chart, one per plot (units on the same scales are one: see above). */
export function plainUnits(metas: readonly DrawableMeta[]): DrawingUnit[] {
  const groups = new Map<string, DrawableMeta[]>();
  for (const m of metas) {
    const key = `${m.scales.x}\n${m.scales.y}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].map((list) => {
    const first = list[0]!;
    let last: { parts: Drawn[][]; snapping: Snapping } | undefined;
    return {
      unit: first.unit,
      scales: first.scales,
      view: first.view,
      temporal: list.every((m) => m.fields.temporal),
      noun: 'point',
      snapping(group, view) {
        const parts: Drawn[][] = [];
        for (const m of list) drawnPoints(group, view, m, parts);
        // The same rows as last time (a pointer moving, a zoom): the same columns, not sorted again.
        if (last && last.parts.length === parts.length && last.parts.every((p, i) => p === parts[i]))
          return last.snapping;
        last = { parts, snapping: columnsOf(parts) };
        return last.snapping;
      },
    };
  });
}

/** The index of the column whose x is nearest `x` (columns sorted by x), or -1 when there are none. */
export function nearestColumn(columns: readonly Column[], x: number): number {
  if (!columns.length) return -1;
  let lo = 0;
  let hi = columns.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (columns[mid]!.x < x) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && x - columns[lo - 1]!.x <= columns[lo]!.x - x) return lo - 1;
  return lo;
}

/** How many columns lie after `a` up to `b` (either order): the bars or points a measure spans. */
export function columnsBetween(columns: readonly Column[], a: number, b: number): number {
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  let n = 0;
  for (const c of columns) if (c.x > lo && c.x <= hi) n++;
  return n;
}

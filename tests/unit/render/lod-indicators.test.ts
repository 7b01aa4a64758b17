import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { computeIndicator } from '../../../src/core/indicators';
import { expandMarks } from '../../../src/core/expand';
import { fuseMarkTransforms, installFusedTransforms } from '../../../src/render/fused-transforms';
import { computedRows, segmentsOf, type ComputesIndicators } from '../../../src/render/indicators';
import { rowsWritten } from '../../../src/render/shared-rows';
import { operatorsOf } from '../../../src/render/vega-internals';
import type { IndicatorRequest } from '../../../src/core/marks/financial-indicators';

/**
 * The indicators computed by the level of detail right after their placeholder (what the marks
 * write for a price chart and for each pane): the rows are read, never written, and each merged
 * bar carries the values of its last bar, computed on the whole series in time order.
 */
installFusedTransforms();

type Row = Record<string, number>;
const DAY = 864e5;
/** Bar `i`'s day: a gap of 40 days after bar 9000 (a break in the lines). */
const day = (i: number) => Date.UTC(2000, 0, 3) + (i + (i > 9000 ? 40 : 0)) * DAY;
const N = 20_000;

/** Bars in waves, a few of them out of time order in the data. */
function rows(n: number): Row[] {
  const out = Array.from({ length: n }, (_, i) => {
    const o = 100 + 10 * Math.sin(i / 40) + Math.sin(i / 3);
    const c = o + Math.cos(i / 5);
    return { d: day(i), o, h: Math.max(o, c) + 1, l: Math.min(o, c) - 1, c };
  });
  for (const [a, b] of [
    [3, 17_000],
    [500, 12],
  ] as const)
    [out[a], out[b]] = [out[b]!, out[a]!];
  return out;
}

/** The bars in time order, as the indicators read them. */
function series(data: Row[]) {
  const sorted = [...data].sort((a, b) => a.d! - b.d!);
  const col = (k: string) => sorted.map((r) => r[k]!);
  return { time: col('d'), open: col('o'), high: col('h'), low: col('l'), close: col('c') };
}

const spec = (data: Row[], indicators: unknown[]) => ({
  data: { values: data },
  width: 300,
  height: 150,
  mark: { type: 'candlestick', indicators },
  encoding: {
    x: { field: 'd', type: 'temporal' },
    open: { field: 'o' },
    high: { field: 'h' },
    low: { field: 'l' },
    close: { field: 'c' },
  },
});

function fused(data: Row[], indicators: unknown[]): VegaSpec {
  const r = expandMarks(spec(data, indicators));
  expect(r.problems).toEqual([]);
  return fuseMarkTransforms(compile(r.spec as TopLevelSpec).spec as VegaSpec);
}

async function draw(data: Row[], indicators: unknown[]) {
  const s = fused(data, indicators);
  const view = new vega.View(vega.parse(s), { renderer: 'none' });
  await view.runAsync();
  return { view, spec: s };
}

interface Item {
  datum: Record<string, unknown>;
}

/** The points of every line drawn through `field`, where it has a value. */
function points(view: vega.View, field: string): Item[] {
  const out: Item[] = [];
  const visit = (node: { marktype?: string; items?: unknown[] }) => {
    if (node.marktype === 'line') out.push(...((node.items ?? []) as Item[]));
    if (node.marktype === 'group' || !node.marktype) for (const c of node.items ?? []) visit(c as never);
  };
  visit((view.scenegraph() as unknown as { root: never }).root);
  return out.filter((i) => typeof i.datum[field] === 'number' && Number.isFinite(i.datum[field]));
}

/** Each drawn value of `field` is `expected` at the place of the last bar its merged bar holds. */
function expectLastBars(view: vega.View, data: Row[], field: string, expected: ArrayLike<number>) {
  const place = new Map(series(data).time.map((t, k) => [t, k]));
  const drawn = points(view, field);
  expect(drawn.length).toBeGreaterThan(50);
  for (const p of drawn) {
    const k = place.get((p.datum['__last'] as Row)['d']!)!;
    expect(p.datum[field]).toBe(expected[k]);
  }
  return drawn;
}

const computers = (view: vega.View) =>
  operatorsOf(view).filter((o) => (o as Partial<ComputesIndicators>).computedIndicators !== undefined);

async function zoomTo(view: vega.View, s: VegaSpec, from: number, to: number) {
  const signal = s.signals!.find((x) => /^chartspec_zoom___/.test(x.name))!.name;
  view.signal(signal, [day(from), day(to)]);
  await view.runAsync();
}

describe('indicators computed by the level of detail', () => {
  it('runs the placeholder and the level of detail as one transform, which writes nothing into the rows', async () => {
    const data = rows(N);
    const { view, spec: s } = await draw(data, ['ema', 'bollinger', 'rsi']);
    const text = JSON.stringify(s);
    expect(text).not.toContain('chartspecindicators');
    expect(text).not.toContain('__indicators');
    // The price chart's and the RSI pane's.
    const lods = (s.data ?? []).flatMap((d) => (d.transform ?? []) as unknown as Record<string, unknown>[]);
    expect(lods.filter((t) => t['type'] === 'chartspeclod' && typeof t['indicators'] === 'string')).toHaveLength(2);
    // So the app's rows need no copy, however many.
    const source = (s.data ?? []).find((d) => 'values' in d)!.name;
    expect(rowsWritten(s)).not.toContain(source);
    expect(data.some((r) => Object.keys(r).some((k) => k.startsWith('__ind')))).toBe(false);
    expect(computers(view)).toHaveLength(2);
    view.finalize();
  });

  it('leaves the values to be written into the rows when what follows reads them from a bar', () => {
    const r = expandMarks(spec(rows(3000), ['rsi']));
    const compiled = compile(r.spec as TopLevelSpec).spec as VegaSpec;
    const pane = (compiled.data ?? []).find((d) => JSON.stringify(d.transform ?? []).includes('__ind0_value'))!;
    expect(JSON.stringify(fuseMarkTransforms(compiled))).not.toContain('chartspecindicators');
    pane.transform = [
      ...(pane.transform ?? []),
      { type: 'formula', expr: 'datum.__last["__ind0_value"] * 2', as: 'twice' },
    ];
    const text = JSON.stringify(fuseMarkTransforms(compiled));
    expect(text).toContain('chartspecindicators');
    expect(text).not.toMatch(/"indicators":/);
  });

  it('gives each merged bar the values of its last bar computed on the whole series, zoomed or not, computing nothing on a zoom', async () => {
    const data = rows(N);
    const { view, spec: s } = await draw(data, ['ema', 'bollinger', 'rsi']);
    const bars = series(data);
    const ema = computeIndicator('ema', bars).value!;
    const upper = computeIndicator('bollinger', bars).upper!;
    const rsi = computeIndicator('rsi', bars).value!;
    const stretches = segmentsOf(bars.time);
    const segments = Array.from({ length: stretches.length }, (_, k) => stretches.at(k));
    const check = () => {
      expectLastBars(view, data, '__ind0_value', ema);
      expectLastBars(view, data, '__ind1_upper', upper);
      // The pane's, and the stretch each point is in (the lines break at the gap).
      const drawn = expectLastBars(view, data, '__ind2_value', rsi);
      expectLastBars(view, data, '__ind_segment', segments);
      return new Set(drawn.map((p) => p.datum['__ind_segment']));
    };
    expect(check()).toEqual(new Set([0, 1]));
    const before = computers(view).map((o) => (o as ComputesIndicators).computedIndicators!.columns);
    // Zoomed in to fewer bars than pixel columns: each bar is its own, the warm-up undrawn.
    await zoomTo(view, s, 0, 100);
    check();
    expect(Math.min(...points(view, '__ind0_value').map((p) => (p.datum['d'] as number) - day(0))) / DAY).toBe(19);
    await zoomTo(view, s, 8000, 12_000);
    expect(check()).toEqual(new Set([0, 1]));
    const after = computers(view).map((o) => (o as ComputesIndicators).computedIndicators!.columns);
    expect(after).toEqual(before);
    after.forEach((c, i) => expect(c).toBe(before[i]));
    view.finalize();
  });

  it('computes again when the rows change, and exports the values of every bar', async () => {
    const data = rows(N);
    const { view, spec: s } = await draw(data, ['sma', 'rsi']);
    const source = (s.data ?? []).find((d) => 'values' in d)!.name;
    const added = Array.from({ length: 300 }, (_, i) => {
      const c = 150 + i;
      return { d: day(N + i), o: c - 1, h: c + 2, l: c - 2, c };
    });
    await view.change(source, vega.changeset().insert(added)).runAsync();
    const all = [...data, ...added];
    const bars = series(all);
    expectLastBars(view, all, '__ind0_value', computeIndicator('sma', bars).value!);
    expectLastBars(view, all, '__ind1_value', computeIndicator('rsi', bars).value!);
    // The exports read every bar's values from the transform that computed them.
    const request = (computers(view)[0] as ComputesIndicators).computedIndicators!.request as IndicatorRequest;
    const exported = computedRows(view, request)!;
    expect(exported).toHaveLength(all.length);
    const sma = computeIndicator('sma', bars).value!;
    const place = new Map(bars.time.map((t, k) => [t, k]));
    for (const r of exported) {
      const v = sma[place.get(r['__ind_key'] as number)!]!;
      expect(r['__ind0_value']).toBe(Number.isFinite(v) ? v : null);
    }
    view.finalize();
  });

  it('reads every price the panes need with the times, in one pass, when the price chart has no overlay', async () => {
    const data = rows(N);
    const s = fused(data, ['rsi', 'atr']);
    const lods = (s.data ?? []).flatMap((d) => (d.transform ?? []).filter((t) => t.type === ('chartspeclod' as never)));
    // The price chart's, the RSI pane's and the ATR pane's, each naming the union.
    expect(lods).toHaveLength(3);
    for (const t of lods) expect(new Set((t as { prices?: string[] }).prices)).toEqual(new Set(['h', 'l', 'c']));
    const { view } = await draw(data, ['rsi', 'atr']);
    const bars = series(data);
    expectLastBars(view, data, '__ind0_value', computeIndicator('rsi', bars).value!);
    expectLastBars(view, data, '__ind1_value', computeIndicator('atr', bars).value!);
    view.finalize();
    // Without indicators, no level of detail reads a price beyond its own measures.
    const plain = fused(data, []);
    for (const d of plain.data ?? [])
      for (const t of d.transform ?? []) expect((t as { prices?: unknown }).prices).toBeUndefined();
  });
});

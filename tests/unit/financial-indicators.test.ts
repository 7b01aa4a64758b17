import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { computeIndicator } from '../../src/core/indicators';
import { expandMarks } from '../../src/core/expand';
import type { JsonObject } from '../../src/core/json';
import { requestOf } from '../../src/core/marks/financial-indicators';
import { installFusedTransforms } from '../../src/render/fused-transforms';
import { writeIndicators } from '../../src/render/indicators';
import { drawFused as draw, drawnExport } from './charts';
import { deepFreeze } from './helpers';

/**
 * The financial marks' `indicators`: what the expansion draws (overlays over the prices, panes
 * under them sharing the time axis, labels), and the values drawn — computed in the dataflow by
 * the page's transform over the whole series, the level of detail's merged bars carrying the
 * values of their last bar.
 */
installFusedTransforms();

const DAY = 864e5;
const day = (i: number) => Date.UTC(2024, 0, 1) + i * DAY;
/** Bars in waves; the rows are shuffled in the data (the indicators read them in time order). */
function rows(n: number) {
  const out = Array.from({ length: n }, (_, i) => {
    const o = 100 + 10 * Math.sin(i / 9) + i * 0.01;
    const c = o + Math.cos(i / 4);
    return { d: day(i), o, h: Math.max(o, c) + 1, l: Math.min(o, c) - 1, c, v: 1000 + (i % 7) * 100 };
  });
  // A few out of place, as data people paste is not always sorted.
  if (n > 40) [out[3], out[40]] = [out[40]!, out[3]!];
  return out;
}
const PRICES = { open: { field: 'o' }, high: { field: 'h' }, low: { field: 'l' }, close: { field: 'c' } };

const chart = (indicators: unknown[], n = 120, more: JsonObject = {}): JsonObject => ({
  data: { values: rows(n) },
  width: 300,
  height: 150,
  mark: { type: 'candlestick', indicators, ...more },
  encoding: { x: { field: 'd', type: 'temporal' }, ...PRICES },
});

const expand = (spec: JsonObject) => expandMarks(deepFreeze(structuredClone(spec)));

interface Item {
  x: number;
  y: number;
  text?: string;
  datum: Record<string, number>;
  mark: { marktype: string; name?: string };
}

/** Every item drawn of a mark type, with its mark. */
function items(view: vega.View, type: string): Item[] {
  const out: Item[] = [];
  const visit = (node: { marktype?: string; items?: unknown[] }) => {
    if (node.marktype === type) out.push(...((node.items ?? []) as Item[]));
    if (node.marktype === 'group' || !node.marktype) for (const c of node.items ?? []) visit(c as never);
  };
  visit((view.scenegraph() as unknown as { root: never }).root);
  return out;
}

/** The closes in time order, as the indicators read them. */
const closes = (n: number) => {
  const r = rows(n).sort((a, b) => a.d - b.d);
  return {
    time: r.map((b) => b.d),
    open: r.map((b) => b.o),
    high: r.map((b) => b.h),
    low: r.map((b) => b.l),
    close: r.map((b) => b.c),
    volume: r.map((b) => b.v),
  };
};

describe('indicators on a candlestick', () => {
  it('draws overlays over the prices and the others in panes under them, the dates under the lowest', () => {
    const r = expand(chart(['ema', { type: 'bollinger', period: 10 }, 'rsi', 'macd'], 120, {}));
    expect(r.problems).toEqual([]);
    const spec = r.spec as JsonObject;
    const [main, rsi, macd] = spec['vconcat'] as JsonObject[];
    expect((spec['vconcat'] as unknown[]).length).toBe(3);
    const text = JSON.stringify(main);
    // Overlays: the EMA's line and the bands' fill and lines, and their labels.
    expect(text).toContain('"field":"__ind0_value"');
    expect(text).toContain('"field":"__ind1_upper"');
    expect(text).toContain('"value":"EMA 20"');
    expect(text).toContain('"value":"BB 10 2"');
    expect(JSON.stringify(rsi)).toContain('"value":"RSI 14"');
    // RSI: its axis from 0 to 100 with the levels as its ticks.
    expect(JSON.stringify(rsi)).toContain('"domain":[0,100]');
    expect(JSON.stringify(rsi)).toContain('"values":[30,70]');
    // The dates are read under the MACD pane only.
    const labelsOff = (v: JsonObject) => JSON.stringify(v).includes('"labels":false');
    expect([labelsOff(main!), labelsOff(rsi!), labelsOff(macd!)]).toEqual([true, true, false]);
  });

  it('draws each level once, not once per bar', async () => {
    const { view } = await draw(chart(['rsi'], 120));
    // The levels' grey (the last price's line is dashed too, in the last bar's color).
    const levels = items(view, 'rule').filter((i) => (i as { stroke?: string }).stroke === '#94a3b8');
    expect(levels.length).toBe(2);
    view.finalize();
  });

  it('computes the values over the whole series in time order, the warm-up left undrawn', async () => {
    const n = 120;
    const { view } = await draw(chart(['ema', 'rsi'], n));
    const ema = computeIndicator('ema', closes(n)).value!;
    const rsi = computeIndicator('rsi', closes(n)).value!;
    const lines = items(view, 'line');
    const byDay = (field: string) =>
      new Map(
        lines
          .filter((i) => i.datum[field] !== undefined && Number.isFinite(i.datum[field]))
          .map((i) => [(i.datum['d']! - day(0)) / DAY, i.datum[field]!]),
      );
    const drawnEma = byDay('__ind0_value');
    const drawnRsi = byDay('__ind1_value');
    // Day 19 is the first with 20 bars: the EMA starts there, the RSI at day 14.
    expect(Math.min(...drawnEma.keys())).toBe(19);
    expect(Math.min(...drawnRsi.keys())).toBe(14);
    expect(drawnEma.size).toBe(n - 19);
    for (const [d, v] of drawnEma) expect(v).toBeCloseTo(ema[d]!, 9);
    for (const [d, v] of drawnRsi) expect(v).toBeCloseTo(rsi[d]!, 9);
    view.finalize();
  });

  it('with the level of detail, a merged bar carries the values of the last bar it holds', async () => {
    const n = 3000;
    const { view } = await draw(chart(['sma'], n, {}));
    const sma = computeIndicator('sma', closes(n)).value!;
    const points = items(view, 'line').filter((i) => Number.isFinite(i.datum['__ind0_value']));
    // About one point per pixel column, not one per bar.
    expect(points.length).toBeLessThan(400);
    expect(points.length).toBeGreaterThan(100);
    for (const p of points) {
      const last = p.datum['__last'] as unknown as { d: number };
      expect(p.datum['__ind0_value']).toBeCloseTo(sma[(last.d - day(0)) / DAY]!, 9);
    }
    view.finalize();
  });

  it('writes only its own fields into the rows it reads', () => {
    const data: Record<string, unknown>[] = rows(30);
    const before = JSON.stringify(data);
    // The placeholder the expansion wrote, wherever it is in the spec.
    let expr: unknown;
    JSON.stringify(expand(chart(['ema'], 30)).spec, (k, v: unknown) => {
      if (v && typeof v === 'object' && (v as JsonObject)['as'] === '__indicators')
        expr = (v as JsonObject)['calculate'];
      return v;
    });
    const request = requestOf(expr);
    expect(request).toBeDefined();
    writeIndicators(data, request!);
    const own = (r: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith('__ind')));
    expect(JSON.stringify(data.map(own))).toBe(before);
    expect(data[25]!['__ind0_value']).toBeTypeOf('number');
    expect(Object.keys(data[25]!).filter((k) => k.startsWith('__ind'))).toEqual(['__ind0_value', '__ind_segment']);
  });

  it('exports with the values the page computed, in data sets each bar finds by its time', async () => {
    const spec = chart(['ema', 'rsi'], 3000);
    const page = await draw(spec);
    const view = await drawnExport(spec, page.view, 3000);
    const points = (v: vega.View, field: string) =>
      items(v, 'line')
        .filter((i) => Number.isFinite(i.datum[field]))
        .map((i) => [Math.round(i.x), i.datum[field]]);
    for (const field of ['__ind0_value', '__ind1_value']) {
      const drawn = points(view, field);
      expect(drawn.length).toBeGreaterThan(100);
      expect(drawn).toEqual(points(page.view, field));
    }
    view.finalize();
    page.view.finalize();
  });

  it('draws a parameter the schema refuses with its default, and computes without throwing', async () => {
    const spec = chart(
      [
        { type: 'rsi', period: -5 },
        { type: 'ema', period: 2.5 },
      ],
      60,
    );
    // Every placeholder: the price chart's (the EMA) and the RSI pane's.
    const params: unknown[] = [];
    JSON.stringify(expand(spec).spec, (_k, v: unknown) => {
      if (v && typeof v === 'object' && (v as JsonObject)['as'] === '__indicators')
        params.push(...requestOf((v as JsonObject)['calculate'])!.list.map((i) => [i.name, i.params]));
      return v;
    });
    expect(params).toEqual([
      ['ema', { period: 20 }],
      ['rsi', { period: 14 }],
    ]);
    const { view } = await draw(spec);
    expect(items(view, 'line').some((i) => Number.isFinite(i.datum['__ind0_value']))).toBe(true);
    view.finalize();
  });

  it("gives each line of the price pane its own color, and the histogram's label the color of its bars above zero", () => {
    const r = expand(chart(['bollinger', 'ema', 'macd'], 60));
    expect(r.problems).toEqual([]);
    const colorOf = new Map<string, string>();
    const texts: { text: string; color: string }[] = [];
    const visit = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== 'object') return;
      const n = node as JsonObject;
      const mark = n['mark'] as JsonObject | undefined;
      const y = (n['encoding'] as JsonObject | undefined)?.['y'] as JsonObject | undefined;
      if (mark?.['type'] === 'line' && typeof y?.['field'] === 'string') colorOf.set(y['field'], String(mark['color']));
      if (mark?.['type'] === 'text' && typeof mark['color'] === 'string')
        texts.push({ text: JSON.stringify(n), color: mark['color'] });
      Object.values(n).forEach(visit);
    };
    visit(r.spec);
    const priceLines = ['__ind0_upper', '__ind0_middle', '__ind0_lower', '__ind1_value'].map((f) => colorOf.get(f));
    expect(priceLines.every(Boolean)).toBe(true);
    // The bands share the indicator's color; its middle and the EMA each have their own.
    expect(priceLines[0]).toBe(priceLines[2]);
    expect(new Set([priceLines[0], priceLines[1], priceLines[3]]).size).toBe(3);
    expect(colorOf.get('__ind2_signal')).not.toBe(colorOf.get('__ind2_macd'));
    expect(texts.find((t) => t.text.includes('Histogram'))?.color).toBe('#26a69a');
  });

  it('says so when an overlay meets a percent scale, and leaves it out', () => {
    const r = expand(chart(['ema'], 30, { priceScale: 'percent' }));
    expect(r.problems).toEqual([expect.objectContaining({ severity: 'warning', path: '/mark/priceScale' })]);
    expect(JSON.stringify(r.spec)).not.toContain('__ind0');
  });

  it("says so once when a facet would mix the cells' series, and leaves the indicators out", async () => {
    const two = [...rows(60).map((r) => ({ ...r, s: 'A' })), ...rows(60).map((r) => ({ ...r, s: 'B', c: r.c * 3 }))];
    const inner = chart(['ema', 'rsi'], 60);
    const cases: JsonObject[] = [
      { ...inner, data: { values: two }, encoding: { ...(inner['encoding'] as JsonObject), row: { field: 's' } } },
      { data: { values: two }, facet: { row: { field: 's' } }, spec: { ...inner, data: undefined } as JsonObject },
    ];
    for (const spec of cases) {
      const r = expand(JSON.parse(JSON.stringify(spec)) as JsonObject);
      const path = 'facet' in spec ? '/spec/mark/indicators' : '/mark/indicators';
      expect(r.problems).toEqual([expect.objectContaining({ severity: 'warning', path })]);
      expect(r.problems[0]!.message).toMatch(/facet splits this candlestick/);
      expect(JSON.stringify(r.spec)).not.toContain('__ind');
      // The candlesticks themselves are drawn.
      const compiled = compile(structuredClone(r.spec) as TopLevelSpec).spec as VegaSpec;
      const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
      await view.runAsync();
      expect(items(view, 'rect').length).toBeGreaterThanOrEqual(120);
      view.finalize();
    }
  });
});

import { expect } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { expandMarks } from '../../src/core/expand';
import type { JsonObject } from '../../src/core/json';
import type { IndicatorData } from '../../src/core/marks/financial-indicators';
import { fuseMarkTransforms, installFusedTransforms } from '../../src/render/fused-transforms';
import { computedRows } from '../../src/render/indicators';
import { deepFreeze } from './helpers';
// The browser tests' candlestick encoding (a module without a test runner in it).
import { CANDLE_ENCODING } from '../browser/daily-bars';

export { CANDLE_ENCODING };

/** A candlestick chart over date/open/high/low/close, expanded and compiled to Vega. */
export function compiledCandlestick(options: {
  width: number;
  mark?: Record<string, unknown>;
  encoding?: Record<string, unknown>;
  extra?: Record<string, unknown>;
}): VegaSpec {
  const r = expandMarks({
    width: options.width,
    height: 200,
    mark: { type: 'candlestick', ...options.mark },
    encoding: { ...CANDLE_ENCODING, ...options.encoding },
    ...options.extra,
  });
  expect(r.problems).toEqual([]);
  return compile(r.spec as TopLevelSpec).spec as VegaSpec;
}

/** The SVG a spec draws, headless. */
export async function drawnSvg(spec: VegaSpec): Promise<string> {
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  await view.runAsync();
  const out = await view.toSVG();
  view.finalize();
  // Clip paths are numbered by a counter that runs across draws.
  return out.replace(/\bclip\d+/g, 'clip#');
}

/**
 * `n` daily bars from 2020 (from Monday 2020-01-06, weekdays only, with `weekdays`: the smallest
 * gap is a day, weekends leave wider ones), deterministic.
 */
export function candleRows(n: number, { weekdays = false } = {}): Record<string, number>[] {
  return Array.from({ length: n }, (_, i) => {
    const o = 100 + Math.sin(i / 7) * 10;
    const c = o + Math.cos(i / 3) * 3;
    const date = weekdays
      ? Date.UTC(2020, 0, 6) + (Math.floor(i / 5) * 7 + (i % 5)) * 864e5
      : Date.UTC(2020, 0, 1) + i * 864e5;
    return { date, open: o, high: Math.max(o, c) + 1, low: Math.min(o, c) - 1, close: c, volume: 1000 + i };
  });
}

/**
 * What a view's scene holds: every mark's bounds and items, every item's bounds and plain
 * values, in the order they are drawn. (An SVG is drawn from the items alone; the bounds and
 * order come from what an encode pass tells the operators after it.) The items of an axis or a
 * legend are taken in any order: the order of ticks that left and came back depends on when
 * Vega's after-run callbacks ran, in Vega's own runs too.
 */
export function scene(v: vega.View): string {
  type Node = Record<string, unknown> & {
    items?: Node[];
    role?: string;
    bounds?: { x1: number; y1: number; x2: number; y2: number };
  };
  const bounds = (n: Node) => (n.bounds ? [n.bounds.x1, n.bounds.y1, n.bounds.x2, n.bounds.y2] : null);
  const walk = (n: Node, guide: boolean): unknown => {
    const plain = Object.entries(n).filter(
      ([k, x]) => k !== 'bounds' && k !== 'items' && (x === null || typeof x !== 'object') && typeof x !== 'function',
    );
    const inGuide = guide || /^(axis|legend)/.test(String(n.role ?? ''));
    let items = n.items?.map((i) => walk(i, inGuide));
    if (items && inGuide) items = items.map((i) => JSON.stringify(i)).sort();
    return { ...Object.fromEntries(plain), bounds: bounds(n), items };
  };
  return JSON.stringify(walk((v.scenegraph() as unknown as { root: Node }).root, false));
}

/**
 * The export of a spec with indicators, given the values the page's view computed, compiled by
 * plain Vega-Lite and drawn headless: the export holds no placeholder and lists a data set per
 * request (the first with a row per bar, `bars`); the compiled Vega has nothing of the page's.
 */
export async function drawnExport(spec: JsonObject, page: vega.View, bars: number): Promise<vega.View> {
  const exported = expandMarks(deepFreeze(structuredClone(spec)), undefined, undefined, { target: 'export' });
  expect(exported.problems).toEqual([]);
  const out = exported.spec as JsonObject;
  // No placeholder: a lookup per computed set, listed for the exporter.
  expect(JSON.stringify(out)).not.toContain('__indicators');
  const needs = (out['usermeta'] as JsonObject)['chartspecIndicators'] as unknown as IndicatorData[];
  expect(needs.map((n) => n.data)).toEqual(['chartspec_indicators', 'chartspec_indicators_2']);
  const datasets = Object.fromEntries(needs.map((n) => [n.data, computedRows(page, n.request)!]));
  expect(datasets['chartspec_indicators']).toHaveLength(bars);
  // Drawn by plain Vega: the standard transforms, nothing of the page's.
  const plain = compile(structuredClone({ ...out, datasets }) as TopLevelSpec).spec as VegaSpec;
  expect(JSON.stringify(plain)).not.toContain('__indicators');
  expect(JSON.stringify(plain)).not.toContain('chartspecindicators');
  const view = new vega.View(vega.parse(plain), { renderer: 'none' });
  await view.runAsync();
  return view;
}

/** A spec expanded (with no problem), compiled and drawn headless as the page draws it: its marks' transforms fused. */
export async function drawFused(spec: JsonObject) {
  installFusedTransforms();
  const r = expandMarks(deepFreeze(structuredClone(spec)));
  expect(r.problems).toEqual([]);
  const compiled = compile(structuredClone(r.spec) as TopLevelSpec).spec as VegaSpec;
  const view = new vega.View(vega.parse(fuseMarkTransforms(compiled)), { renderer: 'none' });
  await view.runAsync();
  return { view, spec: r.spec as JsonObject, compiled };
}

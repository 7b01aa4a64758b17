import { expect } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { expandMarks } from '../../src/core/expand';

/** A candlestick chart over date/open/high/low/close, expanded and compiled to Vega. */
export function compiledCandlestick(options: { width: number; mark?: Record<string, unknown>; encoding?: Record<string, unknown>; extra?: Record<string, unknown> }): VegaSpec {
  const r = expandMarks({
    width: options.width,
    height: 200,
    mark: { type: 'candlestick', ...options.mark },
    encoding: { x: { field: 'date', type: 'temporal' }, open: { field: 'open' }, high: { field: 'high' }, low: { field: 'low' }, close: { field: 'close' }, ...options.encoding },
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
    const date = weekdays ? Date.UTC(2020, 0, 6) + (Math.floor(i / 5) * 7 + (i % 5)) * 864e5 : Date.UTC(2020, 0, 1) + i * 864e5;
    return { date, open: o, high: Math.max(o, c) + 1, low: Math.min(o, c) - 1, close: c, volume: 1000 + i };
  });
}

import { expect } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { expandMarks } from '../../src/core/expand';
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

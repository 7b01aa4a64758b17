/**
 * The chart's own sentence (core/describe.ts): Vega labels a chart with the spec's description,
 * else with "Vega visualization"; a spec without one gets a sentence made from it, and a spec
 * with one keeps it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { compile } from 'vega-lite';
import { describeChart, withDescriptions } from '../../../src/core/describe';
import { expandMarks } from '../../../src/core/expand';
import type { JsonObject } from '../../../src/core/json';
import { MAX_DEPTH } from '../../../src/core/limits';
import { expressionEvaluator } from '../../../src/render/expression';

/** 43 trading days, Jun 3 to Jul 31, 2024 (dates as data files write them). */
const DAYS = Array.from({ length: 61 }, (_, i) => new Date(Date.UTC(2024, 5, 1 + i)))
  .filter((d) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && d.getUTCMonth() < 7)
  .map((d, i) => ({ date: d.toISOString().slice(0, 10), o: 20 + i, h: 22 + i, l: 19 + i, c: 21 + i }));

const VIX: JsonObject = {
  title: 'Volatility, summer 2024',
  data: { values: DAYS },
  encoding: {
    x: { field: 'date', type: 'temporal' },
    y: { title: 'VIX' },
    open: { field: 'o' },
    high: { field: 'h' },
    low: { field: 'l' },
    close: { field: 'c' },
  },
  layer: [{ mark: 'candlestick' }, { mark: { type: 'annotation', items: [{ kind: 'level', y: 30 }] } }],
};

/** The spec as the page would draw it: marks expanded, then described. */
async function viewOf(spec: JsonObject): Promise<{ view: vega.View; svg: string }> {
  const expanded = expandMarks(spec);
  expect(expanded.problems).toEqual([]);
  const vg = compile(withDescriptions(expanded.spec, spec) as never).spec as VegaSpec;
  const view = new vega.View(vega.parse(vg, undefined, { ast: true }), {
    renderer: 'none',
    expr: expressionEvaluator,
  } as vega.ViewOptions);
  await view.runAsync();
  return { view, svg: await view.toSVG() };
}

describe('describeChart', () => {
  it('says the title, the mark, the fields, and the rows with the dates they span', () => {
    expect(DAYS).toHaveLength(43);
    expect(describeChart(VIX)).toBe(
      'Volatility, summer 2024. Candlestick chart of VIX by date, 43 bars from Jun 3 to Jul 31, 2024',
    );
  });

  it('says the mark and the fields of plain Vega-Lite, the data it cannot count left out', () => {
    expect(
      describeChart({
        data: { url: 'data/cars.json' },
        mark: 'point',
        encoding: {
          x: { field: 'Horsepower', type: 'quantitative' },
          y: { field: 'Miles_per_Gallon', type: 'quantitative', title: 'Miles per gallon' },
        },
      }),
    ).toBe('Scatter plot of Miles per gallon by Horsepower');
    expect(
      describeChart({
        title: { text: ['Where the budget', 'goes'] },
        data: { values: [{ k: 'a', v: 1 }] },
        mark: { type: 'arc' },
        encoding: { theta: { field: 'v', type: 'quantitative' }, color: { field: 'k', type: 'nominal' } },
      }),
    ).toBe('Where the budget goes. Pie chart of v by k, 1 row');
  });

  it('says a gauge by its value, and each view of a dashboard', () => {
    expect(
      describeChart({
        hconcat: [
          { data: { values: [{ r: 1 }] }, mark: 'gauge', encoding: { value: { field: 'r', title: 'Revenue' } } },
          { data: { values: [{ a: 1 }, { a: 2 }] }, mark: 'bar', encoding: { y: { field: 'a' } } },
          { data: { values: [{ a: 1 }, { a: 2 }] }, mark: 'bar', encoding: { y: { field: 'a' } } },
        ],
      }),
    ).toBe('3 views: Gauge of Revenue; Bar chart of a, 2 bars');
  });
});

describe('withDescriptions', () => {
  it('labels the view with the sentence instead of "Vega visualization"', async () => {
    const { view } = await viewOf(VIX);
    expect(view.description()).toBe(
      'Volatility, summer 2024. Candlestick chart of VIX by date, 43 bars from Jun 3 to Jul 31, 2024',
    );
    const plain = expandMarks(VIX).spec;
    const undescribed = new vega.View(vega.parse(compile(plain as never).spec, undefined, { ast: true }), {
      renderer: 'none',
      expr: expressionEvaluator,
    } as vega.ViewOptions);
    expect(undescribed.description()).toBe('Vega visualization');
  });

  it('keeps the description the spec gives', async () => {
    const { view } = await viewOf({ ...VIX, description: 'My volatility chart' });
    expect(view.description()).toBe('My volatility chart');
  });

  it('says a mark Vega-Lite leaves undescribed by its constants, and hides one placed in pixels', async () => {
    const spec: JsonObject = {
      data: { values: [{ a: 1, b: 28 }] },
      encoding: { x: { field: 'a', type: 'quantitative' } },
      layer: [
        { mark: 'point', encoding: { y: { field: 'b', type: 'quantitative' } } },
        { mark: { type: 'rule', color: 'red' }, encoding: { x: null, y: { datum: 30 } } },
        { mark: 'rect', encoding: { x: null, x2: { value: 0 }, y: { value: 0 }, y2: { value: 5 } } },
        { mark: { type: 'text', text: 'level 30' }, encoding: { x: null, y: { datum: 30 } } },
      ],
    };
    const described = withDescriptions(spec, spec) as JsonObject;
    const layer = described['layer'] as JsonObject[];
    expect(layer[0]).toBe((spec['layer'] as JsonObject[])[0]);
    expect(layer[1]!['mark']).toEqual({ type: 'rule', color: 'red', description: 'Rule at y 30' });
    expect(layer[2]!['mark']).toEqual({ type: 'rect', aria: false });
    expect(layer[3]).toBe((spec['layer'] as JsonObject[])[3]);
    const { svg } = await viewOf(spec);
    expect(svg).toContain('aria-label="Rule at y 30"');
    // No mark is left for a screen reader to announce without a name.
    expect(
      [...svg.matchAll(/<g [^>]*role="graphics-symbol"[^>]*>/g)].filter((m) => !m[0].includes('aria-label')),
    ).toEqual([]);
  });

  it('changes neither spec', () => {
    const before = JSON.stringify(VIX);
    const expanded = expandMarks(VIX).spec;
    const copy = JSON.stringify(expanded);
    withDescriptions(expanded, VIX);
    expect(JSON.stringify(VIX)).toBe(before);
    expect(JSON.stringify(expanded)).toBe(copy);
  });
});

describe('every example', () => {
  const dir = new URL('../../../examples/', import.meta.url);
  const names = readdirSync(dir).filter((n) => n.endsWith('.vl.json'));

  it.each(names)('%s: described, and compiled without a warning', (name) => {
    const spec = JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as JsonObject;
    const described = withDescriptions(expandMarks(spec).spec, spec) as JsonObject;
    expect(typeof described['description']).toBe('string');
    if (typeof spec['description'] === 'string') expect(described['description']).toBe(spec['description']);
    const warnings: string[] = [];
    const logger = {
      level: () => logger,
      warn: (...m: unknown[]) => (warnings.push(m.join(' ')), logger),
      info: () => logger,
      debug: () => logger,
      error: (...m: unknown[]) => (warnings.push(m.join(' ')), logger),
    };
    compile(described as never, { logger: logger as never });
    expect(warnings).toEqual([]);
  });
});

describe('the walks at the nesting limit (core/walk.ts)', () => {
  /** A bar chart under `levels` layers. */
  const layered = (levels: number): JsonObject => {
    let node: JsonObject = { mark: { type: 'rule' }, encoding: { y: { datum: 1 } } };
    for (let i = 0; i < levels; i++) node = { layer: [node] };
    return node;
  };

  it('reads a unit as deep as a text can nest, and leaves a deeper one as it is', () => {
    const deep = layered(MAX_DEPTH - 1);
    expect(describeChart(deep)).toBe('Rule chart');
    let unit = withDescriptions(deep, deep) as JsonObject;
    for (let i = 0; i < MAX_DEPTH - 1; i++) unit = (unit['layer'] as JsonObject[])[0]!;
    expect(unit['mark']).toEqual({ type: 'rule', description: 'Rule at y 1' });

    const deeper = layered(MAX_DEPTH + 5);
    expect(describeChart(deeper)).toBeUndefined();
    expect(() => withDescriptions(deeper, deeper)).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { drawableFields, drawablesOf, type DrawableMeta } from '../../src/core/drawable';
import { expandMarks } from '../../src/core/expand';
import { exploresOf } from '../../src/core/explore';
import type { JsonObject } from '../../src/core/json';
import { runPipeline } from '../../src/core/pipeline';
import { deepFreeze } from './helpers';

/**
 * Which units of a plain Vega-Lite chart can be drawn on (continuous x and y data fields), as the
 * expansion tells the page in `usermeta`: their pointers, view names and scales, in single views,
 * layers and concatenations; none in facets and repeats, nor for the page's exports.
 */
const values = [
  { date: '2024-01-02', price: 10.5, symbol: 'A' },
  { date: '2024-01-03', price: 11.25, symbol: 'A' },
];
const X = { field: 'date', type: 'temporal' };
const Y = { field: 'price', type: 'quantitative' };
const line = (extra: JsonObject = {}): JsonObject => ({ mark: 'line', encoding: { x: X, y: Y }, ...extra });

const drawables = (spec: JsonObject, drawable = true) =>
  drawablesOf(expandMarks(deepFreeze(structuredClone(spec)), undefined, undefined, { drawable }).spec);

/** The names of every scale and group mark of a compiled Vega spec. */
function vegaNames(spec: unknown): { scales: Set<string>; groups: Set<string> } {
  const scales = new Set<string>();
  const groups = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const n = node as JsonObject;
    for (const s of (n['scales'] as JsonObject[] | undefined) ?? []) scales.add(String(s['name']));
    for (const m of (n['marks'] as JsonObject[] | undefined) ?? []) {
      if (m['type'] === 'group') groups.add(String(m['name']));
      walk(m);
    }
  };
  walk(spec);
  return { scales, groups };
}

describe('drawable units', () => {
  it('a single line on a temporal x and a quantitative y', () => {
    const spec = { data: { values }, ...line() };
    expect(drawables(spec)).toEqual<DrawableMeta[]>([
      {
        unit: '',
        model: '',
        view: '',
        scales: { x: 'x', y: 'y' },
        fields: { x: 'date', y: 'price', temporal: true },
      },
    ]);
  });

  it('each unit of a layer, with the encoding it inherits, on the layer’s shared scales', () => {
    const spec = {
      data: { values },
      encoding: { x: X },
      layer: [
        { mark: 'area', encoding: { y: Y } },
        { mark: 'bar', encoding: { y: Y } },
        { mark: { type: 'point', filled: true }, encoding: { y: { field: 'price', type: 'quantitative' } } },
        { mark: 'rule', encoding: { y: { aggregate: 'mean', field: 'price', type: 'quantitative' } } },
      ],
    };
    expect(drawables(spec).map((d) => [d.unit, d.model, d.view, d.scales])).toEqual([
      ['/layer/0', 'layer_0_', '', { x: 'x', y: 'y' }],
      ['/layer/2', 'layer_2_', '', { x: 'x', y: 'y' }],
    ]);
  });

  it('each view of a concatenation on its own scales, whose names the compiled Vega has', () => {
    const spec = {
      data: { values },
      hconcat: [line(), { vconcat: [line({ mark: 'bar' }), line({ mark: 'trail' })] }],
    };
    const found = drawables(spec);
    expect(found.map((d) => [d.unit, d.model, d.scales])).toEqual([
      ['/hconcat/0', 'concat_0_', { x: 'concat_0_x', y: 'concat_0_y' }],
      ['/hconcat/1/vconcat/1', 'concat_1_concat_1_', { x: 'concat_1_concat_1_x', y: 'concat_1_concat_1_y' }],
    ]);
    const names = vegaNames(runPipeline(JSON.stringify(spec)).vega);
    for (const d of found) {
      expect(names.scales).toContain(d.scales.x);
      expect(names.scales).toContain(d.scales.y);
      expect(names.groups).toContain(`${d.view}group`);
      expect(d.view).toBe(d.model);
    }
  });

  it('a layer inside a concatenation, and shared scales named for the view that owns them', () => {
    const spec = {
      data: { values },
      resolve: { scale: { y: 'shared' } },
      vconcat: [{ layer: [line(), line({ mark: 'point' })] }, line()],
    };
    const found = drawables(spec);
    expect(found.map((d) => [d.unit, d.model, d.view, d.scales])).toEqual([
      ['/vconcat/0/layer/0', 'concat_0_layer_0_', 'concat_0_', { x: 'concat_0_x', y: 'y' }],
      ['/vconcat/0/layer/1', 'concat_0_layer_1_', 'concat_0_', { x: 'concat_0_x', y: 'y' }],
      ['/vconcat/1', 'concat_1_', 'concat_1_', { x: 'concat_1_x', y: 'y' }],
    ]);
    const names = vegaNames(runPipeline(JSON.stringify(spec)).vega);
    for (const d of found) {
      expect([...names.scales]).toEqual(expect.arrayContaining([d.scales.x, d.scales.y]));
      expect(names.groups).toContain(`${d.view}group`);
    }
  });

  it('none in a facet or a repeat (drawn once per cell), nor with a facet channel', () => {
    expect(drawables({ data: { values }, facet: { field: 'symbol', type: 'nominal' }, spec: line() })).toEqual([]);
    expect(
      drawables({
        data: { values },
        repeat: ['price'],
        spec: { mark: 'line', encoding: { x: X, y: { field: { repeat: 'repeat' }, type: 'quantitative' } } },
      }),
    ).toEqual([]);
    expect(drawables({ data: { values }, repeat: ['a'], spec: line() })).toEqual([]);
    expect(drawables({ data: { values }, ...line({ encoding: { x: X, y: Y, row: { field: 'symbol' } } }) })).toEqual(
      [],
    );
  });

  it('a line with indicators, through the series it expands into, beside its panes', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ date: `2024-03-${(i % 28) + 1}`, price: 10 + (i % 7) }));
    const spec = { data: { values: many }, ...line({ mark: { type: 'line', indicators: ['sma', 'rsi'] } }) };
    const found = drawables(spec);
    // Its unit is the text's (a drawing goes beside the line written); its names are the series'
    // in the view above the RSI pane.
    expect(found.map((d) => [d.unit, d.model, d.view, d.scales, d.fields])).toEqual([
      ['', 'concat_0_layer_0_', 'concat_0_', { x: 'x', y: 'concat_0_y' }, { x: 'date', y: 'price', temporal: true }],
    ]);
    const names = vegaNames(runPipeline(JSON.stringify(spec), { drawable: true }).vega);
    expect([...names.scales]).toEqual(expect.arrayContaining([found[0]!.scales.x, found[0]!.scales.y]));
    expect(names.groups).toContain(`${found[0]!.view}group`);
    // Inside a layer beside an annotation (where a first drawing puts it), the same.
    const layered = { data: { values: many }, layer: [line({ mark: { type: 'line', indicators: ['rsi'] } })] };
    expect(drawables(layered).map((d) => d.unit)).toEqual(['/layer/0']);
  });

  it('none unless asked (the page asks): elsewhere the output is Vega-Lite’s own', () => {
    expect(drawables({ data: { values }, ...line() }, false)).toEqual([]);
    const text = JSON.stringify({ data: { values }, ...line() });
    expect(runPipeline(text).vega?.usermeta).toBeUndefined();
    expect(drawablesOf(runPipeline(text, { drawable: true }).vega)).toHaveLength(1);
  });

  it('a layer beside a candlestick is drawn on through the candlestick’s own meta', () => {
    const spec = {
      data: { values: [{ date: '2024-01-02', o: 1, h: 2, l: 0.5, c: 1.5, sma: 1.2 }] },
      encoding: { x: { field: 'date', type: 'temporal' } },
      layer: [
        {
          mark: 'candlestick',
          encoding: { open: { field: 'o' }, high: { field: 'h' }, low: { field: 'l' }, close: { field: 'c' } },
        },
        { mark: 'line', encoding: { y: { field: 'sma', type: 'quantitative' } } },
      ],
    };
    const out = expandMarks(deepFreeze(structuredClone(spec)), undefined, undefined, { drawable: true }).spec;
    expect(exploresOf(out)).toHaveLength(1);
    expect(drawablesOf(out)).toEqual([]);
  });

  it('a unit with a plain line among candlesticks in a concat is drawable on its own', () => {
    const candle = {
      mark: 'candlestick',
      encoding: {
        x: X,
        open: { field: 'price' },
        high: { field: 'price' },
        low: { field: 'price' },
        close: { field: 'price' },
      },
    };
    const out = expandMarks(deepFreeze({ data: { values }, vconcat: [candle, line()] }), undefined, undefined, {
      drawable: true,
    }).spec;
    expect(exploresOf(out).map((m) => m.unit)).toEqual(['/vconcat/0']);
    expect(drawablesOf(out).map((d) => d.unit)).toEqual(['/vconcat/1']);
  });
});

describe('drawableFields', () => {
  const enc = (x: unknown, y: unknown = Y) => ({ x, y }) as JsonObject;
  it('takes continuous data fields on continuous scales', () => {
    expect(drawableFields('line', enc(X))).toEqual({ x: 'date', y: 'price', temporal: true });
    expect(drawableFields('point', enc({ field: 'n', type: 'quantitative', scale: { type: 'log' } }))).toEqual({
      x: 'n',
      y: 'price',
      temporal: false,
    });
  });
  it('leaves binned, aggregated, time-unit, nominal, band-scaled, nested and temporal-y positions', () => {
    for (const x of [
      { field: 'date', type: 'temporal', timeUnit: 'month' },
      { field: 'n', type: 'quantitative', bin: true },
      { field: 'n', type: 'quantitative', aggregate: 'sum' },
      { field: 'n', type: 'ordinal' },
      { field: 'n', type: 'quantitative', scale: { type: 'band' } },
      { field: 'a.b', type: 'quantitative' },
      { value: 3 },
      'date',
    ])
      expect(drawableFields('line', enc(x))).toBeUndefined();
    expect(drawableFields('line', enc(X, X))).toBeUndefined();
    expect(drawableFields('bar', enc(X))).toBeUndefined();
    expect(drawableFields(undefined, enc(X))).toBeUndefined();
  });
});

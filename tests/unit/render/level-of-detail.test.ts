import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { lodExpressions } from '../../../src/core/marks/financial';
import { fuseMarkTransforms, installFusedTransforms } from '../../../src/render/fused-transforms';
import { candleRows, compiledCandlestick, drawnSvg } from '../charts';

installFusedTransforms();

type Row = Record<string, unknown>;

/** The level of detail as the marks write it, in Vega's own transforms (what vega-lite compiles to). */
function standardChain(
  field: string,
  temporal: boolean,
  columns: number,
  zoom: string | undefined,
  volume: boolean,
): unknown[] {
  const e = lodExpressions(field, temporal, columns, zoom);
  return [
    { type: 'formula', expr: e.time, as: '__t' },
    {
      type: 'joinaggregate',
      as: ['__tmin', '__tmax', '__n'],
      ops: ['min', 'max', 'count'],
      fields: ['__t', '__t', null],
      groupby: [],
    },
    ...(e.filter ? [{ type: 'filter', expr: e.filter }] : []),
    { type: 'formula', expr: e.column, as: '__column' },
    {
      type: 'aggregate',
      groupby: ['__column'],
      ops: ['argmin', 'argmax', 'max', 'min', ...(volume ? ['sum'] : [])],
      fields: ['__t', '__t', 'h', 'l', ...(volume ? ['v'] : [])],
      as: ['__first', '__last', 'h', 'l', ...(volume ? ['v'] : [])],
    },
  ];
}

/** Runs both the standard transforms and their fused form over the same rows, in one view. */
async function both(rows: Row[], temporal: boolean, columns: number, range: unknown, volume: boolean) {
  const zoom = range === undefined ? undefined : 'zoom';
  const chain = standardChain('d', temporal, columns, zoom, volume);
  const spec = {
    signals: zoom ? [{ name: 'zoom', value: { __x0: range } }] : [],
    data: [
      { name: 'src', values: rows },
      { name: 'std', source: 'src', transform: chain },
      { name: 'fused', source: 'src', transform: chain },
    ],
  } as unknown as VegaSpec;
  const fused = fuseMarkTransforms(spec) as unknown as { data: { transform?: { type: string }[] }[] };
  expect(fused.data[2]!.transform!.map((t) => t.type)).toEqual(['chartspeclod']);
  const view = new vega.View(vega.parse(fused as unknown as VegaSpec), { renderer: 'none' });
  await view.runAsync();
  const out = { std: view.data('std') as Row[], fused: view.data('fused') as Row[], src: view.data('src') as Row[] };
  view.finalize();
  return out;
}

/** A row by its index, so the standard chain's copies and the original rows compare. */
const ids = (rows: Row[]) =>
  rows.map((r) => {
    const first = r['__first'] as Row;
    const last = r['__last'] as Row;
    return { ...Object.fromEntries(Object.entries(r)), __first: first['i'] ?? 'none', __last: last['i'] ?? 'none' };
  });

describe('the fused level of detail', () => {
  const value = fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 946684800000, max: 946684800000 + 400 * 864e5 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, '', Number.NaN, '2000-03-04', 'not a date') },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 946684800000, max: 946684800000 + 400 * 864e5 }).map((t) => new Date(t)),
    },
  );
  const price = fc.oneof(
    { weight: 8, arbitrary: fc.double({ min: 1, max: 500, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(null, Number.NaN, '') },
  );
  const rowsArb = fc.array(fc.record({ d: value, h: price, l: price, v: price }), { minLength: 0, maxLength: 300 });

  it('gives the tuples the standard transforms give: same columns, first and last bars, extremes, sums, order', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        fc.boolean(),
        fc.integer({ min: 1, max: 120 }),
        fc.option(
          fc.tuple(
            fc.integer({ min: 946684800000, max: 946684800000 + 400 * 864e5 }),
            fc.integer({ min: 0, max: 200 * 864e5 }),
          ),
          { nil: undefined },
        ),
        fc.boolean(),
        async (raw, temporal, columns, zoomAt, volume) => {
          const rows = raw.map((r, i) => ({ i, ...r }));
          const range = zoomAt && [zoomAt[0], zoomAt[0] + zoomAt[1]];
          const { std, fused, src } = await both(rows, temporal, columns, range, volume);
          expect(ids(fused)).toEqual(ids(std));
          // It reads the rows and writes nothing into them: Vega had no reason to copy them.
          for (const r of fused) if ((r['__first'] as Row)['i'] !== undefined) expect(src).toContain(r['__first']);
          expect(src.every((r) => !('__t' in r))).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('follows the zoom: a new range recomputes the columns', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      i,
      d: Date.UTC(2020, 0, 1) + i * 864e5,
      h: i + 2,
      l: i,
      v: 1,
    }));
    const chain = standardChain('d', true, 50, 'zoom', true);
    const spec = {
      signals: [{ name: 'zoom', value: {} }],
      data: [
        { name: 'src', values: rows },
        { name: 'fused', source: 'src', transform: chain },
      ],
    } as unknown as VegaSpec;
    const view = new vega.View(vega.parse(fuseMarkTransforms(spec)), { renderer: 'none' });
    await view.runAsync();
    expect((view.data('fused') as Row[]).length).toBe(50);
    expect((view.data('fused') as Row[]).reduce((s, r) => s + (r['v'] as number), 0)).toBe(1000);
    // Zoomed in on 20 days: fewer bars than columns, one candle each.
    view.signal('zoom', { __x0: [Date.UTC(2020, 0, 11), Date.UTC(2020, 0, 30)] });
    await view.runAsync();
    const zoomed = view.data('fused') as Row[];
    expect(zoomed.map((r) => (r['__first'] as Row)['i'])).toEqual(Array.from({ length: 20 }, (_, k) => 10 + k));
    view.finalize();
  });
});

describe('fuseMarkTransforms on compiled charts', () => {
  const bars = (n: number) => candleRows(n);
  const chart = (extra: Record<string, unknown>) =>
    compiledCandlestick({ width: 300, mark: { tooltip: false }, extra });
  const svg = drawnSvg;
  const types = (spec: VegaSpec) =>
    JSON.stringify(spec).match(/"type":"(chartspeclod|aggregate|joinaggregate)"/g) ?? [];

  it('replaces the transforms of a level of detail, and the chart draws exactly the same', async () => {
    const spec = chart({ data: { values: bars(3000) } });
    const fused = fuseMarkTransforms(spec);
    expect(types(spec)).toContain('"type":"aggregate"');
    expect(types(fused)).toContain('"type":"chartspeclod"');
    expect(types(fused)).not.toContain('"type":"aggregate"');
    expect(await svg(fused)).toBe(await svg(spec));
  });

  it('does so with a volume pane and a zoom interval too', async () => {
    const spec = chart({
      data: { values: bars(2000) },
      params: [{ name: 'zoom', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' }],
      encoding: {
        x: { field: 'date', type: 'temporal' },
        open: { field: 'open' },
        high: { field: 'high' },
        low: { field: 'low' },
        close: { field: 'close' },
        volume: { field: 'volume' },
      },
    });
    const fused = fuseMarkTransforms(spec);
    expect(JSON.stringify(fused)).toContain('"range":{"signal":"zoom[\\"__x0\\"]"}');
    expect(JSON.stringify(fused)).toContain('"volume":"volume"');
    expect(await svg(fused)).toBe(await svg(spec));
  });

  it('leaves a spec without one as it is, and one that differs in any way', () => {
    const small = chart({ data: { values: bars(100) } });
    expect(types(fuseMarkTransforms(small))).not.toContain('"type":"chartspeclod"');
    const spec = chart({ data: { values: bars(3000) } });
    const text = JSON.stringify(spec);
    for (const [from, to] of [
      ['datum.__n > 300 &&', 'datum.__n > 301 &&'],
      ['"ops":["argmin","argmax","max","min"]', '"ops":["argmin","argmax","max","max"]'],
      ['"as":["__tmin","__tmax","__n"]', '"as":["__tmin","__tmax","__m"]'],
    ] as const) {
      expect(text).toContain(from);
      const changed = JSON.parse(text.replace(from, to)) as VegaSpec;
      expect(types(fuseMarkTransforms(changed))).not.toContain('"type":"chartspeclod"');
    }
  });
});

describe('privateRows', () => {
  it('gives Vega copies of the inline rows, so drawing and patching never change the app’s spec', async () => {
    const { privateRows } = await import('../../../src/render/shared-rows');
    const rows = [{ a: 1 }, { a: 2 }];
    const spec = {
      data: [
        { name: 't', values: rows },
        { name: 'u', source: 't' },
      ],
      marks: [],
    } as unknown as VegaSpec;
    const copy = privateRows(spec) as unknown as { data: { values?: Row[] }[] };
    expect(copy.data[0]!.values).toEqual(rows);
    expect(copy.data[0]!.values![0]).not.toBe(rows[0]);
    expect(copy.data[1]).toBe((spec as unknown as { data: unknown[] }).data[1]);
    const view = new vega.View(vega.parse(copy as unknown as VegaSpec), { renderer: 'none' });
    await view.runAsync();
    view.change('t', vega.changeset().modify((view.data('t') as Row[])[0]! as never, 'a', 9));
    await view.runAsync();
    expect((view.data('t') as Row[])[0]!['a']).toBe(9);
    expect(rows[0]).toEqual({ a: 1 });
    expect(Object.getOwnPropertySymbols(rows[0]!)).toEqual([]);
    view.finalize();
    const none = { marks: [] } as unknown as VegaSpec;
    expect(privateRows(none)).toBe(none);
  });
});

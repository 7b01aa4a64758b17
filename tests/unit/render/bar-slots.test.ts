import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { expandMarks } from '../../../src/core/expand';
import { changeExpressions, slotExpressions } from '../../../src/core/marks/fused-expressions';
import { fuseMarkTransforms, installFusedTransforms } from '../../../src/render/fused-transforms';
import { candleRows, compiledCandlestick, drawnSvg } from '../charts';

installFusedTransforms();

type Row = Record<string, unknown>;

/** The bar slots (and the change) as the marks write them, in Vega's own transforms. */
function standardChain(temporal: boolean, half: number, change: boolean): unknown[] {
  const e = slotExpressions('d', temporal, half);
  const c = changeExpressions('o', 'c');
  return [
    { type: 'formula', expr: e.time, as: '__t' },
    {
      type: 'window',
      params: [null],
      as: ['__prev_t'],
      ops: ['lag'],
      fields: ['__t'],
      sort: { field: ['__t'], order: ['ascending'] },
      groupby: [],
    },
    { type: 'formula', expr: e.gap, as: '__gap' },
    { type: 'joinaggregate', as: ['__step'], ops: ['min'], fields: ['__gap'], groupby: [] },
    { type: 'formula', expr: e.x0, as: '__x0' },
    { type: 'formula', expr: e.x1, as: '__x1' },
    ...(change
      ? [
          { type: 'formula', expr: c.change, as: '__change' },
          { type: 'formula', expr: c.pct, as: '__change_pct' },
        ]
      : []),
  ];
}

const copies = (rows: Row[]) => rows.map((r) => ({ ...r }));
/** The rows' fields, without Vega's tuple ids. */
const fields = (rows: unknown) => (rows as Row[]).map((r) => Object.fromEntries(Object.entries(r)));

/** A view with the standard chain over one copy of the rows and the fused one over another. */
function views(rows: Row[], temporal: boolean, half: number, change: boolean) {
  const chain = standardChain(temporal, half, change);
  const fusedChain = (
    fuseMarkTransforms({ data: [{ name: 'x', transform: chain }] } as unknown as VegaSpec) as unknown as {
      data: { transform: unknown[] }[];
    }
  ).data[0]!.transform;
  expect(fusedChain).toEqual([
    { type: 'chartspecslots', field: 'd', temporal, half, ...(change ? { open: 'o', close: 'c' } : {}) },
  ]);
  const spec = {
    data: [
      { name: 'a', values: copies(rows) },
      { name: 'b', values: copies(rows) },
      { name: 'std', source: 'a', transform: chain },
      { name: 'fused', source: 'b', transform: fusedChain },
    ],
  };
  return new vega.View(vega.parse(spec as unknown as VegaSpec), { renderer: 'none' });
}

const time = fc.integer({ min: 946684800000, max: 946684800000 + 60 * 864e5 });
const dateValue = fc.oneof(
  { weight: 6, arbitrary: time },
  // Repeated times: ties in the window's order.
  { weight: 2, arbitrary: fc.constantFrom(946684800000, 946684800000 + 864e5) },
  { weight: 1, arbitrary: fc.constantFrom(null, '', Number.NaN, '2000-03-04', 'not a date', true) },
  { weight: 1, arbitrary: time.map((t) => new Date(t)) },
  { weight: 1, arbitrary: fc.constant(new Date(Number.NaN)) },
);
const price = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: -5, max: 500, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(null, Number.NaN, '', 0, '12') },
);
const rowArb = fc.record({ d: dateValue, o: price, c: price });
const rowsArb = fc.array(rowArb, { minLength: 0, maxLength: 120 });
const halfArb = fc.constantFrom(0.35, 0.5, 0.4, 0.05);

describe('the fused bar slots', () => {
  it('write the very fields the standard transforms write, with the same values, on every row', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, fc.boolean(), halfArb, fc.boolean(), async (rows, temporal, half, change) => {
        const view = views(rows, temporal, half, change);
        await view.runAsync();
        const std = view.data('std') as Row[];
        const fused = view.data('fused') as Row[];
        expect(fields(fused)).toEqual(fields(std));
        // Every field the standard chain writes is there (even `__step` when no gap exists).
        for (const row of fused) for (const k of Object.keys(std[0] ?? {})) expect(k in row).toBe(true);
        view.finalize();
      }),
      { numRuns: 200 },
    );
  });

  it('after rows are added, removed and changed, hold what the standard transforms give those rows', async () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), rows: fc.array(rowArb, { minLength: 1, maxLength: 4 }) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('modify' as const),
        at: fc.nat(),
        field: fc.constantFrom('d', 'o', 'c'),
        value: fc.oneof(dateValue, price),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        fc.boolean(),
        halfArb,
        fc.boolean(),
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        async (rows, temporal, half, change, edits) => {
          const view = views(rows, temporal, half, change);
          await view.runAsync();
          for (const e of edits) {
            const current = view.data('b') as Row[];
            const cs = vega.changeset();
            if (e.kind === 'insert') cs.insert(copies(e.rows) as never);
            else if (!current.length) continue;
            else if (e.kind === 'remove') cs.remove(current[e.at % current.length] as never);
            else cs.modify(current[e.at % current.length] as never, e.field, e.value);
            view.change('b', cs);
            await view.runAsync();
            // The same rows, in the same order (the order of their tuple ids), from scratch.
            const fresh = views(
              (view.data('b') as Row[]).map((r) => ({ d: r['d'], o: r['o'], c: r['c'] })),
              temporal,
              half,
              change,
            );
            await fresh.runAsync();
            expect(fields(view.data('fused'))).toEqual(fields(fresh.data('std')));
            fresh.finalize();
          }
          view.finalize();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('tell what is downstream about rows whose slot changed without being edited', async () => {
    const day = 864e5;
    const rows = [0, 2, 4, 6].map((k) => ({ d: k * day, o: 1, c: 2 }));
    const chain = standardChain(false, 0.5, false);
    const spec = {
      data: [
        { name: 'src', values: rows },
        {
          name: 'fused',
          source: 'src',
          transform: [...chain, { type: 'formula', expr: 'datum.__x1 - datum.__x0', as: 'width' }],
        },
      ],
    } as unknown as VegaSpec;
    const view = new vega.View(vega.parse(fuseMarkTransforms(spec)), { renderer: 'none' });
    await view.runAsync();
    expect((view.data('fused') as Row[]).map((r) => r['width'])).toEqual([2 * day, 2 * day, 2 * day, 2 * day]);
    // A bar between two others halves the smallest gap: every slot narrows, not only the new one's.
    view.change('src', vega.changeset().insert([{ d: 3 * day, o: 1, c: 2 }] as never));
    await view.runAsync();
    expect((view.data('fused') as Row[]).map((r) => r['width'])).toEqual([day, day, day, day, day]);
    view.finalize();
  });
});

describe('fuseMarkTransforms and the bar slots of compiled charts', () => {
  const bars = (n: number) => candleRows(n, { weekdays: true });
  const chart = (extra: Record<string, unknown>, encoding: Record<string, unknown> = {}) =>
    compiledCandlestick({ width: 400, encoding, extra });
  const svg = drawnSvg;
  const types = (spec: VegaSpec) =>
    (
      JSON.stringify(spec).match(/"type":"(chartspecslots|chartspeclod|chartspeclastrow|window|joinaggregate)"/g) ?? []
    ).map((s) => s.slice(8, -1));

  it('replace the slot transforms (and the change) of a candlestick, and the chart draws exactly the same', async () => {
    const spec = chart({ data: { values: bars(120) } });
    const fused = fuseMarkTransforms(spec);
    // After the slots, the last price's joinaggregate (the last bar) and its one row (./last-row).
    expect(types(spec)).toEqual(['window', 'joinaggregate', 'joinaggregate', 'window']);
    expect(types(fused)).toEqual(['chartspecslots', 'joinaggregate', 'chartspeclastrow']);
    expect(JSON.stringify(fused)).toContain('"open":"open","close":"close"');
    expect(JSON.stringify(fused)).not.toContain('"as":"__change_pct"');
    expect(await svg(fused)).toBe(await svg(spec));
  });

  it('do so in the volume pane, beside a level of detail, and for ohlc without a tooltip', async () => {
    const withVolume = chart({ data: { values: bars(2000) } }, { volume: { field: 'volume' } });
    // The last price's joinaggregate, which finds the last bar before the level of detail, runs
    // inside the level of detail (src/render/level-of-detail.ts); its one row of the drawn bars
    // is picked by the last row (src/render/last-row.ts).
    expect(types(fuseMarkTransforms(withVolume))).toEqual([
      'chartspeclod',
      'chartspecslots',
      'chartspeclastrow',
      'chartspeclod',
      'chartspecslots',
    ]);
    expect(await svg(fuseMarkTransforms(withVolume))).toBe(await svg(withVolume));
    const r = expandMarks({
      width: 300,
      height: 200,
      data: { values: bars(60) },
      mark: { type: 'ohlc', tooltip: false },
      encoding: {
        x: { field: 'date', type: 'temporal' },
        open: { field: 'open' },
        high: { field: 'high' },
        low: { field: 'low' },
        close: { field: 'close' },
      },
    });
    const ohlc = compile(r.spec as TopLevelSpec).spec as VegaSpec;
    const fused = fuseMarkTransforms(ohlc);
    expect(types(fused)).toEqual(['chartspecslots', 'joinaggregate', 'chartspeclastrow']);
    // No change fused (the explore meta names the close field, elsewhere in the spec).
    expect(JSON.stringify(fused)).not.toMatch(/"type":"chartspecslots"[^}]*"close":"close"/);
    expect(await svg(fused)).toBe(await svg(ohlc));
  });

  it('leave transforms that differ in any way, and a faceted chart whose window is per facet', async () => {
    const spec = chart({ data: { values: bars(60) } });
    const text = JSON.stringify(spec);
    for (const [from, to] of [
      ['"ops":["lag"]', '"ops":["lead"]'],
      ['"ops":["min"]', '"ops":["max"]'],
      [
        'datum.__t + (isValid(datum.__step) ? datum.__step : 1) * 0.35',
        'datum.__t + (isValid(datum.__step) ? datum.__step : 1) * 0.36',
      ],
      ['"as":"__gap"', '"as":"__gaps"'],
    ] as const) {
      expect(text).toContain(from);
      expect(types(fuseMarkTransforms(JSON.parse(text.replace(from, to)) as VegaSpec))).not.toContain('chartspecslots');
    }
    // Only the change differs: the slots are still fused, the change stays as written.
    const pct = JSON.parse(text.replace(': null","as":"__change_pct"', ': 0","as":"__change_pct"')) as VegaSpec;
    const fusedPct = fuseMarkTransforms(pct);
    expect(types(fusedPct)).toEqual(['chartspecslots', 'joinaggregate', 'chartspeclastrow']);
    expect(JSON.stringify(fusedPct)).toContain('"as":"__change_pct"');
    expect(await svg(fusedPct)).toBe(await svg(pct));

    const faceted = expandMarks({
      data: { values: bars(40).map((b, i) => ({ ...b, symbol: i % 2 ? 'A' : 'B' })) },
      facet: { row: { field: 'symbol' } },
      spec: {
        width: 300,
        height: 100,
        mark: 'candlestick',
        encoding: {
          x: { field: 'date', type: 'temporal' },
          open: { field: 'open' },
          high: { field: 'high' },
          low: { field: 'low' },
          close: { field: 'close' },
        },
      },
    });
    expect(faceted.problems).toEqual([]);
    const facetSpec = compile(faceted.spec as TopLevelSpec).spec as VegaSpec;
    expect(types(facetSpec)).toContain('window');
    expect(types(fuseMarkTransforms(facetSpec))).not.toContain('chartspecslots');
    // The last price's window grouped by the facet field stays; the one over a cell's own rows
    // (its data comes from the facet) picks that cell's row, and the cells draw the same.
    const fusedFacet = fuseMarkTransforms(facetSpec);
    expect(types(fusedFacet).filter((t) => t === 'window' || t === 'chartspeclastrow')).toEqual([
      'window',
      'window',
      'chartspeclastrow',
    ]);
    expect(JSON.stringify(fusedFacet)).toContain(
      '"groupby":["symbol"]},{"type":"filter","expr":"datum.__lp_row === 1"}',
    );
    expect(await svg(fusedFacet)).toBe(await svg(facetSpec));
  });
});

import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { runPipeline } from '../../../src/core/pipeline';
import { applyPatch, type DataPatch } from '../../../src/core/data-patch';
import { datasetsLoader } from '../../../src/cli/datasets';
import { expressionEvaluator } from '../../../src/render/expression';
import { fuseMarkTransforms, installFusedTransforms } from '../../../src/render/fused-transforms';
import { patchView } from '../../../src/render/patch-view';
import { MAX_DEPTH } from '../../../src/core/limits';
import { privateRows, rowsWritten, SHARED_MIN_ROWS } from '../../../src/render/shared-rows';
import { candleRows, compiledCandlestick, scene } from '../charts';
import { CONFORMANCE, exampleAndConformanceSpecs } from '../corpus';

type Row = Record<string, unknown>;
type Data = { name: string; values?: Row[] }[];
const dataOf = (spec: unknown) => (spec as { data: Data }).data;

installFusedTransforms();

const loader = datasetsLoader();

async function drawn(spec: VegaSpec): Promise<vega.View> {
  const view = new vega.View(vega.parse(spec, undefined, { ast: true }), {
    renderer: 'none',
    loader,
    logLevel: vega.None,
    expr: expressionEvaluator as never,
  });
  await view.runAsync();
  return view;
}
/** What a view draws, and where: its scene (see ./charts), size and origin (the padding autosize gives). */
const drawing = (view: vega.View) => ({
  scene: scene(view),
  size: [view.width(), view.height()],
  origin: view.origin(),
});

describe('rowsWritten', () => {
  const spec = (data: unknown[], extra: Record<string, unknown> = {}) => ({ data, ...extra }) as unknown as VegaSpec;
  const values = [{ a: 1 }];

  it('names the inline data sets whose own transforms write into their rows', () => {
    const filter = { type: 'filter', expr: 'datum.a > 0' };
    const formula = { type: 'formula', expr: 'datum.a * 2', as: 'b' };
    expect(rowsWritten(spec([{ name: 'a', values, transform: [filter, formula] }]))).toEqual(new Set(['a']));
    // An aggregate first: the formula writes into the aggregate's rows.
    expect(rowsWritten(spec([{ name: 'a', values, transform: [{ type: 'aggregate' }, formula] }]))).toEqual(new Set());
    // Only reading: filter, extent, collect.
    expect(
      rowsWritten(
        spec([{ name: 'a', values, transform: [filter, { type: 'extent', field: 'a' }, { type: 'collect' }] }]),
      ),
    ).toEqual(new Set());
    // A transform not known to leave rows alone counts as writing.
    expect(rowsWritten(spec([{ name: 'a', values, transform: [{ type: 'impute', field: 'a', key: 'b' }] }]))).toEqual(
      new Set(['a']),
    );
    expect(rowsWritten(spec([{ name: 'a', values, transform: [{ type: 'somethingnew' }] }]))).toEqual(new Set(['a']));
  });

  it('follows the rows into data sets derived from them, as far as Vega passes them on', () => {
    const formula = { type: 'formula', expr: 'datum.a * 2', as: 'b' };
    // A data set whose transforms modify tuples is given copies by Vega: the rows stay as they are.
    expect(
      rowsWritten(
        spec([
          { name: 'a', values },
          { name: 'b', source: 'a', transform: [{ type: 'filter', expr: '1' }] },
          { name: 'c', source: 'b', transform: [formula] },
        ]),
      ),
    ).toEqual(new Set());
    expect(
      rowsWritten(
        spec([
          { name: 'a', values },
          { name: 'b', values },
          { name: 'c', source: ['a', 'b'], transform: [{ type: 'stack', field: 'a' }] },
        ]),
      ),
    ).toEqual(new Set());
    // One that does not (no transform says it modifies) passes the rows themselves on.
    expect(
      rowsWritten(
        spec([
          { name: 'a', values },
          { name: 'b', values },
          { name: 'c', source: 'b', transform: [{ type: 'impute', field: 'a', key: 'b' }] },
        ]),
      ),
    ).toEqual(new Set(['b']));
    expect(
      rowsWritten(
        spec([
          { name: 'a', values },
          { name: 'b', source: 'a', transform: [{ type: 'aggregate' }, formula] },
        ]),
      ),
    ).toEqual(new Set());
    // A transform Vega does not know, a source that is not there: cannot be told.
    expect(
      rowsWritten(
        spec([
          { name: 'a', values },
          { name: 'b', source: 'a', transform: [{ type: 'somethingnew' }] },
        ]),
      ),
    ).toBe('all');
    expect(
      rowsWritten(
        spec([
          { name: 'a', values },
          { name: 'b', source: 'nowhere' },
        ]),
      ),
    ).toBe('all');
  });

  it('counts a parsing format, triggers and modify() as writing; a modify() of another data set does not', () => {
    expect(rowsWritten(spec([{ name: 'a', values, format: { parse: { a: 'number' } } }]))).toEqual(new Set(['a']));
    expect(rowsWritten(spec([{ name: 'a', values, format: { type: 'json' } }]))).toEqual(new Set());
    expect(rowsWritten(spec([{ name: 'a', values, on: [{ trigger: 'x', insert: 'x' }] }]))).toEqual(new Set(['a']));
    const signal = (update: string) => ({ signals: [{ name: 's', on: [{ events: 'click', update }] }] });
    expect(
      rowsWritten(spec([{ name: 'a', values }, { name: 'store' }], signal('modify("store", null, true)'))),
    ).toEqual(new Set());
    expect(
      rowsWritten(
        spec(
          [
            { name: 'a', values },
            { name: 'b', source: 'a' },
          ],
          signal("modify('b', null, null, null, datum, {a: 2})"),
        ),
      ),
    ).toEqual(new Set(['a']));
    expect(rowsWritten(spec([{ name: 'a', values }], signal('modify(s2, null, true)')))).toBe('all');
  });

  it('gives up (all written) on data in group marks given the rows themselves that may write into them', () => {
    const group = (data: unknown[]) => ({ marks: [{ type: 'group', marks: [{ type: 'group', data }] }] });
    const nested = (d: Record<string, unknown>) =>
      rowsWritten(spec([{ name: 'a', values }], group([{ name: 'n', source: 'a', ...d }])));
    expect(nested({ transform: [{ type: 'impute', field: 'a', key: 'b' }] })).toBe('all');
    expect(nested({ on: [{ trigger: 'x', modify: 'x', values: '{a: 2}' }] })).toBe('all');
    expect(nested({ transform: [{ type: 'formula', expr: '1', as: 'x' }] })).toEqual(new Set()); // copies
    expect(nested({ transform: [{ type: 'filter', expr: '1' }] })).toEqual(new Set());
  });
});

describe('privateRows', () => {
  it('shares the rows of big data sets nothing writes into, and copies the rest', () => {
    const rows = candleRows(50);
    const spec = fuseMarkTransforms(compiledCandlestick({ width: 20, extra: { data: { values: rows } } }));
    const source = dataOf(spec).find((d) => d.values)!;
    // The level of detail reads the rows and makes its own: shared from sharedMinRows on.
    expect(privateRows(spec, 50)).toBe(spec);
    const copied = privateRows(spec, 51);
    const copy = dataOf(copied).find((d) => d.values)!;
    expect(copy.values).toEqual(source.values);
    expect(copy.values![0]).not.toBe(source.values![0]);
    // Without the level of detail, the marks' formulas run in a derived data set: Vega copies
    // the rows for them itself, and the view may share them too.
    const plain = compiledCandlestick({ width: 20, mark: { lod: false }, extra: { data: { values: rows } } });
    expect(privateRows(plain, 1)).toBe(plain);
    // A formula of the inline data set itself writes into its rows: copied at any size.
    const own = {
      data: [{ name: 't', values: rows, transform: [{ type: 'formula', expr: 'datum.open * 2', as: 'open' }] }],
    } as unknown as VegaSpec;
    expect(dataOf(privateRows(own, 1))[0]!.values![0]).not.toBe(rows[0]);
    expect(SHARED_MIN_ROWS).toBeGreaterThan(10_000); // typing into 10,000 rows patches copies from the first key
  });

  it('copies the inline rows of group marks', () => {
    const values = [{ a: 1 }];
    const spec = { marks: [{ type: 'group', data: [{ name: 'n', values }] }] } as unknown as VegaSpec;
    const out = privateRows(spec, 0) as unknown as { marks: { data: Data }[] };
    expect(out.marks[0]!.data[0]!.values).toEqual(values);
    expect(out.marks[0]!.data[0]!.values![0]).not.toBe(values[0]);
    expect(spec).toEqual({ marks: [{ type: 'group', data: [{ name: 'n', values: [{ a: 1 }] }] }] });
    // As deep as a text the parser takes can nest them (two levels of JSON per group).
    type Group = { type: 'group'; data?: Data; marks?: Group[] };
    const deepest: Group = { type: 'group', data: [{ name: 'n', values }] };
    let top: Group = deepest;
    for (let i = 1; i < (MAX_DEPTH - 2) / 2; i++) top = { type: 'group', marks: [top] };
    let drawn = (privateRows({ marks: [top] } as unknown as VegaSpec, 0) as unknown as { marks: Group[] }).marks[0]!;
    while (drawn.marks) drawn = drawn.marks[0]!;
    expect(drawn.data![0]!.values).toEqual(values);
    expect(drawn.data![0]!.values![0]).not.toBe(values[0]);
  });
});

function specs(): [string, string][] {
  const out = exampleAndConformanceSpecs();
  // Charts whose transforms write into inline rows, one kind each (the examples seldom do).
  const values = Array.from({ length: 12 }, (_, i) => ({
    k: 'abc'[i % 3],
    t: `2024-01-${String(i + 1).padStart(2, '0')}`,
    v: (i * 7) % 10,
  }));
  const vl = (rest: Record<string, unknown>) =>
    JSON.stringify({
      data: { values },
      mark: 'point',
      encoding: { x: { field: 'v', type: 'quantitative' }, y: { field: 'k', type: 'nominal' } },
      ...rest,
    });
  out.push(
    ['a calculate over its own field', vl({ transform: [{ calculate: 'datum.v * 2', as: 'v' }] })],
    ['a window', vl({ transform: [{ window: [{ op: 'rank', as: 'r' }] }] })],
    ['a joinaggregate', vl({ transform: [{ joinaggregate: [{ op: 'sum', field: 'v', as: 's' }] }] })],
    [
      'a bin',
      vl({ encoding: { x: { field: 'v', type: 'quantitative', bin: true }, y: { field: 'k', type: 'nominal' } } }),
    ],
    [
      'a time unit',
      vl({ encoding: { x: { field: 't', type: 'temporal', timeUnit: 'date' }, y: { field: 'k', type: 'nominal' } } }),
    ],
    [
      'a stack',
      vl({
        mark: 'bar',
        encoding: {
          x: { field: 'k', type: 'nominal' },
          y: { field: 'v', type: 'quantitative' },
          color: { field: 't', type: 'nominal' },
        },
      }),
    ],
    [
      'a lookup',
      vl({ transform: [{ lookup: 'k', from: { data: { values: [{ k: 'a', w: 1 }] }, key: 'k', fields: ['w'] } }] }),
    ],
  );
  // Raw Vega: the transforms of the inline data set itself, and a parsing format.
  const vg = (data: Record<string, unknown>) =>
    JSON.stringify({
      $schema: 'https://vega.github.io/schema/vega/v6.json',
      width: 100,
      height: 100,
      data: [
        { name: 'keys', values: [{ k: 'a', w: 1 }] },
        { name: 't', values: values.map((r) => ({ ...r, s: String(r.v) })), ...data },
      ],
      scales: [{ name: 'x', type: 'linear', domain: { data: 't', field: 'v' }, range: 'width' }],
      marks: [
        { type: 'symbol', from: { data: 't' }, encode: { update: { x: { scale: 'x', field: 'v' }, y: { value: 5 } } } },
      ],
    });
  for (const transform of [
    { type: 'formula', expr: 'datum.v + 1', as: 'v' },
    { type: 'window', ops: ['row_number'], as: ['n'] },
    { type: 'joinaggregate', ops: ['sum'], fields: ['v'], as: ['s'] },
    { type: 'bin', field: 'v', extent: [0, 10] },
    { type: 'timeunit', field: 't', units: ['date'] },
    { type: 'stack', field: 'v', groupby: ['k'] },
    { type: 'lookup', from: 'keys', key: 'k', fields: ['k'], as: ['key'] },
    { type: 'identifier', as: 'id' },
    { type: 'pie', field: 'v' },
  ])
    out.push([
      `${transform.type} in the inline data set`,
      vg({ transform: [{ type: 'filter', expr: 'true' }, transform] }),
    ]);
  out.push(['a parsing format', vg({ format: { type: 'json', parse: { s: 'number' } } })]);
  return out;
}

describe('shared rows, drawn', () => {
  const all = specs();
  if (!existsSync(CONFORMANCE))
    console.warn(`shared rows: ${CONFORMANCE.pathname} is not there; only the examples are drawn`);
  let sharedSets = 0;

  // Every chart, drawn from its rows shared wherever rowsWritten allows (no size threshold):
  // afterwards the rows hold what they held (Vega's tuple id, a symbol, aside).
  it.each(all)(
    'leaves the rows of %s as they were',
    async (_name, text) => {
      const vg = runPipeline(text).vega as VegaSpec | undefined;
      if (!vg) return;
      const fused = fuseMarkTransforms(vg);
      // The rows only: Vega writes into other parts of a spec (a format gets its delimiter).
      const rowsOf = () => JSON.stringify((dataOf(fused) ?? []).map((d) => d.values ?? null));
      const before = rowsOf();
      const runtime = privateRows(fused, 0);
      sharedSets += (dataOf(runtime) ?? []).filter((d, i) => d.values && d.values === dataOf(fused)[i]!.values).length;
      let view: vega.View | undefined;
      try {
        view = await drawn(runtime);
      } catch {
        return; // specs that do not draw headless are not about rows
      } finally {
        view?.finalize();
      }
      expect(rowsOf()).toBe(before);
    },
    60_000,
  );

  it('shares the rows of many of them', () => {
    expect(sharedSets).toBeGreaterThan(existsSync(CONFORMANCE) ? 40 : 5);
  });
});

describe('shared rows with the last price', () => {
  it('are read by the level of detail, which finds the last bar itself: nothing copies or writes into them', async () => {
    const rows = candleRows(3000);
    const spec = compiledCandlestick({ width: 60, extra: { data: { values: rows } } });
    // The standard spec has the last price's joinaggregate (which would write into every row)...
    expect(JSON.stringify(spec)).toContain('"as":["__last_bar"],"ops":["argmax"]');
    const fused = fuseMarkTransforms(spec);
    // ...which the drawing runs inside the level of detail.
    expect(JSON.stringify(fused)).not.toContain('"joinaggregate","as":["__last_bar"]');
    const index = dataOf(fused).findIndex((d) => d.values);
    const name = dataOf(fused)[index]!.name;
    const runtime = privateRows(fused, 1);
    expect(dataOf(runtime)[index]!.values).toBe(rows); // shared by the spec
    const saved = JSON.stringify(rows);
    const view = await drawn(runtime);
    try {
      const tuples = view.data(name) as Row[];
      expect(tuples[0]).toBe(rows[0]); // shared by the view
      // The bars drawn point to the rows themselves, not to Vega's copies of them: the first bar of
      // the first candle, and the series' last bar that the last price reads.
      const derived = dataOf(fused).find((d) => JSON.stringify(d).includes('chartspeclod'))!.name;
      const bars = view.data(derived) as Row[];
      expect(bars.length).toBeGreaterThan(0);
      expect(bars[0]!['__first']).toBe(rows[0]);
      for (const bar of bars) expect(bar['__last_bar']).toBe(rows.at(-1));
      expect(JSON.stringify(rows)).toBe(saved);
      expect(rows.some((r) => '__last_bar' in r || '__t' in r)).toBe(false);
    } finally {
      view.finalize();
    }
  });
});

describe('a patch of shared rows', () => {
  it('gives the view rows of its own, draws as a fresh chart does, and leaves the spec as it was', async () => {
    const base = fuseMarkTransforms(compiledCandlestick({ width: 60, extra: { data: { values: candleRows(400) } } }));
    const index = dataOf(base).findIndex((d) => d.values);
    const name = dataOf(base)[index]!.name;
    const saved = JSON.stringify(base);
    const view = await drawn(privateRows(base, 0));
    expect((view.data(name) as Row[])[0]).toBe(dataOf(base)[index]!.values![0]); // shared
    const origin = view.origin();

    // A typed value: one row's close, another's high.
    const rows = dataOf(base)[index]!.values!;
    const patch: DataPatch = {
      datasets: [
        {
          index,
          name,
          rows: [
            [10, { ...rows[10]!, close: 150 }],
            [300, { ...rows[300]!, high: 180 }],
          ],
        },
      ],
    };
    const next = applyPatch(base, patch);
    expect(await patchView(view, base, patch)).toBe(true);
    expect((view.data(name) as Row[])[0]).not.toBe(rows[0]);
    expect(JSON.stringify(base)).toBe(saved);
    const fresh = await drawn(privateRows(next, Infinity));
    // The high of 180 lengthens the y axis: laid out again, the chart is padded for it.
    expect(fresh.origin()).not.toEqual(origin);
    expect(drawing(view)).toEqual(drawing(fresh));
    fresh.finalize();

    // The next patch changes the view's own rows in place.
    const patch2: DataPatch = {
      datasets: [{ index, name, rows: [[10, { ...dataOf(next)[index]!.values![10]!, low: 20 }]] }],
    };
    const own = (view.data(name) as Row[])[10];
    expect(await patchView(view, next, patch2)).toBe(true);
    expect((view.data(name) as Row[])[10]).toBe(own);
    expect(own!['low']).toBe(20);
    const fresh2 = await drawn(privateRows(applyPatch(next, patch2), Infinity));
    expect(drawing(view)).toEqual(drawing(fresh2));
    fresh2.finalize();
    expect(JSON.stringify(base)).toBe(saved);
    expect(dataOf(next)[index]!.values![10]!['low']).not.toBe(20);
    view.finalize();
  });

  it('draws anew when the view does not hold the spec’s rows', async () => {
    const base = fuseMarkTransforms(compiledCandlestick({ width: 60, extra: { data: { values: candleRows(100) } } }));
    const index = dataOf(base).findIndex((d) => d.values);
    const name = dataOf(base)[index]!.name;
    const view = await drawn(privateRows(base, 0));
    const other = {
      ...base,
      data: dataOf(base).map((d, i) =>
        i === index ? { ...d, values: [...d.values!.slice(0, 99), { ...d.values![99]! }] } : d,
      ),
    } as unknown as VegaSpec;
    const rows = dataOf(other)[index]!.values!;
    // Row 0 is shared, row 99 is not the view's: no rows of its own are made from that spec.
    const patch: DataPatch = { datasets: [{ index, name, rows: [[0, { ...rows[0]!, close: 1 }]] }] };
    expect(await patchView(view, other, patch)).toBe(false);
    expect((view.data(name) as Row[])[0]).toBe(rows[0]);
    view.finalize();
  });
});

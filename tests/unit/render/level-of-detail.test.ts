import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { lodExpressions } from '../../../src/core/marks/financial';
import { fuseMarkTransforms, installFusedTransforms } from '../../../src/render/fused-transforms';
import { transformRegistry, TransformBase, type TransformClass } from '../../../src/render/vega-internals';
import { candleRows, compiledCandlestick, drawnSvg } from '../charts';

installFusedTransforms();

type Row = Record<string, unknown>;

/** The last price's joinaggregate before the level of detail, as vega-lite compiles it. */
const lastBarJoin = (field: string) => ({
  type: 'joinaggregate',
  as: ['__last_bar'],
  ops: ['argmax'],
  fields: [field],
  groupby: [],
});

/** The formulas after the aggregate as the marks write them with the last price. */
const lastBarFormulas = (field: string) => [
  { type: 'formula', expr: `datum.__first[${JSON.stringify(field)}]`, as: field },
  { type: 'formula', expr: 'datum.__last["i"]', as: 'k' },
  { type: 'formula', expr: 'datum.__last["__last_bar"]', as: '__last_bar' },
];

/**
 * The level of detail as the marks write it, in Vega's own transforms (what vega-lite compiles
 * to); with `lastBar`, the last price's joinaggregate before it and the formulas after it.
 */
function standardChain(
  field: string,
  temporal: boolean,
  columns: number,
  zoom: string | undefined,
  volume: boolean,
  lastBar = false,
): unknown[] {
  const e = lodExpressions(field, temporal, columns, zoom);
  return [
    ...(lastBar ? [lastBarJoin(field)] : []),
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
    ...(lastBar ? lastBarFormulas(field) : []),
  ];
}

/**
 * The spec with the transforms of its data set `fused` fused, and those of the others (`std`)
 * left as Vega's own: fusing the whole spec would fuse the standard chain too, and the two would
 * be compared with themselves.
 */
function fuseOne(spec: VegaSpec): VegaSpec {
  const all = fuseMarkTransforms(spec) as unknown as { data: { name: string }[] };
  const before = (spec as unknown as { data: { name: string }[] }).data;
  return { ...all, data: all.data.map((d, k) => (d.name === 'fused' ? d : before[k]!)) } as unknown as VegaSpec;
}

/** Runs both the standard transforms and their fused form over the same rows, in one view. */
async function both(rows: Row[], temporal: boolean, columns: number, range: unknown, volume: boolean, lastBar = false) {
  const zoom = range === undefined ? undefined : 'zoom';
  const chain = standardChain('d', temporal, columns, zoom, volume, lastBar);
  const spec = {
    signals: zoom ? [{ name: 'zoom', value: { __x0: range } }] : [],
    data: [
      { name: 'src', values: rows },
      { name: 'std', source: 'src', transform: chain },
      { name: 'fused', source: 'src', transform: chain },
    ],
  } as unknown as VegaSpec;
  const fused = fuseOne(spec) as unknown as { data: { transform?: { type: string }[] }[] };
  expect(fused.data[1]!.transform!.map((t) => t.type)).not.toContain('chartspeclod');
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
    const out: Row = {
      ...Object.fromEntries(Object.entries(r)),
      __first: first['i'] ?? 'none',
      __last: last['i'] ?? 'none',
    };
    if ('__last_bar' in r) {
      const bar = r['__last_bar'] as Row | undefined;
      // The standard chain's last bar is Vega's copy of the row (with the fields the transforms
      // wrote into it); the fused one the row itself. The last price reads the row's own fields.
      out['__last_bar'] = bar && { i: bar['i'] ?? 'none', d: bar['d'], h: bar['h'] };
    }
    return out;
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
        fc.boolean(),
        async (raw, temporal, columns, zoomAt, volume, lastBar) => {
          const rows = raw.map((r, i) => ({ i, ...r }));
          const range = zoomAt && [zoomAt[0], zoomAt[0] + zoomAt[1]];
          const { std, fused, src } = await both(rows, temporal, columns, range, volume, lastBar);
          expect(ids(fused)).toEqual(ids(std));
          // A column with a last bar carries the series' last bar (the comparison is not vacuous).
          if (lastBar)
            for (const r of fused) if ((r['__last'] as Row)['i'] !== undefined) expect(r['__last_bar']).toBeDefined();
          // It reads the rows and writes nothing into them: Vega had no reason to copy them.
          for (const r of fused) if ((r['__first'] as Row)['i'] !== undefined) expect(src).toContain(r['__first']);
          expect(src.every((r) => !('__t' in r) && !('__last_bar' in r))).toBe(true);
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

/** A transform that keeps the pulses it sees (what the collect after the level of detail gets). */
const seen: { add: Row[]; rem: Row[]; mod: Row[] }[] = [];
class Recorder extends (TransformBase as unknown as new (value: unknown, params?: unknown) => object) {
  static Definition = { type: 'TestRecord', metadata: {}, params: [] };
  constructor(params?: unknown) {
    super(null, params);
  }
  transform(_: unknown, pulse: { add: Row[]; rem: Row[]; mod: Row[] }) {
    seen.push({ add: [...pulse.add], rem: [...pulse.rem], mod: [...pulse.mod] });
    return pulse;
  }
}
transformRegistry['testrecord'] = Recorder as unknown as TransformClass;

/** A view with the standard level of detail and the fused one over the same rows, zoomed by `zoom`. */
async function zoomable(
  rows: Row[],
  temporal: boolean,
  columns: number,
  volume: boolean,
  record = false,
  lastBar = false,
) {
  const chain = standardChain('d', temporal, columns, 'zoom', volume, lastBar);
  const spec = {
    signals: [{ name: 'zoom', value: {} }],
    data: [
      { name: 'src', values: rows },
      { name: 'std', source: 'src', transform: chain },
      { name: 'fused', source: 'src', transform: [...chain, ...(record ? [{ type: 'testrecord' }] : [])] },
    ],
  } as unknown as VegaSpec;
  const view = new vega.View(vega.parse(fuseOne(spec)), { renderer: 'none' });
  await view.runAsync();
  return view;
}

const DAY = 864e5;
const T0 = 946684800000;

describe('the fused level of detail while zooming and editing', () => {
  // Times that never go down (equal ones too), as numbers or Dates, or any times at all.
  const sortedTimes = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 300 }).chain((steps) =>
    fc.array(fc.boolean(), { minLength: steps.length, maxLength: steps.length }).map((asDate) => {
      let t = T0;
      return steps.map((s, k) => {
        t += s * DAY;
        return asDate[k] ? new Date(t) : t;
      });
    }),
  );
  const anyTime = fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: T0, max: T0 + 400 * DAY }) },
    { weight: 1, arbitrary: fc.constantFrom(null, '', Number.NaN, 'not a date', 0) },
  );
  const anyTimes = fc.array(anyTime, { minLength: 0, maxLength: 300 });
  const price = fc.oneof(
    { weight: 8, arbitrary: fc.double({ min: 1, max: 500, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(null, Number.NaN) },
  );
  // Ranges in whole days too, so that their ends fall on bars.
  const at = fc.oneof(
    fc.integer({ min: T0 - 10 * DAY, max: T0 + 450 * DAY }),
    fc.integer({ min: -10, max: 450 }).map((d) => T0 + d * DAY),
  );
  const range = fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          at,
          fc.oneof(
            fc.integer({ min: -5 * DAY, max: 300 * DAY }),
            fc.integer({ min: 0, max: 300 }).map((d) => d * DAY),
          ),
        )
        .map(([lo, w]) => [lo, lo + w]),
    },
  );
  type Step =
    | { zoom: number[] | undefined }
    | { append: unknown[] }
    | { remove: number }
    | { modify: number; field: 'd' | 'h' | 'l' | 'v'; value: unknown };
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 6, arbitrary: range.map((zoom) => ({ zoom })) },
    { weight: 1, arbitrary: fc.array(anyTime, { minLength: 1, maxLength: 5 }).map((append) => ({ append })) },
    { weight: 1, arbitrary: fc.nat().map((remove) => ({ remove })) },
    {
      weight: 1,
      arbitrary: fc.record({
        modify: fc.nat(),
        field: fc.constantFrom('d' as const, 'h' as const, 'l' as const, 'v' as const),
        value: anyTime,
      }),
    },
  );

  /** The standard transforms over these rows and zoom, run afresh. */
  const fresh = async (
    rows: Row[],
    temporal: boolean,
    columns: number,
    zoom: number[] | undefined,
    volume: boolean,
    lastBar = false,
  ) =>
    (
      await both(
        rows.map((r) => Object.fromEntries(Object.entries(r))),
        temporal,
        columns,
        zoom ?? null,
        volume,
        lastBar,
      )
    ).std;

  it('gives the standard transforms’ tuples after every zoom and every change to the rows, sorted or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(sortedTimes, anyTimes),
        fc.array(fc.tuple(price, price, price), { minLength: 300, maxLength: 300 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 80 }),
        fc.boolean(),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (times, prices, temporal, columns, volume, steps, lastBar) => {
          let next = 0;
          const row = (d: unknown) => {
            const [h, l, v] = prices[next % prices.length]!;
            return { i: next++, d, h, l, v };
          };
          const view = await zoomable(times.map(row), temporal, columns, volume, false, lastBar);
          let zoom: number[] | undefined;
          try {
            expect(ids(view.data('fused') as Row[])).toEqual(ids(view.data('std') as Row[]));
            for (const s of steps) {
              const src = view.data('src') as Row[];
              if ('zoom' in s) {
                zoom = s.zoom;
                view.signal('zoom', zoom ? { __x0: zoom } : {});
              } else if ('append' in s) view.change('src', vega.changeset().insert(s.append.map(row)));
              else if ('remove' in s) {
                if (src.length) view.change('src', vega.changeset().remove(src[s.remove % src.length]!));
              } else if (src.length) {
                const value = s.field === 'd' ? s.value : typeof s.value === 'number' ? s.value % 500 : s.value;
                view.change('src', vega.changeset().modify(src[s.modify % src.length]! as never, s.field, value));
              }
              await view.runAsync();
              // Vega's own transforms, kept running, miss a modified time (their aggregate keeps
              // the old cells): the truth is the standard transforms run afresh on the rows now.
              const expected = await fresh(view.data('src') as Row[], temporal, columns, zoom, volume, lastBar);
              expect(ids(view.data('fused') as Row[])).toEqual(ids(expected));
            }
          } finally {
            view.finalize();
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  const daily = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ i, d: Date.UTC(2020, 0, 1) + i * DAY, h: i + 2, l: i, v: 1 }));

  it('keeps the tuple of a column that stays, and gives nothing downstream for it', async () => {
    // Fewer bars than columns: a column per bar, so a pan leaves most columns as they were.
    const view = await zoomable(daily(50), true, 100, true, true);
    view.signal('zoom', { __x0: [Date.UTC(2020, 0, 11), Date.UTC(2020, 0, 30)] });
    await view.runAsync();
    const before = [...(view.data('fused') as Row[])];
    expect(before.map((r) => (r['__first'] as Row)['i'])).toEqual(Array.from({ length: 20 }, (_, k) => 10 + k));
    seen.length = 0;
    view.signal('zoom', { __x0: [Date.UTC(2020, 0, 16), Date.UTC(2020, 1, 4)] });
    await view.runAsync();
    const after = view.data('fused') as Row[];
    expect(ids(after)).toEqual(ids(view.data('std') as Row[]));
    // Bars 15..29 keep their very tuples, in place; 10..14 leave, 30..34 come.
    expect(after.slice(0, 15)).toEqual(before.slice(5));
    for (let k = 0; k < 15; k++) expect(after[k]).toBe(before[k + 5]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.mod).toEqual([]);
    expect(seen[0]!.rem.map((r) => (r['__first'] as Row)['i'])).toEqual([10, 11, 12, 13, 14]);
    expect(seen[0]!.add.map((r) => (r['__first'] as Row)['i'])).toEqual([30, 31, 32, 33, 34]);
    view.finalize();
  });

  it('modifies the tuple of a column that changes, in place, rather than removing it and adding another', async () => {
    const view = await zoomable(daily(1000), true, 50, true, true);
    view.signal('zoom', { __x0: [Date.UTC(2020, 1, 1), Date.UTC(2020, 6, 1)] });
    await view.runAsync();
    const before = [...(view.data('fused') as Row[])];
    expect(before).toHaveLength(50);
    seen.length = 0;
    view.signal('zoom', { __x0: [Date.UTC(2020, 1, 4), Date.UTC(2020, 6, 4)] });
    await view.runAsync();
    const after = view.data('fused') as Row[];
    expect(ids(after)).toEqual(ids(view.data('std') as Row[]));
    for (let k = 0; k < after.length; k++) expect(after[k]).toBe(before[k]);
    expect(seen[0]!.add).toEqual([]);
    expect(seen[0]!.rem).toEqual([]);
    expect(seen[0]!.mod.length).toBeGreaterThan(0);
    for (const t of seen[0]!.mod) expect(before).toContain(t);
    view.finalize();
  });

  it('reads the rows again when they change: an appended bar in the range, a removed one, a moved one', async () => {
    const view = await zoomable(daily(1000), true, 50, true);
    let range = [Date.UTC(2020, 1, 1), Date.UTC(2020, 6, 1)];
    view.signal('zoom', { __x0: range });
    await view.runAsync();
    const same = async () =>
      expect(ids(view.data('fused') as Row[])).toEqual(ids(await fresh(src(), true, 50, range, true)));
    const src = () => view.data('src') as Row[];
    view.change('src', vega.changeset().insert([{ i: 1000, d: Date.UTC(2020, 2, 1) + 36e5, h: 900, l: -1, v: 5 }]));
    await view.runAsync();
    await same();
    expect((view.data('fused') as Row[]).some((r) => r['h'] === 900)).toBe(true);
    view.change('src', vega.changeset().remove(src()[100]!));
    await view.runAsync();
    await same();
    // Bar 50 moves from February to April (another column), then bar 60 gets a new high.
    view.change('src', vega.changeset().modify(src()[50]! as never, 'd', Date.UTC(2020, 3, 1) + 36e5));
    await view.runAsync();
    await same();
    expect((view.data('fused') as Row[]).filter((r) => (r['__last'] as Row)['i'] === 50)).toHaveLength(1);
    view.change('src', vega.changeset().modify(src()[60]! as never, 'h', 1234));
    await view.runAsync();
    await same();
    expect((view.data('fused') as Row[]).some((r) => r['h'] === 1234)).toBe(true);
    // A zoom after the changes: still the standard rows.
    range = [range[0]! + DAY, range[1]! + DAY];
    view.signal('zoom', { __x0: range });
    await view.runAsync();
    await same();
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

    // The last price's joinaggregate is run inside only as the marks write it; otherwise it stays
    // and the level of detail after it is fused alone.
    const lastBar = '"type":"joinaggregate","as":["__last_bar"],"ops":["argmax"]';
    expect(text).toContain(lastBar);
    expect(JSON.stringify(fuseMarkTransforms(spec))).not.toContain(lastBar);
    for (const [from, to] of [
      [lastBar, '"type":"joinaggregate","as":["__last_bar"],"ops":["argmin"]'],
      ['"fields":["date"],"groupby":[]', '"fields":["open"],"groupby":[]'],
      ['"expr":"datum.__last[\\"__last_bar\\"]"', '"expr":"datum.__first[\\"__last_bar\\"]"'],
    ] as const) {
      expect(text).toContain(from);
      const fused = JSON.stringify(fuseMarkTransforms(JSON.parse(text.replace(from, to)) as VegaSpec));
      expect(fused).toContain('"type":"chartspeclod"');
      expect(fused).toContain('"type":"joinaggregate","as":["__last_bar"]');
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

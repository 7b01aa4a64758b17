import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { fuseMarkTransforms, installFusedTransforms } from '../../../src/render/fused-transforms';
import { lastRow, matchLastRow } from '../../../src/render/last-row';
import { compiledCandlestick, candleRows, drawnSvg } from '../charts';

installFusedTransforms();

type Row = Record<string, unknown>;

/** The last price's window and filter, and a formula after them, as vega-lite compiles them. */
const chain = (field: string) => [
  {
    type: 'window',
    params: [null],
    as: ['__lp_row'],
    ops: ['row_number'],
    fields: [null],
    sort: { field: [field], order: ['descending'] },
    groupby: [],
  },
  { type: 'filter', expr: 'datum.__lp_row === 1' },
  { type: 'formula', expr: 'datum.p * 2', as: 'twice' },
];

/** A view running the standard chain (`std`) and its fused form (`fused`) over the same rows. */
async function view(rows: Row[]) {
  const spec = {
    data: [
      { name: 'src', values: rows },
      { name: 'std', source: 'src', transform: chain('t') },
      { name: 'fused', source: 'src', transform: chain('t') },
    ],
  } as unknown as VegaSpec;
  const all = fuseMarkTransforms(spec) as unknown as { data: { name: string; transform?: { type: string }[] }[] };
  // Only `fused` is fused: fusing both would compare the fused form with itself.
  const fused = { ...all, data: all.data.map((d, k) => (d.name === 'fused' ? d : (spec.data as never[])[k]!)) };
  expect(fused.data[2]!.transform!.map((t) => t.type)).toEqual(['chartspeclastrow', 'formula']);
  expect(fused.data[1]!.transform!.map((t) => t.type)).toEqual(['window', 'filter', 'formula']);
  const v = new vega.View(vega.parse(fused as unknown as VegaSpec), { renderer: 'none' });
  await v.runAsync();
  return v;
}

/** A data set's rows, without Vega's tuple ids (each tuple has its own). */
const out = (v: vega.View, name: string) => (v.data(name) as Row[]).map((r) => Object.fromEntries(Object.entries(r)));

describe('the fused last row', () => {
  const time = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined, Number.NaN) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 20 }).map((t) => new Date(t)) },
  );
  const rowsArb = fc.array(fc.record({ t: time, p: fc.integer({ min: 0, max: 99 }) }), { maxLength: 40 });

  it('gives the row the window numbers 1 (largest time, ties to the first), with the fields after it', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, async (raw) => {
        const rows = raw.map((r, i) => ({ i, ...r }));
        const v = await view(rows);
        const std = out(v, 'std');
        expect(std.length).toBe(rows.length ? 1 : 0);
        expect(out(v, 'fused')).toEqual(std);
        v.finalize();
      }),
      { numRuns: 200 },
    );
  });

  it('follows the rows as they are added, removed and changed, keeping its one tuple', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        fc.array(
          fc.record({
            insert: fc.array(fc.record({ t: time, p: fc.integer({ min: 0, max: 99 }) }), { maxLength: 3 }),
            remove: fc.array(fc.nat(), { maxLength: 3 }),
            modify: fc.array(fc.tuple(fc.nat(), time), { maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (raw, edits) => {
          const v = await view(raw.map((r, i) => ({ i, ...r })));
          let next = raw.length;
          for (const e of edits) {
            const now = v.data('src') as Row[];
            const gone = [...new Set(e.remove.filter(() => now.length).map((k) => now[k % now.length]!))];
            const cs = vega.changeset();
            if (gone.length) cs.remove(gone);
            cs.insert(e.insert.map((r) => ({ i: next++, ...r })));
            const kept = now.filter((r) => !gone.includes(r));
            for (const [k, t] of e.modify) if (kept.length) cs.modify(kept[k % kept.length] as never, 't', t);
            v.change('src', cs);
            await v.runAsync();
            expect(out(v, 'fused')).toEqual(out(v, 'std'));
          }
          v.finalize();
        },
      ),
      { numRuns: 100 },
    );
  });

  it('writes a changed row into the tuple it gave, and the formula after it reads the change', async () => {
    const v = await view([
      { t: 1, p: 1 },
      { t: 3, p: 5 },
    ]);
    const first = (v.data('fused') as Row[])[0];
    expect(first).toMatchObject({ t: 3, p: 5, twice: 10, __lp_row: 1 });
    const src = v.data('src') as Row[];
    v.change('src', vega.changeset().modify(src[1] as never, 'p', 7));
    await v.runAsync();
    expect((v.data('fused') as Row[])[0]).toBe(first);
    expect(first).toMatchObject({ t: 3, p: 7, twice: 14 });
    // Another row becomes the last: the same tuple again, with that row's fields.
    v.change('src', vega.changeset().insert([{ t: 9, p: 2 }]));
    await v.runAsync();
    expect((v.data('fused') as Row[])[0]).toBe(first);
    expect(first).toMatchObject({ t: 9, p: 2, twice: 4 });
    expect(out(v, 'fused')).toEqual(out(v, 'std'));
    // No rows: no tuple.
    v.change(
      'src',
      vega.changeset().remove(() => true),
    );
    await v.runAsync();
    expect(v.data('fused')).toEqual([]);
    expect(v.data('std')).toEqual([]);
    v.finalize();
  });

  it('lastRow: the greatest value first, then NaN, then null; equal values to the lower id', () => {
    const id = (r: Row) => r['id'] as number;
    expect(lastRow([], 't', id)).toBeUndefined();
    const rows = [
      { id: 1, t: null },
      { id: 2, t: Number.NaN },
      { id: 3, t: 4 },
      { id: 4, t: new Date(4) },
      { id: 5, t: 2 },
    ];
    expect(lastRow(rows, 't', id)?.['id']).toBe(3);
    expect(lastRow([...rows].reverse(), 't', id)?.['id']).toBe(3);
    expect(lastRow(rows.slice(0, 2), 't', id)?.['id']).toBe(2);
    expect(lastRow([{ id: 7, t: null }], 't', id)?.['id']).toBe(7);
  });
});

describe('matchLastRow', () => {
  it('takes only the window and filter exactly as the last price writes them', () => {
    const ts = chain('__t') as Record<string, unknown>[];
    expect(matchLastRow(ts, 0)).toEqual({
      transform: { type: 'chartspeclastrow', field: '__t', as: '__lp_row' },
      length: 2,
    });
    expect(matchLastRow(ts, 1)).toBeUndefined();
    const text = JSON.stringify(ts);
    for (const [from, to] of [
      ['"groupby":[]', '"groupby":["symbol"]'],
      ['"order":["descending"]', '"order":["ascending"]'],
      ['"ops":["row_number"]', '"ops":["rank"]'],
      ['"as":["__lp_row"]', '"as":["__row"]'],
      ['datum.__lp_row === 1', 'datum.__lp_row === 2'],
      ['"field":["__t"]', '"field":["__t","x"]'],
    ] as const) {
      expect(text).toContain(from);
      expect(matchLastRow(JSON.parse(text.replace(from, to)) as Record<string, unknown>[], 0)).toBeUndefined();
    }
    expect(matchLastRow([ts[0]!], 0)).toBeUndefined();
  });

  it('fuses a candlestick’s last price, which draws exactly the same', async () => {
    const spec = compiledCandlestick({ width: 400, extra: { data: { values: candleRows(80) } } });
    const fused = fuseMarkTransforms(spec);
    expect(JSON.stringify(spec)).toContain('"as":["__lp_row"]');
    expect(JSON.stringify(fused)).not.toContain('"as":["__lp_row"]');
    expect(JSON.stringify(fused)).toContain('"type":"chartspeclastrow"');
    expect(await drawnSvg(fused)).toBe(await drawnSvg(spec));
  });
});

import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { runPipeline } from '../../../src/core/pipeline';
import { cellText, dateFields, datasetNames, datasetTable, dateText, listDatasets } from '../../../src/render/datasets';

/** A headless view of a compiled spec, as the page's chart pane holds one. */
async function viewOf(spec: VegaSpec) {
  const view = new vega.View(vega.parse(spec, undefined, { ast: true }), { renderer: 'none' });
  await view.runAsync();
  return view;
}

const rows = [
  { a: 'x', b: 1, d: '2024-01-05' },
  { a: 'y', b: 5, d: '2024-02-01' },
  { a: 'x', b: 7, d: '2024-03-01' },
  { a: 'y', b: 4, d: '2024-03-09' },
];

/** Vega-Lite with a filter and an aggregate: the compiler derives `data_0` from `source_0`. */
const aggregated = () =>
  runPipeline(
    JSON.stringify({
      data: { values: rows },
      transform: [{ filter: 'datum.b > 2' }, { aggregate: [{ op: 'sum', field: 'b', as: 'total' }], groupby: ['a'] }],
      mark: 'bar',
      encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'total', type: 'quantitative' } },
    }),
  ).vega!;

describe('datasets of the chart on screen', () => {
  it('lists the source and the data derived by transforms, with their row counts now', async () => {
    const spec = aggregated();
    const view = await viewOf(spec);
    expect(datasetNames(spec)).toEqual(['source_0', 'data_0']);
    expect(listDatasets(view, spec)).toEqual([
      { name: 'source_0', rows: 4 },
      { name: 'data_0', rows: 2 },
    ]);
    view.finalize();
  });

  it('gives the rows after the transforms: filtered, then summed by group', async () => {
    const spec = aggregated();
    const view = await viewOf(spec);
    const table = datasetTable(view, 'data_0')!;
    expect(table.total).toBe(2);
    expect(table.columns.slice(0, 2)).toEqual(['a', 'total']);
    // x: 7 (1 filtered out); y: 5 + 4.
    const byGroup = Object.fromEntries(table.rows.map((r) => [r[0], r[1]]));
    expect(byGroup).toEqual({ x: '7', y: '9' });
    const source = datasetTable(view, 'source_0', spec)!;
    expect(source.columns).toEqual(['a', 'b', 'd']);
    expect(source.rows[0]).toEqual(['x', '1', '2024-01-05']);
    view.finalize();
  });

  it('shows at most `limit` rows and says how many there are', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => ({ i }));
    const spec: VegaSpec = { data: [{ name: 'table', values: many }] };
    const view = await viewOf(spec);
    const table = datasetTable(view, 'table')!;
    expect(table.rows).toHaveLength(1000);
    expect(table.total).toBe(2500);
    expect(table.rows[999]).toEqual(['999']);
    expect(datasetTable(view, 'table', spec, 10)!.rows).toHaveLength(10);
    view.finalize();
  });

  it('skips names the view does not know, and a spec without data has none', async () => {
    const spec: VegaSpec = { data: [{ name: 'table', values: [{ a: 1 }] }] };
    const view = await viewOf(spec);
    expect(listDatasets(view, { data: [{ name: 'elsewhere' }, { name: 'table' }] })).toEqual([
      { name: 'table', rows: 1 },
    ]);
    expect(datasetTable(view, 'elsewhere')).toBeUndefined();
    expect(listDatasets(view, undefined)).toEqual([]);
    view.finalize();
  });

  it('formats parsed dates, nested values and missing cells', async () => {
    const spec: VegaSpec = {
      data: [
        {
          name: 'table',
          values: [{ when: '2024-03-09', at: '2024-03-09T13:05:00', geo: { type: 'Point', coordinates: [1, 2] } }, {}],
          format: { parse: { when: 'date', at: 'date' } },
        },
      ],
    };
    const view = await viewOf(spec);
    const table = datasetTable(view, 'table', spec)!;
    expect(table.columns).toEqual(['when', 'at', 'geo']);
    expect(table.rows[0]).toEqual(['2024-03-09', '2024-03-09 13:05', '{"type":"Point","coordinates":[1,2]}']);
    // Vega's date parse makes a missing field null; a field never set stays empty.
    expect(table.rows[1]).toEqual(['null', 'null', '']);
    view.finalize();
  });

  it('knows the date fields of a compiled Vega-Lite spec: temporal fields and time units', () => {
    const spec = runPipeline(
      JSON.stringify({
        data: { values: rows },
        mark: 'line',
        encoding: { x: { field: 'd', type: 'temporal', timeUnit: 'month' }, y: { field: 'b', type: 'quantitative' } },
      }),
    ).vega!;
    const fields = dateFields(spec);
    expect(fields.has('d')).toBe(true);
    expect(fields.has('month_d')).toBe(true);
    expect(fields.has('b')).toBe(false);
  });

  it('cell text: dates to the precision they carry, null said, long JSON shortened', () => {
    expect(dateText(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(dateText(new Date(2024, 0, 2, 3, 4, 5, 6))).toBe('2024-01-02 03:04:05.006');
    expect(dateText(new Date(NaN))).toBe('Invalid date');
    expect(cellText(null)).toBe('null');
    expect(cellText(true)).toBe('true');
    expect(cellText(Date.UTC(2024, 0, 2), false)).toBe(String(Date.UTC(2024, 0, 2)));
    expect(cellText(new Date(2024, 0, 2).getTime(), true)).toBe('2024-01-02');
    expect(cellText(Array.from({ length: 300 }, () => 1)).length).toBe(201);
  });
});

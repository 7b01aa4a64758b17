import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { candlestick } from '../../src/core/marks/candlestick';
import { ohlc } from '../../src/core/marks/ohlc';
import { expandMarks } from '../../src/core/expand';
import { parseDocument } from '../../src/core/parse';
import { isObject } from '../../src/core/json';
import type { JsonObject } from '../../src/core/marks/types';
import { compiledWithWarnings, deepFreeze, textOf } from './helpers';

const REGISTRY = [candlestick, ohlc];
const PRICES = { open: { field: 'o' }, high: { field: 'h' }, low: { field: 'l' }, close: { field: 'c' } };
const X = { field: 'd', type: 'temporal' };

const SLOT_TRANSFORMS = [
  { calculate: 'toDate(datum["d"])', as: '__t' },
  { window: [{ op: 'lag', field: '__t', as: '__prev_t' }], sort: [{ field: '__t' }], groupby: [] },
  {
    calculate: 'isValid(datum.__prev_t) && datum.__t > datum.__prev_t ? datum.__t - datum.__prev_t : null',
    as: '__gap',
  },
  { joinaggregate: [{ op: 'min', field: '__gap', as: '__step' }], groupby: [] },
  { calculate: 'datum.__t - (isValid(datum.__step) ? datum.__step : 1) * 0.35', as: '__x0' },
  { calculate: 'datum.__t + (isValid(datum.__step) ? datum.__step : 1) * 0.35', as: '__x1' },
];
/** Level of detail for prices o/h/l/c on x d, for a plot `columns` pixels wide. */
const LOD = (columns: number, volume?: string): JsonObject[] => [
  { calculate: 'toDate(datum["d"])', as: '__t' },
  {
    joinaggregate: [
      { op: 'min', field: '__t', as: '__tmin' },
      { op: 'max', field: '__t', as: '__tmax' },
      { op: 'count', as: '__n' },
    ],
    groupby: [],
  },
  {
    calculate: `datum.__n > ${columns} && datum.__tmax > datum.__tmin ? min(${columns - 1}, floor((datum.__t - datum.__tmin) / (datum.__tmax - datum.__tmin) * ${columns})) : datum.__t`,
    as: '__column',
  },
  {
    aggregate: [
      { op: 'argmin', field: '__t', as: '__first' },
      { op: 'argmax', field: '__t', as: '__last' },
      { op: 'max', field: 'h', as: 'h' },
      { op: 'min', field: 'l', as: 'l' },
      ...(volume ? [{ op: 'sum', field: volume, as: volume }] : []),
    ],
    groupby: ['__column'],
  },
  { calculate: 'datum.__first["d"]', as: 'd' },
  { calculate: 'datum.__first["o"]', as: 'o' },
  { calculate: 'datum.__last["c"]', as: 'c' },
];

const COLOR = {
  condition: [
    { test: 'datum["c"] > datum["o"]', value: '#0f9d76' },
    { test: 'datum["c"] < datum["o"]', value: '#e0483e' },
  ],
  value: '#8a94a6',
};
const Y = { type: 'quantitative', title: null, scale: { zero: false } };

/** The spec compiled by vega-lite, with what its logger said (warnings and errors). */
function compiled(spec: unknown) {
  return compiledWithWarnings(spec);
}

function expand(spec: JsonObject) {
  return expandMarks(deepFreeze(structuredClone(spec)), undefined, REGISTRY);
}

describe('candlestick', () => {
  it('expands into a wick and a body sized by the spacing of the bars', () => {
    const r = expand({
      data: { url: 'data/ohlc.json' },
      // Still, and without the last price: both have tests of their own (financial-explore.test.ts).
      mark: { type: 'candlestick', tooltip: false, zoom: false, lastPrice: false },
      encoding: { x: X, ...PRICES },
    });
    expect(r.problems).toEqual([]);
    expect(r.spec).toEqual({
      data: { url: 'data/ohlc.json' },
      transform: [...LOD(1000), ...SLOT_TRANSFORMS],
      layer: [
        {
          mark: { type: 'rule', style: 'candlestick-wick' },
          encoding: {
            x: { title: 'd', type: 'temporal', field: '__t' },
            y: { ...Y, field: 'l' },
            y2: { field: 'h' },
            color: COLOR,
          },
        },
        {
          mark: { type: 'bar', style: 'candlestick-body', minBandSize: 1 },
          encoding: {
            x: { title: 'd', type: 'temporal', field: '__x0' },
            x2: { field: '__x1' },
            y: { ...Y, field: 'o' },
            y2: { field: 'c' },
            color: COLOR,
          },
        },
      ],
    });
  });

  it('adds the change to the data and a tooltip with date, prices and change by default', () => {
    const r = expand({ mark: 'candlestick', encoding: { x: X, ...PRICES } });
    const spec = r.spec as JsonObject;
    expect((spec['transform'] as JsonObject[]).slice(-2)).toEqual([
      { calculate: 'datum["c"] - datum["o"]', as: '__change' },
      { calculate: 'datum["o"] ? (datum["c"] - datum["o"]) / datum["o"] : null', as: '__change_pct' },
    ]);
    const body = (spec['layer'] as JsonObject[])[1]!;
    expect((body['encoding'] as JsonObject)['tooltip']).toEqual([
      { field: 'd', type: 'temporal', format: '%a %b %d, %Y', title: 'Date' },
      { field: 'o', type: 'quantitative', title: 'Open', format: ',.2f' },
      { field: 'h', type: 'quantitative', title: 'High', format: ',.2f' },
      { field: 'l', type: 'quantitative', title: 'Low', format: ',.2f' },
      { field: 'c', type: 'quantitative', title: 'Close', format: ',.2f' },
      { field: '__change', type: 'quantitative', title: 'Change', format: '+,.2f' },
      { field: '__change_pct', type: 'quantitative', title: 'Change %', format: '+.2%' },
    ]);
    // What a screen reader says for a candle: the date, the four prices once, and the direction
    // in words (tests/unit/marks/aria.test.ts reads the sentence off a drawn view).
    expect((body['encoding'] as JsonObject)['description']).toEqual({
      value: {
        expr: 'timeFormat(toDate(datum["d"]), "%b %-d, %Y") + ": " + "open " + format(datum["o"], ",.2f") + ", high " + format(datum["h"], ",.2f") + ", low " + format(datum["l"], ",.2f") + ", close " + format(datum["c"], ",.2f") + (datum["c"] > datum["o"] ? " (up)" : datum["c"] < datum["o"] ? " (down)" : " (unchanged)")',
      },
    });
  });

  it('leaves the wick out of what a screen reader reads when the body describes the candle', () => {
    const parts = (spec: JsonObject) => {
      const vg = compile(expand(spec).spec as never).spec as {
        marks: { type: string; aria?: boolean; encode: { update: JsonObject } }[];
      };
      const mark = (part: 'rule' | 'rect') => vg.marks.find((m) => m.type === part)!;
      return { wick: mark('rule'), body: mark('rect') };
    };
    const data = { values: [{ d: 0, o: 1, h: 2, l: 0, c: 1.5 }] };
    const described = parts({ data, mark: 'candlestick', encoding: { x: X, ...PRICES } });
    expect(described.wick.aria).toBe(false);
    expect(described.wick.encode.update['description']).toBeUndefined();
    expect(described.body.aria).toBeUndefined();
    expect(described.body.encode.update['description']).toBeDefined();
    // Without the default tooltip there is no candle description: each part keeps Vega-Lite's own.
    const plain = parts({ data, mark: { type: 'candlestick', tooltip: false }, encoding: { x: X, ...PRICES } });
    expect(plain.wick.aria).toBeUndefined();
    expect(plain.wick.encode.update['description']).toBeDefined();
    // A wick style of the user's own wins.
    const spoken = expand({ mark: { type: 'candlestick', wick: { aria: true } }, encoding: { x: X, ...PRICES } });
    expect((((spoken.spec as JsonObject)['layer'] as JsonObject[])[0]!['mark'] as JsonObject)['aria']).toBe(true);
  });

  it('lets each part be styled or switched off, and reads defaults from config.candlestick', () => {
    const r = expand({
      config: { candlestick: { rising: 'blue' } },
      mark: { type: 'candlestick', wick: false, body: { opacity: 0.5 }, tooltip: false, lastPrice: false },
      encoding: { x: X, ...PRICES },
    });
    const layer = (r.spec as JsonObject)['layer'] as JsonObject[];
    expect(layer).toHaveLength(1);
    expect(layer[0]!['mark']).toEqual({ type: 'bar', style: 'candlestick-body', minBandSize: 1, opacity: 0.5 });
    expect(((layer[0]!['encoding'] as JsonObject)['color'] as { condition: JsonObject[] }).condition[0]!['value']).toBe(
      'blue',
    );
  });

  it('outlines rising bodies when hollow', () => {
    const r = expand({ mark: { type: 'candlestick', hollow: true, tooltip: false }, encoding: { x: X, ...PRICES } });
    const body = ((r.spec as JsonObject)['layer'] as JsonObject[])[1]!;
    const enc = body['encoding'] as JsonObject;
    expect(enc['stroke']).toEqual(COLOR);
    expect(enc['fill']).toEqual({
      condition: [
        { test: 'datum["c"] > datum["o"]', value: 'transparent' },
        { test: 'datum["c"] < datum["o"]', value: '#e0483e' },
      ],
      value: '#8a94a6',
    });
  });

  it('takes the price channels from an enclosing layer, and keeps the y options given', () => {
    const r = expand({
      encoding: { x: X, ...PRICES, y: { title: 'Price', scale: { type: 'log' } } },
      layer: [{ mark: { type: 'candlestick', tooltip: false } }, { mark: 'line', encoding: { y: { field: 'c' } } }],
    });
    expect(r.problems).toEqual([]);
    const inner = ((r.spec as JsonObject)['layer'] as JsonObject[])[0]!;
    const wick = (inner['layer'] as JsonObject[])[0]!;
    expect((wick['encoding'] as JsonObject)['y']).toEqual({
      type: 'quantitative',
      title: 'Price',
      scale: { zero: false, type: 'log' },
      field: 'l',
      // Room for the last price's tag before the title.
      axis: { minExtent: 56 },
    });
  });

  it('uses the scale bands on a discrete x', () => {
    const r = expand({
      mark: { type: 'candlestick', tooltip: false, lastPrice: false },
      encoding: { x: { field: 'day', type: 'ordinal' }, ...PRICES },
    });
    const [wick, body] = (r.spec as JsonObject)['layer'] as JsonObject[];
    expect((wick!['encoding'] as JsonObject)['x']).toEqual({ field: 'day', type: 'ordinal' });
    expect(body!['mark']).toEqual({ type: 'bar', style: 'candlestick-body', width: { band: 0.7 }, minBandSize: 1 });
    expect((r.spec as JsonObject)['transform']).toBeUndefined();
  });

  it('reports missing price channels at /encoding, with the text range', () => {
    const text = JSON.stringify({ mark: 'candlestick', encoding: { x: X, open: { field: 'o' } } }, null, 2);
    const doc = parseDocument(text);
    const r = expandMarks(doc.value, doc, REGISTRY);
    expect(r.problems.map((p) => [p.severity, p.source, p.path, p.message])).toEqual([
      [
        'error',
        'mark',
        '/encoding',
        'The candlestick mark needs the "high", "low", "close" channels, each with a "field"',
      ],
    ]);
    expect(r.problems[0]!.range.start.line).toBe(3);
  });

  it('compiles with vega-lite without warnings', () => {
    const r = expand({
      data: {
        values: [
          { d: '2024-01-02', o: 1, h: 3, l: 0.5, c: 2 },
          { d: '2024-01-03', o: 2, h: 2.5, l: 1, c: 1.5 },
        ],
      },
      mark: 'candlestick',
      encoding: { x: X, ...PRICES },
    });
    expect(compiled(r.spec).warnings).toEqual([]);
  });
});

describe('ohlc', () => {
  it('expands into a range and open/close ticks on each side of the bar', () => {
    const r = expand({
      mark: { type: 'ohlc', tooltip: false, zoom: false, lastPrice: false },
      encoding: { x: X, ...PRICES },
    });
    expect(r.problems).toEqual([]);
    const tick = (which: 'o' | 'c', x: string, x2: string) => ({
      mark: { type: 'bar', style: which === 'o' ? 'ohlc-open' : 'ohlc-close', yOffset: -0.75, y2Offset: 0.75 },
      encoding: {
        x: { title: 'd', type: 'temporal', field: x },
        x2: { field: x2 },
        y: { ...Y, field: which },
        y2: { field: which },
        color: COLOR,
      },
    });
    expect(r.spec).toEqual({
      transform: [...LOD(1000), ...SLOT_TRANSFORMS],
      layer: [
        {
          mark: { type: 'rule', style: 'ohlc-stem', strokeWidth: 1.5 },
          encoding: {
            x: { title: 'd', type: 'temporal', field: '__t' },
            y: { ...Y, field: 'l' },
            y2: { field: 'h' },
            color: COLOR,
          },
        },
        tick('o', '__x0', '__t'),
        tick('c', '__t', '__x1'),
      ],
    });
  });

  it('leaves the ticks out of what a screen reader reads when the stem describes the bar', () => {
    // The parts (the last price, a layer of its own, says nothing to a screen reader).
    const marks = (spec: JsonObject) =>
      ((expand(spec).spec as JsonObject)['layer'] as JsonObject[]).flatMap((l) =>
        l['mark'] ? [l['mark'] as JsonObject] : [],
      );
    const described = marks({ mark: 'ohlc', encoding: { x: X, ...PRICES } });
    expect(described.map((m) => m['aria'])).toEqual([undefined, false, false]);
    expect(
      marks({ mark: { type: 'ohlc', tooltip: false }, encoding: { x: X, ...PRICES } }).map((m) => m['aria']),
    ).toEqual([undefined, undefined, undefined]);
  });

  it('drops a part set to false', () => {
    const r = expand({
      mark: { type: 'ohlc', open: false, tooltip: false, lastPrice: false },
      encoding: { x: X, ...PRICES },
    });
    const styles = ((r.spec as JsonObject)['layer'] as JsonObject[]).map((l) => (l['mark'] as JsonObject)['style']);
    expect(styles).toEqual(['ohlc-stem', 'ohlc-close']);
  });
});

describe('what the marks read but plain Vega-Lite does not know', () => {
  it('drops price channels from enclosing layers and config.<mark> from the output', () => {
    const r = expand({
      config: { candlestick: { rising: 'blue' }, axis: { grid: false } },
      encoding: { x: X, ...PRICES },
      layer: [{ mark: { type: 'candlestick', tooltip: false } }, { mark: 'line', encoding: { y: { field: 'c' } } }],
    });
    const spec = r.spec as JsonObject;
    expect(spec['config']).toEqual({ axis: { grid: false } });
    expect(spec['encoding']).toEqual({ x: X });
    // The candles still got the rising color from config.
    const candle = (spec['layer'] as JsonObject[])[0]!;
    const wick = (candle['layer'] as JsonObject[])[0]!;
    expect(((wick['encoding'] as JsonObject)['color'] as { condition: JsonObject[] }).condition[0]!['value']).toBe(
      'blue',
    );
  });
});

/** Draws a plain Vega-Lite spec headless and returns each named mark's items. */
type Item = { x: number; y: number; width?: number; height?: number; datum: Record<string, number> };
async function drawn(spec: unknown): Promise<Map<string, Item[]>> {
  const vega = await import('vega');
  const view = new vega.View(vega.parse(compile(structuredClone(spec) as never).spec), { renderer: 'none' });
  await view.runAsync();
  const out = new Map<string, Item[]>();
  const visit = (node: { marktype?: string; name?: string; items?: unknown[] }) => {
    // Facet cells repeat a mark's name: their items add up.
    if (node.marktype && node.name && node.marktype !== 'group')
      out.set(node.name, [...(out.get(node.name) ?? []), ...((node.items ?? []) as never[])]);
    for (const child of node.items ?? []) visit(child as never);
  };
  visit((view.scenegraph() as unknown as { root: never }).root);
  view.finalize();
  return out;
}

const DAYS = [
  { d: '2024-01-04', o: 10, h: 12, l: 9, c: 11, v: 900 },
  { d: '2024-01-05', o: 11, h: 11.5, l: 10, c: 10.5, v: 1200 },
  { d: '2024-01-08', o: 10.5, h: 13, l: 10.2, c: 12.5, v: 1500 },
  { d: '2024-01-09', o: 12.5, h: 12.8, l: 11, c: 11.2, v: 700 },
];

describe('the volume pane', () => {
  it('goes below the chart in a vconcat sharing x, with the data and transforms moved above both', () => {
    const r = expand({
      data: { values: DAYS },
      transform: [{ filter: 'datum.v > 0' }],
      width: 300,
      encoding: { x: X, ...PRICES, volume: { field: 'v' } },
      layer: [{ mark: { type: 'candlestick', tooltip: false } }, { mark: 'line', encoding: { y: { field: 'c' } } }],
    });
    expect(r.problems).toEqual([]);
    const spec = r.spec as JsonObject;
    expect(Object.keys(spec)).toEqual(['data', 'transform', 'vconcat', 'spacing', 'resolve', 'usermeta']);
    expect(spec['transform']).toEqual([{ filter: 'datum.v > 0' }]);
    expect(spec['resolve']).toEqual({ scale: { x: 'shared' } });
    const [view, pane] = spec['vconcat'] as JsonObject[];
    expect(view!['width']).toBe(300);
    expect(view!['encoding']).toEqual({ x: X });
    expect(pane).toEqual({
      width: 300,
      // Five inline rows for 300 columns: the level of detail would change nothing. The bars in
      // view, so that the volume axis fits them when zoomed.
      transform: [
        ...SLOT_TRANSFORMS,
        {
          filter:
            '!(isArray(chartspec_zoom["__x0"]) && length(chartspec_zoom["__x0"]) === 2) || (datum.__x1 >= +chartspec_zoom["__x0"][0] && datum.__x0 <= +chartspec_zoom["__x0"][1])',
        },
      ],
      height: 80,
      mark: { type: 'bar', style: 'candlestick-volume', opacity: 0.5, minBandSize: 1 },
      encoding: {
        x: { title: 'd', type: 'temporal', field: '__x0' },
        x2: { field: '__x1' },
        // No zero at the pane's foot (it sat on the date labels); billions written with a B.
        y: {
          field: 'v',
          type: 'quantitative',
          title: 'Volume',
          axis: { format: '~s', tickCount: 3, labelExpr: "datum.value === 0 ? '' : replace(datum.label, 'G', 'B')" },
        },
        y2: { datum: 0 },
        color: COLOR,
      },
    });
    // The dates are read once, on the pane's axis.
    const candle = (view!['layer'] as JsonObject[])[0]!;
    const wick = (candle['layer'] as JsonObject[])[0]!;
    expect((wick['encoding'] as JsonObject)['x']).toEqual({
      title: 'd',
      type: 'temporal',
      field: '__t',
      axis: { labels: false, ticks: false, title: null },
    });
  });

  it('is sized and styled by the volume option, and left out with volume: false', () => {
    const spec = (volume: unknown) =>
      expand({
        data: { values: DAYS },
        mark: { type: 'candlestick', tooltip: false, volume },
        encoding: { x: X, ...PRICES, volume: { field: 'v', title: 'Shares' } },
      }).spec as JsonObject;
    const pane = (spec({ height: 120, color: '#888', opacity: 0.8 })['vconcat'] as JsonObject[])[1]!;
    expect(pane['height']).toBe(120);
    expect(pane['mark']).toEqual({ type: 'bar', style: 'candlestick-volume', opacity: 0.8, minBandSize: 1 });
    expect((pane['encoding'] as JsonObject)['color']).toEqual({ value: '#888' });
    expect(((pane['encoding'] as JsonObject)['y'] as JsonObject)['title']).toBe('Shares');
    const { usermeta: _readout, ...off } = spec(false);
    expect(off['vconcat']).toBeUndefined();
    // The readout still shows the volume; the chart has none.
    expect(JSON.stringify(off)).not.toContain('"volume"');
  });

  it('takes the data of a unit inside a concat, and stays inside that concat item', () => {
    const r = expand({
      hconcat: [
        {
          data: { values: DAYS },
          mark: { type: 'ohlc', tooltip: false },
          encoding: { x: X, ...PRICES, volume: { field: 'v' } },
        },
        { data: { values: DAYS }, mark: 'line', encoding: { x: X, y: { field: 'c', type: 'quantitative' } } },
      ],
    });
    expect(r.problems).toEqual([]);
    const [first, second] = (r.spec as JsonObject)['hconcat'] as JsonObject[];
    expect(first!['data']).toEqual({ values: DAYS });
    expect(
      (first!['vconcat'] as JsonObject[]).map((v) => (v['mark'] as JsonObject | undefined)?.['style'] ?? 'view'),
    ).toEqual(['view', 'ohlc-volume']);
    expect(second!['mark']).toBe('line');
  });

  it('cannot go into a facet: a warning at the volume channel, the chart without it', () => {
    const text = JSON.stringify(
      {
        data: { values: DAYS },
        facet: { field: 's' },
        spec: { mark: 'candlestick', encoding: { x: X, ...PRICES, volume: { field: 'v' } } },
      },
      null,
      2,
    );
    const doc = parseDocument(text);
    const r = expandMarks(doc.value, doc, REGISTRY);
    expect(r.problems.map((p) => [p.severity, p.path, p.message])).toEqual([
      [
        'warning',
        '/spec/encoding/volume',
        'The volume pane goes below a chart, and a facet or repeat has no room for it: volume is left out',
      ],
    ]);
    const line = text.split('\n').findIndex((l) => l.includes('"volume"')) + 1;
    expect([r.problems[0]!.range.start.line, textOf(doc, r.problems[0]!.range)]).toEqual([line, '{']);
    const { usermeta: _readout, ...chart } = r.spec as JsonObject;
    expect(JSON.stringify(chart)).not.toContain('"volume"');
  });

  it('reports a problem beside it once, though the view is walked again to name its scales', () => {
    const r = expand({
      data: { values: DAYS },
      encoding: { x: X, ...PRICES, volume: { field: 'v' } },
      layer: [
        { mark: 'candlestick' },
        { mark: { type: 'ohlc', band: 0.5 }, encoding: { open: { field: 'o' }, high: null } },
      ],
    });
    expect(r.problems.map((p) => p.message)).toEqual(['The ohlc mark needs the "high" channel, with a "field"']);
    expect(r.expandedCount).toBe(2);
  });

  it('draws one volume bar under each candle, at the same x', async () => {
    const r = expand({
      data: { values: DAYS },
      width: 200,
      mark: { type: 'candlestick', tooltip: false },
      encoding: { x: X, ...PRICES, volume: { field: 'v' } },
    });
    const items = await drawn(r.spec);
    const bodies = items.get('concat_0_layer_1_marks')!;
    const volumes = items.get('concat_1_marks')!;
    expect(bodies).toHaveLength(4);
    expect(volumes.map((v) => Math.round(v.x + v.width! / 2))).toEqual(
      bodies.map((b) => Math.round(b.x + b.width! / 2)),
    );
    // Taller bar, more volume.
    const heights = volumes.map((v) => v.height!);
    expect(heights.indexOf(Math.max(...heights))).toBe(2);
  });
});

describe('level of detail', () => {
  it('merges the bars of each pixel column in the dataflow, keeping the fields the chart reads', () => {
    const r = expand({
      width: 500,
      mark: { type: 'candlestick', tooltip: false, zoom: false, lastPrice: false },
      encoding: { x: X, ...PRICES, opacity: { field: 'w', type: 'quantitative' } },
    });
    const transform = (r.spec as JsonObject)['transform'] as JsonObject[];
    expect(transform).toEqual([...LOD(500), { calculate: 'datum.__last["w"]', as: 'w' }, ...SLOT_TRANSFORMS]);
    const off = expand({
      width: 500,
      mark: { type: 'candlestick', tooltip: false, lod: false, lastPrice: false },
      encoding: { x: X, ...PRICES },
    });
    expect((off.spec as JsonObject)['transform']).toEqual(SLOT_TRANSFORMS);
  });

  it('is left out where no more bars than columns can arrive: inline data, and transforms that add no rows', () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ d: Date.UTC(2024, 0, 1) + i * 864e5, o: 1, h: 2, l: 0, c: 1 }));
    const lod = (spec: JsonObject) => {
      const r = expand({
        width: 100,
        mark: { type: 'candlestick', tooltip: false },
        encoding: { x: X, ...PRICES },
        ...spec,
      });
      expect(r.problems).toEqual([]);
      const transforms = JSON.stringify(r.spec);
      return transforms.includes('__column');
    };
    expect(lod({ data: { values: rows(100) } })).toBe(false);
    expect(lod({ data: { values: rows(101) } })).toBe(true);
    expect(
      lod({ data: { values: rows(100) }, transform: [{ filter: 'datum.o > 0' }, { calculate: '1', as: 'k' }] }),
    ).toBe(false);
    // A fold can multiply the rows; data by URL is only known when it arrives.
    expect(lod({ data: { values: rows(60) }, transform: [{ fold: ['o', 'c'] }] })).toBe(true);
    expect(lod({ data: { url: 'data/prices.csv' } })).toBe(true);
    // A named dataset counts; so does the data of an enclosing layer, and a width of its own.
    expect(lod({ datasets: { p: rows(80) }, data: { name: 'p' } })).toBe(false);
    const layered = (n: number, width: number) =>
      expand({
        data: { values: rows(n) },
        layer: [{ width, mark: { type: 'candlestick', tooltip: false }, encoding: { x: X, ...PRICES } }],
      });
    expect(JSON.stringify(layered(150, 200).spec).includes('__column')).toBe(false);
    expect(JSON.stringify(layered(150, 100).spec).includes('__column')).toBe(true);
  });

  it('divides the zoomed range when an x interval is bound to the scales', () => {
    const params = [{ name: 'zoom', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' }];
    const r = expand({
      width: 200,
      params,
      mark: { type: 'candlestick', tooltip: false, lastPrice: false },
      encoding: { x: X, ...PRICES },
    });
    const transform = (r.spec as JsonObject)['transform'] as JsonObject[];
    const zoomed = '(isArray(zoom["__x0"]) && length(zoom["__x0"]) === 2)';
    const lo = `(${zoomed} ? +zoom["__x0"][0] : datum.__tmin)`;
    const hi = `(${zoomed} ? +zoom["__x0"][1] : datum.__tmax)`;
    expect(transform[2]).toEqual({ filter: `!${zoomed} || (datum.__t >= ${lo} && datum.__t <= ${hi})` });
    expect(transform[3]).toEqual({
      calculate: `datum.__n > 200 && ${hi} > ${lo} ? min(199, floor((datum.__t - ${lo}) / (${hi} - ${lo}) * 200)) : datum.__t`,
      as: '__column',
    });
    // The interval sits on the body, whose x is the bar's left edge.
    const body = ((r.spec as JsonObject)['layer'] as JsonObject[])[1]!;
    expect(body['params']).toEqual(params);
  });

  it('explores the time axis by default: a zoom of its own, a name no other has, the level of detail on it', () => {
    const zoomOf = (spec: JsonObject) => {
      const r = expand(spec);
      const layers = (isObject(r.spec) && Array.isArray(r.spec['layer']) ? r.spec['layer'] : []) as JsonObject[];
      return { r, params: layers.flatMap((l) => (Array.isArray(l['params']) ? l['params'] : [])) };
    };
    const unit = {
      width: 200,
      mark: { type: 'candlestick', tooltip: false, lastPrice: false },
      encoding: { x: X, ...PRICES },
    };
    const { r, params } = zoomOf(unit);
    expect(r.problems).toEqual([]);
    expect(params).toEqual([
      { name: 'chartspec_zoom', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' },
    ]);
    // The level of detail divides what is in view.
    expect(((r.spec as JsonObject)['transform'] as JsonObject[])[2]!['filter']).toContain('chartspec_zoom["__x0"]');
    // Two charts in one spec: two names.
    const two = expand({ hconcat: [unit, { ...unit, mark: { type: 'ohlc' } }] });
    expect(JSON.stringify(two.spec).match(/"name":"chartspec_zoom(_2)?"/g)).toEqual([
      '"name":"chartspec_zoom"',
      '"name":"chartspec_zoom_2"',
    ]);
    // Not a name the spec gives a param of its own; the same for a unit walked twice (a volume pane).
    const taken = zoomOf({ ...unit, params: [{ name: 'chartspec_zoom', value: 1 }] }).params;
    expect(taken.map((p) => (p as JsonObject)['name'])).toEqual(['chartspec_zoom', 'chartspec_zoom_2']);
    const paned = expand({ ...unit, encoding: { ...unit.encoding, volume: { field: 'v' } } });
    expect(JSON.stringify(paned.spec).match(/"name":"chartspec_zoom[^"]*"/g)).toEqual(['"name":"chartspec_zoom"']);
    // Still when asked, on a trading-day axis (a band: Vega-Lite zooms continuous scales only),
    // with a zoom of the unit's own, and in a repeat.
    expect(zoomOf({ ...unit, mark: { type: 'candlestick', zoom: false } }).params).toEqual([]);
    expect(zoomOf({ ...unit, mark: { type: 'candlestick', gaps: false } }).params).toEqual([]);
    const own = [{ name: 'mine', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' }];
    expect(zoomOf({ ...unit, params: own }).params).toEqual(own);
    const repeat = expand({ repeat: ['close'], spec: unit });
    expect(JSON.stringify(repeat.spec)).not.toContain('chartspec_zoom');
  });

  it('a chart explored by default compiles without a warning, its volume pane on the zoomed x', () => {
    const values = [
      { d: '2024-01-02', o: 1, h: 3, l: 0.5, c: 2, v: 10 },
      { d: '2024-01-03', o: 2, h: 2.5, l: 1, c: 1.5, v: 12 },
    ];
    const r = expand({ data: { values }, mark: 'candlestick', encoding: { x: X, ...PRICES, volume: { field: 'v' } } });
    const { vega, warnings } = compiled(r.spec);
    expect(warnings).toEqual([]);
    // One x scale for the price and volume panes, its domain the zoom's when there is one.
    const scales = JSON.stringify(vega.scales);
    expect(vega.scales?.filter((sc) => sc.name.endsWith('x'))).toHaveLength(1);
    expect(scales).toContain('chartspec_zoom');
  });

  it('draws one candle per pixel column, with the true first open, extremes and last close', async () => {
    // 2,000 bars of one hour; 100 columns → 20 bars per candle.
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      d: Date.UTC(2024, 0, 1) + i * 3600e3,
      o: 100 + i,
      h: 100 + i + 5,
      l: 100 + i - 5,
      c: 100 + i + 1,
    }));
    const r = expand({
      data: { values: rows },
      width: 100,
      mark: { type: 'candlestick', tooltip: false },
      encoding: { x: X, ...PRICES },
    });
    const bodies = (await drawn(r.spec)).get('layer_1_marks')!;
    expect(bodies).toHaveLength(100);
    const scene = bodies.map((b) => b.datum).sort((a, b) => +a['d']! - +b['d']!);
    // The first candle: bars 0–19 → open 100 (bar 0), high 124 (bar 19 + 5), low 95, close 120 (bar 19 + 1).
    expect(scene[0]).toMatchObject({ o: 100, h: 124, l: 95, c: 120 });
    expect(scene.at(-1)).toMatchObject({ o: 2080, h: 2104, l: 2075, c: 2100 });
  });
});

describe('trading days (gaps: false)', () => {
  it('puts every layer sharing x on one slot per trading day', () => {
    const r = expand({
      encoding: { x: { ...X, axis: { format: '%d' } }, ...PRICES },
      layer: [
        { mark: { type: 'candlestick', gaps: false, tooltip: false, lastPrice: false } },
        { mark: 'line', encoding: { y: { field: 'c', type: 'quantitative' } } },
      ],
    });
    expect(r.problems).toEqual([]);
    const day = {
      title: 'd',
      field: 'd',
      type: 'ordinal',
      timeUnit: 'yearmonthdate',
      axis: { format: '%d', labelAngle: 0, labelOverlap: 'greedy', labelSeparation: 8, ticks: false },
    };
    const spec = r.spec as JsonObject;
    expect(spec['encoding']).toEqual({ x: day });
    const candle = (spec['layer'] as JsonObject[])[0]!;
    expect(candle['transform']).toBeUndefined();
    const [wick, body] = candle['layer'] as JsonObject[];
    expect((wick!['encoding'] as JsonObject)['x']).toEqual(day);
    expect((body!['mark'] as JsonObject)['width']).toEqual({ band: 0.7 });
  });

  it('leaves no gap for the weekend when drawn', async () => {
    const spec = (gaps: boolean) =>
      expand({
        data: { values: DAYS },
        width: 300,
        mark: { type: 'candlestick', gaps, tooltip: false },
        encoding: { x: X, ...PRICES },
      }).spec;
    const centers = async (gaps: boolean) =>
      (await drawn(spec(gaps))).get('layer_1_marks')!.map((b) => b.x + b.width! / 2);
    const steps = (xs: number[]) => xs.slice(1).map((x, i) => Math.round(x - xs[i]!));
    const calendar = steps(await centers(true));
    const trading = steps(await centers(false));
    // Friday → Monday is three days on a calendar axis, one slot on a trading-day axis.
    expect(calendar[1]).toBeGreaterThan(2.5 * calendar[0]!);
    expect(new Set(trading).size).toBe(1);
  });

  it('keeps the wicks on their bodies with a volume pane and a moving average beside them', async () => {
    const r = expand({
      data: { values: DAYS },
      width: 300,
      encoding: { x: X, ...PRICES, volume: { field: 'v' } },
      layer: [
        { mark: { type: 'candlestick', gaps: false } },
        {
          transform: [{ window: [{ op: 'mean', field: 'c', as: 'ma' }], frame: [-1, 0] }],
          mark: 'line',
          encoding: { y: { field: 'ma', type: 'quantitative' } },
        },
      ],
    });
    const items = await drawn(r.spec);
    const wicks = items.get('concat_0_layer_0_layer_0_marks')!.map((w) => Math.round(w.x));
    const bodies = items.get('concat_0_layer_0_layer_1_marks')!.map((b) => Math.round(b.x + b.width! / 2));
    expect(wicks).toEqual(bodies);
    expect(new Set(wicks).size).toBe(4);
  });
});

describe('hollow candles', () => {
  it('stop the wick at the body, below and above', () => {
    const r = expand({
      mark: { type: 'candlestick', hollow: true, tooltip: false, body: false },
      encoding: { x: { field: 'day', type: 'ordinal' }, ...PRICES },
    });
    const wick = ((r.spec as JsonObject)['layer'] as JsonObject[])[0]!;
    const rule = (y: string, y2: string) => ({
      mark: { type: 'rule', style: 'candlestick-wick' },
      encoding: { x: { field: 'day', type: 'ordinal' }, y: { ...Y, field: y }, y2: { field: y2 }, color: COLOR },
    });
    expect(wick).toEqual({
      transform: [
        { calculate: 'min(datum["o"], datum["c"])', as: '__body_low' },
        { calculate: 'max(datum["o"], datum["c"])', as: '__body_high' },
      ],
      layer: [rule('l', '__body_low'), rule('__body_high', 'h')],
    });
  });
});

describe('in concat and facet', () => {
  const SYMBOLS = [
    ...DAYS.map((r) => ({ ...r, s: 'A' })),
    ...DAYS.map((r) => ({ ...r, s: 'B', o: r.o * 2, h: r.h * 2, l: r.l * 2, c: r.c * 2 })),
  ];

  it('draws a candle per row in each facet cell', async () => {
    const r = expand({
      data: { values: SYMBOLS },
      facet: { field: 's', type: 'nominal' },
      spec: { width: 150, mark: { type: 'candlestick', tooltip: false }, encoding: { x: X, ...PRICES } },
    });
    expect(r.problems).toEqual([]);
    const items = await drawn(r.spec);
    // The bodies (the layer after them is the last price's).
    const bodies = [...items.entries()].filter(([name]) => name.endsWith('child_layer_1_marks'));
    expect(bodies.flatMap(([, list]) => list)).toHaveLength(8);
  });

  it('draws candlestick and ohlc side by side in an hconcat', async () => {
    const unit = (mark: string) => ({
      data: { values: DAYS },
      width: 150,
      mark: { type: mark, tooltip: false },
      encoding: { x: X, ...PRICES },
    });
    const r = expand({ hconcat: [unit('candlestick'), unit('ohlc')] });
    expect(r.problems).toEqual([]);
    const items = await drawn(r.spec);
    expect(items.get('concat_0_layer_1_marks')).toHaveLength(4);
    expect(items.get('concat_1_layer_0_marks')).toHaveLength(4);
  });
});

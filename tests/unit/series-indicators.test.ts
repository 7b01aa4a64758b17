import { describe, expect, it } from 'vitest';
import type * as vega from 'vega';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { createAjvValidator } from '../../src/core/ajv';
import { expandMarks } from '../../src/core/expand';
import { computeIndicator } from '../../src/core/indicators';
import type { JsonObject } from '../../src/core/json';
import { marks } from '../../src/core/marks/index';
import { parseDocument } from '../../src/core/parse';
import { buildExtendedSchema } from '../../src/core/schema';
import { validateDocument } from '../../src/core/validate';
import { installFusedTransforms } from '../../src/render/fused-transforms';
import { drawFused as draw, drawnExport } from './charts';
import { deepFreeze } from './helpers';

/**
 * `indicators` on a plain series of prices (a line or area over time): drawn as on a candlestick,
 * the y read as the close — overlays over the series, the others in panes under it on its time
 * axis — with the values computed by the page's transform in the real Vega dataflow.
 */
installFusedTransforms();

const DAY = 864e5;
const day = (i: number) => Date.UTC(2024, 0, 1) + i * DAY;
/** A price in waves, a row a day; a few rows out of place (the indicators read them in time order). */
function rows(n: number) {
  const out = Array.from({ length: n }, (_, i) => ({
    date: day(i),
    price: 100 + 10 * Math.sin(i / 9) + Math.cos(i / 2),
  }));
  if (n > 40) [out[3], out[40]] = [out[40]!, out[3]!];
  return out;
}
/** The closes in time order, as a candlestick of the same prices would give them. */
const closes = (n: number) => {
  const r = rows(n).sort((a, b) => a.date - b.date);
  const close = r.map((b) => b.price);
  return { time: r.map((b) => b.date), open: close, high: close, low: close, close };
};

const X = { field: 'date', type: 'temporal' };
const Y = { field: 'price', type: 'quantitative' };
const line = (indicators: unknown[], n = 120, type = 'line'): JsonObject => ({
  data: { values: rows(n) },
  width: 300,
  height: 150,
  mark: { type, indicators },
  encoding: { x: X, y: Y },
});

const expand = (spec: JsonObject, target?: 'export') =>
  expandMarks(deepFreeze(structuredClone(spec)), undefined, undefined, target ? { target } : {});

interface Item {
  x: number;
  y: number;
  defined?: boolean;
  datum: Record<string, number>;
}

/** The items of the mark vega-lite names `name` (`concat_1_layer_2_marks`). */
function marksNamed(view: vega.View, name: string): Item[] {
  const out: Item[] = [];
  const visit = (node: { marktype?: string; name?: string; items?: unknown[] }) => {
    if (node.marktype && node.name === name) out.push(...((node.items ?? []) as Item[]));
    if (node.marktype === 'group' || !node.marktype) for (const c of node.items ?? []) visit(c as never);
  };
  visit((view.scenegraph() as unknown as { root: never }).root);
  return out;
}

/** What a mark draws of `field`: by day, the points with a value; and how many have none. */
function drawn(view: vega.View, mark: string, field: string) {
  const items = marksNamed(view, mark);
  const values = new Map(
    items
      .filter((i) => Number.isFinite(i.datum[field]))
      .map((i) => [(i.datum['date']! - day(0)) / DAY, i.datum[field]!]),
  );
  return { values, items };
}

/** Every text drawn. */
function texts(spec: JsonObject): string[] {
  const out: string[] = [];
  JSON.stringify(spec, (k, v: unknown) => {
    if (k === 'text' && v && typeof v === 'object' && typeof (v as JsonObject)['value'] === 'string')
      out.push((v as JsonObject)['value'] as string);
    return v;
  });
  return out;
}

describe('indicators on a line or area', () => {
  it('draws the overlays over the series and the others in a pane under it, the dates under the lowest', () => {
    const r = expand(line(['sma', { type: 'bollinger', period: 10 }, 'rsi']));
    expect(r.problems).toEqual([]);
    const spec = r.spec as JsonObject;
    const [main, rsi] = spec['vconcat'] as JsonObject[];
    expect((spec['vconcat'] as unknown[]).length).toBe(2);
    // The data is shared by both views; the series is the spec's line, without the option.
    expect(spec['data']).toEqual({ values: rows(120) });
    const layer = main!['layer'] as JsonObject[];
    expect(layer[0]).toEqual({
      mark: { type: 'line' },
      encoding: {
        x: { ...X, axis: { labels: false, ticks: false, title: null } },
        // Titled as it was: the overlays' fields would join the title.
        y: { ...Y, title: 'price' },
      },
    });
    const text = JSON.stringify(main);
    expect(text).toContain('"field":"__ind0_value"');
    expect(text).toContain('"field":"__ind1_upper"');
    expect(texts(main!)).toEqual(['SMA 20', 'BB 10 2']);
    expect(texts(rsi!)).toEqual(['RSI 14']);
    expect(JSON.stringify(rsi)).toContain('"domain":[0,100]');
    expect(JSON.stringify(rsi)).toContain('"values":[30,70]');
    const labelsOff = (v: JsonObject) => JSON.stringify(v).includes('"labels":false');
    expect([labelsOff(main!), labelsOff(rsi!)]).toEqual([true, false]);
  });

  it('draws the values of the y series in x order, as over a candlestick, the warm-up left undrawn', async () => {
    const n = 120;
    const { view } = await draw(line(['sma', 'rsi'], n));
    const sma = computeIndicator('sma', closes(n)).value!;
    const rsi = computeIndicator('rsi', closes(n)).value!;
    // The SMA over the series (the layer after the line), the RSI in the pane (after its levels).
    const overlay = drawn(view, 'concat_0_layer_1_marks', '__ind0_value');
    const pane = drawn(view, 'concat_1_layer_2_marks', '__ind1_value');
    expect(Math.min(...overlay.values.keys())).toBe(19);
    expect(Math.min(...pane.values.keys())).toBe(14);
    expect(overlay.values.size).toBe(n - 19);
    expect(pane.values.size).toBe(n - 14);
    for (const [d, v] of overlay.values) expect(v).toBeCloseTo(sma[d]!, 9);
    for (const [d, v] of pane.values) expect(v).toBeCloseTo(rsi[d]!, 9);
    // The warm-up's points are there, undefined: the line starts at the first value.
    expect(overlay.items.filter((i) => i.defined === false)).toHaveLength(19);
    // The pane's points sit at the series' x for the same day: one time axis.
    const series = new Map(marksNamed(view, 'concat_0_layer_0_marks').map((i) => [i.datum['date'], i.x]));
    for (const i of drawn(view, 'concat_1_layer_2_marks', '__ind1_value').items)
      expect(i.x).toBeCloseTo(series.get(i.datum['date'])!, 6);
    view.finalize();
  });

  it('draws an area over a quantitative x, and the MACD in its pane with its histogram', async () => {
    const n = 80;
    const spec = line(['ema', 'macd'], n, 'area');
    const quantitative = { ...spec, encoding: { x: { field: 'date', type: 'quantitative' }, y: Y } };
    const { view } = await draw(quantitative);
    const ema = computeIndicator('ema', closes(n)).value!;
    const macd = computeIndicator('macd', closes(n));
    const overlay = drawn(view, 'concat_0_layer_1_marks', '__ind0_value');
    expect(overlay.values.size).toBe(n - 19);
    for (const [d, v] of overlay.values) expect(v).toBeCloseTo(ema[d]!, 9);
    const bars = marksNamed(view, 'concat_1_layer_0_marks').filter((i) => Number.isFinite(i.datum['__ind1_histogram']));
    expect(bars.length).toBe(n - 33);
    for (const b of bars)
      expect(b.datum['__ind1_histogram']).toBeCloseTo(macd['histogram']![(b.datum['date']! - day(0)) / DAY]!, 9);
    view.finalize();
  });

  it('works in a layer, the encoding shared by the layer', async () => {
    const n = 100;
    const spec: JsonObject = {
      data: { values: rows(n) },
      width: 300,
      encoding: { x: X, y: Y },
      layer: [{ mark: { type: 'line', indicators: [{ type: 'ema', period: 10 }, 'rsi'] } }, { mark: 'point' }],
    };
    const { view, spec: out } = await draw(spec);
    expect(texts(out)).toEqual(['EMA 10', 'RSI 14']);
    const ema = computeIndicator('ema', closes(n), { period: 10 }).value!;
    const rsi = computeIndicator('rsi', closes(n)).value!;
    const overlay = drawn(view, 'concat_0_layer_0_layer_1_marks', '__ind0_value');
    const pane = drawn(view, 'concat_1_layer_2_marks', '__ind1_value');
    expect(overlay.values.size).toBe(n - 9);
    expect(pane.values.size).toBe(n - 14);
    for (const [d, v] of overlay.values) expect(v).toBeCloseTo(ema[d]!, 9);
    for (const [d, v] of pane.values) expect(v).toBeCloseTo(rsi[d]!, 9);
    view.finalize();
  });

  it('works in a concat: each view with its own pane under it', async () => {
    const n = 60;
    const spec: JsonObject = {
      data: { values: rows(n) },
      hconcat: [
        { width: 200, mark: { type: 'line', indicators: ['rsi'] }, encoding: { x: X, y: Y } },
        { width: 200, mark: { type: 'area', indicators: [{ type: 'rsi', period: 7 }] }, encoding: { x: X, y: Y } },
      ],
    };
    const { view, spec: out } = await draw(spec);
    const views = out['hconcat'] as JsonObject[];
    expect(views.map((v) => (v['vconcat'] as unknown[]).length)).toEqual([2, 2]);
    expect(texts(out)).toEqual(['RSI 14', 'RSI 7']);
    const rsi14 = computeIndicator('rsi', closes(n)).value!;
    const rsi7 = computeIndicator('rsi', closes(n), { period: 7 }).value!;
    const a = drawn(view, 'concat_0_concat_1_layer_2_marks', '__ind0_value');
    const b = drawn(view, 'concat_1_concat_1_layer_2_marks', '__ind0_value');
    expect([a.values.size, b.values.size]).toEqual([n - 14, n - 7]);
    for (const [d, v] of a.values) expect(v).toBeCloseTo(rsi14[d]!, 9);
    for (const [d, v] of b.values) expect(v).toBeCloseTo(rsi7[d]!, 9);
    view.finalize();
  });

  it('exports the values the page computed, which plain Vega-Lite draws without the page’s transforms', async () => {
    const spec = line(['sma', 'rsi'], 150);
    const page = await draw(spec);
    const view = await drawnExport(spec, page.view, 150);
    const points = (v: vega.View, mark: string, field: string) =>
      marksNamed(v, mark)
        .filter((i) => Number.isFinite(i.datum[field]))
        .map((i) => [Math.round(i.x), Math.round(i.y), i.datum[field]]);
    for (const [mark, field, count] of [
      ['concat_0_layer_1_marks', '__ind0_value', 150 - 19],
      ['concat_1_layer_2_marks', '__ind1_value', 150 - 14],
    ] as const) {
      const there = points(view, mark, field);
      expect(there).toHaveLength(count);
      expect(there).toEqual(points(page.view, mark, field));
    }
    view.finalize();
    page.view.finalize();
  });
});

describe('what a series cannot draw', () => {
  const problems = (spec: JsonObject) => expand(spec).problems.map((p) => [p.severity, p.path, p.message]);

  it('refuses an indicator that reads high and low prices or volume, at its place, and draws the others', () => {
    const r = expand(line(['ema', 'atr', { type: 'obv' }, 'rsi', 'vwap']));
    expect(r.problems.map((p) => [p.severity, p.path, p.message])).toEqual([
      [
        'warning',
        '/mark/indicators/1',
        'Average true range needs high and low prices, and a line has one price a row (its y): a candlestick or ' +
          'ohlc with "high" and "low" channels draws it. It is left out',
      ],
      [
        'warning',
        '/mark/indicators/2',
        'On-balance volume needs volume, and a line has one price a row (its y): a candlestick or ohlc with a ' +
          '"volume" channel draws it. It is left out',
      ],
      [
        'warning',
        '/mark/indicators/4',
        expect.stringMatching(
          /^Volume-weighted average price needs high and low prices and volume, .* with "high", "low" and "volume" channels draws it/,
        ),
      ],
    ]);
    expect(texts(r.spec as JsonObject)).toEqual(['EMA 20', 'RSI 14']);
  });

  it('refuses the list on a mark that is not a line or area, and draws the mark without it', () => {
    const spec = line(['rsi'], 30, 'bar');
    const r = expand(spec);
    expect(problems(spec)).toEqual([
      ['warning', '/mark/indicators', expect.stringMatching(/^A "bar" mark takes no indicators/)],
    ]);
    expect(r.spec).toEqual({ ...spec, mark: { type: 'bar' } });
  });

  it('refuses it on a line along a nominal x, on an aggregated y, and on several series', () => {
    const base = line(['sma'], 30);
    const withEncoding = (encoding: JsonObject) => ({
      ...base,
      encoding: { ...(base['encoding'] as JsonObject), ...encoding },
    });
    expect(problems(withEncoding({ x: { field: 'date', type: 'nominal' } }))).toEqual([
      ['warning', '/mark/indicators', expect.stringContaining('(not "nominal")')],
    ]);
    expect(problems(withEncoding({ y: { field: 'price', type: 'quantitative', aggregate: 'mean' } }))).toEqual([
      ['warning', '/mark/indicators', expect.stringContaining('not aggregated')],
    ]);
    expect(problems(withEncoding({ color: { field: 'symbol', type: 'nominal' } }))).toEqual([
      ['warning', '/mark/indicators', expect.stringContaining('"color" splits this line into several')],
    ]);
  });

  it('refuses it in a facet, whose cells would each draw values of all the series', () => {
    const spec: JsonObject = {
      data: { values: [] },
      facet: { row: { field: 'symbol' } },
      spec: { mark: { type: 'line', indicators: ['sma'] }, encoding: { x: X, y: Y } },
    };
    expect(problems(spec)).toEqual([
      ['warning', '/spec/mark/indicators', expect.stringContaining('a facet splits this line into several')],
    ]);
    expect(JSON.stringify(expand(spec).spec)).not.toContain('indicators');
    // A repeat gives each view every row: there they are drawn.
    const repeated = {
      data: { values: rows(40) },
      repeat: ['a', 'b'],
      spec: { mark: { type: 'line', indicators: ['sma'] }, encoding: { x: X, y: Y } },
    };
    expect(problems(repeated)).toEqual([]);
  });

  it('leaves a line with no indicators, or none of Vega-Lite’s marks, to what they were', () => {
    const spec = line([], 10);
    expect(expand(spec)).toMatchObject({ problems: [], spec: { ...spec, mark: { type: 'line' } } });
    const unknown = { ...spec, mark: { type: 'lien', indicators: ['sma'] } };
    expect(problems(unknown)).toEqual([['error', '/mark/type', 'Unknown mark "lien". Did you mean "line"?']]);
  });
});

describe('the schema of a line’s indicators', () => {
  const schema = buildExtendedSchema(vegaLiteSchema as unknown as JsonObject, marks) as {
    definitions: Record<string, { properties: Record<string, JsonObject> }>;
  };

  it('takes the candlestick’s list in Vega-Lite’s mark object, with the same items', () => {
    const lent = schema.definitions['MarkDef']!.properties['indicators']!;
    expect(lent['items']).toEqual(schema.definitions['CandlestickDef']!.properties['indicators']!['items']);
    // The hover names the ones a series of closes draws, and where the others are.
    expect(lent['description']).toContain('`"sma"`, `"ema"`, `"wma"`, `"bollinger"`');
    expect(lent['description']).toContain('`"rsi"`, `"macd"`');
    expect(lent['description']).toContain('`candlestick` or `ohlc`');
  });

  it('accepts a line with indicators, and places what it refuses', () => {
    const validator = createAjvValidator();
    const check = (mark: string) => {
      const text = `{"data": {"values": []}, "mark": ${mark}, "encoding": {"x": {"field": "d", "type": "temporal"}}}`;
      return validateDocument(parseDocument(text), 'vega-lite', validator).map((p) => [p.path, p.message]);
    };
    expect(check('{"type": "line", "indicators": ["sma", {"type": "ema", "period": 50}, "rsi"]}')).toEqual([]);
    expect(check('{"type": "area", "indicators": [{"type": "rsi", "period": "14"}]}')).toEqual([
      ['/mark/indicators/0/period', '"period" must be a number: write 14 without quotes'],
    ]);
  });
});

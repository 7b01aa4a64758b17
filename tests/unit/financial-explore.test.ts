import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import { exploresOf } from '../../src/core/explore';
import { expandMarks } from '../../src/core/expand';
import { candlestick } from '../../src/core/marks/candlestick';
import { ohlc } from '../../src/core/marks/ohlc';
import { textOn } from '../../src/core/marks/financial-last-price';
import type { JsonObject } from '../../src/core/marks/types';
import { compiledWithWarnings, deepFreeze } from './helpers';

/**
 * The options that make a financial chart explorable and read like a trading chart: what the page
 * is told (crosshair, range, buttons), the price axis fitting the bars in view, the last price,
 * the price axis's side and scale. Drawn in Node with a Vega view where the result is a drawing.
 */
const REGISTRY = [candlestick, ohlc];
const PRICES = { open: { field: 'o' }, high: { field: 'h' }, low: { field: 'l' }, close: { field: 'c' } };
const X = { field: 'd', type: 'temporal' };
const DAY = 864e5;
const day = (i: number) => Date.UTC(2024, 0, 1) + i * DAY;
/** Bars rising by 1 a day: bar i has low 95 + i, high 105 + i, close 101 + i. */
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ d: day(i), o: 100 + i, h: 105 + i, l: 95 + i, c: 101 + i, v: 1000 + i }));

const expand = (spec: JsonObject) => expandMarks(deepFreeze(structuredClone(spec)), undefined, REGISTRY);

/** A chart of `n` bars, 200 pixels wide (the level of detail is left out up to 200 inline bars). */
const chart = (mark: JsonObject, n = 20, encoding: JsonObject = {}): JsonObject => ({
  data: { values: rows(n) },
  width: 200,
  height: 100,
  mark,
  encoding: { x: X, ...PRICES, ...encoding },
});

interface Drawn {
  view: vega.View;
  vega: vega.Spec;
  warnings: string[];
}

/** The chart expanded, compiled and run in a headless view. */
async function draw(spec: JsonObject): Promise<Drawn> {
  const r = expand(spec);
  expect(r.problems).toEqual([]);
  const { vega: compiled, warnings } = compiledWithWarnings(structuredClone(r.spec));
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  await view.runAsync();
  return { view, vega: compiled, warnings };
}

/** Zooms the chart's x to days `from`..`to`, as a wheel or a drag would. */
async function zoomTo({ view, vega: spec }: Drawn, from: number, to: number) {
  const signal = spec.signals!.find((s) => /^chartspec_zoom___/.test(s.name))!.name;
  view.signal(signal, [day(from), day(to)]);
  await view.runAsync();
}

const yScale = ({ vega: spec }: Drawn) =>
  spec.scales!.find((s) => /(^|_)y$/.test(s.name) && s.name !== 'concat_1_y')!.name;
const yDomain = (d: Drawn) => d.view.scale(yScale(d)).domain() as number[];
const xDomain = (d: Drawn) => (d.view.scale('x').domain() as Date[]).map((t) => (+t - day(0)) / DAY);

interface Item {
  x: number;
  x2?: number;
  y: number;
  y2?: number;
  width?: number;
  text?: string;
  fill?: string;
  stroke?: string;
  opacity?: number;
}

/** The items drawn of each mark type (rule, rect, text), those of the last price apart. */
function itemsOf({ view }: Drawn, type: string, last: boolean): Item[] {
  const out: Item[] = [];
  const visit = (node: { marktype?: string; items?: { datum?: object }[] }) => {
    if (node.marktype === type)
      out.push(
        ...((node.items ?? []).filter((i) => (i.datum !== undefined && '__last_label' in i.datum) === last) as Item[]),
      );
    if (node.marktype === 'group' || !node.marktype) for (const child of node.items ?? []) visit(child as never);
  };
  visit((view.scenegraph() as unknown as { root: never }).root);
  return out;
}

/** The last price's line, tag and label, drawn. */
function lastPrice(d: Drawn): { rule: Item; tag: Item; label: Item } {
  const [rule] = itemsOf(d, 'rule', true);
  const [tag] = itemsOf(d, 'rect', true);
  const [label] = itemsOf(d, 'text', true);
  expect([rule, tag, label].every((i) => i !== undefined)).toBe(true);
  return { rule: rule!, tag: tag!, label: label! };
}

describe('what an explorable financial chart tells the page', () => {
  it('declares each zooming unit with the raw fields, the crosshair, the range and the buttons', () => {
    const r = expand(chart({ type: 'candlestick' }, 20, { volume: { field: 'v' } }));
    expect(exploresOf(r.spec)).toEqual([
      {
        mark: 'candlestick',
        zoom: 'chartspec_zoom',
        key: '__x0',
        fields: { x: 'd', temporal: true, open: 'o', high: 'h', low: 'l', close: 'c', volume: 'v' },
        crosshair: true,
        navigator: true,
        priceScale: 'linear',
        buttons: ['1M', '3M', '6M', 'YTD', '1Y', 'All'],
        unit: '',
        markObject: true,
        scales: { x: 'x', y: 'concat_0_y' },
      },
    ]);
    // The raw fields in percent too; a range as written; buttons of its own; no crosshair.
    const meta = (mark: JsonObject, x: JsonObject = X) =>
      exploresOf(expand({ ...chart(mark), encoding: { ...PRICES, x } }).spec)[0];
    const own = meta({
      type: 'ohlc',
      crosshair: false,
      range: '6M',
      rangeButtons: ['1W', 'All'],
      priceScale: 'percent',
    })!;
    expect([own.mark, own.crosshair, own.range, own.buttons, own.fields.close]).toEqual([
      'ohlc',
      false,
      '6M',
      ['1W', 'All'],
      'c',
    ]);
    expect(meta({ type: 'candlestick', range: ['2024-01-05', day(9)], rangeButtons: false })).toMatchObject({
      range: ['2024-01-05', day(9)],
      buttons: [],
    });
    // The readout reads no volume the chart leaves out; the navigator can be left out.
    const quiet = exploresOf(
      expand(chart({ type: 'candlestick', volume: false, navigator: false }, 20, { volume: { field: 'v' } })).spec,
    )[0]!;
    expect([quiet.fields.volume, quiet.navigator]).toEqual([undefined, false]);
    // Buttons name spans of time: none on a numeric x.
    expect(meta({ type: 'candlestick' }, { field: 'd', type: 'quantitative' })).toMatchObject({
      fields: { temporal: false },
      buttons: [],
    });
  });

  it('declares nothing for a chart kept still, on a trading-day axis, or in a repeat', () => {
    expect(exploresOf(expand(chart({ type: 'candlestick', zoom: false })).spec)).toEqual([]);
    expect(exploresOf(expand(chart({ type: 'candlestick', gaps: false })).spec)).toEqual([]);
    expect(exploresOf(expand({ repeat: ['c'], spec: chart({ type: 'candlestick' }) }).spec)).toEqual([]);
    // A zoom of the unit's own is explored under its name.
    const params = [{ name: 'mine', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' }];
    expect(exploresOf(expand({ ...chart({ type: 'ohlc' }), params }).spec)[0]!.zoom).toBe('mine');
  });

  it("opens the exported chart on a [start, end] range, written as the zoom's value", async () => {
    for (const range of [
      ['2024-01-04', '2024-01-10'],
      [day(3), day(9)],
    ]) {
      const r = expand(chart({ type: 'candlestick', range }));
      expect(JSON.stringify(r.spec)).toContain(`"value":{"x":[${day(3)},${day(9)}]}`);
      const d = await draw(chart({ type: 'candlestick', range }));
      expect(d.warnings).toEqual([]);
      expect(xDomain(d)).toEqual([3, 9]);
      // The price axis fits the bars in view: days 3 to 9 (each slot reaches a third of a day out).
      expect(yDomain(d)).toEqual([98, 114]);
      d.view.finalize();
    }
    // A token is the page's to resolve (it needs the data); a zoom with a value of its own keeps it.
    expect(JSON.stringify(expand(chart({ type: 'candlestick', range: '1M' })).spec)).not.toContain('"value":{"x"');
    const mine = [
      { name: 'z', select: { type: 'interval', encodings: ['x'] }, bind: 'scales', value: { x: [day(1), day(2)] } },
    ];
    expect(
      (expand({ ...chart({ type: 'candlestick', range: [day(3), day(9)] }), params: mine }).spec as JsonObject)[
        'layer'
      ],
    ).toEqual(expect.arrayContaining([expect.objectContaining({ params: mine })]));
  });

  it('says so when a date of the range does not read, and opens on everything', () => {
    const r = expand(chart({ type: 'candlestick', range: ['2024-01-04', 'soon'] }));
    expect(r.problems.map((p) => [p.severity, p.path, p.message])).toEqual([
      ['warning', '/mark/range/1', 'The range\'s end "soon" is not a date: the chart opens on the whole range'],
    ]);
    expect(JSON.stringify(r.spec)).not.toContain('"value":{"x"');
  });
});

describe('the price axis when zoomed', () => {
  it('fits the bars in view without the level of detail too', async () => {
    for (const mark of ['candlestick', 'ohlc']) {
      const d = await draw(chart({ type: mark }));
      expect(JSON.stringify(d.vega)).not.toContain('__column');
      expect(yDomain(d)).toEqual([94, 124]);
      // Days 5 to 8 in view: their lows 100..103 and highs 110..113 (the neighbours' slots end
      // before the view starts).
      await zoomTo(d, 5, 8);
      expect(yDomain(d)).toEqual([100, 113]);
      // Back to everything.
      await zoomTo(d, 0, 19);
      expect(yDomain(d)).toEqual([94, 124]);
      d.view.finalize();
    }
  });

  it('keeps a bar that is partly in view, and fits the volume pane too', async () => {
    const d = await draw(chart({ type: 'candlestick' }, 20, { volume: { field: 'v' } }));
    // Day 4's slot reaches 4.35: it is half in view of 4.2..8.
    await zoomTo(d, 4.2, 8);
    expect(yDomain(d)).toEqual([99, 113]);
    // The volume pane draws the bars in view: days 4 to 8.
    expect(itemsOf(d, 'rect', false).filter((i) => i.width !== undefined && i.y !== undefined)).toHaveLength(10);
    d.view.finalize();
  });

  it('with the level of detail, as before: its filter does it', async () => {
    const d = await draw(chart({ type: 'candlestick' }, 2000));
    expect(JSON.stringify(d.vega)).toContain('__column');
    await zoomTo(d, 5, 8);
    expect(yDomain(d)).toEqual([100, 113]);
    d.view.finalize();
  });

  it('keeps a y domain the spec fixes', async () => {
    const d = await draw(chart({ type: 'candlestick' }, 20, { y: { scale: { domain: [50, 150] } } }));
    await zoomTo(d, 5, 8);
    expect(yDomain(d)).toEqual([50, 150]);
    d.view.finalize();
  });

  it('rounds the fitted domain out when the scale is nice', async () => {
    const d = await draw(chart({ type: 'candlestick' }, 20, { y: { scale: { nice: 3 } } }));
    await zoomTo(d, 5, 8);
    expect(yDomain(d)).toEqual([100, 115]);
    d.view.finalize();
  });

  /** Bars with a line beside them on the same rows (a moving average) and a level. */
  const layered = (line: JsonObject, n = 20): JsonObject => ({
    data: { values: rows(n) },
    width: 200,
    height: 100,
    encoding: { x: X },
    layer: [
      { mark: 'candlestick', encoding: PRICES },
      line,
      { mark: 'rule', data: { values: [{ d: day(3), p: 60 }] }, encoding: { y: { field: 'p', type: 'quantitative' } } },
    ],
  });
  /** The points a line draws, as days. */
  const linePoints = ({ view }: Drawn) => {
    const out: number[] = [];
    const visit = (node: { marktype?: string; items?: { datum?: { d?: number } }[] }) => {
      if (node.marktype === 'line') out.push(...(node.items ?? []).map((i) => (i.datum!.d! - day(0)) / DAY));
      if (node.marktype === 'group' || !node.marktype) for (const c of node.items ?? []) visit(c as never);
    };
    visit((view.scenegraph() as unknown as { root: never }).root);
    return out.sort((a, b) => a - b);
  };

  it('fits a line beside the bars on the same rows too: its points near the view, computed on the whole series', async () => {
    // A running mean of the close over three bars: day i is 100 + i (closes 101 + i).
    const mean = {
      transform: [{ window: [{ op: 'mean', field: 'c', as: 'm' }], frame: [-2, 0] }],
      mark: 'line',
      encoding: { y: { field: 'm', type: 'quantitative' } },
    };
    for (const n of [20, 2000]) {
      const d = await draw(layered(mean, n));
      // The level at 60 (data of its own) stays in the domain; every point is drawn.
      expect(yDomain(d)[0]).toBeLessThanOrEqual(60);
      expect(linePoints(d)).toHaveLength(n);
      const withoutLevel = await draw({
        ...layered(mean, n),
        layer: (layered(mean, n)['layer'] as JsonObject[]).slice(0, 2),
      });
      await zoomTo(withoutLevel, 5, 8);
      // Days 5..8 and the neighbour on each side, so the line reaches the plot's edges.
      expect(linePoints(withoutLevel)).toEqual([4, 5, 6, 7, 8, 9]);
      // The mean of day 4 (100 + 3) is the lowest the line adds: the window still reads days 2 and 3.
      expect(yDomain(withoutLevel)).toEqual([100, 113]);
      await zoomTo(withoutLevel, 0, n - 1);
      expect(linePoints(withoutLevel)).toHaveLength(n);
      d.view.finalize();
      withoutLevel.view.finalize();
    }
  });

  it('leaves alone a layer with data of its own, on another x, or an extension mark', () => {
    const own = {
      data: { values: [{ d: day(3), m: 1 }] },
      mark: 'line',
      encoding: { y: { field: 'm', type: 'quantitative' } },
    };
    const other = {
      mark: 'line',
      encoding: { x: { field: 'o', type: 'quantitative' }, y: { field: 'c', type: 'quantitative' } },
    };
    for (const line of [own, other]) {
      const layers = (expand(layered(line)).spec as JsonObject)['layer'] as JsonObject[];
      expect(layers[1]).toEqual(line);
    }
    const plain = expand(layered({ mark: 'line', encoding: { y: { field: 'c', type: 'quantitative' } } }))
      .spec as JsonObject;
    expect(JSON.stringify((plain['layer'] as JsonObject[])[1])).toContain('__next_x');
    // Without a zoom (zoom: false) nothing is cut.
    const still = layered({ mark: 'line', encoding: { y: { field: 'c', type: 'quantitative' } } });
    (still['layer'] as JsonObject[])[0] = { mark: { type: 'candlestick', zoom: false }, encoding: PRICES };
    expect(JSON.stringify(expand(still).spec)).not.toContain('__next_x');
  });

  it('draws in a facet (the filter is on each part: on the shared data Vega-Lite could not draw it)', async () => {
    const values = [...rows(6).map((r) => ({ ...r, s: 'A' })), ...rows(6).map((r) => ({ ...r, s: 'B' }))];
    const d = await draw({
      data: { values },
      facet: { field: 's', type: 'nominal' },
      spec: { width: 150, mark: 'candlestick', encoding: { x: X, ...PRICES } },
    });
    expect(itemsOf(d, 'rect', false)).toHaveLength(12);
    d.view.finalize();
  });
});

describe('a replay', () => {
  /** Sets the replay's count of bars added, as the page's steps do. */
  async function step({ view, vega: spec }: Drawn, added: number) {
    view.signal(spec.signals!.find((s) => /^chartspec_replay/.test(s.name))!.name, added);
    await view.runAsync();
  }
  const bodies = (d: Drawn) => itemsOf(d, 'rect', false).filter((i) => i.width !== undefined);

  it('opens on the first half and adds the next bars one at a time: the last price and the axis see only those', async () => {
    for (const n of [20, 2000]) {
      const d = await draw(chart({ type: 'candlestick', replay: true }, n));
      const meta = exploresOf(expand(chart({ type: 'candlestick', replay: true }, n)).spec)[0]!;
      expect(meta.replay).toEqual({ param: 'chartspec_replay', speed: 2 });
      if (n === 20) expect(bodies(d)).toHaveLength(10);
      // The newest bar shown is the last price: bar n/2 - 1 closes at 100 + n/2.
      const price = (close: number) => close.toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(lastPrice(d).label.text).toBe(price(100 + n / 2));
      // (With the level of detail the axis ends at the last column's edge, not the bar's.)
      if (n === 20) expect(xDomain(d)[1]).toBeLessThan(n / 2);
      await step(d, 3);
      if (n === 20) expect(bodies(d)).toHaveLength(13);
      expect(lastPrice(d).label.text).toBe(price(103 + n / 2));
      if (n === 20) expect(xDomain(d)[1]).toBeGreaterThan(n / 2 + 2);
      if (n === 20) expect(xDomain(d)[1]).toBeLessThan(n / 2 + 3);
      d.view.finalize();
    }
  });

  it('starts after the last bar at or before `from`, at the speed asked, with the volume pane and a line beside the bars', async () => {
    const spec = {
      ...chart({ type: 'candlestick', replay: { from: '2024-01-06', speed: 5 } }, 20, { volume: { field: 'v' } }),
    };
    const r = expand(spec);
    expect(exploresOf(r.spec)[0]!.replay).toEqual({ param: 'chartspec_replay', speed: 5, from: day(5) });
    const d = await draw(spec);
    // Days 0..5: six candles and six volume bars.
    expect(bodies(d)).toHaveLength(12);
    await step(d, 1);
    expect(bodies(d)).toHaveLength(14);
    d.view.finalize();

    const line = { mark: 'line', encoding: { y: { field: 'c', type: 'quantitative' } } };
    const layered = {
      data: { values: rows(20) },
      width: 200,
      height: 100,
      encoding: { x: X },
      layer: [{ mark: { type: 'candlestick', replay: { from: day(5) } }, encoding: PRICES }, line],
    };
    const l = await draw(layered);
    const points = () => {
      let n = 0;
      const visit = (node: { marktype?: string; items?: unknown[] }) => {
        if (node.marktype === 'line') n += node.items?.length ?? 0;
        if (node.marktype === 'group' || !node.marktype) for (const c of node.items ?? []) visit(c as never);
      };
      visit((l.view.scenegraph() as unknown as { root: never }).root);
      return n;
    };
    expect(points()).toBe(6);
    await step(l, 4);
    expect(points()).toBe(10);
    l.view.finalize();
  });

  it('says so when `from` is not a date, and starts from the middle', () => {
    const r = expandMarks(deepFreeze(chart({ type: 'candlestick', replay: { from: 'soon' } })), undefined, REGISTRY);
    expect(r.problems).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('"soon" is not a date') }),
    ]);
    expect(exploresOf(r.spec)[0]!.replay).toEqual({ param: 'chartspec_replay', speed: 2 });
  });

  it('is not there by default, nor without a zoom, nor in an export (which shows the whole series)', () => {
    const exported = expandMarks(deepFreeze(chart({ type: 'candlestick', replay: true })), undefined, REGISTRY, {
      target: 'export',
    });
    expect(JSON.stringify(exported.spec)).not.toContain('__replay');
    expect(exploresOf(expand(chart({ type: 'candlestick' })).spec)[0]!.replay).toBeUndefined();
    expect(JSON.stringify(expand(chart({ type: 'candlestick', zoom: false, replay: true })).spec)).not.toContain(
      '__replay',
    );
  });
});

describe('the last price', () => {
  it('is a dashed rule across the plot at the last close and a tag on the axis, in its direction color', async () => {
    const d = await draw(chart({ type: 'candlestick' }));
    expect(d.warnings).toEqual([]);
    const { rule, tag, label } = lastPrice(d);
    const y = d.view.scale(yScale(d))(120) as number;
    expect(rule).toMatchObject({ x: 0, x2: 200, stroke: '#0f9d76', opacity: 1 });
    expect(rule!.y).toBeCloseTo(y, 6);
    // Left of the plot, over the axis, centred on the price.
    expect(tag!.x2).toBe(0);
    expect(tag!.x).toBeLessThan(-30);
    expect((tag!.y + tag!.y2!) / 2).toBeCloseTo(y, 6);
    expect(tag).toMatchObject({ fill: '#0f9d76', opacity: 1 });
    expect(label).toMatchObject({ text: '120.00', fill: '#ffffff', x: tag!.x / 2 });
    d.view.finalize();
  });

  it('stays at the last bar of the whole series when zoomed, hidden while out of view, and widens nothing', async () => {
    const d = await draw(chart({ type: 'candlestick' }));
    await zoomTo(d, 5, 8);
    // 120 is above the bars in view: the axis still fits them alone.
    expect(yDomain(d)).toEqual([100, 113]);
    const { rule, label } = lastPrice(d);
    expect([rule!.opacity, label!.opacity, label!.text]).toEqual([0, 0, '120.00']);
    // Kept inside the plot, so that the hidden tag does not push the chart's bounds out.
    expect(rule!.y).toBe(0);
    await zoomTo(d, 10, 19);
    expect(lastPrice(d).rule.opacity).toBe(1);
    d.view.finalize();
  });

  it('reads the last bar before the level of detail merges or cuts the bars', async () => {
    const d = await draw(chart({ type: 'ohlc' }, 2000));
    expect(lastPrice(d).label.text).toBe('2,100.00');
    await zoomTo(d, 1990, 1999);
    expect(lastPrice(d).label.text).toBe('2,100.00');
    d.view.finalize();
  });

  it('takes the falling color, the axis format, and the right side with the axis', async () => {
    const falling = rows(5).map((r, i) => (i === 4 ? { ...r, c: r.o - 1 } : r));
    const d = await draw({
      ...chart({ type: 'candlestick', priceAxis: 'right', falling: '#fca5a5' }),
      data: { values: falling },
      encoding: { x: X, ...PRICES, y: { axis: { format: '.1f' } } },
    });
    const { tag, label } = lastPrice(d);
    expect(tag).toMatchObject({ x: 200, fill: '#fca5a5' });
    // Dark text on a light tag.
    expect(label).toMatchObject({ x: (tag!.x + tag!.x2!) / 2, text: '103.0', fill: '#111827' });
    d.view.finalize();
  });

  it('is left out with lastPrice: false', () => {
    const r = expand(chart({ type: 'candlestick', lastPrice: false }));
    expect(JSON.stringify(r.spec)).not.toContain('last');
  });

  it("picks white text on the marks' colors and dark text on light tags", () => {
    expect(['#0f9d76', '#e0483e', '#8a94a6', 'teal'].map(textOn)).toEqual(['#ffffff', '#ffffff', '#ffffff', '#ffffff']);
    expect(['#34d399', '#fff', '#fca5a5'].map(textOn)).toEqual(['#111827', '#111827', '#111827']);
  });
});

describe('the price axis: side and scale', () => {
  it('goes right with priceAxis, the volume pane with it, under the axis options the spec gives', () => {
    const r = expand(chart({ type: 'candlestick', priceAxis: 'right' }, 20, { volume: { field: 'v' } }));
    const [view, pane] = (r.spec as JsonObject)['vconcat'] as JsonObject[];
    const body = ((view!['layer'] as JsonObject[])[1]!['encoding'] as JsonObject)['y'] as JsonObject;
    expect(body['axis']).toEqual({ orient: 'right' });
    expect((((pane!['encoding'] as JsonObject)['y'] as JsonObject)['axis'] as JsonObject)['orient']).toBe('right');
    const own = expand(
      chart({ type: 'ohlc', priceAxis: 'right' }, 20, { y: { axis: { orient: 'left', title: 'P' } } }),
    );
    const stem = ((own.spec as JsonObject)['layer'] as JsonObject[])[0]!;
    expect(((stem['encoding'] as JsonObject)['y'] as JsonObject)['axis']).toEqual({ orient: 'left', title: 'P' });
  });

  it('is a log scale with priceScale: "log", without zero or powers of ten, and without a warning', async () => {
    const d = await draw(chart({ type: 'candlestick', priceScale: 'log' }));
    expect(d.warnings).toEqual([]);
    const scale = d.vega.scales!.find((s) => s.name === yScale(d))!;
    expect(scale.type).toBe('log');
    expect(yDomain(d)).toEqual([95, 124]);
    d.view.finalize();
  });

  it('draws the change from the first bar in view with priceScale: "percent", keeping the prices', async () => {
    const r = expand(chart({ type: 'candlestick', priceScale: 'percent' }));
    const spec = r.spec as JsonObject;
    const body = (spec['layer'] as JsonObject[])[1]!;
    const enc = body['encoding'] as JsonObject;
    expect(enc['y']).toMatchObject({ field: '__pct_o', axis: { format: '+.1%' } });
    expect(enc['y2']).toEqual({ field: '__pct_c' });
    // The tooltip keeps the prices.
    expect(JSON.stringify(enc['tooltip'])).toContain('"field":"c"');
    const d = await draw(chart({ type: 'candlestick', priceScale: 'percent' }));
    expect(d.warnings).toEqual([]);
    // From the first close (101): lows from 95/101 - 1, highs to 124/101 - 1.
    const [lo, hi] = yDomain(d);
    expect(lo).toBeLessThanOrEqual(95 / 101 - 1);
    expect(hi).toBeGreaterThanOrEqual(124 / 101 - 1);
    // Zoomed, from the close of the first bar in view (day 5: 106).
    await zoomTo(d, 5, 8);
    const [zlo, zhi] = yDomain(d);
    expect(zlo).toBeLessThanOrEqual(100 / 106 - 1);
    expect(zlo).toBeGreaterThan(100 / 106 - 1 - 0.01);
    expect(zhi).toBeGreaterThanOrEqual(113 / 106 - 1);
    expect(zhi).toBeLessThan(113 / 106 - 1 + 0.01);
    expect(lastPrice(d).label.text).toBe('+13.2%');
    d.view.finalize();
  });

  it('in percent with the level of detail too', async () => {
    const d = await draw(chart({ type: 'ohlc', priceScale: 'percent' }, 2000));
    await zoomTo(d, 1000, 1010);
    const [lo] = yDomain(d);
    // The first column in view closes near 1101: its low, 1095, is about -0.5% from it.
    expect(lo).toBeGreaterThan(-0.02);
    expect(lo).toBeLessThan(0);
    d.view.finalize();
  });
});

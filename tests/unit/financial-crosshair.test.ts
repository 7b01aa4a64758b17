import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import * as vega from 'vega';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { expandMarks } from '../../src/core/expand';
import { runPipeline } from '../../src/core/pipeline';
import { candlestick } from '../../src/core/marks/candlestick';
import { ohlc } from '../../src/core/marks/ohlc';
import type { JsonObject } from '../../src/core/marks/types';
import { readoutOf, readoutText } from '../../src/render/readout';
import { compiledWithWarnings, deepFreeze } from './helpers';

/**
 * The crosshair an exported financial chart keeps: Vega-Lite's own selection and layers, in the
 * export's expansion only (the page draws its own). Drawn in Node with a Vega view, the selection
 * set as the pointer would set it.
 */
const REGISTRY = [candlestick, ohlc];
const DAY = 864e5;
const day = (i: number) => Date.UTC(2024, 0, 1) + i * DAY;
/** Bars rising by 1 a day: bar i opens at 100 + i, closes at 101 + i, volume 1000 + i. */
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ d: day(i), o: 100 + i, h: 105 + i, l: 95 + i, c: 101 + i, v: 1000 + i }));
const FIELDS = { open: { field: 'o' }, high: { field: 'h' }, low: { field: 'l' }, close: { field: 'c' } };

const chart = (mark: JsonObject, encoding: JsonObject = {}): JsonObject => ({
  data: { values: rows(30) },
  width: 400,
  height: 200,
  mark,
  encoding: { x: { field: 'd', type: 'temporal' }, ...FIELDS, ...encoding },
});

const exported = (spec: JsonObject) =>
  expandMarks(deepFreeze(structuredClone(spec)), undefined, REGISTRY, { target: 'export' });

const plain = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false }).compile(
  vegaLiteSchema,
);

interface Drawn {
  view: vega.View;
  warnings: string[];
}

/** The export expanded, checked against Vega-Lite's schema, compiled and run headless. */
async function draw(spec: JsonObject): Promise<Drawn> {
  const r = exported(spec);
  expect(r.problems).toEqual([]);
  expect(plain(r.spec), JSON.stringify(plain.errors)).toBe(true);
  const { vega: compiled, warnings } = compiledWithWarnings(structuredClone(r.spec));
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  await view.runAsync();
  return { view, warnings };
}

/**
 * Selects bar `i` as the pointer over it would: the tuple Vega-Lite's point selection stores
 * (a test may know its shape; the chart itself never names it).
 */
async function pointAt({ view }: Drawn, i: number | undefined): Promise<void> {
  const tuples =
    i === undefined ? [] : [{ unit: 'test', fields: [{ field: '__t', channel: 'x', type: 'E' }], values: [day(i)] }];
  view.change(
    'chartspec_crosshair_store',
    vega
      .changeset()
      .remove(() => true)
      .insert(tuples),
  );
  await view.runAsync();
}

interface Item {
  x: number;
  y: number;
  text?: string | string[];
  stroke?: string;
  opacity?: number;
  datum?: Record<string, unknown>;
}

/** Every item drawn of a mark type. */
function items({ view }: Drawn, type: string): Item[] {
  const out: Item[] = [];
  const visit = (node: { marktype?: string; items?: unknown[] }) => {
    if (node.marktype === type) out.push(...((node.items ?? []) as Item[]));
    if (node.marktype === 'group' || !node.marktype) for (const child of node.items ?? []) visit(child as never);
  };
  visit((view.scenegraph() as unknown as { root: never }).root);
  return out;
}

/** The crosshair's lines in view (one per view it runs through). */
const lines = (d: Drawn) => items(d, 'rule').filter((i) => i.stroke === '#6b7280' && i.opacity === 1);
/** The readout's text, as the app's readout writes it (spaces aside), without its halo. */
const readout = (d: Drawn) =>
  items(d, 'text')
    .filter((i) => i.datum && '__xh_change_text' in i.datum && i.stroke === undefined)
    .map((i) => (Array.isArray(i.text) ? i.text.join(' ') : String(i.text)).replace(/\s+/g, ' '))
    .join(' ');
const dateTag = (d: Drawn) =>
  items(d, 'text')
    .filter((i) => i.datum && '__xh_date' in i.datum && !('__xh_change_text' in i.datum) && i.opacity === 1)
    .map((i) => i.text);

/** What the app's readout says of bar i of `rows` (src/render/readout.ts), spaces aside. */
function appReadout(i: number, volume: boolean): string {
  const bar = (k: number) => ({ ...rows(30)[k]!, __t: day(k), __step: DAY });
  const fields = {
    x: 'd',
    temporal: true,
    open: 'o',
    high: 'h',
    low: 'l',
    close: 'c',
    ...(volume ? { volume: 'v' } : {}),
  };
  return readoutText(readoutOf(bar(i), i ? bar(i - 1) : undefined, fields)).replace(/\s+/g, ' ');
}

describe('the crosshair of an exported financial chart', () => {
  it('is a selection and layers in the export, none in the page or with crosshair: false', () => {
    const spec = chart({ type: 'candlestick' }, { volume: { field: 'v' } });
    const text = JSON.stringify(exported(spec).spec);
    expect(text).toContain('"name":"chartspec_crosshair"');
    expect(text).toContain('"nearest":true');
    expect(text).toContain('"style":"candlestick-crosshair"');
    // The volume pane is a layer: its bars, then the line and the date tag.
    const pane = (exported(spec).spec as { vconcat: JsonObject[] }).vconcat[1]!;
    expect((pane['layer'] as JsonObject[]).map((l) => JSON.stringify(l).match(/"style":"([\w-]+)"/)?.[1])).toEqual([
      'candlestick-volume',
      'candlestick-crosshair',
    ]);

    const page = JSON.stringify(expandMarks(deepFreeze(structuredClone(spec)), undefined, REGISTRY).spec);
    // (Its usermeta tells the page to draw its own: `"crosshair": true`.)
    expect(page).not.toMatch(/chartspec_crosshair|"style":"candlestick-crosshair/);
    // The page's compiled spec: no selection that would run the dataflow on every pointer move.
    const compiled = runPipeline(JSON.stringify(spec), { registry: REGISTRY }).vega!;
    expect(JSON.stringify(compiled)).not.toMatch(/chartspec_crosshair|voronoi/);

    const none = /chartspec_crosshair|"style":"candlestick-crosshair/;
    expect(JSON.stringify(exported(chart({ type: 'candlestick', crosshair: false })).spec)).not.toMatch(none);
    // Without zoom the page has no crosshair either, and neither has the export.
    expect(JSON.stringify(exported(chart({ type: 'candlestick', zoom: false })).spec)).not.toMatch(none);
  });

  it('draws the line at the selected bar and reads it as the app does; the last bar while none is', async () => {
    const d = await draw(chart({ type: 'candlestick' }));
    expect(d.warnings).toEqual([]);
    // Nothing selected: no line or tag, the last bar's readout.
    expect(lines(d)).toEqual([]);
    expect(readout(d)).toBe(appReadout(29, false));
    await pointAt(d, 12);
    const x = d.view.scale('x')(day(12)) as number;
    expect(lines(d).map((l) => l.x)).toEqual([x]);
    expect(readout(d)).toBe(appReadout(12, false));
    expect(readout(d)).toMatch(/O 112\.00 H 117\.00 L 107\.00 C 113\.00 \+1\.00 \(\+0\.89%\)$/);
    expect(dateTag(d)).toEqual([appReadout(12, false).split(' O ')[0]]);
    // The first bar's change is from its own open.
    await pointAt(d, 0);
    expect(readout(d)).toContain('+1.00 (+1.00%)');
    await pointAt(d, undefined);
    expect(lines(d)).toEqual([]);
  });

  it('runs through the volume pane, with the volume read and the date on the pane’s axis; price axis on the right', async () => {
    const d = await draw(chart({ type: 'candlestick', priceAxis: 'right' }, { volume: { field: 'v' } }));
    expect(d.warnings).toEqual([]);
    await pointAt(d, 20);
    const x = d.view.scale('x')(day(20)) as number;
    // One line in the price view, one in the pane, at the same x (the views share it).
    expect(lines(d).map((l) => l.x)).toEqual([x, x]);
    expect(readout(d)).toBe(appReadout(20, true));
    expect(readout(d)).toContain('Vol 1.02K');
    // One date tag, in the pane (the price view's axis shows no dates above a pane).
    expect(dateTag(d)).toHaveLength(1);
  });

  it('keeps to its own layers in a layer with other layers, ohlc too', async () => {
    const spec: JsonObject = {
      data: { values: rows(30) },
      width: 400,
      height: 200,
      encoding: { x: { field: 'd', type: 'temporal' }, y: { type: 'quantitative' }, ...FIELDS },
      layer: [
        { mark: 'ohlc' },
        {
          transform: [{ window: [{ op: 'mean', field: 'c', as: 'ma' }], frame: [-4, 0], sort: [{ field: 'd' }] }],
          mark: 'line',
          encoding: { y: { field: 'ma', type: 'quantitative' } },
        },
        { mark: 'rule', encoding: { y: { datum: 110 } } },
      ],
    };
    const d = await draw(spec);
    expect(d.warnings).toEqual([]);
    await pointAt(d, 5);
    expect(lines(d).map((l) => l.x)).toEqual([d.view.scale('x')(day(5))]);
    expect(readout(d)).toBe(appReadout(5, false));
  });

  it('in a facet, each cell reads its own bar at the time selected', async () => {
    const values = ['A', 'B'].flatMap((s, k) => rows(30).map((r) => ({ ...r, s, c: r.c + 10 * k })));
    const d = await draw({
      data: { values },
      facet: { row: { field: 's' } },
      spec: {
        width: 300,
        height: 100,
        mark: 'candlestick',
        encoding: { x: { field: 'd', type: 'temporal' }, ...FIELDS },
      },
    });
    expect(d.warnings).toEqual([]);
    await pointAt(d, 3);
    expect(lines(d)).toHaveLength(2);
    expect(readout(d)).toContain('C 104.00');
    expect(readout(d)).toContain('C 114.00');
  });

  it('is not in a repeat, whose views have no zoom of their own', () => {
    const spec: JsonObject = {
      data: { values: rows(10) },
      repeat: ['c', 'o'],
      spec: { mark: 'candlestick', encoding: { x: { field: 'd', type: 'temporal' }, ...FIELDS } },
    };
    expect(JSON.stringify(exported(spec).spec)).not.toContain('crosshair');
  });
});

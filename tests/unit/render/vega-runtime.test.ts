import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import {
  chartSvg,
  drawnWithoutDescriptions,
  runtimeSpec,
  viewShows,
  withoutDescriptions,
} from '../../../src/render/vega-runtime';
import { valuesPatch } from '../../../src/core/data-patch';
import { expressionEvaluator } from '../../../src/render/expression';

type Row = { day: number; series: string; value: number };
const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ day: i >> 1, series: 'AB'[i % 2]!, value: (i * 37) % 101 }));

/** A Vega-Lite chart compiled to Vega: every mark gets a `description` encoding. */
function vegaOf(mark: 'point' | 'line', values: Row[]): VegaSpec {
  const spec: TopLevelSpec = {
    data: { values },
    mark,
    encoding: {
      x: { field: 'day', type: 'quantitative' },
      y: { field: 'value', type: 'quantitative' },
      color: { field: 'series', type: 'nominal' },
    },
  };
  return compile(spec).spec as VegaSpec;
}

async function draw(spec: VegaSpec): Promise<vega.View> {
  const view = new vega.View(vega.parse(spec, undefined, { ast: true }), {
    renderer: 'none',
    expr: expressionEvaluator,
  } as vega.ViewOptions);
  await view.runAsync();
  return view;
}

interface SceneNode {
  items?: SceneNode[];
  description?: unknown;
  name?: string;
}
/** Descriptions of the drawn items of the mark named `name` (Vega-Lite's: "marks"), at any depth. */
function descriptions(view: vega.View, name = 'marks'): unknown[] {
  const out: unknown[] = [];
  const visit = (node: SceneNode) => {
    if (node.name === name) for (const item of node.items ?? []) out.push(item.description);
    else for (const child of node.items ?? []) visit(child);
  };
  visit((view as unknown as { scenegraph(): { root: SceneNode } }).scenegraph().root);
  return out;
}

const ariaLabels = (svg: string) => [...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]!);
/** The picture alone: without the accessibility attributes (items without descriptions get no role either). */
const picture = (svg: string) => svg.replace(/ (aria-[a-z]+|role)="[^"]*"/g, '');

describe('withoutDescriptions', () => {
  it('leaves out the description channel of every mark, also inside groups, and nothing else', () => {
    const spec = vegaOf('line', rows(6));
    const before = JSON.stringify(spec);
    const stripped = withoutDescriptions(spec) as unknown as {
      marks: { marks: { encode: { update: Record<string, unknown> } }[] }[];
    };
    // The line inside its series group had one; the spec itself is not changed.
    expect(JSON.stringify(spec)).toBe(before);
    expect(before).toContain('"description"');
    expect(JSON.stringify(stripped)).not.toContain('"description"');
    const line = (spec as unknown as typeof stripped).marks[0]!.marks[0]!.encode.update;
    const { description: _gone, ...rest } = line;
    expect(stripped.marks[0]!.marks[0]!.encode.update).toEqual(rest);
    // Parts without descriptions are shared, not copied.
    expect((stripped as unknown as { data: unknown }).data).toBe((spec as unknown as { data: unknown }).data);
    const none = { marks: [{ type: 'rect', encode: { update: { x: { value: 1 } } } }] } as VegaSpec;
    expect(withoutDescriptions(none)).toBe(none);
  });

  it('draws the same items, only without descriptions', async () => {
    const spec = vegaOf('point', rows(40));
    const full = await draw(spec);
    const bare = await draw(withoutDescriptions(spec));
    const withText = descriptions(full);
    expect(withText).toHaveLength(40);
    expect(withText[0]).toMatch(/day: 0; value: 0; series: A/);
    expect(descriptions(bare)).toEqual(Array(40).fill(undefined));
    expect(picture(await bare.toSVG())).toBe(picture(await full.toSVG()));
    full.finalize();
    bare.finalize();
  });
});

describe('chartSvg', () => {
  it('gives the SVG of a view drawn without descriptions every item’s description, in the rows it shows now', async () => {
    // As the chart view does: the app's spec drawn without descriptions, then a typed value
    // applied to the live view as a data patch.
    const spec = vegaOf('point', rows(40));
    const before = JSON.stringify(spec);
    const view = await draw(withoutDescriptions(runtimeSpec(spec)));
    drawnWithoutDescriptions(view, spec);
    expect(ariaLabels(await view.toSVG()).filter((l) => l.startsWith('day:'))).toEqual([]);
    const typed = rows(40);
    typed[3]!.value = 777;
    const patched = vegaOf('point', typed);
    const patch = valuesPatch(spec, patched, (a, b) => JSON.stringify(a) === JSON.stringify(b))!;
    expect(patch.datasets).toHaveLength(1);
    const { name, rows: changed } = patch.datasets[0]!;
    const tuples = view.data(name) as Row[];
    const cs = vega.changeset();
    for (const [r, row] of changed) cs.modify(tuples[r] as never, 'value', (row as Row).value);
    view.change(name, cs);
    await view.runAsync();
    viewShows(view, patched);

    const svg = await chartSvg(view);
    const labels = ariaLabels(svg).filter((l) => l.startsWith('day:'));
    expect(labels).toHaveLength(40);
    expect(labels).toContain('day: 1; value: 777; series: B');
    // Exactly the SVG of the chart drawn anew from the rows as they are now (a view on screen
    // keeps the layout of its first drawing: the wider labels of the new y axis move the plot by a
    // pixel or two in a fresh one).
    const fresh = await draw(patched);
    expect(svg).toBe(await fresh.toSVG());
    fresh.finalize();
    // The view on screen and the app's spec are as they were.
    expect(descriptions(view)).toEqual(Array(40).fill(undefined));
    expect((view.data(name) as Row[])[3]!.value).toBe(777);
    expect(JSON.stringify(spec)).toBe(before);
    view.finalize();
  });

  it('never runs a spec’s transforms over the live view’s rows again', async () => {
    // Raw Vega whose inline rows are changed in place by their own formula (doubled).
    const spec = {
      width: 100,
      height: 100,
      data: [
        {
          name: 'table',
          values: [{ v: 1 }, { v: 2 }, { v: 3 }],
          transform: [{ type: 'formula', expr: 'datum.v * 2', as: 'v' }],
        },
      ],
      scales: [{ name: 'y', domain: [0, 10], range: 'height' }],
      marks: [
        {
          type: 'symbol',
          from: { data: 'table' },
          encode: { update: { y: { scale: 'y', field: 'v' }, description: { signal: "'v=' + datum.v" } } },
        },
      ],
    } as unknown as VegaSpec;
    const view = await draw(withoutDescriptions(runtimeSpec(spec)));
    drawnWithoutDescriptions(view, spec);
    const symbols = (svg: string) => ariaLabels(svg).filter((l) => l.startsWith('v='));
    expect(symbols(await chartSvg(view))).toEqual(['v=2', 'v=4', 'v=6']);
    // Also once the chart itself changed those rows (as a click handler's `modify` does): the
    // view's rows are doubled already, and are not doubled again (the added row is not there).
    view.change('table', vega.changeset().insert([{ v: 4 }]));
    await view.runAsync();
    expect((view.data('table') as { v: number }[]).map((t) => t.v)).toEqual([2, 4, 6, 8]);
    expect(symbols(await chartSvg(view))).toEqual(['v=2', 'v=4', 'v=6']);
    expect((view.data('table') as { v: number }[]).map((t) => t.v)).toEqual([2, 4, 6, 8]);
    view.finalize();
  });

  it('keeps rows the chart itself added to an inline data set without transforms', async () => {
    const spec = {
      width: 100,
      height: 100,
      data: [{ name: 'table', values: [{ v: 1 }, { v: 2 }] }],
      scales: [{ name: 'y', domain: [0, 10], range: 'height' }],
      marks: [
        {
          type: 'symbol',
          from: { data: 'table' },
          encode: { update: { y: { scale: 'y', field: 'v' }, description: { signal: "'v=' + datum.v" } } },
        },
      ],
    } as unknown as VegaSpec;
    const view = await draw(withoutDescriptions(runtimeSpec(spec)));
    drawnWithoutDescriptions(view, spec);
    view.change('table', vega.changeset().insert([{ v: 7 }]));
    await view.runAsync();
    expect(ariaLabels(await chartSvg(view)).filter((l) => l.startsWith('v='))).toEqual(['v=1', 'v=2', 'v=7']);
    view.finalize();
  });

  it('keeps the state the view is in: a zoomed chart exports zoomed', async () => {
    const zoomable = compile({
      data: { values: rows(40) },
      params: [{ name: 'zoom', select: 'interval', bind: 'scales' }],
      mark: 'point',
      encoding: { x: { field: 'day', type: 'quantitative' }, y: { field: 'value', type: 'quantitative' } },
    } as TopLevelSpec).spec as VegaSpec;
    const view = await draw(withoutDescriptions(runtimeSpec(zoomable)));
    drawnWithoutDescriptions(view, zoomable);
    const xLabels = (svg: string) =>
      [...svg.matchAll(/<g class="mark-text role-axis-label"[^]*?<\/g>/g)][0]![0].match(/>[^<]+<\/text>/g);
    const unzoomed = xLabels(await chartSvg(view));
    view.signal('zoom_day', [4, 6]).signal('zoom_value', [0, 50]);
    await view.runAsync();
    const zoomed = await chartSvg(view);
    expect(xLabels(zoomed)).not.toEqual(unzoomed);
    expect(xLabels(zoomed)).toEqual(xLabels(await view.toSVG()));
    expect(ariaLabels(zoomed).filter((l) => l.startsWith('day:')).length).toBe(40);
    view.finalize();
  });

  it('is the view’s own SVG when it was drawn with its descriptions', async () => {
    const view = await draw(vegaOf('point', rows(10)));
    const svg = await chartSvg(view);
    expect(svg).toBe(await view.toSVG());
    expect(ariaLabels(svg).filter((l) => l.startsWith('day:'))).toHaveLength(10);
    view.finalize();
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import {
  contextScales,
  currentPulse,
  drawnSize,
  ingest,
  interpreter,
  INTERNAL_DATA_PREFIX,
  markDrawers,
  pathRectangle,
  sceneVisit,
  ProxySignal,
  registerFormat,
  replaceTransform,
  runnablePrototypes,
  sceneRoot,
  sourceArray,
  targetsOf,
  transformRegistry,
  TransformBase,
  tupleid,
  VEGA_LITE_VERSION,
  VEGA_VERSION,
  operatorsOf,
  withoutModified,
} from '../../../src/render/vega-internals';

/**
 * What the render layer relies on beyond Vega's typed API (src/render/vega-internals.ts), checked
 * on the installed packages. A Vega or vega-lite upgrade that changes any of it fails here.
 */
const root = new URL('../../../', import.meta.url);
const installed = (name: string) =>
  JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, root), 'utf8')).version as string;

const BARS: vega.Spec = {
  width: 100,
  height: 50,
  data: [
    {
      name: 'table',
      values: [
        { x: 1, y: 2 },
        { x: 2, y: 5 },
      ],
    },
    { name: 'other', values: [{ y: 3 }] },
  ],
  scales: [
    { name: 'x', type: 'linear', domain: { data: 'table', field: 'x' }, range: 'width' },
    // Two data sets: Vega computes this domain with a MultiExtent.
    {
      name: 'y',
      type: 'linear',
      domain: {
        fields: [
          { data: 'table', field: 'y' },
          { data: 'other', field: 'y' },
        ],
      },
      range: 'height',
    },
  ],
  marks: [
    {
      type: 'rect',
      from: { data: 'table' },
      encode: {
        update: { x: { scale: 'x', field: 'x' }, width: { value: 5 }, y: { scale: 'y', field: 'y' }, y2: { value: 0 } },
      },
    },
  ],
};

async function drawn(): Promise<vega.View> {
  const view = new vega.View(vega.parse(BARS), { renderer: 'none' });
  await view.runAsync();
  return view;
}

describe('the versions the internals were read from', () => {
  it('are the installed vega and vega-lite', () => {
    expect(installed('vega')).toBe(VEGA_VERSION);
    expect(installed('vega-lite')).toBe(VEGA_LITE_VERSION);
  });

  it('are pinned: every vega package in package.json has an exact version', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
    const all = { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>;
    const vegas = Object.entries(all).filter(([name]) => /^(react-)?vega/.test(name));
    expect(vegas.length).toBeGreaterThan(10);
    for (const [name, range] of vegas) expect(range, name).toMatch(/^\d+\.\d+\.\d+$/);
    expect(all['vega']).toBe(VEGA_VERSION);
    expect(all['vega-lite']).toBe(VEGA_LITE_VERSION);
  });
});

describe("Vega's untyped exports", () => {
  it('the transform registry holds the classes the fast paths wrap, with their definitions', () => {
    for (const name of ['extent', 'multiextent', 'encode', 'load', 'proxy', 'formula', 'window']) {
      expect(typeof transformRegistry[name], name).toBe('function');
    }
    expect(transformRegistry['formula']!.Definition?.metadata).toMatchObject({ modifies: true });
    expect(ProxySignal).toBe(transformRegistry['proxy']);
  });

  it('replaceTransform puts a wrapped class in place of a registered one, once', () => {
    class Own {}
    const name = 'chartspecinternalstest';
    transformRegistry[name] = Own as never;
    const wraps: unknown[] = [];
    const wrap = (base: unknown) => (wraps.push(base), class extends (base as typeof Own) {});
    replaceTransform(name, wrap);
    replaceTransform(name, wrap);
    expect(wraps).toEqual([Own]);
    expect(Object.getPrototypeOf(transformRegistry[name]!)).toBe(Own);
    delete transformRegistry[name];
  });

  it('Transform is the base class of the registered transforms, and it and Operator have run(pulse)', () => {
    expect(transformRegistry['extent']!.prototype).toBeInstanceOf(TransformBase);
    const protos = runnablePrototypes();
    expect(protos).toHaveLength(2);
    for (const p of protos) {
      expect(typeof p.run).toBe('function');
      expect(p.run.length).toBe(1);
    }
    // Transform overrides Operator's run: both must be wrapped.
    expect(protos[0]!.run).not.toBe(protos[1]!.run);
  });

  it('ingest gives a row an id that tupleid reads', () => {
    const row = ingest({ a: 1 });
    expect(row['a']).toBe(1);
    expect(typeof tupleid(row)).toBe('number');
    expect(tupleid(ingest({ a: 2 }))).not.toBe(tupleid(row));
  });

  it('registerFormat installs a reader that a data set of that format uses', async () => {
    const reader = Object.assign((text: string) => text.split(',').map((v) => ({ v })), { responseType: 'text' });
    registerFormat('chartspec-probe', reader);
    const view = new vega.View(
      vega.parse({ data: [{ name: 'd', values: 'a,b,c' as never, format: { type: 'chartspec-probe' } as never }] }),
      { renderer: 'none' },
    );
    await view.runAsync();
    expect(view.data('d').map((r) => r['v'])).toEqual(['a', 'b', 'c']);
    view.finalize();
  });

  it('vega-scenegraph gives its mark types (rule and rect draws), its rectangle path and its visit', () => {
    const marks = markDrawers();
    expect(typeof marks.rule.draw).toBe('function');
    expect(typeof marks.rect.draw).toBe('function');
    const calls: unknown[][] = [];
    const ctx = { rect: (...a: unknown[]) => calls.push(['rect', ...a]), moveTo: () => calls.push(['moveTo']) };
    const shape = pathRectangle()
      .x(() => 1)
      .y(() => 2)
      .width(() => 3)
      .height(() => 4)
      .cornerRadius(() => 0);
    shape.context(ctx)({});
    expect(calls).toEqual([['rect', 1, 2, 3, 4]]);
    const seen: number[] = [];
    // Items with a zindex come after the others, by it (once the mark says its order changed).
    sceneVisit(
      { zdirty: true, items: [{ n: 1 }, { n: 2, zindex: 1 }, { n: 3 }] },
      (i: { n: number }) => void seen.push(i.n),
    );
    expect(seen).toEqual([1, 3, 2]);
  });

  it('vega-interpreter answers operator, parameter and encode', () => {
    for (const name of ['operator', 'parameter', 'encode'] as const) expect(typeof interpreter[name]).toBe('function');
  });

  it("an expression's functions reach the view's scale operators through their context", async () => {
    let seen: unknown;
    const expr = {
      ...interpreter,
      parameter(ctx: { functions: object }, e: { ast: unknown }) {
        seen = contextScales(ctx.functions);
        return interpreter.parameter(ctx, e);
      },
    };
    const view = new vega.View(
      vega.parse(
        {
          scales: [{ name: 'x', type: 'linear', domain: [0, 10], range: [0, 100] }],
          data: [
            { name: 't', values: [{ v: 1 }], transform: [{ type: 'formula', expr: 'scale("x", datum.v)', as: 'px' }] },
          ],
        } as VegaSpec,
        undefined,
        { ast: true },
      ),
      { renderer: 'none', expr: expr as never },
    );
    await view.runAsync();
    expect((seen as Record<string, { value: unknown }>)['x']!.value).toBe(view.scale('x'));
    expect(view.data('t')[0]).toMatchObject({ px: 10 });
    view.finalize();
  });
});

describe('private fields of a live view', () => {
  it('_pulse is set only while a run is under way', async () => {
    const view = await drawn();
    expect(currentPulse(view)).toBeFalsy();
    let during: unknown;
    view.addDataListener('table', () => {
      during = currentPulse(view);
    });
    view.change('table', vega.changeset().insert([{ x: 3, y: 4 }]));
    await view.runAsync();
    expect(during).toBeTruthy();
    expect(currentPulse(view)).toBeFalsy();
    view.finalize();
  });

  it('a pulse holds the upstream collect’s own array as its source; srcF is its pending filter on it', async () => {
    const got: unknown[] = [];
    class Probe extends (TransformBase as unknown as new (value: unknown, params?: unknown) => object) {
      static Definition = { type: 'ChartspecProbe', metadata: {}, params: [{ name: 's', type: 'number' }] };
      constructor(params?: unknown) {
        super(null, params);
      }
      transform(_: unknown, pulse: unknown) {
        got.push(sourceArray(pulse));
        return pulse;
      }
    }
    transformRegistry['chartspecprobe'] = Probe as never;
    const view = new vega.View(
      vega.parse({
        signals: [{ name: 's', value: 1 }],
        data: [
          { name: 't', values: [{ a: 1 }, { a: 2 }] },
          { name: 'u', source: 't', transform: [{ type: 'chartspecprobe', s: { signal: 's' } } as never] },
        ],
      }),
      { renderer: 'none' },
    );
    await view.runAsync();
    // A run for a signal alone: the same array again.
    view.signal('s', 2);
    await view.runAsync();
    expect(got).toHaveLength(2);
    expect(got[0]).toBe(view.data('t'));
    expect(got[1]).toBe(got[0]);
    view.finalize();
    delete transformRegistry['chartspecprobe'];
    const Pulse = (vega as unknown as { Pulse: new (df: unknown, stamp: number) => Record<string, unknown> }).Pulse;
    const p = new Pulse(null, 1) as Record<string, unknown> & {
      SOURCE: number;
      filter(flags: number, f: (t: unknown) => unknown): unknown;
      materialize(flags: number): unknown;
    };
    expect(sourceArray(p)).toBeUndefined();
    const rows = [{ a: 1 }, { a: 2 }];
    p['source'] = rows;
    expect(sourceArray(p)).toBe(rows);
    p.filter(p.SOURCE, (t) => ((t as { a: number }).a > 1 ? t : null));
    expect(typeof p['srcF']).toBe('function');
    expect(sourceArray(p)).toBeUndefined();
    p.materialize(p.SOURCE);
    expect(sourceArray(p)).toEqual([{ a: 2 }]);
  });

  it('a pulse filters its modified rows with modF; withoutModified gives its other rows and no modified one', () => {
    const Pulse = (vega as unknown as { Pulse: new (df: unknown, stamp: number) => Record<string, unknown> }).Pulse;
    type P = Record<string, unknown> & {
      ADD: number;
      MOD: number;
      ADD_MOD: number;
      filter(flags: number, f: (t: unknown) => unknown): unknown;
      visit(flags: number, f: (t: unknown) => void): unknown;
      changed(flags?: number): boolean;
    };
    const p = new Pulse(null, 1) as P;
    p['add'] = [{ a: 1 }];
    p['mod'] = [{ a: 2 }, { a: 3 }];
    p.filter(p.MOD, (t) => ((t as { a: number }).a > 2 ? t : null));
    expect(typeof p['modF']).toBe('function');
    const seen = (q: P, flags: number) => {
      const out: unknown[] = [];
      q.visit(flags, (t) => void out.push(t));
      return out;
    };
    expect(seen(p, p.MOD)).toEqual([{ a: 3 }]);
    const q = withoutModified(p);
    expect(seen(q, q.ADD_MOD)).toEqual([{ a: 1 }]);
    expect(q.changed(q.MOD)).toBeFalsy();
    expect(q['stamp']).toBe(1);
    // The pulse itself is left as it was.
    expect(seen(p, p.MOD)).toEqual([{ a: 3 }]);
  });

  it('operators list their targets; a MultiExtent has _update, and an extent feeds no pulses', async () => {
    const Multi = transformRegistry['multiextent']!;
    const Extent = transformRegistry['extent']!;
    const view = await drawn();
    const ops: object[] = [];
    // Every operator of the dataflow, through the targets each one lists.
    const seen = new Set<object>();
    const visit = (op: object) => {
      if (seen.has(op)) return;
      seen.add(op);
      ops.push(op);
      targetsOf(op)?.forEach((t) => visit(t as object));
    };
    for (const name of ['table', 'other'])
      visit((view as unknown as { _runtime: { data: Record<string, { input: object }> } })._runtime.data[name]!.input);
    const multi = ops.find((op) => op instanceof Multi) as { _update?: unknown } | undefined;
    expect(multi, 'a MultiExtent in the dataflow').toBeDefined();
    expect(typeof multi!._update).toBe('function');
    expect(ops.some((op) => op instanceof Extent)).toBe(true);
    view.finalize();
  });

  it('_runtime holds the operators by id, those of facets in its subcontexts', async () => {
    const spec = {
      data: [{ name: 't', values: [{ a: 1 }, { a: 2 }], transform: [{ type: 'filter', expr: 'datum.a > 1' }] }],
      marks: [
        {
          type: 'group',
          from: { facet: { name: 'f', data: 't', groupby: 'a' } },
          marks: [{ type: 'symbol', from: { data: 'f' }, encode: { update: { x: { field: 'a' } } } }],
        },
      ],
    };
    const view = new vega.View(vega.parse(spec as never), { renderer: 'none' });
    await view.runAsync();
    const ops = operatorsOf(view);
    expect(ops.some((op) => op.constructor.name === 'Filter')).toBe(true);
    // The facet's subflow runs a data join of its own for the symbols.
    expect(ops.filter((op) => op.constructor.name === 'DataJoin').length).toBeGreaterThanOrEqual(2);
    view.finalize();
  });

  it('the scenegraph root has the marks, and the data sets Vega makes itself carry its prefix', async () => {
    const view = await drawn();
    const root = sceneRoot<{ marktype: string; items: { items: { marktype: string; items: unknown[] }[] }[] }>(view);
    expect(root.marktype).toBe('group');
    const rect = root.items[0]!.items.find((m) => m.marktype === 'rect');
    expect(rect?.items).toHaveLength(2);
    const spec = vega.parse({ ...BARS, marks: [{ type: 'symbol', from: { data: 'table' } }] });
    const names = Object.keys((new vega.View(spec) as unknown as { _runtime: { data: object } })._runtime.data);
    expect(INTERNAL_DATA_PREFIX).toBe('_:vega:_');
    expect(names.every((n) => ['table', 'other', 'root'].includes(n) || n.startsWith(INTERNAL_DATA_PREFIX))).toBe(true);
    view.finalize();
  });

  it('the size a view draws at is its root’s bounds and padding (the size of the SVG it makes), with its title’s width told apart', async () => {
    const titled = {
      ...BARS,
      padding: 7,
      autosize: 'pad',
      title: { text: 'A title wider than the plot it names, by far' },
    } as vega.Spec;
    const view = new vega.View(vega.parse(titled), { renderer: 'none' });
    await view.runAsync();
    const size = drawnSize(view);
    const svg = await view.toSVG();
    const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(svg)!;
    expect(Math.ceil(size.width)).toBe(Number(w));
    expect(Math.ceil(size.height)).toBe(Number(h));
    expect(size.widthWithoutTitle).toBeLessThan(size.width - 50);
    expect(size.widthWithoutTitle).toBeGreaterThanOrEqual(100 + 14);
    view.finalize();
  });
});

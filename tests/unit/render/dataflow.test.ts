import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { runPipeline } from '../../../src/core/pipeline';
import { expressionEvaluator } from '../../../src/render/expression';
import { runInSlices, slicedEncode, sliceOperators } from '../../../src/render/sliced-dataflow';
import { steadyExtent, steadyMultiExtent } from '../../../src/render/steady-extent';
import { scene } from '../charts';

type Row = Record<string, unknown>;
type Class = new (...a: never[]) => unknown;
const registry = (vega as unknown as { transforms: Record<string, Class> }).transforms;
const STOCK = { encode: registry['encode']!, extent: registry['extent']!, multiextent: registry['multiextent']! };
/** As the page has them; the encode pass gives the thread back after every 256 items. */
const PAGE = {
  encode: slicedEncode(STOCK.encode as never, 0) as Class,
  extent: steadyExtent(STOCK.extent as never) as Class,
  multiextent: steadyMultiExtent(STOCK.multiextent as never) as Class,
};
type Operators = Partial<typeof STOCK>;

/** A view of `spec` with some of Vega's operators replaced (the registry is read while the view is built). */
function view(spec: VegaSpec, operators: Operators, errors: string[] = []): vega.View {
  Object.assign(registry, operators);
  try {
    const logger = {
      ...vega.logger(vega.Warn),
      error: (...m: unknown[]) => void errors.push(m.join(' ')),
      warn: () => {},
    };
    return new vega.View(vega.parse(spec, undefined, { ast: true }), {
      renderer: 'none',
      expr: expressionEvaluator as never,
      logger: logger as never,
    });
  } finally {
    Object.assign(registry, STOCK);
  }
}

function compiled(spec: unknown): VegaSpec {
  const r = runPipeline(JSON.stringify(spec));
  expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return r.vega as VegaSpec;
}

const rows = (n: number, row: (i: number) => Row) => ({ values: Array.from({ length: n }, (_, i) => row(i)) });
/**
 * Charts whose items are encoded from data and scales, each with the fields an edit may change:
 * bars with two ends and a color scale, lines per series, points sized by value (each scale's
 * domain an `extent`); a layer of two fields on one scale (`multiextent`); a histogram, whose
 * `extent` transform passes its rows on to the binning.
 */
const CHARTS: Record<string, { spec: (n: number) => unknown; fields: string[] }> = {
  bars: {
    spec: (n) => ({
      data: rows(n, (i) => ({ k: i, v: (i * 37) % 101 })),
      mark: 'bar',
      encoding: {
        x: { field: 'k', type: 'ordinal' },
        y: { field: 'v', type: 'quantitative' },
        color: { field: 'v', type: 'quantitative' },
      },
    }),
    fields: ['v'],
  },
  lines: {
    spec: (n) => ({
      data: rows(n, (i) => ({ t: Math.floor(i / 3), s: 'ABC'[i % 3], v: (i * 53) % 97 })),
      mark: 'line',
      encoding: {
        x: { field: 't', type: 'quantitative' },
        y: { field: 'v', type: 'quantitative' },
        color: { field: 's', type: 'nominal' },
      },
    }),
    fields: ['v', 't'],
  },
  points: {
    spec: (n) => ({
      data: rows(n, (i) => ({ a: i % 50, v: (i * 29) % 89 })),
      mark: 'point',
      encoding: {
        x: { field: 'a', type: 'quantitative' },
        y: { field: 'v', type: 'quantitative' },
        size: { field: 'v', type: 'quantitative' },
      },
    }),
    fields: ['v', 'a'],
  },
  layers: {
    spec: (n) => ({
      data: rows(n, (i) => ({ t: i, v: (i * 31) % 83, w: 20 + ((i * 17) % 41) })),
      encoding: { x: { field: 't', type: 'quantitative' } },
      layer: [
        { mark: 'line', encoding: { y: { field: 'v', type: 'quantitative' } } },
        { mark: { type: 'point', color: 'firebrick' }, encoding: { y: { field: 'w', type: 'quantitative' } } },
      ],
    }),
    fields: ['v', 'w'],
  },
  // Vega: points drawn in the order of their encoded y (a `sort` on items reads what was encoded).
  sorted: {
    spec: (n) => ({
      $schema: 'https://vega.github.io/schema/vega/v6.json',
      width: 300,
      height: 200,
      data: [{ name: 'source_0', ...rows(n, (i) => ({ a: i % 60, v: (i * 23) % 79 })) }],
      scales: [
        { name: 'x', domain: { data: 'source_0', field: 'a' }, range: 'width' },
        { name: 'y', domain: { data: 'source_0', field: 'v' }, range: 'height' },
      ],
      marks: [
        {
          type: 'symbol',
          from: { data: 'source_0' },
          sort: { field: 'y' },
          encode: {
            update: {
              x: { scale: 'x', field: 'a' },
              y: { scale: 'y', field: 'v' },
              fill: { signal: "datum.v > 40 ? 'red' : 'blue'" },
            },
          },
        },
      ],
    }),
    fields: ['v'],
  },
  histogram: {
    spec: (n) => ({
      data: rows(n, (i) => ({ v: (i * 43) % 211 })),
      mark: 'bar',
      encoding: { x: { field: 'v', type: 'quantitative', bin: true }, y: { aggregate: 'count', type: 'quantitative' } },
    }),
    fields: ['v'],
  },
};

/** Where two SVG texts first differ (empty when they are the same): a short failure message. */
function difference(x: string, y: string): string {
  // Clip paths and gradients are numbered by a counter that runs across views.
  const [a, b] = [x, y].map((s) => s.replace(/\b(clip|gradient_|pattern_)\d+/g, '$1#'));
  if (a === b) return '';
  let i = 0;
  while (a![i] === b![i]) i++;
  return `at ${i}: …${a!.slice(Math.max(0, i - 300), i + 300)}… vs …${b!.slice(Math.max(0, i - 300), i + 300)}…`;
}

/** Whether `run` gave the thread back before it ended: a timer set before it fires first. */
async function yielded(run: () => Promise<unknown>): Promise<boolean> {
  let fired = false;
  const timer = setTimeout(() => (fired = true), 0);
  await run();
  clearTimeout(timer);
  return fired;
}

/** The same change to the rows of both views: `field` of the rows at `edits`' places. */
function change(views: vega.View[], field: string, edits: [number, unknown][]): void {
  for (const v of views) {
    const data = v.data('source_0') as Row[];
    const cs = vega.changeset();
    for (const [at, value] of edits) cs.modify(data[at % data.length] as never, field, value);
    v.change('source_0', cs);
  }
}

/** Views whose runs are sliced between operators too (see `run`). */
const slicedRuns = new WeakSet<vega.View>();

/**
 * Runs a view as the app runs a data patch: in slices (the encode passes of views with the sliced
 * encode; between operators too for those in `slicedRuns`, after 0 ms: before every operator).
 */
async function run(v: vega.View): Promise<void> {
  const undo = slicedRuns.has(v) ? sliceOperators(vega as never, 0) : () => {};
  try {
    await runInSlices(v);
  } finally {
    undo();
  }
}

/** A view as the page makes it: sliced encode passes and runs, steady extents. */
function pageView(spec: VegaSpec, errors: string[] = []): vega.View {
  const v = view(spec, PAGE, errors);
  slicedRuns.add(v);
  return v;
}

const SETS: Record<string, (spec: VegaSpec, errors: string[]) => vega.View> = {
  page: pageView,
  'sliced encode': (spec, errors) => view(spec, { encode: PAGE.encode }, errors),
  'sliced runs': (spec, errors) => {
    const v = view(spec, {}, errors);
    slicedRuns.add(v);
    return v;
  },
  'steady extents': (spec, errors) => view(spec, { extent: PAGE.extent, multiextent: PAGE.multiextent }, errors),
};

describe("the page's encode and extent operators", () => {
  it('draw what Vega draws, through random changes to the rows; long passes give the thread back', async () => {
    let yields = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(CHARTS)),
        fc.constantFrom(...Object.keys(SETS)),
        fc.integer({ min: 300, max: 900 }),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.array(
              fc.tuple(fc.nat(), fc.oneof(fc.integer({ min: -500, max: 500 }), fc.constant(null), fc.constant('x'))),
              { minLength: 1, maxLength: 4 },
            ),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        async (chart, set, n, edits) => {
          const { spec, fields } = CHARTS[chart]!;
          const compiledSpec = compiled(spec(n));
          const errors: string[] = [];
          const a = SETS[set]!(compiledSpec, errors);
          const b = view(compiledSpec, {});
          try {
            await a.runAsync(); // a first run is not sliced, as in the app
            await b.runAsync();
            expect(difference(await a.toSVG(), await b.toSVG())).toBe('');
            for (const [f, edit] of edits) {
              change([a, b], fields[f % fields.length]!, edit);
              if (await yielded(() => run(a))) yields++;
              await b.runAsync();
              expect(difference(await a.toSVG(), await b.toSVG())).toBe('');
              expect(difference(scene(a), scene(b))).toBe('');
            }
            expect(errors).toEqual([]);
          } finally {
            a.finalize();
            b.finalize();
          }
        },
      ),
      { numRuns: 40 },
    );
    // Edits that move a scale encode every item again: those passes were sliced.
    expect(yields).toBeGreaterThan(0);
  }, 180_000);

  it('encode only the edited row again when a value keeps within its scale; every item, sliced, when it moves the scale', async () => {
    const spec = compiled(CHARTS['points']!.spec(800));
    const a = view(spec, PAGE);
    const sliceOnly = view(spec, { encode: PAGE.encode });
    const b = view(spec, {});
    const all = [a, sliceOnly, b];
    try {
      // The first run adds every item: Vega's own pass, in one go.
      expect(await yielded(() => run(a))).toBe(false);
      await sliceOnly.runAsync();
      await b.runAsync();
      // A value within the extent: with steady extents only that item is encoded again (a pass too
      // short to slice); with Vega's extents the scales count as changed and every item is.
      change(all, 'v', [[5, 10]]);
      expect(await yielded(() => run(a))).toBe(false);
      expect(await yielded(() => run(sliceOnly))).toBe(true);
      await b.runAsync();
      expect(difference(await a.toSVG(), await b.toSVG())).toBe('');
      // A value that moves the y and size scales: every item, sliced.
      change(all, 'v', [[5, 5000]]);
      expect(await yielded(() => run(a))).toBe(true);
      await b.runAsync();
      expect(difference(await a.toSVG(), await b.toSVG())).toBe('');
      // Rows added and removed: Vega's own pass.
      for (const v of [a, b]) v.insert('source_0', [{ a: 3, v: 40 }]).remove('source_0', (d: Row) => d['a'] === 7);
      expect(await yielded(() => run(a))).toBe(false);
      await b.runAsync();
      expect(difference(await a.toSVG(), await b.toSVG())).toBe('');
    } finally {
      for (const v of all) v.finalize();
    }
  });

  it('say what a sliced pass changed: items sorted by an encoded value are sorted again when a signal moves them all', async () => {
    const spec = compiled(CHARTS['sorted']!.spec(900)) as unknown as {
      signals?: unknown[];
      marks: { encode: { update: Record<string, unknown> } }[];
    };
    spec.signals = [{ name: 'flip', value: false }];
    spec.marks[0]!.encode.update['y'] = { signal: "flip ? height - scale('y', datum.v) : scale('y', datum.v)" };
    const a = view(spec as unknown as VegaSpec, PAGE);
    const b = view(spec as unknown as VegaSpec, {});
    try {
      await a.runAsync();
      await b.runAsync();
      for (const v of [a, b]) v.signal('flip', true);
      expect(await yielded(() => run(a))).toBe(true);
      await b.runAsync();
      expect(difference(scene(a), scene(b))).toBe('');
      expect(difference(await a.toSVG(), await b.toSVG())).toBe('');
    } finally {
      a.finalize();
      b.finalize();
    }
  });

  it("run any other run (a chart's first, one an event starts) as Vega does, in one go", async () => {
    const spec = compiled(CHARTS['points']!.spec(800));
    const errors: string[] = [];
    const a = pageView(spec, errors);
    const b = view(spec, {});
    const undo = sliceOperators(vega as never, 0);
    try {
      expect(await yielded(() => a.runAsync())).toBe(false);
      await b.runAsync();
      // A change that moves the scales, run as an event's run is (run(), then the page goes on).
      change([a, b], 'v', [[1, 7000]]);
      a.run();
      expect((a as unknown as { _pulse?: unknown })._pulse).toBeFalsy();
      await b.runAsync();
      expect(difference(scene(a), scene(b))).toBe('');
      // The same change through runInSlices waits part-way.
      change([a, b], 'v', [[1, 8000]]);
      expect(await yielded(() => runInSlices(a))).toBe(true);
      await b.runAsync();
      expect(difference(scene(a), scene(b))).toBe('');
      expect(errors).toEqual([]);
    } finally {
      undo();
      a.finalize();
      b.finalize();
    }
  });

  for (const [where, make] of [
    ['an encode pass', (spec: VegaSpec, errors: string[]) => view(spec, PAGE, errors)],
    ['between operators', pageView],
  ] as const)
    it(`holds what the page asks of a view while a run waits (${where}): a signal and a run are taken once it ends, without an error`, async () => {
      const spec = compiled({
        ...(CHARTS['points']!.spec(800) as object),
        params: [{ name: 'big', value: 1 }],
      }) as unknown as {
        marks: { encode: { update: Record<string, unknown> } }[];
      };
      // A signal the marks read: the points' stroke width.
      spec.marks[0]!.encode.update['strokeWidth'] = { signal: 'big' };
      const errors: string[] = [];
      const a = make(spec as unknown as VegaSpec, errors);
      const b = view(spec as unknown as VegaSpec, {});
      try {
        await run(a);
        await b.runAsync();
        change([a, b], 'v', [[0, 9999]]);
        let during: { running: boolean; answer: unknown; value: unknown } | undefined;
        const timer = setTimeout(() => {
          const running = !!(a as unknown as { _pulse?: unknown })._pulse;
          const answer = a.signal('big', 3).run();
          during = { running, answer, value: a.signal('big') };
        }, 0);
        await run(a);
        clearTimeout(timer);
        // Asked while Vega's run went on (waiting): `run` answered at once, as it does, and the
        // signal is set once that run has ended.
        expect(during).toEqual({ running: true, answer: a, value: 1 });
        await run(a);
        expect(a.signal('big')).toBe(3);
        b.signal('big', 3);
        await b.runAsync();
        expect(errors).toEqual([]);
        expect(difference(scene(a), scene(b))).toBe('');
        expect(difference(await a.toSVG(), await b.toSVG())).toBe('');
        expect(await a.toSVG()).toContain('stroke-width="3"');
      } finally {
        a.finalize();
        b.finalize();
      }
    });
});

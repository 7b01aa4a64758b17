import { afterEach, describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { runPipeline } from '../../../src/core/pipeline';
import { boundedWalk } from '../../../src/core/walk';
import { expressionEvaluator } from '../../../src/render/expression';
import { xDomainSignal } from '../../../src/render/explore-keys';
import { fastPathsOn, setFastPaths } from '../../../src/render/fast-paths';
import { installFusedTransforms } from '../../../src/render/fused-transforms';
import { installSteadyExtent } from '../../../src/render/steady-extent';
import { installSteadyJoin } from '../../../src/render/steady-join';
import { installSteadyAxisTicks } from '../../../src/render/axis-ticks';
import { runtimeSpec } from '../../../src/render/vega-runtime';
import { sceneRoot } from '../../../src/render/vega-internals';
import { candleRows } from '../charts';
import { exampleAndConformanceSpecs } from '../corpus';
import { steadyLoader } from '../steady-loader';

/**
 * The fast paths draw what Vega draws without them: every example and conformance spec is drawn
 * with them on and off (src/render/fast-paths.ts), and the two scenes must match mark by mark,
 * item by item: bounds, fill and stroke.
 */
installFusedTransforms();
installSteadyExtent();
installSteadyJoin();
installSteadyAxisTicks();
const loader = steadyLoader();

interface SceneNode {
  marktype?: string;
  role?: string;
  name?: string;
  bounds?: { x1: number; y1: number; x2: number; y2: number };
  fill?: unknown;
  stroke?: unknown;
  text?: unknown;
  items?: SceneNode[];
}

const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 1e6) / 1e6 : n);

/** One line per mark and per item: what the scene shows. */
const summary = boundedWalk<[string[]], void>(
  (at, next, out) => {
    const node = at as SceneNode;
    if (node.marktype)
      out.push(`mark ${node.marktype} ${node.role ?? ''} ${node.name ?? ''} ×${node.items?.length ?? 0}`);
    else {
      const b = node.bounds;
      const box = b ? [b.x1, b.y1, b.x2, b.y2].map(round).join(',') : '';
      out.push(`item ${box} fill=${String(node.fill)} stroke=${String(node.stroke)} text=${String(node.text ?? '')}`);
    }
    for (const child of node.items ?? []) next(child, out);
  },
  (_node, out) => {
    out.push('too deep');
  },
);

async function scene(vg: VegaSpec, fast: boolean): Promise<string[]> {
  setFastPaths(fast);
  let view: vega.View | undefined;
  try {
    view = new vega.View(vega.parse(runtimeSpec(vg), undefined, { ast: true }), {
      renderer: 'none',
      loader,
      logLevel: vega.None,
      expr: expressionEvaluator as never,
    });
    await view.runAsync();
    const lines: string[] = [];
    summary(sceneRoot(view), lines);
    return lines;
  } catch (e) {
    return [`error: ${e instanceof Error ? e.message : String(e)}`];
  } finally {
    view?.finalize();
    setFastPaths(true);
  }
}

describe('the fast paths', () => {
  afterEach(() => setFastPaths(true));
  const all = exampleAndConformanceSpecs();

  it('are on by default', () => {
    expect(fastPathsOn()).toBe(true);
  });

  it('change the drawing path when on: the candlestick example is fused', () => {
    const text = all.find(([name]) => name === 'examples/candlestick-hollow-dark.vl.json')?.[1];
    expect(text, 'examples/candlestick-hollow-dark.vl.json').toBeDefined();
    const vg = runPipeline(text!).vega!;
    const types = (s: VegaSpec) => JSON.stringify(s).match(/"type":"chartspec\w+"/g) ?? [];
    setFastPaths(true);
    expect(types(runtimeSpec(vg)).length).toBeGreaterThan(0);
    setFastPaths(false);
    expect(types(runtimeSpec(vg))).toEqual([]);
  });

  it.each(all)(
    '%s: draws the same scene with the fast paths on and off',
    async (_name, text) => {
      const vg = runPipeline(text).vega;
      if (!vg) return;
      // Read its files once before comparing (see steadyLoader).
      if (JSON.stringify(vg).includes('"url"')) await scene(vg, false);
      const off = await scene(vg, false);
      const on = await scene(vg, true);
      if (on.join('\n') === off.join('\n')) return;
      // A spec whose drawing changes from one draw to the next (random(), bootstrapped intervals)
      // cannot be compared: Vega's own second draw differs too.
      const again = await scene(vg, false);
      if (again.join('\n') !== off.join('\n')) return;
      expect(on).toEqual(off);
    },
    60_000,
  );

  it('draw the same scene and rows with them on and off through a run of zooms and pans, and a bar appended', async () => {
    // More bars than pixel columns, with weekends: the level of detail merges bars, and columns
    // come and go as the range moves.
    const rows = candleRows(3000, { weekdays: true });
    const text = JSON.stringify({
      width: 400,
      height: 200,
      data: { values: rows },
      mark: 'candlestick',
      encoding: {
        x: { field: 'date', type: 'temporal' },
        open: { field: 'open' },
        high: { field: 'high' },
        low: { field: 'low' },
        close: { field: 'close' },
        volume: { field: 'volume' },
      },
    });
    const vg = runPipeline(text).vega!;
    const signal = xDomainSignal(vg);
    expect(signal).toBeDefined();
    const day = 864e5;
    const t0 = rows[0]!['date']!;
    const ranges: ([number, number] | null)[] = [
      [t0 + 200 * day, t0 + 1200 * day],
      [t0 + 230 * day, t0 + 1230 * day],
      [t0 + 500 * day, t0 + 900 * day],
      [t0 + 520 * day, t0 + 600 * day],
      [t0 + 400 * day, t0 + 2000 * day],
      null,
      [t0 + 4000 * day, t0 + 4300 * day],
    ];
    const fields = ['date', 'open', 'high', 'low', 'close', 'volume', '__x0', '__x1'];
    // The price chart's and the volume pane's.
    const lodData = (vg.data ?? [])
      .filter((d) => JSON.stringify(d.transform ?? []).includes('"__column"'))
      .map((d) => d.name);
    expect(lodData).toHaveLength(2);
    const view = (fast: boolean) => {
      setFastPaths(fast);
      try {
        return new vega.View(vega.parse(runtimeSpec(vg), undefined, { ast: true }), {
          renderer: 'none',
          logLevel: vega.None,
          expr: expressionEvaluator as never,
        });
      } finally {
        setFastPaths(true);
      }
    };
    const state = (v: vega.View) => {
      const drawn: string[] = [];
      summary(sceneRoot(v), drawn);
      // The items of a mark in any order: the data join keeps the item of a tuple it saw before
      // where it was and puts new ones last, so their order follows the runs before, with Vega's
      // transforms as with the fused ones. The rows must come in the same order.
      const lines: string[] = [];
      let run: string[] = [];
      for (const line of [...drawn, '']) {
        if (line.startsWith('item ')) run.push(line);
        else {
          lines.push(...run.sort(), line);
          run = [];
        }
      }
      // The bars the candles are drawn from: the data sets with a level of detail.
      for (const name of lodData)
        for (const r of v.data(name)) lines.push(`${name} ${fields.map((f) => String(r[f])).join(' ')}`);
      return lines;
    };
    const last = rows.at(-1)!;
    const appended = { ...last, date: last['date']! + day, high: 999 };
    // With the fast paths: one view through every step, as the page runs it.
    const on: string[][] = [];
    const live = view(true);
    try {
      await live.runAsync();
      on.push(state(live));
      for (const range of ranges) {
        live.signal(signal!, range);
        await live.runAsync();
        on.push(state(live));
      }
      live.change('source_0', vega.changeset().insert([appended]));
      await live.runAsync();
      on.push(state(live));
    } finally {
      live.finalize();
    }
    // Without: a view per step, drawn at that range. (Vega's own transforms, kept running, give
    // the rows in an order that depends on the ranges before: bars that come back into the range
    // go after those that stayed.)
    const off: string[][] = [];
    for (const range of [undefined, ...ranges, 'append'] as const) {
      const v = view(false);
      try {
        if (Array.isArray(range) || range === null) v.signal(signal!, range);
        await v.runAsync();
        if (range === 'append') {
          v.change('source_0', vega.changeset().insert([appended]));
          v.signal(signal!, ranges.at(-1));
          await v.runAsync();
        }
        off.push(state(v));
      } finally {
        v.finalize();
      }
    }
    expect(on.length).toBe(off.length);
    for (let k = 0; k < off.length; k++) expect(on[k], `state ${k}`).toEqual(off[k]);
  }, 60_000);
});

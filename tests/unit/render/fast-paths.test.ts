import { afterEach, describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { runPipeline } from '../../../src/core/pipeline';
import { boundedWalk } from '../../../src/core/walk';
import { expressionEvaluator } from '../../../src/render/expression';
import { fastPathsOn, setFastPaths } from '../../../src/render/fast-paths';
import { installFusedTransforms } from '../../../src/render/fused-transforms';
import { installSteadyExtent } from '../../../src/render/steady-extent';
import { runtimeSpec } from '../../../src/render/vega-runtime';
import { sceneRoot } from '../../../src/render/vega-internals';
import { exampleAndConformanceSpecs } from '../corpus';
import { steadyLoader } from '../steady-loader';

/**
 * The fast paths draw what Vega draws without them: every example and conformance spec is drawn
 * with them on and off (src/render/fast-paths.ts), and the two scenes must match mark by mark,
 * item by item: bounds, fill and stroke.
 */
installFusedTransforms();
installSteadyExtent();
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
});

import { readFileSync } from 'node:fs';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { describe, expect, it } from 'vitest';
import { plotFitOf } from '../../../src/core/fit';
import { runPipeline } from '../../../src/core/pipeline';
import {
  COLUMNS,
  fitToPane,
  MIN_PLOT,
  paneFitted,
  plotSizes,
  solveScale,
  type FittedView,
  type Size,
} from '../../../src/render/pane-fit';
import { installFusedTransforms } from '../../../src/render/fused-transforms';
import { runtimeSpec } from '../../../src/render/runtime-spec';
import { drawnSize } from '../../../src/render/vega-internals';

// What runtimeSpec gives runs the fused transforms, as in the page (src/render/page-vega.ts).
installFusedTransforms();

const rows = { values: [0, 1, 2, 3, 4].map((i) => ({ a: `k${i}`, b: i * 1000 + 5 })) };
const view = (width: number | { step: number }, height = 100) => ({
  width,
  height,
  mark: 'bar',
  encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } },
});

/** The page's compiled Vega of a Vega-Lite spec, as the chart pane draws it. */
function pageVega(spec: unknown): VegaSpec {
  const vg = runPipeline(JSON.stringify(spec), { fit: true }).vega;
  if (!vg) throw new Error('did not compile');
  return vg;
}

/** A headless view of a fitted spec, ready to be sized (what the chart session keeps). */
async function fittedView(spec: unknown): Promise<FittedView> {
  const target = pageVega(spec);
  const mode = plotFitOf(target)!;
  const fitted = paneFitted(runtimeSpec(target));
  const v = new vega.View(vega.parse(fitted.spec), { renderer: 'none' });
  await v.runAsync();
  return {
    view: v,
    fit: { mode, sizes: plotSizes(fitted.spec), columns: fitted.columns },
    scale: { x: 1, y: 1 },
    columns: fitted.columns,
  };
}

const within = (size: Size, box: Size) => size.width <= box.width + 0.01 && size.height <= box.height + 0.01;

describe('the signals that size a composition’s plots', () => {
  it('are the plain sizes the groups name, the band steps, and the view’s own size', () => {
    const concat = pageVega({ data: rows, vconcat: [view(300), { hconcat: [view(100), view({ step: 20 })] }] });
    const sizes = plotSizes(concat);
    expect(sizes.x.map((s) => s.name).sort()).toEqual([
      'concat_0_width',
      'concat_1_concat_0_width',
      'concat_1_concat_1_x_step',
    ]);
    expect(sizes.x.find((s) => s.name === 'concat_0_width')?.base).toBe(300);
    expect(sizes.y).toEqual([{ name: 'childHeight', base: 100 }]);
    // A repeat sizes its cells' height by the view's own.
    const repeat = pageVega({
      data: rows,
      repeat: ['b'],
      spec: {
        ...view(120, 80),
        encoding: { x: { field: 'a' }, y: { field: { repeat: 'repeat' }, type: 'quantitative' } },
      },
    });
    expect(plotSizes(repeat)).toEqual({ x: [{ name: 'childWidth', base: 120 }], y: [{ name: 'height', base: 80 }] });
    // A gauge is one view of the given size.
    const gauge = pageVega({
      data: { values: [{ v: 3 }] },
      width: 220,
      height: 180,
      mark: 'gauge',
      encoding: { value: { field: 'v' } },
    });
    expect(plotSizes(gauge)).toEqual({ x: [{ name: 'width', base: 220 }], y: [{ name: 'height', base: 180 }] });
  });

  it('grids may wrap, unless they have headers (a facet’s columns)', () => {
    const concat = paneFitted(pageVega({ data: rows, concat: [view(100), view(100), view(100)], columns: 3 }));
    expect(concat.columns).toBe(3);
    expect(concat.spec.layout).toMatchObject({ columns: { signal: `min(3, ${COLUMNS})` } });
    const side = paneFitted(pageVega({ data: rows, hconcat: [view(100), view(100)] }));
    expect(side.columns).toBe(2);
    const facet = paneFitted(pageVega({ data: rows, facet: { column: { field: 'a' } }, spec: view(100) }));
    expect(facet.columns).toBe(1);
    expect(JSON.stringify(facet.spec.layout)).not.toContain(COLUMNS);
  });
});

describe('solving for the scale', () => {
  it('meets the target from above and below when size is linear in it, and never passes it', async () => {
    for (const target of [300, 900]) {
      const tried: number[] = [];
      const layout = async (s: { x: number; y: number }) => {
        tried.push(s.x);
        return { width: 120 + 400 * s.x, height: 50 + 200 * s.y };
      };
      const start = { scale: { x: 1, y: 1 }, size: { width: 520, height: 250 } };
      const box = { width: target, height: 400 };
      const { size } = await solveScale(layout, box, start, 'plots', {
        x: { min: 0.1, max: 4 },
        y: { min: 0.1, max: 4 },
      });
      expect(within(size, box)).toBe(true);
      expect(size.width).toBeGreaterThan(target - 3);
      expect(size.height).toBeGreaterThan(400 - 3);
      expect(tried.length).toBeLessThanOrEqual(4);
    }
  });

  it('keeps a gauge’s proportions: one factor, set by the side that binds', async () => {
    const layout = async (s: { x: number; y: number }) => ({ width: 200 * s.x, height: 200 * s.y + 30 });
    const start = { scale: { x: 1, y: 1 }, size: { width: 200, height: 230 } };
    const { scale, size } = await solveScale(layout, { width: 800, height: 330 }, start, 'aspect', {
      x: { min: 0.2, max: 3 },
      y: { min: 0.2, max: 3 },
    });
    expect(scale.x).toBe(scale.y);
    expect(size.height).toBeGreaterThan(326);
    expect(size.height).toBeLessThanOrEqual(330);
  });

  it('stops at its limits: past them the chart stays smaller, or the pane scrolls', async () => {
    const layout = async (s: { x: number; y: number }) => ({ width: 100 * s.x, height: 100 * s.y });
    const start = { scale: { x: 1, y: 1 }, size: { width: 100, height: 100 } };
    const big = await solveScale(layout, { width: 2000, height: 2000 }, start, 'plots', {
      x: { min: 0.5, max: 4 },
      y: { min: 0.5, max: 4 },
    });
    expect(big.scale).toEqual({ x: 4, y: 4 });
    const small = await solveScale(layout, { width: 10, height: 10 }, start, 'plots', {
      x: { min: 0.5, max: 4 },
      y: { min: 0.5, max: 4 },
    });
    expect(small.scale).toEqual({ x: 0.5, y: 0.5 });
  });
});

describe('a composition drawn by Vega, sized to a pane', () => {
  const candles = readFileSync(new URL('../../../examples/candlestick-volume.vl.json', import.meta.url), 'utf8');

  it('fills the pane’s width and height, and follows it when it shrinks and grows', async () => {
    const fitted = await fittedView(JSON.parse(candles));
    for (const box of [
      { width: 700, height: 500 },
      { width: 420, height: 360 },
      { width: 1100, height: 700 },
    ]) {
      await fitToPane(fitted, box);
      const size = drawnSize(fitted.view);
      expect(within(size, box), `${JSON.stringify(size)} in ${JSON.stringify(box)}`).toBe(true);
      // Not to the pixel: the drawn size jumps where an axis gains or drops a label.
      expect(size.width).toBeGreaterThan(box.width * 0.97);
      expect(size.height).toBeGreaterThan(box.height * 0.97);
    }
  });

  it('no plot is made smaller than MIN_PLOT: a pane too small leaves the chart larger than it', async () => {
    const fitted = await fittedView(JSON.parse(candles));
    await fitToPane(fitted, { width: 700, height: 120 });
    const heights = fitted.fit.sizes.y.map((s) => fitted.view.signal(s.name) as number);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(MIN_PLOT - 0.01);
    expect(drawnSize(fitted.view).height).toBeGreaterThan(120);
  });

  it('a short pane keeps the small panes at MIN_PLOT and takes the rest from the large plot', async () => {
    const spec = {
      data: rows,
      vconcat: [view(300, 300), view(300, 80), view(300, 90), view(300, 90)],
    };
    const fitted = await fittedView(spec);
    const heights = () =>
      fitted.fit.sizes.y
        .filter((s) => /concat_\d_height/.test(s.name))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((s) => fitted.view.signal(s.name) as number);
    // What is drawn beside the plots (axes, spacing) does not change with their heights.
    const around = drawnSize(fitted.view).height - heights().reduce((a, b) => a + b);
    // One factor for all would stop at 0.5 (the 80 px pane at MIN_PLOT): plots 280 px high in all.
    const box = { width: 400, height: Math.round(around + 230) };
    await fitToPane(fitted, box);
    const size = drawnSize(fitted.view);
    expect(within(size, box), `${JSON.stringify(size)} in ${JSON.stringify(box)}`).toBe(true);
    expect(size.height).toBeGreaterThan(box.height - 10);
    const [price, ...panes] = heights();
    for (const h of panes) expect(h).toBeCloseTo(MIN_PLOT, 0);
    expect(price!).toBeGreaterThan(90);
    expect(price!).toBeLessThan(120);
  });

  it('a grid too wide for the pane wraps into fewer columns, and gets them back when there is room', async () => {
    const spec = {
      data: rows,
      title: 'A title much longer than a narrow pane is wide, cut short',
      concat: [view(160), view(160), view(160)],
      columns: 3,
    };
    const fitted = await fittedView(spec);
    await fitToPane(fitted, { width: 900, height: 400 });
    expect(fitted.columns).toBe(3);
    await fitToPane(fitted, { width: 300, height: 600 });
    expect(fitted.columns).toBeLessThan(3);
    expect(drawnSize(fitted.view).width).toBeLessThanOrEqual(300);
    await fitToPane(fitted, { width: 900, height: 400 });
    expect(fitted.columns).toBe(3);
    expect(drawnSize(fitted.view).width).toBeGreaterThan(896);
  });
});

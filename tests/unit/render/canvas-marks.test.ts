import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import { canvasDraws, installCanvasMarks } from '../../../src/render/canvas-marks';
import { setFastPaths } from '../../../src/render/fast-paths';
import { markDrawers, sceneRoot, type MarkDraw } from '../../../src/render/vega-internals';
import { candleRows, compiledCandlestick } from '../charts';
import { painted, recorder } from './canvas-recorder';

// Vega's own draws, kept before this file's take their place.
const vegas = { rule: markDrawers().rule.draw, rect: markDrawers().rect.draw };
installCanvasMarks();

const paints = (log: unknown[]) => log.filter((e) => ['fill', 'stroke'].includes((e as unknown[])[0] as string)).length;

/** What Vega's draw and this file's draw give for one mark (`bounds` as the renderer passes it). */
function both(type: 'rule' | 'rect', scene: unknown, bounds?: vega.Bounds) {
  const a = recorder();
  (vegas[type] as MarkDraw).call({}, a.ctx, scene, bounds);
  const b = recorder();
  canvasDraws[type](b.ctx as never, scene as never, bounds as never);
  return { vega: a.log, own: b.log };
}

interface Mark {
  marktype: string;
  name?: string;
  items: (Mark & Record<string, unknown>)[];
}
function marksOf(node: Mark, out: Mark[] = []): Mark[] {
  if (node.marktype && node.marktype !== 'group') out.push(node);
  for (const item of node.items ?? [])
    for (const child of (item.items as Mark[] | undefined) ?? []) marksOf(child, out);
  return out;
}

describe('rules and rects on a canvas', () => {
  it('draw a candlestick with the very shapes and states Vega draws it with, a color at a time', async () => {
    const spec = compiledCandlestick({ width: 500, extra: { data: { values: candleRows(300) } } });
    const view = new vega.View(vega.parse(spec), { renderer: 'none' });
    await view.runAsync();
    const marks = marksOf(sceneRoot<Mark>(view)).filter((m) => m.marktype === 'rule' || m.marktype === 'rect');
    expect(marks.length).toBeGreaterThanOrEqual(4);
    // Whole, and with bounds that leave out part of the plot (a partial redraw).
    const part = new vega.Bounds().set(100, 0, 300, 120);
    for (const mark of marks)
      for (const bounds of [new vega.Bounds().set(-1e6, -1e6, 1e6, 1e6), part]) {
        const { vega: v, own } = both(mark.marktype as 'rule' | 'rect', mark, bounds);
        expect(painted(own)).toEqual(painted(v));
        if (mark.items.length > 100) {
          expect(painted(v).length).toBeGreaterThan(10);
          // The bars' wicks and bodies, side by side: one fill or stroke per color.
          expect(paints(own)).toBeLessThanOrEqual(3);
          expect(paints(v)).toBeGreaterThan(10);
        } else expect(own).toEqual(v);
      }
    view.finalize();
  });

  it('draw items of every kind of state as Vega does, state changes and skipped items included', () => {
    const items: Record<string, unknown>[] = [
      { x: 1, y: 2, x2: 5, y2: 9, width: 4, height: 7, stroke: 'red', fill: 'blue' },
      { x: 1, y: 2, x2: 5, y2: 9, width: 4, height: 7, stroke: 'red', fill: 'blue', strokeDash: [4, 3] },
      { x: 2, y: 2, x2: 2, y2: 9, width: 0.5, height: 7, stroke: 'red', strokeDash: [4, 3], strokeDashOffset: 2 },
      { x: 3, y: 1, y2: 4, width: 1, height: 3, stroke: 'red', strokeWidth: 0, fill: 'green' },
      { x: 4, y: 1, width: 2, height: 3, stroke: 'red', opacity: 0, fill: 'green' },
      {
        x: 5,
        y: 1,
        width: 2,
        height: 3,
        stroke: 'red',
        opacity: 0.5,
        strokeOpacity: 0.5,
        fill: 'green',
        fillOpacity: 0,
      },
      { x: 6, y: 1, width: 2, height: 3, stroke: 'red', strokeCap: 'round', strokeJoin: 'bevel', strokeMiterLimit: 2 },
      { x: 7, y: 1, width: 9, height: 8, fill: 'green', cornerRadius: 2, cornerRadiusTopLeft: 0, blend: 'multiply' },
      { x: 8, y: 1, width: -2, height: 3, fill: 'green', opacity: Number.NaN },
      { x: 9, y: 1, width: 2, height: 3, fill: 'green', stroke: 'red', strokeOpacity: 2 },
      { x: 10, width: 2, height: 3, fill: 'green' },
      { x: 11, y: 1, x2: 13, y2: 3, width: 2, height: 3, fill: 'green', stroke: 'red', zindex: 1 },
      { x: 12, y: 1, x2: 14, y2: 3, width: 2, height: 3, fill: 'blue', stroke: 'red' },
    ];
    for (const type of ['rule', 'rect'] as const) {
      const scene = {
        marktype: type,
        items: items.map((i) => ({ ...i, bounds: new vega.Bounds().set(0, 0, 20, 20) })),
      };
      const { vega: v, own } = both(type, scene);
      expect(own).toEqual(v);
      expect(v.length).toBeGreaterThan(10);
    }
  });

  it("draw items that cover one another item by item, in Vega's order", () => {
    const bounds = new vega.Bounds().set(0, 0, 500, 500);
    const colors = ['red', 'green'];
    const spread = (step: number, more: Record<string, unknown> = {}) =>
      Array.from({ length: 100 }, (_, i) => ({
        x: i * step,
        x2: i * step,
        y: 10,
        y2: 40,
        width: 2,
        height: 30,
        fill: colors[i % 2],
        stroke: colors[i % 2],
        bounds,
        ...more,
      }));
    const cases: { type: 'rule' | 'rect'; items: Record<string, unknown>[]; grouped: boolean }[] = [
      // Rects two wide every 2 px touch: grouped; every 1.6 px they share a fringe; every 1.4 px
      // they overlap.
      { type: 'rect', items: spread(2, { stroke: undefined }), grouped: true },
      { type: 'rect', items: spread(1.6, { stroke: undefined }), grouped: true },
      { type: 'rect', items: spread(1.4, { stroke: undefined }), grouped: false },
      // Outlined, rounded or slanted items, or a z-index, are drawn as Vega draws them.
      { type: 'rect', items: spread(3), grouped: false },
      { type: 'rect', items: spread(3, { stroke: undefined, cornerRadius: 1 }), grouped: false },
      {
        type: 'rect',
        items: spread(3, { stroke: undefined }).map((i, k) => (k === 5 ? { ...i, zindex: 1 } : i)),
        grouped: false,
      },
      // Rules 3 px wide every 3 px touch, every 2.6 px share a fringe, every 2 px overlap; a
      // slanted one is not a wick.
      { type: 'rule', items: spread(3, { strokeWidth: 3 }), grouped: true },
      { type: 'rule', items: spread(2.6, { strokeWidth: 3 }), grouped: true },
      { type: 'rule', items: spread(2, { strokeWidth: 3 }), grouped: false },
      { type: 'rule', items: spread(3).map((i, k) => (k === 7 ? { ...i, x2: 99 } : i)), grouped: false },
    ];
    for (const { type, items, grouped } of cases) {
      const { vega: v, own } = both(type, { marktype: type, items });
      expect(painted(own)).toEqual(painted(v));
      if (grouped) expect(paints(own)).toBe(2);
      else expect(own).toEqual(v);
    }
  });

  it('leave gradients, and any mark when the fast paths are off, to Vega', () => {
    const installed = markDrawers().rect.draw;
    const bounds = new vega.Bounds().set(0, 0, 4, 4);
    const gradient = { gradient: 'linear', stops: [{ offset: 0, color: 'red' }] };
    const plain = { marktype: 'rect', items: [{ x: 0, y: 0, width: 1, height: 1, fill: 'red', bounds }] };
    const shaded = { marktype: 'rect', items: [{ ...plain.items[0], fill: gradient }, ...plain.items] };
    const noop = () => {};
    const draw = (f: MarkDraw, scene: unknown) => {
      const r = recorder();
      // Vega makes a gradient per item from the context: a stand-in that says which one it was.
      let made = 0;
      r.ctx['createLinearGradient'] = () => ({ n: ++made, addColorStop: noop });
      f.call({}, r.ctx, scene, undefined);
      return r.log;
    };
    // With a gradient, the whole mark is Vega's: the fill is Vega's gradient, not the spec's object.
    expect(draw(installed, shaded)).toEqual(draw(vegas.rect, shaded));
    expect(JSON.stringify(draw(installed, shaded))).toContain('"fillStyle":{"n":1}');
    setFastPaths(false);
    try {
      expect(draw(installed, plain)).toEqual(draw(vegas.rect, plain));
    } finally {
      setFastPaths(true);
    }
  });
});

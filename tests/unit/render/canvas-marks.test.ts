import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import { canvasDraws, installCanvasMarks } from '../../../src/render/canvas-marks';
import { setFastPaths } from '../../../src/render/fast-paths';
import { markDrawers, sceneRoot, type MarkDraw } from '../../../src/render/vega-internals';
import { candleRows, compiledCandlestick } from '../charts';

// Vega's own draws, kept before this file's take their place.
const vegas = { rule: markDrawers().rule.draw, rect: markDrawers().rect.draw };
installCanvasMarks();

const STATE = [
  'globalAlpha',
  'globalCompositeOperation',
  'fillStyle',
  'strokeStyle',
  'lineWidth',
  'lineCap',
  'lineJoin',
  'miterLimit',
  'lineDashOffset',
] as const;

/**
 * A 2D context that writes down what a canvas would draw: each path call, and at each fill and
 * stroke the state it is drawn with (what the pixels depend on), not the setting of the state.
 */
function recorder() {
  const log: unknown[] = [];
  const state: Record<string, unknown> = {
    globalAlpha: 1,
    globalCompositeOperation: 'source-over',
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    miterLimit: 10,
    lineDashOffset: 0,
  };
  let dash: number[] = [];
  const ctx: Record<string, unknown> = {
    setLineDash: (d: number[]) => void (dash = [...d]),
    fill: () => log.push(['fill', { ...state, dash }]),
    stroke: () => log.push(['stroke', { ...state, dash }]),
  };
  for (const op of ['beginPath', 'moveTo', 'lineTo', 'rect', 'bezierCurveTo', 'closePath', 'translate', 'rotate'])
    ctx[op] = (...args: number[]) => log.push([op, ...args]);
  for (const k of STATE)
    Object.defineProperty(ctx, k, {
      get: () => state[k],
      set: (v) => {
        // A canvas ignores an alpha outside [0, 1] and a non-finite number.
        if (k === 'globalAlpha' && !(v >= 0 && v <= 1)) return;
        if (typeof state[k] === 'number' && !Number.isFinite(v)) return;
        state[k] = v;
      },
    });
  return { ctx, log };
}

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
  it('draw a candlestick with the very paths and states Vega draws it with', async () => {
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
        expect(own).toEqual(v);
        if (mark.items.length > 10)
          expect(v.filter((e) => (e as unknown[])[0] !== 'beginPath').length).toBeGreaterThan(10);
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

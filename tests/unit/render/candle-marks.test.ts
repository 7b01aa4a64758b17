import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { installCanvasMarks } from '../../../src/render/canvas-marks';
import { joinCandleMarks } from '../../../src/render/candle-marks';
import { expressionEvaluator } from '../../../src/render/expression';
import { setFastPaths } from '../../../src/render/fast-paths';
import { canvasSpec, runtimeSpec, withoutDescriptions } from '../../../src/render/vega-runtime';
import { markDrawers, sceneRoot, type MarkDraw } from '../../../src/render/vega-internals';
import { candleRows, compiledCandlestick } from '../charts';
import { painted, recorder } from './canvas-recorder';

installCanvasMarks();

interface Item extends Record<string, unknown> {
  datum: Record<string, unknown>;
  bounds: vega.Bounds;
}
interface Mark {
  marktype: string;
  name?: string;
  bounds: vega.Bounds;
  items: Item[];
}
type Json = Record<string, unknown>;

function marksOf(node: { items?: unknown[]; marktype?: string }, out: Mark[] = []): Mark[] {
  if (node.marktype && node.marktype !== 'group') out.push(node as Mark);
  for (const item of (node.items ?? []) as { items?: unknown[] }[])
    for (const child of (item.items ?? []) as Mark[]) marksOf(child, out);
  return out;
}

async function drawn(spec: VegaSpec): Promise<{ view: vega.View; marks: Map<string, Mark> }> {
  const view = new vega.View(vega.parse(spec, undefined, { ast: true }), {
    renderer: 'none',
    expr: expressionEvaluator,
  } as vega.ViewOptions);
  await view.runAsync();
  const marks = new Map(marksOf(sceneRoot(view)).map((m) => [m.name ?? '', m]));
  return { view, marks };
}

/** What the page's canvas draws for these marks, in this order (whole, or within `bounds`). */
function draw(marks: Mark[], bounds?: vega.Bounds): unknown[] {
  const r = recorder();
  const drawers = markDrawers() as unknown as Record<string, { draw: MarkDraw }>;
  for (const m of marks) drawers[m.marktype]!.draw.call({}, r.ctx, m, bounds);
  return r.log;
}

/** Whether a painted rect (see `painted`) reaches into `b`. */
function within(shape: string, b: vega.Bounds): boolean {
  const [, , [[op, x, y, w, h]]] = JSON.parse(shape) as [string, unknown, [[string, number, number, number, number]]];
  return op === 'rect' && b.intersects(new vega.Bounds().set(x, y, x + w, y + h));
}

const WICK = 'layer_0_marks';
const BODY = 'layer_1_marks';

/** Bars with a missing open (a wick and no body), a missing low (a body and no wick), and neither. */
function gappy(n: number): Record<string, unknown>[] {
  return candleRows(n).map((r, i) =>
    i % 17 === 3
      ? { ...r, open: null }
      : i % 19 === 5
        ? { ...r, low: null }
        : i === 40
          ? { ...r, open: null, low: null }
          : r,
  );
}

describe("a candlestick's wicks carried by its bodies on a canvas", () => {
  const runtime = (rows: unknown[], mark: Json = {}, extra: Json = {}) =>
    runtimeSpec(compiledCandlestick({ width: 600, mark, extra: { data: { values: rows }, ...extra } }));

  it('draws the very wicks and bodies, with the same bounds, from one mark', async () => {
    for (const rows of [candleRows(300), gappy(300)] as Record<string, unknown>[][]) {
      const spec = withoutDescriptions(runtime(rows));
      const plain = await drawn(spec);
      const joined = await drawn(canvasSpec(runtime(rows)));
      const [wick, body] = [plain.marks.get(WICK)!, plain.marks.get(BODY)!];
      const [alone, candle] = [joined.marks.get(WICK)!, joined.marks.get(BODY)!];
      expect(candle.marktype).toBe('rect');
      // The body mark has a candle per body; the wick mark keeps the wicks that have no body.
      expect(candle.items.map((i) => i.datum['date'])).toEqual(body.items.map((i) => i.datum['date']));
      const bodiless = wick.items.filter((w) => w.datum['open'] === null).map((i) => i.datum['date']);
      expect(alone.items.map((i) => i.datum['date'])).toEqual(bodiless);
      expect(bodiless.length > 0).toBe(rows.some((r) => r['open'] === null));
      // The same shapes with the same states; in part of the plot (a partial redraw, clipped to
      // that part), the same within it: a body whose wick reaches into it is drawn again too.
      expect(painted(draw([alone, candle]))).toEqual(painted(draw([wick, body])));
      const part = new vega.Bounds().set(100, 0, 300, 120);
      const inPart = painted(draw([alone, candle], part));
      const before = painted(draw([wick, body], part));
      expect(inPart.filter((s) => !before.includes(s)).every((s) => !within(s, part))).toBe(true);
      expect(before.every((s) => inPart.includes(s))).toBe(true);
      expect(painted(draw([alone, candle])).length).toBeGreaterThan(500);
      // A candle's bounds are its body's and its wick's; the mark's, both marks'.
      const wickOf = new Map(wick.items.map((w) => [w.datum['date'], w.bounds]));
      for (const [k, c] of candle.items.entries()) {
        const b = new vega.Bounds().union(body.items[k]!.bounds);
        const w = wickOf.get(c.datum['date']);
        if (w) b.union(w);
        expect([c.bounds.x1, c.bounds.y1, c.bounds.x2, c.bounds.y2]).toEqual([b.x1, b.y1, b.x2, b.y2]);
      }
      const both = new vega.Bounds().union(wick.bounds).union(body.bounds);
      const one = new vega.Bounds().union(alone.bounds).union(candle.bounds);
      expect([one.x1, one.y1, one.x2, one.y2]).toEqual([both.x1, both.y1, both.x2, both.y2]);
      plain.view.finalize();
      joined.view.finalize();
    }
  });

  it("draws them with Vega's own rule drawing when the fast paths are off, and a body's own color", async () => {
    const spec = runtime(candleRows(120));
    const plain = await drawn(withoutDescriptions(spec));
    const joined = await drawn(canvasSpec(spec));
    const plainLog = () => draw([plain.marks.get(WICK)!, plain.marks.get(BODY)!]);
    const joinedLog = () => draw([joined.marks.get(WICK)!, joined.marks.get(BODY)!]);
    const grouped = joinedLog();
    setFastPaths(false);
    try {
      const own = joinedLog();
      expect(painted(own)).toEqual(painted(plainLog()));
      // Item by item (Vega's), where the page's drawing strokes a color at a time.
      expect(own.filter((e) => (e as unknown[])[0] === 'stroke').length).toBeGreaterThan(100);
      expect(grouped.filter((e) => (e as unknown[])[0] === 'stroke').length).toBeLessThanOrEqual(3);
    } finally {
      setFastPaths(true);
    }
    // The wick reads its body's color (one rule list for both), and the body's items keep theirs.
    const candle = joined.marks.get(BODY)!.items[0]!;
    expect(candle['wickStroke']).toBeUndefined();
    expect(candle['wickStrokeIsFill']).toBe(true);
    plain.view.finalize();
    joined.view.finalize();
  });

  it('keeps a wick its own when it is styled apart: its channels and the config’s defaults', async () => {
    const spec = runtime(
      candleRows(80),
      { wick: { strokeWidth: 3, opacity: 0.5 } },
      { config: { style: { 'candlestick-wick': { strokeDash: [2, 1] } } } },
    );
    const joined = canvasSpec(spec) as unknown as { marks: { name: string; encode: Record<string, Json> }[] };
    const body = joined.marks.find((m) => m.name === BODY)!;
    expect(body.encode['update']).toMatchObject({ wickStrokeWidth: { value: 3 }, wickOpacity: { value: 0.5 } });
    expect(body.encode['enter']).toMatchObject({ wickStrokeDash: { value: [2, 1] } });
    const plain = await drawn(withoutDescriptions(spec));
    const view = await drawn(canvasSpec(spec));
    const log = draw([view.marks.get(WICK)!, view.marks.get(BODY)!]);
    expect(painted(log)).toEqual(painted(draw([plain.marks.get(WICK)!, plain.marks.get(BODY)!])));
    expect(JSON.stringify(log)).toContain('"dash":[2,1]');
    plain.view.finalize();
    view.view.finalize();
  });

  it('changes nothing it cannot carry, and nothing of the spec it is given', () => {
    const spec = runtime(candleRows(50));
    const before = JSON.stringify(spec);
    const joined = joinCandleMarks(spec) as unknown as { data: { name: string; source?: string }[] };
    expect(JSON.stringify(spec)).toBe(before);
    // The wick-only rows' data set comes right after the wick's.
    const names = joined.data.map((d) => d.name);
    const at = names.indexOf('data_1');
    expect(names[at + 1]).toBe('data_1_wick_alone');
    expect(joined.data[at + 1]!.source).toBe('data_1');
    // A wick with a channel a body cannot draw it with, a z-index, or pointer events: as it is.
    const marks = (spec as unknown as { marks: Json[] }).marks;
    const withWick = (change: (w: Json) => Json) =>
      ({ ...spec, marks: marks.map((m) => (m['name'] === WICK ? change(m) : m)) }) as unknown as VegaSpec;
    const update = (m: Json) => (m['encode'] as Record<string, Json>)['update']!;
    for (const odd of [
      withWick((w) => ({ ...w, zindex: 1 })),
      withWick((w) => ({ ...w, interactive: true })),
      withWick((w) => ({ ...w, encode: { update: { ...update(w), blend: { value: 'multiply' } } } })),
      withWick((w) => ({ ...w, encode: { update: update(w), hover: { stroke: { value: 'red' } } } })),
      { ...spec, config: { rule: { blend: 'multiply' } } } as VegaSpec,
    ])
      expect(joinCandleMarks(odd)).toBe(odd);
    const bars = { marks: [{ type: 'rect', from: { data: 'x' }, encode: { update: {} } }] } as unknown as VegaSpec;
    expect(joinCandleMarks(bars)).toBe(bars);
    // Off with the fast paths: the canvas spec is the one without descriptions.
    setFastPaths(false);
    try {
      expect(canvasSpec(spec)).toEqual(withoutDescriptions(spec));
    } finally {
      setFastPaths(true);
    }
  });

  it('joins the candles of every pane, inside groups', async () => {
    const spec = runtimeSpec(
      compiledCandlestick({ width: 400, mark: { volume: true }, extra: { data: { values: gappy(90) } } }),
    );
    const joined = canvasSpec(spec);
    expect(JSON.stringify(joined)).toContain('wickShown');
    const plain = await drawn(withoutDescriptions(spec));
    const view = await drawn(joined);
    const all = (v: typeof plain) =>
      [...v.marks.values()].filter((m) => m.marktype === 'rule' || m.marktype === 'rect');
    expect(painted(draw(all(view)))).toEqual(painted(draw(all(plain))));
    plain.view.finalize();
    view.view.finalize();
  });
});

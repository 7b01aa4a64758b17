import { describe, expect, it } from 'vitest';
import { installCanvasMarks } from '../../../src/render/canvas-marks';
import { splittable, STRETCH } from '../../../src/render/canvas-lines';
import { setFastPaths } from '../../../src/render/fast-paths';
import { markDrawers, type MarkDraw } from '../../../src/render/vega-internals';
import { recorder } from './canvas-recorder';

// Vega's own line draw, kept before the stretched one takes its place.
const vegaLine = markDrawers().line.draw;
installCanvasMarks();
const ownLine = markDrawers().line.draw;

/** A zigzag line of `n` points (an oscillator on many bars), its style on every item. */
function zigzag(n: number, style: Record<string, unknown> = {}, gapAt?: number) {
  const items = Array.from({ length: n }, (_, i) => ({
    x: i,
    y: 50 + (i % 2 ? 40 : -40) * Math.sin(i),
    stroke: '#3366ff',
    strokeWidth: 1.25,
    ...(i === gapAt ? { defined: false } : {}),
    ...style,
  }));
  return { marktype: 'line', items };
}

function draw(fn: MarkDraw, scene: unknown) {
  const r = recorder();
  fn.call({}, r.ctx, scene, undefined);
  return r.log as unknown[][];
}

/**
 * What a log strokes: each straight segment with the state it is stroked with, and each join
 * (a point with a segment in and a segment out in the same subpath: where a canvas draws a join).
 */
function strokes(log: unknown[][]) {
  const segments: string[] = [];
  const joins = new Set<string>();
  const states = new Set<string>();
  let path: number[][][] = [];
  for (const [op, ...args] of log) {
    if (op === 'beginPath') path = [];
    else if (op === 'moveTo') path.push([args as number[]]);
    else if (op === 'lineTo') path.at(-1)!.push(args as number[]);
    else if (op === 'stroke') {
      states.add(JSON.stringify(args[0]));
      for (const sub of path)
        sub.forEach((p, k) => {
          if (k > 0) segments.push(`${sub[k - 1]} ${p}`);
          if (k > 0 && k < sub.length - 1) joins.add(`${p}`);
        });
    }
  }
  return { segments, joins, states, count: log.filter(([op]) => op === 'stroke').length };
}

describe('long lines on a canvas', () => {
  it('are stroked a stretch at a time, with every segment and every join Vega strokes, in its state', () => {
    // A point left out breaks the line in two, as Vega draws it.
    const scene = zigzag(1000, {}, 500);
    const vega = strokes(draw(vegaLine, scene));
    const own = strokes(draw(ownLine, scene));
    expect(vega.count).toBe(1);
    expect(own.count).toBe(1 + Math.ceil((1000 - STRETCH) / (STRETCH - 2)));
    // The same segments, each once, but for one shared by consecutive stretches.
    expect(new Set(own.segments)).toEqual(new Set(vega.segments));
    expect(own.segments.length - vega.segments.length).toBeLessThanOrEqual(own.count - 1);
    expect(vega.segments.length).toBe(997);
    for (const join of vega.joins) expect(own.joins.has(join)).toBe(true);
    expect([...own.states]).toEqual([...vega.states]);
  });

  it("take the line's style from its first item, as Vega does, whatever the items after it hold", () => {
    const scene = zigzag(700);
    scene.items.forEach((item, i) => i > 0 && Object.assign(item, { stroke: 'red', strokeWidth: 9 }));
    const own = strokes(draw(ownLine, scene));
    expect(own.count).toBeGreaterThan(1);
    expect([...own.states]).toEqual([...strokes(draw(vegaLine, scene)).states]);
    expect(JSON.parse([...own.states][0]!)).toMatchObject({ strokeStyle: '#3366ff', lineWidth: 1.25 });
  });

  it('are left to Vega when a split could show, when short, or with the fast paths off', () => {
    const shown: Record<string, unknown>[] = [
      { opacity: 0.5 },
      { strokeOpacity: 0.8 },
      { strokeDash: [4, 3] },
      { fill: 'steelblue' },
      { blend: 'multiply' },
      { interpolate: 'monotone' },
      { interpolate: 'step' },
    ];
    for (const style of shown) {
      const scene = zigzag(1000, style);
      expect(splittable(scene.items[0]!)).toBe(false);
      expect(draw(ownLine, scene)).toEqual(draw(vegaLine, scene));
    }
    const short = zigzag(STRETCH);
    expect(draw(ownLine, short)).toEqual(draw(vegaLine, short));
    const long = zigzag(1000);
    expect(strokes(draw(ownLine, long)).count).toBeGreaterThan(1);
    setFastPaths(false);
    try {
      expect(draw(ownLine, long)).toEqual(draw(vegaLine, long));
    } finally {
      setFastPaths(true);
    }
  });
});

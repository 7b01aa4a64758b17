import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import { runPipeline } from '../../../src/core/pipeline';
import { candleEncoder } from '../../../src/render/candle-encoder';
import { compileExpression, DeferredTooltip, expressionEvaluator, tooltipValue } from '../../../src/render/expression';
import { setCandleEncoder, setScaleLines } from '../../../src/render/fast-paths';
import { straightLine } from '../../../src/render/scale-line';
import { exampleAndConformanceSpecs } from '../corpus';
import { steadyLoader } from '../steady-loader';

const loader = steadyLoader();

/** Draws a Vega spec headless with the given evaluator; the SVG, or the error. */
async function svg(spec: VegaSpec, expr: unknown): Promise<string> {
  let view: vega.View | undefined;
  try {
    const runtime = vega.parse(spec, undefined, { ast: true });
    view = new vega.View(runtime, { renderer: 'none', loader, logLevel: vega.None, expr: expr as never });
    await view.runAsync();
    return await view.toSVG();
  } catch (e) {
    return `error: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    view?.finalize();
  }
}

describe('the expression evaluator', () => {
  // Clip paths and gradients are numbered by a counter that runs across draws.
  const ids = (s: string) => s.replace(/\b(clip|gradient_|pattern_)\d+/g, '$1#');
  const all = exampleAndConformanceSpecs();

  it('has the examples (and the conformance specs when they are there) to compare', () => {
    expect(all.length).toBeGreaterThan(10);
  });

  it.each(all)(
    'draws %s exactly as vega-interpreter does',
    async (_name, text) => {
      const vg = runPipeline(text).vega;
      if (!vg) return;
      // Read its files once before comparing (see steadyLoader).
      if (JSON.stringify(vg).includes('"url"')) await svg(vg, expressionInterpreter);
      const [a, b] = [await svg(vg, expressionInterpreter), await svg(vg, expressionEvaluator)];
      if (ids(a) === ids(b)) return;
      // A spec whose drawing changes from one draw to the next (random(), bootstrapped confidence
      // intervals, timers) cannot be compared exactly: vega-interpreter's own second draw differs.
      const again = await svg(vg, expressionInterpreter);
      if (ids(again) !== ids(a)) return;
      // On a loaded machine a spec with loaded data and a brush has drawn differently once: a
      // different drawing must repeat to count.
      let last = '';
      for (let attempt = 0; attempt < 3; attempt++) {
        last = ids(await svg(vg, expressionEvaluator));
        if (last === ids(a)) return;
      }
      expect(last).toBe(ids(a));
    },
    60_000,
  );

  it('compiles the plain expressions, and leaves the rest to vega-interpreter', () => {
    const fn = { isValid: (x: unknown) => x != null } as Record<string, unknown>;
    const ast = (src: string) => (vega as unknown as { parseExpression(s: string): unknown }).parseExpression(src);
    const f = compileExpression(ast('isValid(datum.a) ? floor(datum.a / 2) + k : -1'), fn)!;
    expect(f({ a: 9 }, { $k: 10 }, undefined)).toBe(14);
    expect(f({ a: null }, { $k: 10 }, undefined)).toBe(-1);
    expect(compileExpression(ast('test(/a+/, datum.s)'), fn)).toBeUndefined();
    expect(compileExpression(ast('{"a": 1, b: datum.a}'), fn)!({ a: 3 }, {}, undefined)).toEqual({ a: 1, b: 3 });
    expect(compileExpression(ast('now()'), fn)).toBeUndefined();
  });

  it("gives a chain of && the value JavaScript gives it, Vega-Lite's valid-number guards included", () => {
    const isValid = (x: unknown) => x != null && x === x;
    const fn = { isValid } as Record<string, unknown>;
    const ast = (src: string) => (vega as unknown as { parseExpression(s: string): unknown }).parseExpression(src);
    const guard = 'isValid(datum["a"]) && isFinite(+datum["a"])';
    const chains: [string, (d: Record<string, unknown>) => unknown][] = [
      [guard, (d) => isValid(d['a']) && Number.isFinite(+(d['a'] as number))],
      [
        `(isDate(datum.t) || (isValid(datum.t) && isFinite(+datum.t))) && ${guard}`,
        (d) =>
          isValid(d['t']) &&
          Number.isFinite(+(d['t'] as number)) &&
          isValid(d['a']) &&
          Number.isFinite(+(d['a'] as number)),
      ],
      // A pair of other fields, or not side by side, is compiled as written.
      [
        `datum.x && ${guard} && datum.y`,
        (d) => d['x'] && isValid(d['a']) && Number.isFinite(+(d['a'] as number)) && d['y'],
      ],
      ['isValid(datum.a) && isFinite(+datum.b)', (d) => isValid(d['a']) && Number.isFinite(+(d['b'] as number))],
      [
        'isValid(datum.a) && datum.x && isFinite(+datum.a)',
        (d) => isValid(d['a']) && d['x'] && Number.isFinite(+(d['a'] as number)),
      ],
    ];
    const values = [null, undefined, NaN, 0, 2.5, -1, '3', 'x', '', Infinity, true];
    for (const [src, expected] of chains) {
      const f = compileExpression(ast(src.replace('isDate(datum.t) || ', '')), { ...fn })!;
      expect(f, src).toBeDefined();
      for (const a of values)
        for (const x of [0, 'x', '', 1])
          for (const y of [null, 'y']) {
            const d = { a, b: a, t: 5, x, y };
            expect(f(d, {}, undefined), `${src} with a = ${String(a)}, x = ${x}, y = ${y}`).toStrictEqual(expected(d));
          }
    }
  });

  it('refuses members that could run code, as vega-interpreter does', () => {
    const ast = (vega as unknown as { parseExpression(s: string): unknown }).parseExpression('datum.f');
    const f = compileExpression(ast, {})!;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (m: unknown) => errors.push(m);
    try {
      expect(f({ f: Function }, {}, undefined)).toBeUndefined();
      expect(f({ f: setTimeout }, {}, undefined)).toBeUndefined();
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(2);
  });

  it('leaves out object-literal properties that vega-interpreter leaves out, saying so', () => {
    const ast = (src: string) => (vega as unknown as { parseExpression(s: string): unknown }).parseExpression(src);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (m: unknown) => errors.push(m);
    try {
      for (const src of [
        '{"__proto__": datum.x, "a": 1}',
        '{toString: datum.x, a: 1}',
        '{"then": datum.x, a: 1}',
        '{"f": datum.x, a: 1}',
      ]) {
        const x = src.includes('"f"') ? Function : { polluted: true };
        const mine = compileExpression(ast(src), {})!({ x }, {}, undefined) as Record<string, unknown>;
        const theirs = (
          expressionInterpreter as unknown as { parameter(c: unknown, e: unknown): (d: unknown, p: unknown) => unknown }
        ).parameter({ functions: {} }, { ast: ast(src) })({ x }, {}) as Record<string, unknown>;
        expect(mine).toEqual({ a: 1 });
        expect(Object.getPrototypeOf(mine)).toBe(Object.prototype);
        expect(mine).toEqual(theirs);
      }
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(8);
  });

  it('encodes a channel it cannot compile with vega-interpreter, and the others with closures', async () => {
    // A tooltip (object literal, compiled) next to a channel with a regular expression (left to
    // vega-interpreter): both take their values, and a change in either is noticed.
    const spec = {
      width: 100,
      height: 50,
      data: [
        {
          name: 't',
          values: [
            { s: 'abc', v: 1 },
            { s: 'xyz', v: 2 },
          ],
        },
      ],
      marks: [
        {
          type: 'rect',
          from: { data: 't' },
          encode: {
            update: {
              x: { signal: 'datum.v * 10' },
              width: { value: 5 },
              y: { value: 0 },
              height: { value: 5 },
              fill: { signal: "test(/a/, datum.s) ? 'red' : 'blue'" },
              tooltip: { signal: '{"S": datum.s, "V": datum.v}' },
            },
          },
        },
      ],
    } as unknown as VegaSpec;
    const view = new vega.View(vega.parse(spec, undefined, { ast: true }), {
      renderer: 'none',
      expr: expressionEvaluator as never,
    });
    await view.runAsync();
    const items = (
      view.scenegraph() as unknown as { root: { items: { items: { items: Record<string, unknown>[] }[] }[] } }
    ).root.items[0]!.items[0]!.items;
    expect(items.every((i) => i['tooltip'] instanceof DeferredTooltip)).toBe(true);
    expect(items.map((i) => [i['x'], i['fill'], tooltipValue(i['tooltip'])])).toEqual([
      [10, 'red', { S: 'abc', V: 1 }],
      [20, 'blue', { S: 'xyz', V: 2 }],
    ]);
    // Encoded again (a row changed): each item keeps its tooltip object, which reads the new datum.
    const tooltips = items.map((i) => i['tooltip']);
    const rows = view.data('t') as Record<string, unknown>[];
    view.change('t', vega.changeset().modify(rows[0] as never, 'v', 3));
    await view.runAsync();
    expect(items.map((i) => i['tooltip'])).toEqual(tooltips);
    expect(items.every((i, k) => i['tooltip'] === tooltips[k])).toBe(true);
    expect(items.map((i) => [i['x'], tooltipValue(i['tooltip'])])).toEqual([
      [30, { S: 'abc', V: 3 }],
      [20, { S: 'xyz', V: 2 }],
    ]);
    view.finalize();
  });

  it("places a candle's position channels in one step exactly as the closures and vega-interpreter do", async () => {
    // As the page has it once a big candlestick is drawn on a canvas (src/render/candle-marks.ts),
    // a rect carrying wick channels is encoded by the candle encoder (x, x2, y, y2 and the wick's
    // three read, placed and written in one step); each field of each item must be what
    // vega-interpreter gives, on straight lines and on a scale that is not one, before and after
    // the domain changes, for rows with missing, NaN, text, date and function values.
    setScaleLines(straightLine);
    setCandleEncoder(candleEncoder);
    const rows = [
      { t: 0, t0: -0.35, t1: 0.35, o: 10, c: 12.5, lo: 9.25, hi: 13 },
      { t: 1, t0: 0.65, t1: 1.35, o: 12.5, c: 11, lo: 10.5, hi: 12.75 },
      { t: 2, t0: 1.65, t1: 2.35, o: null, c: 11, lo: Number.NaN, hi: '12' },
      { t: '3', t0: new Date(2.65), t1: 3.35, o: undefined, c: 'x', lo: 10, hi: 11 },
      { t: 4.25, t0: 3.9, t1: 4.6, o: 11, c: 11, lo: () => 1, hi: 11.5 },
    ];
    const spec = (yType: string) =>
      ({
        width: 300,
        height: 200,
        signals: [{ name: 'lo', value: -1 }],
        data: [{ name: 'bars' }],
        scales: [
          { name: 'x', type: 'linear', domain: { signal: '[lo, 5]' }, range: 'width', zero: false },
          { name: 'y', type: yType, domain: [8, 14], range: 'height', zero: false },
        ],
        marks: [
          {
            type: 'rect',
            from: { data: 'bars' },
            encode: {
              update: {
                x: { scale: 'x', field: 't0' },
                x2: { scale: 'x', field: 't1' },
                y: { scale: 'y', field: 'o' },
                y2: { scale: 'y', field: 'c' },
                wickX: { scale: 'x', field: 't' },
                wickY: { scale: 'y', field: 'lo' },
                wickY2: { scale: 'y', field: 'hi' },
                fill: { signal: "datum.c > datum.o ? 'green' : 'red'" },
              },
            },
          },
        ],
      }) as unknown as VegaSpec;
    const FIELDS = ['x', 'x2', 'y', 'y2', 'width', 'height', 'wickX', 'wickY', 'wickY2', 'fill'];
    const itemsOf = (view: vega.View) =>
      (
        view.scenegraph() as unknown as { root: { items: { items: { items: Record<string, unknown>[] }[] }[] } }
      ).root.items[0]!.items[0]!.items.map((i) => FIELDS.map((f) => i[f]));
    for (const yType of ['linear', 'log']) {
      const views = [expressionEvaluator, expressionInterpreter].map(
        (expr) => new vega.View(vega.parse(spec(yType), undefined, { ast: true }), { renderer: 'none', expr } as never),
      );
      const drawn = [];
      for (const lo of [-1, 1.5]) {
        const at: unknown[][][] = [];
        for (const view of views) {
          view.signal('lo', lo).change(
            'bars',
            vega
              .changeset()
              .remove(() => true)
              .insert(rows.map((r) => ({ ...r }))),
          );
          await view.runAsync();
          at.push(itemsOf(view));
        }
        const [ours, theirs] = at as [unknown[][], unknown[][]];
        expect(ours.length).toBe(rows.length);
        ours.forEach((item, i) =>
          item.forEach((v, f) =>
            expect(Object.is(v, theirs[i]![f]), `${yType} ${lo} row ${i} ${FIELDS[f]}`).toBe(true),
          ),
        );
        drawn.push(ours);
      }
      // The domain moved: the x channels were placed again.
      expect(drawn[0]![0]![0]).not.toBe(drawn[1]![0]![0]);
      for (const view of views) view.finalize();
    }
  });

  it('applies the scale the view has at each call: a new one, or none', () => {
    // `scale("x", v)` looks the scale up again only when the view's scale operator holds another
    // object; a name with no scale (or a value that is not one of Vega's scales) gives undefined.
    const ast = (src: string) => (vega as unknown as { parseExpression(s: string): unknown }).parseExpression(src);
    const make = (type: string, range: number[]) =>
      (vega.scale(type) as () => { domain(d: number[]): { range(r: number[]): unknown } })()
        .domain([1, 100])
        .range(range);
    const scales: Record<string, { value: unknown }> = { x: { value: make('linear', [0, 99]) } };
    const fn = { scale: () => undefined, context: { scales } } as Record<string, unknown>;
    const f = compileExpression(ast('scale("x", datum.v)'), fn)!;
    const missing = compileExpression(ast('scale("nowhere", datum.v)'), fn)!;
    expect(f({ v: 10 }, {}, undefined)).toBe(9);
    scales['x'] = { value: make('log', [0, 100]) };
    expect(f({ v: 10 }, {}, undefined)).toBeCloseTo(50, 9);
    scales['x'] = { value: (v: number) => v * 1000 }; // a function, but not a scale of Vega's
    expect(f({ v: 10 }, {}, undefined)).toBeUndefined();
    expect(missing({ v: 10 }, {}, undefined)).toBeUndefined();
  });

  it('applies linear and time scales as d3 does, to the last bit, and follows a scale changed in place', () => {
    // As the page does once a big candlestick is drawn on a canvas (src/render/candle-marks.ts).
    setScaleLines(straightLine);
    const ast = (src: string) => (vega as unknown as { parseExpression(s: string): unknown }).parseExpression(src);
    type Scale = ((v: unknown) => unknown) & {
      domain(d?: unknown[]): Scale;
      range(r?: unknown[]): Scale;
      clamp(c: boolean): Scale;
      interpolate(i: unknown): Scale;
      unknown(u: unknown): Scale;
    };
    const make = (type: string) => (vega.scale(type) as () => Scale)();
    const op: { value: Scale; stamp: number } = { value: make('linear'), stamp: 1 };
    const fn = { scale: () => undefined, context: { scales: { x: op } } } as Record<string, unknown>;
    const f = compileExpression(ast('scale("x", datum.v)'), fn)!;
    const random = (() => {
      let a = 7;
      return () => ((a = (a * 16807) % 2147483647) - 1) / 2147483646;
    })();
    const values = (n: number) => [
      ...Array.from({ length: n }, () => (random() - 0.3) * 1e4),
      null,
      undefined,
      NaN,
      '12.5',
      'abc',
      new Date(86400000 * 3),
    ];
    const cases: { type: string; domain: unknown[]; range: number[]; set?: (s: Scale) => Scale }[] = [
      { type: 'linear', domain: [-3.3, 4417.1], range: [0, 1117] },
      { type: 'linear', domain: [912.5, 17], range: [380, 0] },
      { type: 'linear', domain: [5, 5], range: [0, 10] },
      { type: 'linear', domain: [0, 10], range: [0, 10], set: (s) => s.clamp(true) },
      { type: 'linear', domain: [0, 10], range: [0, 10], set: (s) => s.unknown('none') },
      { type: 'linear', domain: [0, 50, 100], range: [0, 5, 100] },
      { type: 'time', domain: [new Date(2020, 0, 1), new Date(2024, 5, 3)], range: [0, 1140] },
      { type: 'utc', domain: [Date.UTC(2031, 3, 1), Date.UTC(1999, 0, 1)], range: [12.5, 800.25] },
      { type: 'log', domain: [1, 1000], range: [0, 300] },
    ];
    for (const c of cases) {
      let s = make(c.type).domain(c.domain).range(c.range);
      if (c.set) s = c.set(s);
      // A new stamp: the scale's operator ran (Vega changes a scale in place).
      op.value = s;
      op.stamp++;
      for (const v of values(200))
        expect(Object.is(f({ v }, {}, undefined), s(v)), `${c.type} ${String(v)}`).toBe(true);
    }
    // The same object with another domain, after its operator ran again. A straight line is
    // applied without calling the scale; a log scale is called.
    let calls = 0;
    const counted = <T extends object>(t: T) =>
      new Proxy(t, { apply: (target, self, args) => (calls++, Reflect.apply(target as never, self, args)) });
    op.value = counted(make('log').domain([1, 100]).range([0, 2]));
    op.stamp++;
    expect(f({ v: 10 }, {}, undefined)).toBeCloseTo(1, 12);
    expect(calls).toBe(1);
    const s = make('linear').domain([0, 10]).range([0, 100]);
    op.value = counted(s);
    op.stamp++;
    expect(f({ v: 1 }, {}, undefined)).toBe(10);
    expect(calls).toBe(1);
    expect(f({ v: 5 }, {}, undefined)).toBe(50);
    s.domain([0, 20]);
    op.stamp++;
    expect(f({ v: 5 }, {}, undefined)).toBe(25);
  });

  it('compares as JavaScript does, whatever the operands', () => {
    const ast = (src: string) => (vega as unknown as { parseExpression(s: string): unknown }).parseExpression(src);
    const values = [0, 1, -2.5, NaN, null, undefined, '', '3', 'abc', true, false, new Date(5)];
    for (const op of ['>', '<', '>=', '<=']) {
      const f = compileExpression(ast(`datum.a ${op} datum.b`), {})!;
      for (const a of values)
        for (const b of values) {
          const js = new Function('a', 'b', `return a ${op} b`)(a, b) as unknown;
          expect(Object.is(f({ a, b }, {}, undefined), js), `${String(a)} ${op} ${String(b)}`).toBe(true);
        }
    }
  });
});

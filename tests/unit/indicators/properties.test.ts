/**
 * Properties over arbitrary bars and parameters (fast-check): what must hold for any series,
 * not only the fixed one the TA-Lib comparison uses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndicator, INDICATORS, type Bars, type Column } from '../../../src/core/indicators';
import { firstDefined } from './expect-close';

/**
 * Valid OHLCV bars: low ≤ open, close ≤ high; moves of 0 make flat stretches likely. Prices sit
 * on a 1/256 grid so that adding a whole number is exact: otherwise a difference of one ulp
 * between two lows can vanish in the sum and flip a comparison (the SAR's starting direction).
 */
const tick = (x: number) => Math.round(x * 256) / 256;
const barsArb = fc
  .record({
    start: fc.double({ min: 5, max: 500, noNaN: true }),
    steps: fc.array(
      fc.record({
        move: fc.oneof(fc.constant(0), fc.double({ min: -4, max: 4, noNaN: true })),
        up: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 3, noNaN: true })),
        down: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 3, noNaN: true })),
        volume: fc.integer({ min: 0, max: 1_000_000 }),
      }),
      { maxLength: 150 },
    ),
  })
  .map(({ start, steps }): Required<Bars> & Record<Column, Float64Array> => {
    const n = steps.length;
    const b = {
      time: new Float64Array(n),
      open: new Float64Array(n),
      high: new Float64Array(n),
      low: new Float64Array(n),
      close: new Float64Array(n),
      volume: new Float64Array(n),
    };
    let price = tick(start);
    steps.forEach((s, i) => {
      const open = price;
      const close = tick(Math.max(1, open + s.move));
      b.time[i] = Date.UTC(2024, 0, 1) + i * 86_400_000;
      b.open[i] = open;
      b.close[i] = close;
      b.high[i] = tick(Math.max(open, close) + s.up);
      b.low[i] = tick(Math.max(0.5, Math.min(open, close) - s.down));
      b.volume[i] = s.volume;
      price = close;
    });
    return b;
  });

/** Parameters within each declaration's range, windows kept short enough to finish warming up. */
function paramsArb(name: string): fc.Arbitrary<Record<string, number>> {
  const def = INDICATORS[name]!;
  const fields: Record<string, fc.Arbitrary<number>> = {};
  for (const [param, spec] of Object.entries(def.params)) {
    fields[param] = spec.integer
      ? fc.integer({ min: spec.min ?? 1, max: Math.max(spec.min ?? 1, 30) })
      : fc.double({ min: spec.min ?? 0, max: Math.max(spec.default * 3, 0.1), noNaN: true });
  }
  return fc.record(fields);
}

const NAMES = Object.keys(INDICATORS);
const OVERLAYS = NAMES.filter((name) => INDICATORS[name]!.pane === 'price');
const SLACK = 1e-9;

describe('every indicator, any bars, any valid parameters', () => {
  it.each(NAMES)('%s: outputs as long as the bars; once defined, defined to the end', (name) => {
    fc.assert(
      fc.property(barsArb, paramsArb(name), (bars, p) => {
        const out = computeIndicator(name, bars, p);
        expect(Object.keys(out)).toEqual([...INDICATORS[name]!.outputs]);
        for (const [key, values] of Object.entries(out)) {
          expect(values).toBeInstanceOf(Float64Array);
          expect(values.length).toBe(bars.close.length);
          if (name === 'ichimoku' && key === 'lagging') {
            // The close drawn behind: defined exactly where a later close exists.
            const d = p.displacement!;
            values.forEach((v, i) => expect(Number.isNaN(v)).toBe(i + d >= values.length));
            continue;
          }
          const first = firstDefined(values);
          for (let i = first; i < values.length; i++) expect(values[i], `${key}[${i}]`).not.toBeNaN();
        }
      }),
      { numRuns: 60 },
    );
  });

  it.each(['bollinger', 'keltner', 'donchian'])('%s: upper ≥ middle ≥ lower', (name) => {
    fc.assert(
      fc.property(barsArb, paramsArb(name), (bars, p) => {
        const { upper, middle, lower } = computeIndicator(name, bars, p);
        for (let i = 0; i < bars.close.length; i++) {
          if (Number.isNaN(middle![i]!)) continue;
          expect(upper![i]).toBeGreaterThanOrEqual(middle![i]!);
          expect(middle![i]).toBeGreaterThanOrEqual(lower![i]!);
        }
      }),
    );
  });

  // Within the bounds up to rounding: a running SMA of values that are all 0 can read −7e-14, as
  // TA-Lib's does (the sums are the reference's, rounding included).
  it.each([
    ['rsi', ['value'], 0, 100],
    ['stochastic', ['k', 'd'], 0, 100],
    ['williamsR', ['value'], -100, 0],
    ['adx', ['adx', 'plusDI', 'minusDI'], 0, 100],
  ] as const)('%s stays within its range', (name, outputs, min, max) => {
    fc.assert(
      fc.property(barsArb, paramsArb(name), (bars, p) => {
        const out = computeIndicator(name, bars, p);
        for (const key of outputs) {
          for (const v of out[key]!) {
            if (Number.isNaN(v)) continue;
            expect(v).toBeGreaterThanOrEqual(min - SLACK);
            expect(v).toBeLessThanOrEqual(max + SLACK);
          }
        }
      }),
    );
  });

  it.each(OVERLAYS)('%s: shifting every price by a constant shifts the overlay by it', (name) => {
    fc.assert(
      fc.property(barsArb, paramsArb(name), fc.integer({ min: -4, max: 1000 }), (bars, p, c) => {
        const moved = {
          ...bars,
          open: bars.open.map((x) => x + c),
          high: bars.high.map((x) => x + c),
          low: bars.low.map((x) => x + c),
          close: bars.close.map((x) => x + c),
        };
        const before = computeIndicator(name, bars, p);
        const after = computeIndicator(name, moved, p);
        // Bollinger's width is √(mean(x²) − mean²): the rounding of the two sums grows with the
        // price's square, and the square root magnifies it where the variance is near zero.
        const tolerance = name === 'bollinger' ? 1e-5 : 1e-9;
        for (const key of Object.keys(before)) {
          const a = before[key]!;
          const b = after[key]!;
          for (let i = 0; i < a.length; i++) {
            expect(Number.isNaN(b[i]!), `${key}[${i}] defined alike`).toBe(Number.isNaN(a[i]!));
            if (Number.isNaN(a[i]!)) continue;
            const scale = Math.max(1, Math.abs(a[i]!) + Math.abs(c));
            expect(Math.abs(b[i]! - (a[i]! + c)), `${key}[${i}]`).toBeLessThanOrEqual(tolerance * scale);
          }
        }
      }),
    );
  });
});

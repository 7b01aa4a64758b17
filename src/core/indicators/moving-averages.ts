/**
 * Moving averages of the close: simple, exponential and weighted, as TA-Lib defines them.
 * Each is undefined (NaN) for its first `period - 1` bars: a partial window is never shown.
 */
import { arg, period } from './params';
import { emaFactor, emaInto, smaInto, warmUpColumn } from './rolling';
import type { IndicatorDef } from './types';

/** Simple moving average: the mean of the last `period` values. */
export function sma(src: ArrayLike<number>, p: number): Float64Array {
  const out = warmUpColumn(src.length, p - 1);
  smaInto(src, 0, p, out);
  return out;
}

/**
 * Exponential moving average with factor 2 / (period + 1), seeded with the simple average of
 * the first `period` values (TA-Lib's default; see `emaInto`), so it starts at bar `period - 1`.
 */
export function ema(src: ArrayLike<number>, p: number): Float64Array {
  const out = warmUpColumn(src.length, p - 1);
  emaInto(src, p - 1, p, emaFactor(p), out);
  return out;
}

/**
 * Weighted moving average: weights period, period - 1, ..., 1 from the newest value back,
 * divided by their sum. Kept in O(n) with two running sums: moving the window one bar forward
 * lowers every weight by one (subtract the window's plain sum) and adds the new value at the
 * full weight.
 */
export function wma(src: ArrayLike<number>, p: number): Float64Array {
  const n = src.length;
  const out = warmUpColumn(n, p - 1);
  if (p > n) return out;
  const divisor = (p * (p + 1)) / 2;
  let weighted = 0; // sum of weight × value over the window
  let plain = 0; // sum of the values in the window
  for (let i = 0; i < p - 1; i++) {
    weighted += src[i]! * (i + 1);
    plain += src[i]!;
  }
  for (let i = p - 1; i < n; i++) {
    const v = src[i]!;
    weighted += v * p;
    plain += v;
    out[i] = weighted / divisor;
    weighted -= plain;
    plain -= src[i - p + 1]!;
  }
  return out;
}

const PERIOD = period(20, 'Number of bars averaged.', 1);

export const SMA: IndicatorDef = {
  name: 'sma',
  title: 'Simple moving average',
  pane: 'price',
  params: { period: PERIOD },
  outputs: ['value'],
  needs: ['close'],
  label: (p) => `SMA ${p.period}`,
  compute: (bars, p) => ({ value: sma(bars.close, arg(p, 'period')) }),
};

export const EMA: IndicatorDef = {
  name: 'ema',
  title: 'Exponential moving average',
  pane: 'price',
  params: { period: PERIOD },
  outputs: ['value'],
  needs: ['close'],
  label: (p) => `EMA ${p.period}`,
  compute: (bars, p) => ({ value: ema(bars.close, arg(p, 'period')) }),
};

export const WMA: IndicatorDef = {
  name: 'wma',
  title: 'Weighted moving average',
  pane: 'price',
  params: { period: PERIOD },
  outputs: ['value'],
  needs: ['close'],
  label: (p) => `WMA ${p.period}`,
  compute: (bars, p) => ({ value: wma(bars.close, arg(p, 'period')) }),
};

/**
 * Channels around price: Bollinger Bands, Keltner Channel, Donchian Channel. Each returns
 * upper, middle and lower, undefined until every one of the three is.
 */
import { ema } from './moving-averages';
import { arg, factor, period } from './params';
import { nanColumn, rollingMax, rollingMin, warmUpColumn } from './rolling';
import type { IndicatorDef } from './types';
import { atr } from './volatility';

/**
 * Bollinger Bands as TA-Lib's BBANDS with a simple moving average: middle = SMA, bands at
 * ± stdDev × the population standard deviation of the same window (divided by n, not n − 1:
 * Bollinger's definition). The variance is mean(x²) − mean², from running sums so the whole
 * series stays O(n), in TA-Lib's order of operations: below 1e-14 (TA-Lib's zero) the bands
 * collapse onto the middle. Note what that keeps of the reference: in a flat window that follows
 * moving prices, the running sums still carry rounding (~1e-11 at prices near 100), so the bands
 * stand ~1e-5 off the middle rather than on it — TA-Lib draws the same. A more accurate
 * variance (Welford's) would be closer to the truth there and further from the reference.
 */
export function bollinger(close: ArrayLike<number>, p: number, stdDev: number): Record<string, Float64Array> {
  const n = close.length;
  const middle = warmUpColumn(n, p - 1);
  const upper = warmUpColumn(n, p - 1);
  const lower = warmUpColumn(n, p - 1);
  if (p <= n) {
    // The mean is `smaInto`'s, in the same pass: a million closes are read once, not twice.
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < p - 1; i++) {
      sum += close[i]!;
      squares += close[i]! * close[i]!;
    }
    for (let i = p - 1; i < n; i++) {
      const v = close[i]!;
      sum += v;
      squares += v * v;
      const mean = sum / p;
      const meanOfSquares = squares / p;
      const old = close[i - p + 1]!;
      sum -= old;
      squares -= old * old;
      const variance = meanOfSquares - mean * mean;
      const width = (variance < 1e-14 ? 0 : Math.sqrt(variance)) * stdDev;
      middle[i] = mean;
      upper[i] = mean + width;
      lower[i] = mean - width;
    }
  }
  return { upper, middle, lower };
}

/**
 * Keltner Channel (the modern form, as trading platforms draw it): an EMA of the close with
 * bands at ± multiplier × ATR. Defined once both the EMA and the ATR are.
 */
export function keltner(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  p: number,
  multiplier: number,
  atrPeriod: number,
): Record<string, Float64Array> {
  const n = close.length;
  const middle = ema(close, p);
  const range = atr(high, low, close, atrPeriod);
  const upper = nanColumn(n);
  const lower = nanColumn(n);
  for (let i = 0; i < n; i++) {
    const width = multiplier * range[i]!;
    const mid = middle[i]!;
    // NaN in either stays NaN in the bands; the middle is hidden too until the bands exist.
    upper[i] = mid + width;
    lower[i] = mid - width;
    if (Number.isNaN(width)) middle[i] = NaN;
  }
  return { upper, middle, lower };
}

/** Donchian Channel: the highest high and lowest low of the last `period` bars, and their midpoint. */
export function donchian(high: ArrayLike<number>, low: ArrayLike<number>, p: number): Record<string, Float64Array> {
  const upper = rollingMax(high, p);
  const lower = rollingMin(low, p);
  const middle = nanColumn(upper.length);
  for (let i = p - 1; i < upper.length; i++) middle[i] = (upper[i]! + lower[i]!) / 2;
  return { upper, middle, lower };
}

const BAND_OUTPUTS = ['upper', 'middle', 'lower'] as const;

export const BOLLINGER: IndicatorDef = {
  name: 'bollinger',
  title: 'Bollinger Bands',
  pane: 'price',
  params: {
    period: period(20, 'Number of bars in the moving average and the standard deviation.'),
    stdDev: factor(2, 'Distance of the bands from the middle, in (population) standard deviations.'),
  },
  outputs: BAND_OUTPUTS,
  needs: ['close'],
  label: (p) => `BB ${p.period} ${p.stdDev}`,
  compute: (bars, p) => bollinger(bars.close, arg(p, 'period'), arg(p, 'stdDev')),
};

export const KELTNER: IndicatorDef = {
  name: 'keltner',
  title: 'Keltner Channel',
  pane: 'price',
  params: {
    period: period(20, 'Number of bars in the exponential moving average (the middle line).', 1),
    multiplier: factor(2, 'Distance of the bands from the middle, in average true ranges.'),
    atrPeriod: period(10, 'Number of bars in the average true range.', 1),
  },
  outputs: BAND_OUTPUTS,
  needs: ['high', 'low', 'close'],
  label: (p) => `KC ${p.period} ${p.multiplier} ${p.atrPeriod}`,
  compute: (bars, p) =>
    keltner(bars.high, bars.low, bars.close, arg(p, 'period'), arg(p, 'multiplier'), arg(p, 'atrPeriod')),
};

export const DONCHIAN: IndicatorDef = {
  name: 'donchian',
  title: 'Donchian Channel',
  pane: 'price',
  params: { period: period(20, 'Number of bars whose highest high and lowest low make the channel.', 1) },
  outputs: BAND_OUTPUTS,
  needs: ['high', 'low'],
  label: (p) => `DC ${p.period}`,
  compute: (bars, p) => donchian(bars.high, bars.low, arg(p, 'period')),
};

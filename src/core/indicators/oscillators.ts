/**
 * Oscillators drawn in a pane of their own: RSI, MACD, Stochastic, CCI, Williams %R.
 * Warm-ups are TA-Lib's: a value appears at the first bar TA-Lib gives one, never earlier.
 */
import { arg, period } from './params';
import { emaFactor, emaInto, nanColumn, rollingMax, rollingMin, smaInto, warmUpColumn } from './rolling';
import type { IndicatorDef } from './types';

/** Sums this close to zero are rounding, not movement: TA-Lib treats |x| < 1e-14 as zero. */
const ZERO = 1e-14;

/**
 * Relative strength index (Wilder): 100 × average gain / (average gain + average loss).
 * The first averages (bar `period`) are plain means of the first `period` changes; later ones
 * use Wilder's smoothing, avg = (avg × (period − 1) + change) / period. When nothing moved at
 * all (both averages ~0) the value is 0, as TA-Lib gives it, rather than undefined.
 */
export function rsi(close: ArrayLike<number>, p: number): Float64Array {
  const n = close.length;
  const out = warmUpColumn(n, p);
  if (p >= n) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= p; i++) {
    const change = close[i]! - close[i - 1]!;
    if (change < 0) loss -= change;
    else gain += change;
  }
  gain /= p;
  loss /= p;
  out[p] = strength(gain, loss);
  // Wilder's smoothing as a multiply and an add: TA-Lib divides by the period, which makes each
  // bar wait for the division before it (a million bars: ~4 ms more); the two differ in the last
  // bit, far inside the reference's tolerance. And without a branch: a rise or a fall is a coin
  // toss the processor would guess wrong half the time. max(x, 0) takes the values the branch
  // would (a NaN close leaves both NaN, as the value then is either way).
  const keep = (p - 1) / p;
  const share = 1 / p;
  for (let i = p + 1; i < n; i++) {
    const change = close[i]! - close[i - 1]!;
    gain = gain * keep + Math.max(change, 0) * share;
    loss = loss * keep + Math.max(-change, 0) * share;
    out[i] = strength(gain, loss);
  }
  return out;
}

function strength(gain: number, loss: number): number {
  const total = gain + loss;
  return total > -ZERO && total < ZERO ? 0 : 100 * (gain / total);
}

/**
 * MACD as TA-Lib computes it: the line is EMA(fast) − EMA(slow), the signal an EMA of the line,
 * the histogram their difference. Two details of the reference are kept because they change the
 * numbers: both EMAs start at the slow one's first bar, the fast one seeded with the mean of the
 * `fast` closes ending there (not carried from bar `fast − 1`); and all three outputs start
 * together once the signal exists, at bar slow − 1 + signal − 1. A fast period longer than the
 * slow one is swapped, as TA-Lib does. The signal period starts at 2: TA-Lib's MACD accepts 1
 * but then reports its first bar one too early, holding an uninitialized value.
 */
export function macd(
  close: ArrayLike<number>,
  fast: number,
  slow: number,
  signal: number,
): Record<string, Float64Array> {
  if (slow < fast) [fast, slow] = [slow, fast];
  const n = close.length;
  const line = nanColumn(n);
  const sig = nanColumn(n);
  const histogram = nanColumn(n);
  const start = slow - 1;
  const first = start + signal - 1;
  if (first >= n) return { macd: line, signal: sig, histogram };
  const fastEma = nanColumn(n);
  emaInto(close, start, fast, emaFactor(fast), fastEma);
  emaInto(close, start, slow, emaFactor(slow), line);
  for (let i = start; i < n; i++) line[i] = fastEma[i]! - line[i]!;
  // The signal's seed is the mean of the first `signal` values of the line.
  emaInto(line, first, signal, emaFactor(signal), sig);
  for (let i = start; i < first; i++) line[i] = NaN;
  for (let i = first; i < n; i++) histogram[i] = line[i]! - sig[i]!;
  return { macd: line, signal: sig, histogram };
}

/**
 * Slow stochastic (Lane), TA-Lib's STOCH with simple averages: %K fast = where the close sits in
 * the range of the last `kPeriod` bars, 0..100 (0 when that range is flat, as TA-Lib gives it);
 * k = its `kSmooth`-bar SMA; d = the `dPeriod`-bar SMA of k. Both outputs start when d does.
 */
export function stochastic(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  kPeriod: number,
  kSmooth: number,
  dPeriod: number,
): Record<string, Float64Array> {
  const n = close.length;
  const highest = rollingMax(high, kPeriod);
  const lowest = rollingMin(low, kPeriod);
  const fastK = nanColumn(n);
  for (let i = kPeriod - 1; i < n; i++) {
    // The range is scaled to percent before dividing, as TA-Lib does: same value, same rounding.
    const onePercent = (highest[i]! - lowest[i]!) / 100;
    fastK[i] = onePercent !== 0 ? (close[i]! - lowest[i]!) / onePercent : 0;
  }
  const k = nanColumn(n);
  smaInto(fastK, kPeriod - 1, kSmooth, k);
  const d = nanColumn(n);
  smaInto(k, kPeriod + kSmooth - 2, dPeriod, d);
  const first = kPeriod + kSmooth + dPeriod - 3;
  for (let i = 0; i < Math.min(first, n); i++) k[i] = NaN;
  return { k, d };
}

/**
 * Commodity channel index (Lambert): (typical price − its SMA) / (0.015 × mean absolute
 * deviation from that SMA), typical price = (high + low + close) / 3. The mean deviation is
 * about each window's own mean, so it has no running form: each bar re-reads its window,
 * O(n × period) (a sorted window would be O(n log period) but would round differently from the
 * reference). 0 when the price sits exactly on its mean or the window is flat, as TA-Lib gives it.
 */
export function cci(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  p: number,
): Float64Array {
  const n = close.length;
  const out = nanColumn(n);
  const typical = new Float64Array(n);
  for (let i = 0; i < n; i++) typical[i] = (high[i]! + low[i]! + close[i]!) / 3;
  for (let i = p - 1; i < n; i++) {
    // Both sums run over the window rotated to start at its bar whose index is a multiple of
    // the period: the order in which TA-Lib's ring buffer holds it. Same terms, same rounding,
    // so a price sitting on its mean gives the same 0 (or not) as the reference.
    const turn = i - (i % p);
    let sum = 0;
    for (let j = turn; j <= i; j++) sum += typical[j]!;
    for (let j = i - p + 1; j < turn; j++) sum += typical[j]!;
    const mean = sum / p;
    let deviation = 0;
    for (let j = turn; j <= i; j++) deviation += Math.abs(typical[j]! - mean);
    for (let j = i - p + 1; j < turn; j++) deviation += Math.abs(typical[j]! - mean);
    const distance = typical[i]! - mean;
    out[i] = distance !== 0 && deviation !== 0 ? distance / (0.015 * (deviation / p)) : 0;
  }
  return out;
}

/**
 * Williams %R: where the close sits below the highest high of the last `period` bars, as a
 * percentage of their range: −100 (at the low) .. 0 (at the high); 0 for a flat range, as
 * TA-Lib gives it.
 */
export function williamsR(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  p: number,
): Float64Array {
  const n = close.length;
  const highest = rollingMax(high, p);
  const lowest = rollingMin(low, p);
  const out = nanColumn(n);
  for (let i = p - 1; i < n; i++) {
    // Scaled like fast %K above (to −1 %), so the rounding is the reference's too.
    const minusOnePercent = (highest[i]! - lowest[i]!) / -100;
    out[i] = minusOnePercent !== 0 ? (highest[i]! - close[i]!) / minusOnePercent : 0;
  }
  return out;
}

export const RSI: IndicatorDef = {
  name: 'rsi',
  title: 'Relative strength index',
  pane: 'own',
  params: { period: period(14, "Number of bars in Wilder's smoothing of gains and losses.") },
  outputs: ['value'],
  needs: ['close'],
  levels: [30, 70],
  range: [0, 100],
  label: (p) => `RSI ${p.period}`,
  compute: (bars, p) => ({ value: rsi(bars.close, arg(p, 'period')) }),
};

export const MACD: IndicatorDef = {
  name: 'macd',
  title: 'Moving average convergence/divergence',
  pane: 'own',
  params: {
    fast: period(12, 'Number of bars in the fast exponential moving average.'),
    slow: period(26, 'Number of bars in the slow exponential moving average.'),
    signal: period(9, 'Number of bars in the exponential moving average of the MACD line (the signal).'),
  },
  outputs: ['macd', 'signal', 'histogram'],
  needs: ['close'],
  label: (p) => `MACD ${p.fast} ${p.slow} ${p.signal}`,
  compute: (bars, p) => macd(bars.close, arg(p, 'fast'), arg(p, 'slow'), arg(p, 'signal')),
};

export const STOCHASTIC: IndicatorDef = {
  name: 'stochastic',
  title: 'Stochastic oscillator',
  pane: 'own',
  params: {
    kPeriod: period(14, 'Number of bars whose high-low range places the close (fast %K).', 1),
    kSmooth: period(3, 'Number of bars in the simple moving average of fast %K that makes %K.', 1),
    dPeriod: period(3, 'Number of bars in the simple moving average of %K that makes %D.', 1),
  },
  outputs: ['k', 'd'],
  needs: ['high', 'low', 'close'],
  levels: [20, 80],
  range: [0, 100],
  label: (p) => `Stoch ${p.kPeriod} ${p.kSmooth} ${p.dPeriod}`,
  compute: (bars, p) =>
    stochastic(bars.high, bars.low, bars.close, arg(p, 'kPeriod'), arg(p, 'kSmooth'), arg(p, 'dPeriod')),
};

export const CCI: IndicatorDef = {
  name: 'cci',
  title: 'Commodity channel index',
  pane: 'own',
  params: { period: period(20, 'Number of bars in the mean and mean deviation of the typical price.') },
  outputs: ['value'],
  needs: ['high', 'low', 'close'],
  levels: [-100, 100],
  label: (p) => `CCI ${p.period}`,
  compute: (bars, p) => ({ value: cci(bars.high, bars.low, bars.close, arg(p, 'period')) }),
};

export const WILLIAMS_R: IndicatorDef = {
  name: 'williamsR',
  title: 'Williams %R',
  pane: 'own',
  params: { period: period(14, 'Number of bars whose high-low range places the close.') },
  outputs: ['value'],
  needs: ['high', 'low', 'close'],
  levels: [-80, -20],
  range: [-100, 0],
  label: (p) => `%R ${p.period}`,
  compute: (bars, p) => ({ value: williamsR(bars.high, bars.low, bars.close, arg(p, 'period')) }),
};

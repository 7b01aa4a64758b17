/**
 * Average true range (Wilder): how far price moves per bar, gaps included.
 *
 * The true range needs the previous close, so it starts at bar 1; the ATR's first value (bar
 * `period`) is the plain mean of the first `period` true ranges, and each later one is Wilder's
 * smoothing, atr = (atr × (period − 1) + tr) / period: an EMA with factor 1 / period, which is
 * how Wilder defined it (a slower smoothing than the usual 2 / (period + 1)).
 */
import { arg, period } from './params';
import { nanColumn, trueRange } from './rolling';
import type { IndicatorDef } from './types';

export function atr(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  p: number,
): Float64Array {
  const n = close.length;
  const out = nanColumn(n);
  if (p >= n) return out;
  let sum = 0;
  for (let i = 1; i <= p; i++) sum += trueRange(high, low, close, i);
  let prev = sum / p;
  out[p] = prev;
  for (let i = p + 1; i < n; i++) {
    prev = (prev * (p - 1) + trueRange(high, low, close, i)) / p;
    out[i] = prev;
  }
  return out;
}

export const ATR: IndicatorDef = {
  name: 'atr',
  title: 'Average true range',
  pane: 'own',
  params: { period: period(14, "Number of bars in Wilder's smoothing of the true range.", 1) },
  outputs: ['value'],
  needs: ['high', 'low', 'close'],
  label: (p) => `ATR ${p.period}`,
  compute: (bars, p) => ({ value: atr(bars.high, bars.low, bars.close, arg(p, 'period')) }),
};

/**
 * Indicators that weigh price by volume: VWAP on the price pane, OBV in its own pane. Without a
 * volume column both are NaN throughout (nothing to weigh by), never zero.
 */
import { nanColumn } from './rolling';
import type { IndicatorDef } from './types';

const DAY = 86_400_000;

/**
 * Whether bars are intraday: more than half of the steps between consecutive times are under a
 * day (the median spacing is under a day, counted in O(n) without sorting). The median, not the
 * smallest step, so daily bars stamped at local midnight stay daily across a 23-hour DST day.
 */
export function isIntraday(time: ArrayLike<number>): boolean {
  let short = 0;
  let steps = 0;
  for (let i = 1; i < time.length; i++) {
    const step = time[i]! - time[i - 1]!;
    if (!(step > 0)) continue;
    steps++;
    if (step < DAY) short++;
  }
  return short * 2 > steps;
}

/**
 * Volume-weighted average price: Σ typical price × volume / Σ volume, typical price =
 * (high + low + close) / 3. For intraday bars (see `isIntraday`) the sums restart at each new
 * UTC day, the session convention of trading platforms for 24-hour markets and after the close
 * for most exchanges; for daily or longer bars, or without times, they run from the first bar
 * (an "anchored" VWAP over the whole series). NaN while no volume has traded yet in the session.
 */
export function vwap(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  volume: ArrayLike<number> | undefined,
  time: ArrayLike<number> | undefined,
): Float64Array {
  const n = close.length;
  const out = nanColumn(n);
  if (!volume) return out;
  const daily = time !== undefined && isIntraday(time);
  let weighted = 0;
  let traded = 0;
  let day = NaN;
  for (let i = 0; i < n; i++) {
    if (daily) {
      const today = Math.floor(time[i]! / DAY);
      if (today !== day) {
        day = today;
        weighted = 0;
        traded = 0;
      }
    }
    const v = volume[i]!;
    weighted += ((high[i]! + low[i]! + close[i]!) / 3) * v;
    traded += v;
    if (traded !== 0) out[i] = weighted / traded;
  }
  return out;
}

/**
 * On-balance volume (Granville): a running total that adds the bar's volume when the close
 * rises, subtracts it when the close falls, and holds when it is unchanged. It starts at the
 * first bar's volume, as TA-Lib's does (the level is arbitrary; the slope is what is read).
 */
export function obv(close: ArrayLike<number>, volume: ArrayLike<number> | undefined): Float64Array {
  const n = close.length;
  const out = nanColumn(n);
  if (!volume || n === 0) return out;
  let total = volume[0]!;
  out[0] = total;
  for (let i = 1; i < n; i++) {
    const c = close[i]!;
    const prev = close[i - 1]!;
    if (c > prev) total += volume[i]!;
    else if (c < prev) total -= volume[i]!;
    out[i] = total;
  }
  return out;
}

export const VWAP: IndicatorDef = {
  name: 'vwap',
  title: 'Volume-weighted average price',
  pane: 'price',
  params: {},
  outputs: ['value'],
  needs: ['high', 'low', 'close', 'volume', 'time'],
  label: () => 'VWAP',
  compute: (bars) => ({ value: vwap(bars.high, bars.low, bars.close, bars.volume, bars.time) }),
};

export const OBV: IndicatorDef = {
  name: 'obv',
  title: 'On-balance volume',
  pane: 'own',
  params: {},
  outputs: ['value'],
  needs: ['close', 'volume'],
  label: () => 'OBV',
  compute: (bars) => ({ value: obv(bars.close, bars.volume) }),
};

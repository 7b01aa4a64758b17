/**
 * Trend indicators: Parabolic SAR and Ichimoku on the price pane, ADX in a pane of its own.
 */
import { arg, factor, period } from './params';
import { nanColumn, rollingMax, rollingMin, trueRange } from './rolling';
import type { IndicatorDef } from './types';

/**
 * Parabolic stop and reverse (Wilder), with TA-Lib's start: the first value is at bar 1; the
 * trend starts short when bar 1's down move beats its up move (−DM > 0), long otherwise, from the
 * previous bar's low (long) or high (short), with bar 1's extreme as the first extreme point.
 * Each bar's value is the stop carried into it; the stop then moves toward the extreme point by
 * the acceleration factor, which grows by `acceleration` at each new extreme up to `maximum`,
 * and may never enter the range of this bar or the one before. When a bar crosses the stop,
 * the trend reverses: that bar's value is the old extreme point (kept outside both bars' ranges).
 * An acceleration above the maximum is lowered to it, as TA-Lib does.
 */
export function sar(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  acceleration: number,
  maximum: number,
): Float64Array {
  const n = high.length;
  const out = nanColumn(n);
  if (n < 2) return out;
  if (acceleration > maximum) acceleration = maximum;
  const up = high[1]! - high[0]!;
  const down = low[0]! - low[1]!;
  let long = !(down > 0 && up < down);
  let stop = long ? low[0]! : high[0]!;
  let extreme = long ? high[1]! : low[1]!;
  let af = acceleration;
  let prevHigh = high[1]!;
  let prevLow = low[1]!;
  for (let i = 1; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    if (long) {
      if (l <= stop) {
        long = false;
        stop = Math.max(extreme, prevHigh, h);
        out[i] = stop;
        af = acceleration;
        extreme = l;
        stop = Math.max(stop + af * (extreme - stop), prevHigh, h);
      } else {
        out[i] = stop;
        if (h > extreme) {
          extreme = h;
          af = Math.min(af + acceleration, maximum);
        }
        stop = Math.min(stop + af * (extreme - stop), prevLow, l);
      }
    } else if (h >= stop) {
      long = true;
      stop = Math.min(extreme, prevLow, l);
      out[i] = stop;
      af = acceleration;
      extreme = h;
      stop = Math.min(stop + af * (extreme - stop), prevLow, l);
    } else {
      out[i] = stop;
      if (l < extreme) {
        extreme = l;
        af = Math.min(af + acceleration, maximum);
      }
      stop = Math.max(stop + af * (extreme - stop), prevHigh, h);
    }
    prevHigh = h;
    prevLow = l;
  }
  return out;
}

/**
 * Ichimoku Kinko Hyo. The conversion (tenkan) and base (kijun) lines are midpoints of the
 * highest high and lowest low of the last `conversion` and `base` bars; span A is the midpoint
 * of those two lines and span B the midpoint of the last `spanB` bars, both drawn `displacement`
 * bars ahead; the lagging span (chikou) is the close drawn `displacement` bars behind.
 *
 * Outputs are aligned to the bars' own index: spanA[i] is the value computed at bar
 * i − displacement, lagging[i] is close[i + displacement]. So the cloud's last `displacement`
 * values (those that would fall after the last bar) are dropped, and the lagging span is NaN for
 * the last `displacement` bars. (TradingView's built-in shifts by displacement − 1; a spec that
 * wants its picture asks for displacement 25.)
 */
export function ichimoku(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  conversion: number,
  base: number,
  spanB: number,
  displacement: number,
): Record<string, Float64Array> {
  const n = close.length;
  const conversionLine = midpoints(high, low, conversion);
  const baseLine = midpoints(high, low, base);
  const longLine = midpoints(high, low, spanB);
  const spanA = nanColumn(n);
  const spanBLine = nanColumn(n);
  const lagging = nanColumn(n);
  for (let i = displacement; i < n; i++) {
    const from = i - displacement;
    spanA[i] = (conversionLine[from]! + baseLine[from]!) / 2;
    spanBLine[i] = longLine[from]!;
  }
  for (let i = 0; i + displacement < n; i++) lagging[i] = close[i + displacement]!;
  return { conversion: conversionLine, base: baseLine, spanA, spanB: spanBLine, lagging };
}

/** (highest high + lowest low) / 2 over the last `p` bars (TA-Lib's MIDPRICE). */
function midpoints(high: ArrayLike<number>, low: ArrayLike<number>, p: number): Float64Array {
  const top = rollingMax(high, p);
  const bottom = rollingMin(low, p);
  for (let i = 0; i < top.length; i++) top[i] = (top[i]! + bottom[i]!) / 2;
  return top;
}

/** Sums this close to zero are rounding, not movement: TA-Lib treats |x| < 1e-14 as zero. */
const ZERO = 1e-14;
const isZero = (x: number) => x > -ZERO && x < ZERO;

/**
 * Average directional index (Wilder), with the directional indicators +DI and −DI.
 *
 * +DM is the rise of the high over the previous bar's, −DM the fall of the low, each counted
 * only when it is positive and the larger of the two. DM and true range are summed over the
 * first `period − 1` moves, then smoothed Wilder's way, sum −= sum / period, sum += new (a
 * running sum, so DI = 100 × DM sum / TR sum needs no division by the period). From bar `period`
 * on: +DI and −DI (0 when the true range is ~0, as TA-Lib gives it); DX = 100 × |+DI − −DI| /
 * (+DI + −DI); the ADX's first value (bar 2 × period − 1) is the mean of the first `period` DX,
 * then adx = (adx × (period − 1) + dx) / period. A bar whose DX is undefined (no range, no
 * direction) keeps the previous ADX, as TA-Lib does.
 */
export function adx(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  p: number,
): Record<string, Float64Array> {
  const n = close.length;
  const adxLine = nanColumn(n);
  const plusDI = nanColumn(n);
  const minusDI = nanColumn(n);
  let plusDM = 0;
  let minusDM = 0;
  let tr = 0;
  let dxSum = 0;
  let prevAdx = NaN;
  for (let i = 1; i < n; i++) {
    const up = high[i]! - high[i - 1]!;
    const down = low[i - 1]! - low[i]!;
    if (i >= p) {
      plusDM -= plusDM / p;
      minusDM -= minusDM / p;
    }
    if (down > 0 && up < down) minusDM += down;
    else if (up > 0 && up > down) plusDM += up;
    const range = trueRange(high, low, close, i);
    tr = i >= p ? tr - tr / p + range : tr + range;
    if (i < p) continue;

    let dx = NaN;
    if (isZero(tr)) {
      plusDI[i] = 0;
      minusDI[i] = 0;
    } else {
      const plus = 100 * (plusDM / tr);
      const minus = 100 * (minusDM / tr);
      plusDI[i] = plus;
      minusDI[i] = minus;
      const total = plus + minus;
      if (!isZero(total)) dx = 100 * (Math.abs(minus - plus) / total);
    }
    if (i < 2 * p - 1) {
      if (!Number.isNaN(dx)) dxSum += dx;
    } else if (i === 2 * p - 1) {
      if (!Number.isNaN(dx)) dxSum += dx;
      prevAdx = dxSum / p;
      adxLine[i] = prevAdx;
    } else {
      if (!Number.isNaN(dx)) prevAdx = (prevAdx * (p - 1) + dx) / p;
      adxLine[i] = prevAdx;
    }
  }
  return { adx: adxLine, plusDI, minusDI };
}

export const SAR: IndicatorDef = {
  name: 'sar',
  title: 'Parabolic SAR',
  pane: 'price',
  params: {
    acceleration: factor(0.02, 'Step of the acceleration factor: its start, and what each new extreme adds.'),
    maximum: factor(0.2, 'Largest acceleration factor.'),
  },
  outputs: ['value'],
  needs: ['high', 'low'],
  label: (p) => `SAR ${p.acceleration} ${p.maximum}`,
  compute: (bars, p) => ({ value: sar(bars.high, bars.low, arg(p, 'acceleration'), arg(p, 'maximum')) }),
};

export const ICHIMOKU: IndicatorDef = {
  name: 'ichimoku',
  title: 'Ichimoku Cloud',
  pane: 'price',
  params: {
    conversion: period(9, 'Number of bars in the conversion line (tenkan-sen).', 1),
    base: period(26, 'Number of bars in the base line (kijun-sen).', 1),
    spanB: period(52, 'Number of bars in leading span B (senkou span B).', 1),
    displacement: period(26, 'Bars the cloud is drawn ahead, and the lagging span behind.', 0),
  },
  outputs: ['conversion', 'base', 'spanA', 'spanB', 'lagging'],
  needs: ['high', 'low', 'close'],
  label: (p) => `Ichimoku ${p.conversion} ${p.base} ${p.spanB} ${p.displacement}`,
  compute: (bars, p) =>
    ichimoku(
      bars.high,
      bars.low,
      bars.close,
      arg(p, 'conversion'),
      arg(p, 'base'),
      arg(p, 'spanB'),
      arg(p, 'displacement'),
    ),
};

export const ADX: IndicatorDef = {
  name: 'adx',
  title: 'Average directional index',
  pane: 'own',
  params: { period: period(14, "Number of bars in Wilder's smoothing of directional movement and of DX.") },
  outputs: ['adx', 'plusDI', 'minusDI'],
  needs: ['high', 'low', 'close'],
  label: (p) => `ADX ${p.period}`,
  compute: (bars, p) => adx(bars.high, bars.low, bars.close, arg(p, 'period')),
};

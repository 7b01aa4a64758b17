/**
 * Building blocks shared by the indicators: NaN-filled outputs, running sums and rolling
 * extremes. All O(n), allocating only their outputs (and a small ring for the extremes' deque).
 *
 * The running sums add and subtract in the same order TA-Lib does (add the newest value, read,
 * then take out the oldest). That is not style: in a flat stretch Bollinger's variance is a
 * difference of two such sums, and the rounding left in them decides whether the bands
 * collapse exactly. Summing in the reference's order makes those cases agree too.
 */

/** A column of `n` NaN: "undefined here" until a value is written. */
export function nanColumn(n: number): Float64Array {
  return new Float64Array(n).fill(NaN);
}

/**
 * A column of `n` values, NaN before index `first` (the warm-up): for a caller that writes every
 * value from `first` on, which then need not be filled twice (a million values cost ~3 ms a fill).
 */
export function warmUpColumn(n: number, first: number): Float64Array {
  return new Float64Array(n).fill(NaN, 0, Math.min(n, Math.max(0, first)));
}

/**
 * Simple moving average of `src` from index `from` on (values before `from` are not read):
 * `out[i]` for every `i >= from + period - 1`, the mean of the `period` values ending at `i`.
 */
export function smaInto(src: ArrayLike<number>, from: number, period: number, out: Float64Array): void {
  const n = src.length;
  const first = from + period - 1;
  if (first >= n) return;
  let sum = 0;
  for (let i = from; i < first; i++) sum += src[i]!;
  for (let i = first; i < n; i++) {
    sum += src[i]!;
    out[i] = sum / period;
    sum -= src[i - period + 1]!;
  }
}

/** The smoothing factor of an exponential moving average of `period` bars: 2 / (period + 1). */
export function emaFactor(period: number): number {
  return 2 / (period + 1);
}

/**
 * Exponential moving average written into `out` from index `start` (which must be at least
 * `period - 1`) to the end. The first value is the simple average of the `period` values ending
 * at `start`: an EMA needs a starting value, and seeding with the window's mean (as TA-Lib does)
 * rather than with the first price makes the early values independent of where the data begins.
 * Each later value moves toward the price by the factor `k`.
 */
export function emaInto(src: ArrayLike<number>, start: number, period: number, k: number, out: Float64Array): void {
  const n = src.length;
  if (start >= n) return;
  let sum = 0;
  for (let i = start - period + 1; i <= start; i++) sum += src[i]!;
  let prev = sum / period;
  out[start] = prev;
  for (let i = start + 1; i < n; i++) {
    prev = (src[i]! - prev) * k + prev;
    out[i] = prev;
  }
}

/**
 * Rolling maximum (`sign` 1) or minimum (`sign` -1) over the `period` values ending at each
 * index, from `period - 1` on. A monotonic deque of indices keeps the candidates in order, so
 * each value enters and leaves it once: O(n) whatever the period.
 */
export function rollingExtremeInto(src: ArrayLike<number>, period: number, sign: 1 | -1, out: Float64Array): void {
  const n = src.length;
  // A ring of a power of two above `period` never overflows (the deque holds at most `period`
  // entries) and wraps with a mask instead of a division. Values are kept beside their indices
  // (sign applied, so one comparison serves both max and min) to read each once.
  let size = 2;
  while (size <= period) size *= 2;
  const mask = size - 1;
  const at = new Int32Array(size);
  const value = new Float64Array(size);
  let head = 0;
  let tail = 0; // the deque is [head, tail), both counting up, taken modulo size
  for (let i = 0; i < n; i++) {
    const v = src[i]! * sign;
    // Drop candidates that can never be the extreme again: the new value beats or ties them.
    while (tail !== head && value[(tail - 1) & mask]! <= v) tail--;
    at[tail & mask] = i;
    value[tail & mask] = v;
    tail++;
    // Drop the front when it has left the window.
    if (at[head & mask]! <= i - period) head++;
    if (i >= period - 1) out[i] = value[head & mask]! * sign;
  }
}

/** Rolling highest value over `period` bars; NaN before the first full window. */
export function rollingMax(src: ArrayLike<number>, period: number): Float64Array {
  const out = warmUpColumn(src.length, period - 1);
  rollingExtremeInto(src, period, 1, out);
  return out;
}

/** Rolling lowest value over `period` bars; NaN before the first full window. */
export function rollingMin(src: ArrayLike<number>, period: number): Float64Array {
  const out = warmUpColumn(src.length, period - 1);
  rollingExtremeInto(src, period, -1, out);
  return out;
}

/**
 * True range of bar `i >= 1`: the bar's range extended to the previous close, so a gap counts
 * as movement (Wilder).
 */
export function trueRange(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  i: number,
): number {
  const h = high[i]!;
  const l = low[i]!;
  const pc = close[i - 1]!;
  let tr = h - l;
  const up = Math.abs(pc - h);
  if (up > tr) tr = up;
  const down = Math.abs(pc - l);
  if (down > tr) tr = down;
  return tr;
}

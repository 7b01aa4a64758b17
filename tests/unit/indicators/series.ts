/**
 * A fixed test series: a seeded random walk of OHLCV bars with what trips indicators up —
 * gaps between one close and the next open, flat stretches (every price equal, so ranges and
 * variances are zero), a one-bar spike, and zero-volume bars. Generated here rather than stored,
 * so the file says what the data is.
 */
import type { Bars } from '../../../src/core/indicators';

/** mulberry32: a small, seedable PRNG (Math.random cannot be seeded). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Series extends Bars {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** `n` bars starting 2024-01-02 UTC, `stepMs` apart (skipping weekends for daily bars). */
export function makeSeries(n = 600, seed = 42, stepMs = 86_400_000): Series {
  const rnd = random(seed);
  const s: Series = {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  let t = Date.UTC(2024, 0, 2, stepMs < 86_400_000 ? 13 : 0, stepMs < 86_400_000 ? 30 : 0);
  let price = 100;
  for (let i = 0; i < n; i++) {
    if (stepMs >= 86_400_000) while ([0, 6].includes(new Date(t).getUTCDay())) t += 86_400_000;
    s.time[i] = t;
    t += stepMs;
    const flat = (i >= 200 && i < 260) || (i >= 400 && i < 405);
    if (flat) {
      s.open[i] = s.high[i] = s.low[i] = s.close[i] = price;
      s.volume[i] = i % 7 === 0 ? 0 : 1000;
      continue;
    }
    // A gap every 25 bars: the open jumps away from the last close.
    const gap = i % 25 === 0 ? (rnd() - 0.5) * 8 : 0;
    const open = price + gap;
    const close = Math.max(1, open + (rnd() - 0.5) * 3);
    let high = Math.max(open, close) + rnd() * 1.5;
    const low = Math.max(0.5, Math.min(open, close) - rnd() * 1.5);
    if (i === 333) high += 25; // the spike
    s.open[i] = open;
    s.high[i] = high;
    s.low[i] = low;
    s.close[i] = close;
    s.volume[i] = i % 50 === 7 ? 0 : Math.round(1000 + rnd() * 9000);
    price = close;
  }
  return s;
}

/** `n` daily bars whose every price is `price` (volume 1000): nothing ever moves. */
export function constantSeries(n: number, price: number): Series {
  const s = makeSeries(n);
  for (const column of [s.open, s.high, s.low, s.close]) column.fill(price);
  s.volume.fill(1000);
  return s;
}

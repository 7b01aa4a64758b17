/** A day in milliseconds, and the first bar's date of `dailyBars`. */
export const DAY = 86_400_000;
export const START = Date.UTC(2024, 0, 1);

/**
 * `n` daily bars from 2024-01-01 that rise and fall in waves, prices to the cent; dates as
 * milliseconds or, with `isoDates`, as text (`2024-01-01`) as people type them; a volume `v`.
 */
export function dailyBars(n: number, { isoDates = false } = {}) {
  const cents = (x: number) => Math.round(x * 100) / 100;
  return Array.from({ length: n }, (_, i) => {
    const open = 100 + 10 * Math.sin(i / 9);
    const close = open + Math.cos(i / 4);
    const t = START + i * DAY;
    return {
      date: isoDates ? new Date(t).toISOString().slice(0, 10) : t,
      open: cents(open),
      close: cents(close),
      high: cents(Math.max(open, close) + 1),
      low: cents(Math.min(open, close) - 1),
      v: 1000 + i * 10,
    };
  });
}

/** The encoding of a candlestick of `dailyBars`: the date on x, the four prices. */
export const CANDLE_ENCODING = {
  x: { field: 'date', type: 'temporal' },
  open: { field: 'open' },
  high: { field: 'high' },
  low: { field: 'low' },
  close: { field: 'close' },
};

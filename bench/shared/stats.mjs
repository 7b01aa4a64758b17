// Figures from samples: nearest-rank percentiles, rounding, sizes, verdicts against targets.
export const median = (xs) => percentile(xs, 50);
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  // nearest-rank
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[rank - 1];
}
export const round1 = (x) => Math.round(x * 10) / 10;
export const round3 = (x) => Math.round(x * 1000) / 1000;
export const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const verdict = (value, limit) => (value <= limit ? 'ok' : 'over');

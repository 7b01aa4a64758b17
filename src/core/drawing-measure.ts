/**
 * What the measure tool says while it is dragged, as trading tools show it beside the pointer:
 * the change in price (and in percent of the first point's), then how many bars (or points) and
 * how much time (or x) lie between the two points. The measure item written into the spec says
 * the same once drawn (core/marks/annotation-kinds-points.ts).
 */

export interface MeasureOptions {
  /** A time axis (x in milliseconds), else a numeric one. */
  temporal: boolean;
  /** The y data's decimals: the change is written with as many. */
  decimals: number;
  /** The bars or points after the first point up to the second. */
  count: number;
  noun: 'bar' | 'point';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A span of time in the largest units that say it: `12 days`, `3 h 20 min`, `45 min`, `30 s`. */
export function timeSpan(ms: number): string {
  const t = Math.abs(ms);
  if (t >= DAY) return plural(Math.round(t / DAY), 'day');
  if (t >= HOUR) {
    const h = Math.floor(t / HOUR);
    const m = Math.round((t - h * HOUR) / MINUTE);
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  if (t >= MINUTE) return `${Math.round(t / MINUTE)} min`;
  return `${Math.round(t / 1000)} s`;
}

const signed = (n: number, text: string) => (n > 0 ? `+${text}` : text);

/** The readout's lines, from point `a` to point `b` (data coordinates). */
export function measureReadout(
  a: { x: number; y: number },
  b: { x: number; y: number },
  o: MeasureOptions,
): [string, string] {
  const change = b.y - a.y;
  const shown = Number(change.toFixed(o.decimals)) || 0;
  const price = signed(shown, shown.toFixed(o.decimals));
  const pct = a.y !== 0 ? (change / a.y) * 100 : undefined;
  const percent =
    pct === undefined ? '' : ` (${signed(Number(pct.toFixed(2)), (Number(pct.toFixed(2)) || 0).toFixed(2))}%)`;
  const dx = b.x - a.x;
  const span = o.temporal ? timeSpan(dx) : `Δx ${Number(Math.abs(dx).toPrecision(6))}`;
  return [`${price}${percent}`, `${plural(o.count, o.noun)}, ${span}`];
}

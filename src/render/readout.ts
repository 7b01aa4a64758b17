import type { ExploreMeta } from '../core/explore';

/**
 * What the crosshair says about a bar: its date, open, high, low, close, the change from the bar
 * before (from its own open for the first) and the volume, as the header line of trading tools
 * reads. Plain functions, so the words and numbers are tested without a browser.
 */
export type Bar = Record<string, unknown>;

export interface ReadoutPart {
  /** Short label (`O`, `H`, `L`, `C`, `Vol`), empty for the date and the change. */
  label: string;
  text: string;
  /** Which way the bar went, for the change's color. */
  direction?: 'rising' | 'falling' | 'unchanged';
}

const num = (v: unknown) => (typeof v === 'number' ? v : v == null || v === '' ? NaN : Number(v));

/** Decimals enough for a price of this size: 2 for most, more under 1 (a penny stock, a rate), none from 100,000 on. */
function decimalsFor(magnitude: number): number {
  const m = Math.abs(magnitude);
  if (!(m > 0) || m >= 100_000) return m >= 100_000 ? 0 : 2;
  if (m >= 1) return 2;
  return Math.min(8, 1 - Math.floor(Math.log10(m)) + 2);
}

/** A price with grouping and the decimals its size calls for (`scale` sets them for a series). */
export function formatPrice(value: number, scale = value): string {
  if (!Number.isFinite(value)) return '–';
  const d = decimalsFor(scale);
  return value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** A volume in short form: 950, 12.3K, 4.56M, 1.2B. */
export function formatVolume(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const a = Math.abs(value);
  const [div, suffix] = a >= 1e9 ? [1e9, 'B'] : a >= 1e6 ? [1e6, 'M'] : a >= 1e3 ? [1e3, 'K'] : [1, ''];
  const n = value / div;
  const digits = suffix === '' ? 0 : Math.abs(n) >= 100 ? 1 : 2;
  return `${Number(n.toFixed(digits))}${suffix}`;
}

/** A signed change and its percent: `+1.25 (+0.84%)`. */
export function formatChange(change: number, base: number, scale: number): string {
  if (!Number.isFinite(change)) return '–';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  const pct = base ? (Math.abs(change) / Math.abs(base)) * 100 : NaN;
  const pctText = Number.isFinite(pct) ? ` (${sign}${pct.toFixed(2)}%)` : '';
  return `${sign}${formatPrice(Math.abs(change), scale)}${pctText}`;
}

const DATE = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The time of a bar as its axis reads it (local time, as Vega's time scale draws it): the day, or
 * with the time of day when the bars are closer than a day apart (`step`, ms).
 */
export function formatTime(t: number, temporal: boolean, step = 86_400_000): string {
  if (!temporal) return formatPrice(t);
  if (!Number.isFinite(t)) return '–';
  return (step < 86_400_000 ? DATE_TIME : DATE).format(new Date(t));
}

/** The readout of `bar`, `previous` being the bar drawn before it (if any). */
export function readoutOf(bar: Bar, previous: Bar | undefined, fields: ExploreMeta['fields']): ReadoutPart[] {
  const open = num(bar[fields.open]);
  const high = num(bar[fields.high]);
  const low = num(bar[fields.low]);
  const close = num(bar[fields.close]);
  const before = previous ? num(previous[fields.close]) : open;
  const change = close - before;
  const scale = Math.max(Math.abs(high), Math.abs(low)) || Math.abs(close);
  const direction = change > 0 ? 'rising' : change < 0 ? 'falling' : 'unchanged';
  const t = num(bar['__t']);
  const step = num(bar['__step']);
  const parts: ReadoutPart[] = [
    { label: '', text: formatTime(t, fields.temporal, Number.isFinite(step) ? step : undefined) },
    { label: 'O', text: formatPrice(open, scale) },
    { label: 'H', text: formatPrice(high, scale) },
    { label: 'L', text: formatPrice(low, scale) },
    { label: 'C', text: formatPrice(close, scale) },
    { label: '', text: formatChange(change, before, scale), direction },
  ];
  if (fields.volume !== undefined) parts.push({ label: 'Vol', text: formatVolume(num(bar[fields.volume])) });
  return parts;
}

/** The readout as one line of text (for a screen reader's announcement and for tests). */
export const readoutText = (parts: readonly ReadoutPart[]) =>
  parts.map((p) => (p.label ? `${p.label} ${p.text}` : p.text)).join('  ');

/**
 * How a drawing writes its positions: in the data's own form (a date, a local date-time, a
 * number) and at the data's precision, so a drawn item reads like the hand-written ones beside it
 * and lands on the same instants as the bars.
 */
import { xNumber } from './marks/annotation-geometry';
import type { AnnotationX } from './marks/annotation-types';

/**
 * How the data writes its positions: x as a date `YYYY-MM-DD` (times at UTC midnight), as a local
 * date-time `YYYY-MM-DDTHH:MM` or with `:SS` (a time of day), or as a number (a numeric x, not
 * temporal); prices rounded to `decimals`.
 */
export interface PositionFormat {
  x: 'date' | 'minute' | 'second' | 'number';
  decimals: number;
  /** Decimals of a numeric x (the most any of the data's x values has). __Default value:__ numbers kept as computed, to 10 significant digits */
  xDecimals?: number;
}

const DAY = 86_400_000;
const MAX_DECIMALS = 8;
const SAMPLE = 500;

/** The decimals a number is written with, floating noise aside (0.30000000000000004 has 1). */
function decimalsOf(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const [mantissa = '', exponent = '0'] = Number(n.toPrecision(12)).toExponential().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

const mostDecimals = (values: readonly number[]) =>
  Math.min(
    MAX_DECIMALS,
    values.slice(0, SAMPLE).reduce((most, v) => Math.max(most, decimalsOf(v)), 0),
  );

/**
 * The format of the data's positions, from its x values (milliseconds for a temporal x, numbers
 * else) and prices: every x at UTC midnight → `date`; else every x on a whole minute of local
 * time → `minute`; else `second`. Decimals are the most any of the first 500 prices (or x values,
 * for a numeric x) has, at most 8.
 */
export function positionFormat(xs: readonly number[], temporal: boolean, prices: readonly number[]): PositionFormat {
  const decimals = mostDecimals(prices);
  if (!temporal) return { x: 'number', decimals, xDecimals: mostDecimals(xs) };
  const finite = xs.filter(Number.isFinite);
  if (finite.every((t) => t % DAY === 0)) return { x: 'date', decimals };
  // Date-times are written in local time (below), so a whole minute is one on the local clock.
  const minute = finite.every((t) => {
    const d = new Date(t);
    return d.getSeconds() === 0 && d.getMilliseconds() === 0;
  });
  return { x: minute ? 'minute' : 'second', decimals };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A year as ISO 8601 writes it: four digits, or six with a sign outside 0–9999. */
const year = (y: number) => (y >= 0 && y <= 9999 ? pad(y, 4) : (y < 0 ? '-' : '+') + pad(Math.abs(y), 6));

/** `t` moved to the nearest whole `step` of the local clock (the local clock may be off UTC by seconds in old zones). */
function nearestLocal(t: number, step: number): number {
  const d = new Date(t);
  const within = step === 60_000 ? d.getSeconds() * 1000 + d.getMilliseconds() : d.getMilliseconds();
  return within * 2 >= step ? t - within + step : t - within;
}

/**
 * `t` (milliseconds, or a number on a numeric x) written in the format: the nearest day, minute or
 * second. A date alone is read as UTC midnight and a date-time without a zone as local time — by
 * the annotation mark (`xNumber` in marks/annotation-geometry.ts, through `Date.parse`) and by
 * Vega's date parsing of the items' data (also `Date.parse`) — so a date is written from the UTC
 * fields and a date-time from the local ones, and both read back as the same instant.
 */
export function formatX(t: number, f: PositionFormat): string | number {
  if (f.x === 'number') return f.xDecimals === undefined ? Number(t.toPrecision(10)) : round(t, f.xDecimals);
  if (f.x === 'date') {
    const d = new Date(Math.round(t / DAY) * DAY);
    return `${year(d.getUTCFullYear())}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  const d = new Date(nearestLocal(t, f.x === 'minute' ? 60_000 : 1000));
  const day = `${year(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return `${day}T${time}${f.x === 'second' ? ':' + pad(d.getSeconds()) : ''}`;
}

const round = (n: number, decimals: number) => {
  const r = Number(n.toFixed(decimals));
  return Object.is(r, -0) ? 0 : r;
};

/** A price rounded to the data's decimals. */
export const roundPrice = (y: number, f: PositionFormat): number => round(y, f.decimals);

/**
 * A position along x as the annotation mark reads it (milliseconds for a temporal x): a number is
 * itself, a string `YYYY-MM-DD` is UTC midnight and a date-time without a zone local time (the
 * mark's own rule, `xNumber`). Undefined when it is not a position.
 */
export const parseX = (x: unknown, temporal: boolean): number | undefined =>
  xNumber(x, temporal ? 'temporal' : 'quantitative');

/**
 * `t` written as a position replacing `was`: a temporal x written as a number (a timestamp) stays
 * one, rounded as the format rounds; any other in the format.
 */
export function rewriteX(t: number, was: AnnotationX | undefined, f: PositionFormat): AnnotationX {
  const written = formatX(t, f);
  return typeof was === 'number' && f.x !== 'number' ? (parseX(written, true) ?? Math.round(t)) : written;
}

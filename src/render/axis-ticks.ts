import { tickFormat } from 'vega-scale';
import { fastPathsOn } from './fast-paths';
import { replaceTransform } from './vega-internals';

/**
 * Vega's `axisticks` operator (an axis's tick values and their labels), with the labels of a time
 * axis remembered. Vega makes the label formatter anew at every run and formats every tick with
 * it; on a time axis with no format of the spec's, that is the multi-format one, which floors the
 * date to the second, minute, hour, day, month and year (a Date each) to choose how to write it:
 * ~6 µs a label. A zoom or a pan runs every time axis's ticks: the axis and its grid (Vega-Lite
 * gives the grid an axis of its own, which formats labels it never shows), ~20 labels each, about
 * a quarter of a millisecond of the event, for labels most of which were written at the event before.
 *
 * A time label depends only on the date, the view's locale and the format asked for (a text or
 * an object of Vega's multi-format, or none), never on the domain or the tick count; so the
 * labels are kept by date for each locale and format, shared by every axis that asks the same,
 * and a date's label is written once. Other scales (a number's label depends on the step of the
 * ticks), a format of the spec's own (a function) and the fast paths off: Vega's operator alone.
 */

interface Params {
  scale?: { type?: string };
  format?: unknown;
  formatSpecifier?: unknown;
  formatType?: unknown;
  count?: unknown;
  values?: unknown;
}
type Format = (value: unknown) => string;
type Transform = (params: unknown, pulse: unknown) => unknown;
type OperatorClass = new (...args: never[]) => object;
interface Pulse {
  dataflow: { locale(): object };
}

/** Labels kept per locale, then per formatter (time or UTC, and the format's text): date → label. */
const kept = new WeakMap<object, Map<string, Map<number, string>>>();
/** A map holds at most this many labels (a long session of zooms): then it starts again. */
const MOST = 5000;

/**
 * The formatter's name among the locale's kept labels, or undefined if its labels are not a
 * date's alone. Which formatter Vega makes is decided as vega-scale's `tickFormat` decides it:
 * local time if the scale or the format type says so, else UTC if either says so.
 */
function formatterName(_: Params): string | undefined {
  if (_.format !== undefined) return undefined;
  const type = _.scale?.type;
  const kind =
    type === 'time' || _.formatType === 'time' ? 'time' : type === 'utc' || _.formatType === 'utc' ? 'utc' : undefined;
  const spec = _.formatSpecifier;
  if (!kind || (spec != null && typeof spec !== 'string' && typeof spec !== 'object')) return undefined;
  return `${kind}\u0001${spec == null ? '' : JSON.stringify(spec)}`;
}

/** The labels `_`'s formatter has written in this locale (made on first use). */
function labelsOf(locale: object, name: string): Map<number, string> {
  let byName = kept.get(locale);
  if (!byName) kept.set(locale, (byName = new Map()));
  let labels = byName.get(name);
  if (!labels || labels.size > MOST) byName.set(name, (labels = new Map()));
  return labels;
}

/** Vega's AxisTicks with time labels remembered (exported for the tests). */
export function steadyAxisTicks(Base: OperatorClass): OperatorClass {
  const base = (Base.prototype as unknown as { transform: Transform }).transform;
  class SteadyAxisTicks extends (Base as unknown as new (...args: unknown[]) => object) {
    transform(params: unknown, p: unknown): unknown {
      const _ = params as Params;
      const name = fastPathsOn() ? formatterName(_) : undefined;
      if (name === undefined) return base.call(this, params, p);
      const locale = (p as Pulse).dataflow.locale();
      const labels = labelsOf(locale, name);
      let written: Format | undefined;
      const format: Format = (value) => {
        const at = +(value as number);
        let label = labels.get(at);
        if (label === undefined) {
          // Vega passes its tick count here; a time formatter does not read it.
          written ??= tickFormat(locale, _.scale, _.count, _.formatSpecifier, _.formatType, !!_.values) as Format;
          labels.set(at, (label = written(value)));
        }
        return label;
      };
      // Vega's transform reads `format` first: given one, it makes none of its own.
      const withFormat = Object.create(params as object) as Params;
      withFormat.format = format;
      return base.call(this, withFormat, p);
    }
  }
  return SteadyAxisTicks as unknown as OperatorClass;
}

/** Puts it in Vega's registry in place of `axisticks` (once; the page's Vega only). */
export function installSteadyAxisTicks(): void {
  replaceTransform('axisticks', steadyAxisTicks);
}

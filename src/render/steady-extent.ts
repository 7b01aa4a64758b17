import { fastPathsOn } from './fast-paths';
import { replaceTransform, targetsOf, wrapUpdate } from './vega-internals';

/**
 * Vega's `extent` and `multiextent` operators (a scale's domain from its data), with one change:
 * when a run leaves the extent as it was, the operator keeps its array and stops there. Vega's
 * own make a new array on every change to the rows, and the scale over them counts as changed
 * whenever it runs — so one typed value anywhere in a table re-encodes every item of every mark
 * on that scale, and the axes, though nothing moved. With these, a value that keeps within the
 * extent re-encodes the items of its own row only.
 *
 * An `extent` inside a data set's transforms (the `extent` transform of a spec, which passes its
 * rows on) always passes its pulse on, as Vega's does: only an extent read by value alone stops.
 */

type OperatorClass = new (...args: never[]) => { value: unknown };
interface Pulse {
  StopPropagation: unknown;
}
interface Op {
  value: unknown;
}

const sameExtent = (a: unknown, b: unknown) =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  a.length === 2 &&
  b.length === 2 &&
  Object.is(a[0], b[0]) &&
  Object.is(a[1], b[1]);

/** Whether an operator's output pulse feeds another operator (it is part of a data flow). */
function feedsPulses(op: Op): boolean {
  let feeds = false;
  targetsOf(op)?.forEach((t) => {
    if (t.source === op) feeds = true;
  });
  return feeds;
}

/** Extent operators that have run once (their first run always passes on). */
const ran = new WeakSet<object>();

/** Vega's Extent, stopping when the extent stays the same (exported for the tests). */
export function steadyExtent(Base: OperatorClass): OperatorClass {
  const base = Base.prototype as unknown as { transform(params: unknown, pulse: unknown): unknown };
  class SteadyExtent extends (Base as unknown as new (...args: unknown[]) => Op) {
    transform(params: unknown, pulse: Pulse): unknown {
      const before = this.value;
      const out = base.transform.call(this, params, pulse);
      if (!fastPathsOn()) return out;
      const first = !ran.has(this);
      ran.add(this);
      if (
        !first &&
        out === undefined &&
        before !== this.value &&
        sameExtent(before, this.value) &&
        !feedsPulses(this)
      ) {
        this.value = before;
        return pulse.StopPropagation;
      }
      return out;
    }
  }
  return SteadyExtent as unknown as OperatorClass;
}

/**
 * Vega's MultiExtent (the extent of several), keeping its array when the result is the same:
 * an operator whose value stays the same object stops there.
 */
export function steadyMultiExtent(Base: OperatorClass): OperatorClass {
  class SteadyMultiExtent extends (Base as unknown as new (...args: unknown[]) => Op) {
    constructor(...args: unknown[]) {
      super(...args);
      wrapUpdate(
        this,
        (update) =>
          function (this: Op, ...a: unknown[]) {
            const before = this.value;
            const next = update.apply(this, a);
            return fastPathsOn() && sameExtent(before, next) ? before : next;
          },
      );
    }
  }
  return SteadyMultiExtent as unknown as OperatorClass;
}

/** Puts both in Vega's registry in place of `extent` and `multiextent` (once; the page's Vega only). */
export function installSteadyExtent(): void {
  replaceTransform('extent', steadyExtent);
  replaceTransform('multiextent', steadyMultiExtent);
}

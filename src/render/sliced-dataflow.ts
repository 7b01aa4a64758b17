import * as vega from 'vega';
import type { Pulse, Row } from './transform-base';
import { fastPathsOn } from './fast-paths';
import { currentPulse, runnablePrototypes, transformRegistry, transformsOf } from './vega-internals';

/**
 * Vega's runs in slices, for the runs the app starts with `runInSlices` (a data patch: a value
 * typed into a big table of rows moves a scale, and every item of every mark on it is encoded
 * again, bounded and drawn). Such a run gives the page its thread back whenever the task it runs
 * in has taken SLICE_MS, and goes on in a task of its own: keys pressed meanwhile are handled at
 * once, not after the whole chart. The chart is drawn when the run ends, as before. Every other
 * run (a chart's first, one that an event starts) is Vega's own, in one go, as Vega makes it.
 *
 * Two places give the thread back. Between operators: an operator about to run in a task that
 * is already SLICE_MS old runs in the next one. And inside the `encode` transform, the one
 * operator that can take long alone: when a pulse only modifies items (no item enters or
 * leaves, no named encoding set such as `hover`), its pass over the items is sliced too. Items
 * are encoded in the same order, by the same encoders, with the same parameters, and its output
 * says the same: the items changed and the fields the encoders write.
 *
 * While a run waits it is still going on, and what the page does meanwhile must not enter it
 * half-way: a signal set by an event would be taken by the operators still to run but not by
 * those that already ran, and Vega would log "Dataflow already running" at the `run()` it calls
 * after each event. So during the wait the view's `update`, `pulse` and `touch` are held back
 * and `run` does nothing; when Vega's run has ended, the held calls are made in their order and
 * the view runs again.
 */

/** How long a task may run Vega's operators before the page gets its thread back. */
export const SLICE_MS = 12;
/** Items encoded between two looks at the clock. */
const STRIDE = 256;

interface Parameters {
  encoders: { update?: Encoder; enter?: Encoder; exit?: Encoder };
  mod?: boolean;
  modified(name?: string): boolean;
}
type Encoder = ((item: Row, params: Parameters) => boolean | number) & { output?: string[] };
interface SlicedPulse extends Pulse {
  encode?: unknown;
  stamp: number;
  REM: number;
  REFLOW: number;
  ADD_REM: number;
  dataflow: Dataflow;
}
interface Dataflow {
  run(...args: unknown[]): Dataflow;
  runAsync(...args: unknown[]): Promise<unknown>;
  runAfter(callback: (df: Dataflow) => void): void;
  update(...args: unknown[]): Dataflow;
  pulse(...args: unknown[]): Dataflow;
  touch(...args: unknown[]): Dataflow;
}

type TransformClass = new (params?: unknown) => { transform(params: unknown, pulse: unknown): unknown };

const now = () => performance.now();

/**
 * Where the current task began, as far as the slices know: set by the first operator that runs
 * in a task (or by `markTaskStart`, before a run the app starts) and forgotten in the next task.
 */
let taskStart: number | undefined;
export function markTaskStart(): void {
  if (taskStart !== undefined) return;
  taskStart = now();
  setTimeout(() => (taskStart = undefined), 0);
}

/** Views running a run that `runInSlices` started. */
const slicing = new WeakSet<object>();

/** Runs a view as `runAsync` does, in slices (see above). */
export async function runInSlices(view: { runAsync(): Promise<unknown> }): Promise<void> {
  if (!fastPathsOn()) {
    await view.runAsync();
    return;
  }
  markTaskStart();
  slicing.add(view);
  try {
    await view.runAsync();
  } finally {
    slicing.delete(view);
  }
}

/**
 * Hands the thread to the page: resolves in a task of its own, after what waits already. In a
 * page, by a message to itself (a timer would wait 4 ms once nested); elsewhere, by a timer.
 */
let channel: MessageChannel | undefined;
const resumes: (() => void)[] = [];
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window === 'undefined' || typeof MessageChannel !== 'function') return void setTimeout(resolve, 0);
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => resumes.shift()?.();
    }
    resumes.push(resolve);
    channel.port2.postMessage(null);
  });
}

/** The calls a view received while its run waited, to be made when that run has ended. */
const held = new WeakMap<Dataflow, { stamp: number; calls: { method: HeldMethod; args: unknown[] }[] }>();
const HELD_METHODS = ['update', 'pulse', 'touch'] as const;
type HeldMethod = (typeof HELD_METHODS)[number];

function holdChanges(df: Dataflow, stamp: number): void {
  let entry = held.get(df);
  // One list per run of Vega (a run that failed drops its callbacks, and with them an old list).
  if (entry?.stamp !== stamp) {
    const calls: { method: HeldMethod; args: unknown[] }[] = [];
    held.set(df, (entry = { stamp, calls }));
    // Made after Vega's run (its callbacks run once the pulse is over), then a run of their own.
    df.runAfter(() => {
      held.delete(df);
      for (const { method, args } of calls) (df[method] as (...a: unknown[]) => unknown)(...args);
      if (calls.length) void df.runAsync();
    });
  }
  const { calls } = entry;
  for (const method of HELD_METHODS)
    df[method] = function (this: Dataflow, ...args: unknown[]) {
      calls.push({ method, args });
      return this;
    } as never;
  df.run = function (this: Dataflow) {
    return this;
  };
}

function releaseChanges(df: Dataflow): void {
  for (const method of [...HELD_METHODS, 'run'] as const) delete (df as Partial<Dataflow>)[method];
}

/**
 * Gives the page its thread back in the middle of a run (holding the view's changes meanwhile);
 * the slice after it counts from the new task.
 */
async function pause(df: Dataflow, stamp: number): Promise<void> {
  holdChanges(df, stamp);
  try {
    await yieldToPage();
  } finally {
    releaseChanges(df);
  }
  taskStart = undefined;
  markTaskStart();
}

/** The sliced encode transform over Vega's own (exported for the tests, which install it on their Vega). */
export function slicedEncode(Base: TransformClass, sliceMs = SLICE_MS): TransformClass {
  class SlicedEncode extends Base {
    override transform(params: unknown, p: unknown): unknown {
      const _ = params as Parameters;
      const pulse = p as SlicedPulse;
      const update = _.encoders?.update;
      // Only a pass over modified items, with the update set, in a sliced run: otherwise Vega's transform.
      if (
        !slicing.has(pulse.dataflow) ||
        pulse.encode != null ||
        !update ||
        pulse.changed(pulse.ADD) ||
        pulse.changed(pulse.REM)
      )
        return super.transform(params, p);
      markTaskStart();
      const items: Row[] = [];
      pulse.visit(pulse.MOD | (_.modified() ? pulse.REFLOW : 0), (t) => void items.push(t));
      const out = pulse.fork(pulse.ADD_REM);
      const fmod = _.mod || false;
      const finish = () => {
        if (out.mod.length) out.modifies(update.output ?? []);
        return out;
      };
      let i = 0;
      const encodeUntilDue = (): boolean => {
        const start = taskStart ?? now();
        while (i < items.length) {
          const end = Math.min(items.length, i + STRIDE);
          for (; i < end; i++) {
            const t = items[i]!;
            if (update(t, _) || fmod) out.mod.push(t);
          }
          if (i < items.length && now() - start >= sliceMs) return false;
        }
        return true;
      };
      if (encodeUntilDue()) return out.mod.length ? finish() : pulse.StopPropagation;
      return (async () => {
        do await pause(pulse.dataflow, pulse.stamp);
        while (!encodeUntilDue());
        // Even with no item changed: an operator whose promise gives StopPropagation keeps it
        // as its pulse, which the operators after it would read in later runs.
        return finish();
      })();
    }
  }
  return SlicedEncode;
}

interface RunnableOperator {
  stamp: number;
  run(pulse: SlicedPulse): unknown;
}

/**
 * Makes the operators of `v` (Vega's module), in a sliced run, run in the next task when the
 * current one is already `sliceMs` old. Not a data loader: its answer to Vega's run is a promise
 * Vega handles only when given at once. Returns what undoes it (for the tests).
 */
export function sliceOperators(v: unknown, sliceMs = SLICE_MS): () => void {
  const Load = transformsOf(v)['load'];
  const undo: (() => void)[] = [];
  for (const proto of runnablePrototypes(v) as unknown as RunnableOperator[]) {
    const own = Object.prototype.hasOwnProperty.call(proto, 'run');
    const run = proto.run;
    proto.run = function (this: RunnableOperator, pulse: SlicedPulse) {
      const df = pulse?.dataflow;
      // Not a sliced run, outside a run, an operator that will not run (already did), a loader: at once.
      const inRun = !!df && slicing.has(df) && !!currentPulse(df) && pulse.stamp >= this.stamp;
      if (!inRun || (Load && this instanceof Load)) return run.call(this, pulse);
      markTaskStart();
      if (now() - taskStart! < sliceMs) return run.call(this, pulse);
      return pause(df, pulse.stamp).then(() => run.call(this, pulse));
    };
    undo.push(() => {
      if (own) proto.run = run;
      else delete (proto as Partial<RunnableOperator>).run;
    });
  }
  return () => undo.forEach((f) => f());
}

let installed = false;

/** Lets the page's Vega run in slices (once; the command line's Vega does not). */
export function installSlicedDataflow(): void {
  if (installed) return;
  installed = true;
  sliceOperators(vega);
  transformRegistry['encode'] = slicedEncode(transformRegistry['encode'] as unknown as TransformClass) as never;
}

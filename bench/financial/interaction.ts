// Timing of input on the financial page (bench/measures/interaction.mjs drives it): for each
// wheel or pointer-move event, when its first handler started, when the chart's draw for it
// returned, and when the frame holding that draw was done; the same for one appended bar.
// Optionally (`profile`), where Chartspec's time went per event: Vega's operators by type,
// its run, its canvas render.
import * as vega from 'vega';
import type { View } from 'vega';

export type Lib = 'chartspec' | 'lwc';

export interface Sample {
  type: string;
  /** The event's own timeStamp (when the browser took the input), page clock. */
  eventTs: number;
  /** The first handler of the event started (a capturing listener on window). */
  start: number;
  /** Each draw for this event returned (Chartspec: renderer.render; l-c: its animation-frame paint). */
  draws: number[];
  /** The frame holding the last draw was done (a message posted from that frame's rAF step). */
  paint?: number;
  /** The rAF callback of the frame after it (the double-rAF figure, a cross-check). */
  nextFrame?: number;
  profile?: Profile;
}

interface Profile {
  /** First View.evaluate of the event started (before it: the event's handlers, picking, signal updates). */
  evaluateStart?: number;
  renderStart?: number;
  renderMs: number;
  /** Time in Vega's operators, by type (encode and bound split by the role of their items). */
  ops: Record<string, number>;
  opCounts: Record<string, number>;
}

const now = () => performance.now();
// The page's own frames go through the browser's rAF; lightweight-charts' go through the wrapper
// below, which is how its paint (done in an animation frame) is seen.
const rawRaf = window.requestAnimationFrame.bind(window);
const frame = () => new Promise<number>((r) => rawRaf(() => r(now())));

let watching: Lib | undefined;
let current: Sample | undefined;
let seq = 0;
let inLibraryFrame = false;
let profiling = false;

/** A message posted now runs after the task under way — from an rAF callback, after that frame's paint. */
function afterThisTask(f: () => void): void {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => {
    ch.port1.close();
    f();
  };
  ch.port2.postMessage(0);
}

function drawEnded(): void {
  const s = current;
  if (!s) return;
  s.draws.push(now());
  const stamp = () =>
    afterThisTask(() => {
      s.paint = now();
      rawRaf(() => (s.nextFrame = now()));
    });
  // Chartspec draws inside the event's task, so its frame is the next one; lightweight-charts
  // draws in an animation frame, so its frame is the one under way.
  if (inLibraryFrame) stamp();
  else rawRaf(stamp);
}

window.requestAnimationFrame = (cb) =>
  rawRaf((t) => {
    if (watching !== 'lwc') return cb(t);
    inLibraryFrame = true;
    try {
      cb(t);
    } finally {
      inLibraryFrame = false;
      drawEnded();
    }
  });

// Vega draws through Renderer.prototype.render (renderAsync calls it; the canvas renderer only
// overrides _render), so its return is the end of the draw.
const renderer = (vega as unknown as { Renderer: { prototype: { render(...a: unknown[]): unknown } } }).Renderer
  .prototype;
const render = renderer.render;
renderer.render = function (this: unknown, ...args: unknown[]) {
  const p = profiling ? current?.profile : undefined;
  const t0 = now();
  if (p) p.renderStart ??= t0;
  try {
    return render.apply(this, args);
  } finally {
    if (p) p.renderMs += now() - t0;
    if (watching === 'chartspec') drawEnded();
  }
};

function onInput(e: Event): void {
  if (!watching) return;
  seq++;
  current = { type: e.type, eventTs: e.timeStamp, start: now(), draws: [] };
  if (profiling) current.profile = { renderMs: 0, ops: {}, opCounts: {} };
}
// First in the capture path, before any handler of either library (lightweight-charts listens to
// moves on the document while a button is down, Vega on the window).
window.addEventListener('wheel', onInput, { capture: true, passive: true });
window.addEventListener('pointermove', onInput, { capture: true, passive: true });

/** Starts timing the chart on the page. */
export function watch(lib: Lib | undefined): void {
  watching = lib;
  current = undefined;
}

export const eventCount = () => seq;

/**
 * The sample of the newest event once its chart has settled: the event arrived (after `after`
 * events), and two frames went by without another draw after the last one and its frame.
 */
export async function settle(after: number, maxMs = 60000): Promise<Sample | null> {
  const t0 = now();
  while (seq <= after) {
    if (now() - t0 > 5000) return null;
    await frame();
  }
  const s = current!;
  let seen = -1;
  let quiet = 0;
  while (quiet < 2 || (s.draws.length > 0 && (s.paint === undefined || s.paint < s.draws.at(-1)!))) {
    await frame();
    if (s.draws.length === seen) quiet++;
    else [seen, quiet] = [s.draws.length, 0];
    if (now() - t0 > maxMs) break;
  }
  if (s.draws.length) await frame(); // the double-rAF stamp
  return s;
}

/** Times an update the page makes itself (an appended bar) as an event: `call` is its start. */
export async function timeCall(call: () => unknown): Promise<Sample | null> {
  const before = seq;
  seq++;
  current = { type: 'append', eventTs: now(), start: now(), draws: [] };
  await call();
  return settle(before);
}

// ---------------------------------------------------------------------------------------------
// The profile: per operator type. Every operator runs through Operator.prototype.run or
// Transform.prototype.run (Transform overrides it without calling it), so no time counts twice.

interface Op {
  constructor: unknown;
}
interface Items {
  source?: { mark?: { role?: string } }[];
}
const untyped = vega as unknown as {
  transforms: Record<string, unknown>;
  Operator: { prototype: { run(p: unknown): unknown } };
  Transform: { prototype: { run(p: unknown): unknown } };
  View: { prototype: { evaluate(...a: unknown[]): unknown } };
};
/** Class → its name in Vega's transform registry (the bundle's class names are minified). */
let registered: Map<unknown, string> | undefined;

function opName(op: Op, pulse: Items): string {
  registered ??= new Map(Object.entries(untyped.transforms).map(([name, c]) => [c, name]));
  const type =
    registered.get(op.constructor) ?? (op.constructor === untyped.Operator ? 'signal or expression' : 'other');
  if (type !== 'encode' && type !== 'bound' && type !== 'mark') return type;
  // Which marks: the candles, or the axes (ticks, labels, grid, domain), or the groups.
  const role = pulse?.source?.[0]?.mark?.role ?? '(none)';
  return `${type} ${role.startsWith('axis') ? 'axis' : role}`;
}

let profileInstalled = false;
export function profile(on: boolean): void {
  profiling = on;
  if (!on || profileInstalled) return;
  profileInstalled = true;
  for (const proto of [untyped.Operator.prototype, untyped.Transform.prototype]) {
    const run = proto.run;
    proto.run = function (this: Op, pulse: unknown) {
      const p = profiling ? current?.profile : undefined;
      if (!p) return run.call(this, pulse);
      const t0 = now();
      try {
        return run.call(this, pulse);
      } finally {
        const name = opName(this, pulse as Items);
        p.ops[name] = (p.ops[name] ?? 0) + now() - t0;
        p.opCounts[name] = (p.opCounts[name] ?? 0) + 1;
      }
    };
  }
  const viewProto = untyped.View.prototype;
  const evaluate = viewProto.evaluate;
  viewProto.evaluate = function (this: unknown, ...args: unknown[]) {
    const p = profiling ? current?.profile : undefined;
    if (p) p.evaluateStart ??= now();
    return evaluate.apply(this, args);
  };
}

// ---------------------------------------------------------------------------------------------

/** How many bars of `dates` (sorted, ms) fall in [lo, hi]. */
export function barsWithin(dates: ArrayLike<number>, lo: number, hi: number): number {
  const first = (x: number) => {
    let [a, b] = [0, dates.length];
    while (a < b) {
      const m = (a + b) >> 1;
      if (dates[m]! < x) a = m + 1;
      else b = m;
    }
    return a;
  };
  return Math.max(0, first(hi + 1) - first(lo));
}

/** The root data set of a view that holds `n` rows: the one new bars go into. */
export function sourceData(view: View, spec: { data?: { name: string; source?: unknown }[] }, n: number): string {
  const name = spec.data?.find((d) => d.source === undefined && view.data(d.name)?.length === n)?.name;
  if (!name) throw new Error(`no root data set with ${n} rows`);
  return name;
}

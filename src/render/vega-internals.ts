import * as vega from 'vega';
import { expressionInterpreter } from 'vega-interpreter';

/**
 * Every part of Vega the render layer relies on beyond Vega's typed, documented API, in one
 * place. Each was read from the versions below; `package.json` pins them exactly, and
 * tests/unit/render/vega-internals.test.ts checks that each is still there with the shape used
 * here, so an upgrade fails that test instead of misdrawing a chart. Nothing else in the project
 * reads a private field or replaces a prototype method of Vega: it goes through this module.
 */
export const VEGA_VERSION = '6.4.0';
/**
 * The fused transforms (level-of-detail.ts, bar-slots.ts) recognise the transforms vega-lite
 * 6.4.3 writes for the financial marks by their exact text (src/core/marks/fused-expressions.ts);
 * another vega-lite may write them otherwise, and the charts would draw, unfused, more slowly.
 */
export const VEGA_LITE_VERSION = '6.4.3';

/** A row as Vega's dataflow holds it. */
export type Tuple = Record<string, unknown>;

/** An operator as far as the fast paths look into it. */
export interface OperatorInternals {
  value: unknown;
  stamp: number;
  /** Private: the operators it feeds (steady-extent.ts: does this extent pass rows on?). */
  _targets?: { forEach(f: (op: { source?: unknown }) => void): void } | null;
  /** Private: MultiExtent's function from its inputs to its value (steady-extent.ts). */
  _update?: (...args: unknown[]) => unknown;
}

/** A dataflow (a View is one) as far as the fast paths look into it. */
export interface DataflowInternals {
  /** Private: the pulse of the run under way, undefined between runs (sliced-dataflow.ts). */
  _pulse?: unknown;
}

/** What an operator's prototype has that sliced-dataflow.ts wraps: `run(pulse)`. */
export interface RunnablePrototype {
  run(pulse: unknown): unknown;
}

/** A transform class in Vega's registry, with the definition its parser reads. */
export type TransformClass = (new (...args: never[]) => object) & {
  Definition?: { type?: string; metadata?: { generates?: boolean; modifies?: boolean } };
};

/**
 * Exports of `vega` that its typings leave out (they are vega-dataflow's and vega-loader's public
 * functions, undeclared): the transform registry (custom transforms are registered there, as
 * Vega's docs describe), the base classes, the tuple helpers and the data-format registry.
 */
interface UntypedExports {
  transforms: Record<string, TransformClass>;
  Operator: { prototype: RunnablePrototype };
  Transform: new (value: unknown, params?: unknown) => object;
  ingest(row: Tuple): Tuple;
  tupleid(row: Tuple): number;
  formats(name: string, reader: unknown): void;
}
const untyped = vega as unknown as UntypedExports;

/** Vega's transform registry: `type` names (lower case) to classes. */
export const transformRegistry = untyped.transforms;

const replaced = new Set<string>();
/**
 * Puts `wrap(the registered class)` in the registry in place of the transform `name`, once: a
 * second call for the same name changes nothing, so installing twice never wraps twice. (The
 * page's steady extents, joins and axis ticks are put there this way.)
 */
export function replaceTransform<C>(name: string, wrap: (base: C) => C): void {
  if (replaced.has(name)) return;
  replaced.add(name);
  const registry = transformRegistry as unknown as Record<string, C>;
  registry[name] = wrap(registry[name]!);
}
/** Vega's base class of transforms (vega-dataflow's `Transform`). */
export const TransformBase = untyped.Transform;
/**
 * The prototypes whose `run` sliced-dataflow.ts wraps: every operator runs through
 * `Operator.prototype.run` or `Transform.prototype.run` (Transform overrides it).
 */
export function runnablePrototypes(module: unknown = vega): RunnablePrototype[] {
  const m = module as UntypedExports;
  return [m.Operator.prototype, m.Transform.prototype as RunnablePrototype];
}
/** The transform registry of a Vega module (this one's by default). */
export function transformsOf(module: unknown = vega): Record<string, TransformClass> {
  return (module as UntypedExports).transforms;
}
/** Makes a row a tuple Vega tracks (gives it Vega's id). */
export const ingest = untyped.ingest;
/** The id Vega gave a tuple. */
export const tupleid = untyped.tupleid;
/** Registers a reader for a data format (vega-loader's `formats`). */
export const registerFormat = untyped.formats;

/** The pulse of a dataflow's run under way, or undefined between runs. */
export function currentPulse(df: unknown): unknown {
  return (df as DataflowInternals)._pulse;
}

/** The operators an operator feeds, as Vega links them. */
export function targetsOf(op: unknown): OperatorInternals['_targets'] {
  return (op as OperatorInternals)._targets;
}

/**
 * The function a MultiExtent computes its value with, and a way to replace it (set in its
 * constructor; steady-extent.ts keeps the old array when the extent stays the same).
 */
export function wrapUpdate(
  op: unknown,
  wrap: (update: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown,
) {
  const o = op as OperatorInternals;
  if (typeof o._update === 'function') o._update = wrap(o._update);
}

/**
 * A view of a pulse that modifies no rows and is otherwise the pulse itself (it reads through to
 * it). Private: `modF`, the filter a pulse applies to its `mod` array (vega-dataflow's Pulse), is
 * cleared with it. steady-join.ts hands it to Vega's DataJoin when it has found the modified
 * rows' items itself.
 */
export function withoutModified<P extends object>(pulse: P): P {
  const view = Object.create(pulse) as P & { mod: unknown[]; modF: unknown };
  view.mod = [];
  view.modF = null;
  return view;
}

/** The class Vega uses for a signal that proxies one of an enclosing view (view.getState). */
export const ProxySignal = transformRegistry['proxy'] as unknown as abstract new (...args: never[]) => unknown;

/** The prefix of the data sets Vega makes itself, named `_:vega:_<n>` (not the spec's). */
export const INTERNAL_DATA_PREFIX = '_:vega:_';

/** The scenegraph's root of a view (its typings leave `scenegraph()` out). */
export function sceneRoot<T>(view: vega.View): T {
  return (view as unknown as { scenegraph(): { root: T } }).scenegraph().root;
}

/**
 * The size a view draws at, axes, titles and legends included: its root's bounds and its padding
 * (what `autosize: pad` sizes the view to; Vega rounds it up to whole pixels when it draws).
 * `widthWithoutTitle`: the width of everything but the view's title (whose width does not follow
 * the plots').
 */
export function drawnSize(view: vega.View): { width: number; height: number; widthWithoutTitle: number } {
  type Mark = { role?: string; bounds: vega.Bounds };
  const root = sceneRoot<{ bounds: vega.Bounds; items?: { width?: number; items?: Mark[] }[] }>(view);
  const padding = view.padding() as number | Partial<Record<'left' | 'right' | 'top' | 'bottom', number>>;
  const side = (k: 'left' | 'right' | 'top' | 'bottom') => (typeof padding === 'number' ? padding : (padding[k] ?? 0));
  const across = side('left') + side('right');
  // The view's own area and each of its marks but the title (marks are placed within the view).
  const group = root.items?.[0];
  let x1 = group?.width ? 0 : Infinity;
  let x2 = group?.width ? group.width : -Infinity;
  for (const mark of group?.items ?? [])
    if (mark.role !== 'title' && mark.bounds.x2 >= mark.bounds.x1) {
      x1 = Math.min(x1, mark.bounds.x1);
      x2 = Math.max(x2, mark.bounds.x2);
    }
  const width = root.bounds.x2 - root.bounds.x1 + across;
  return {
    width,
    height: root.bounds.y2 - root.bounds.y1 + side('top') + side('bottom'),
    widthWithoutTitle: x2 >= x1 ? x2 - x1 + across : width,
  };
}

/**
 * vega-interpreter's evaluator, as Vega calls it: `operator`, `parameter` and `encode` make
 * functions of parsed expressions (its typings declare the object, not these members).
 * expression.ts answers the same calls with compiled closures and falls back to these.
 */
export interface InterpreterInternals {
  operator(ctx: unknown, expr: { ast: unknown }): (params: unknown) => unknown;
  parameter(ctx: unknown, expr: { ast: unknown }): (datum: unknown, params: unknown) => unknown;
  encode(
    ctx: unknown,
    encode: { marktype: string; channels: Record<string, { ast: unknown }> },
  ): (item: unknown, params: unknown) => number;
}
export const interpreter = expressionInterpreter as unknown as InterpreterInternals;

/**
 * The scale operators an expression's functions read (vega-functions' `scale(name, v)` looks a
 * scale up as `this.context.scales[name].value`, `this` being the functions object the evaluator
 * is given): private to vega-runtime's context. expression.ts applies a named scale that way.
 */
export function contextScales(
  functions: object,
): Record<string, { value?: unknown; stamp?: number } | undefined> | undefined {
  return (functions as { context?: { scales?: Record<string, { value?: unknown; stamp?: number } | undefined> } })
    .context?.scales;
}

/**
 * The array of rows backing a pulse (`pulse.source`, the upstream collect's own array, the same
 * from run to run while its rows stay), or undefined when the pulse has none or filters it (then
 * only `pulse.visit` gives its rows). Private: `srcF`, the filter a pulse applies to its source
 * (vega-dataflow's Pulse). level-of-detail.ts keeps what it read from the rows while the array
 * stays the same.
 */
export function sourceArray(pulse: unknown): readonly Tuple[] | undefined {
  const p = pulse as { source?: unknown; srcF?: unknown };
  return Array.isArray(p.source) && p.srcF == null ? (p.source as Tuple[]) : undefined;
}

/** Private: a view's parse context (vega-runtime's Context): its operators, and those of its subflows. */
interface RuntimeContext {
  nodes: Record<string, object>;
  subcontext?: RuntimeContext[];
}

/**
 * Every operator of a live view, its subflows' included. Private: `_runtime` (vega-view), the
 * runtime context whose `nodes` hold the operators by id and whose `subcontext`s hold those of
 * facets. The exports read the app's own transforms' results through it (render/indicators.ts).
 */
export function operatorsOf(view: unknown): object[] {
  const out: object[] = [];
  const visit = (ctx: RuntimeContext | undefined) => {
    if (!ctx) return;
    for (const key of Object.keys(ctx.nodes ?? {})) out.push(ctx.nodes[key]!);
    for (const sub of ctx.subcontext ?? []) visit(sub);
  };
  visit((view as { _runtime?: RuntimeContext })._runtime);
  return out;
}

/** A mark type's canvas draw, as Vega's canvas renderer calls it (`this` is the renderer). */
export type MarkDraw = (this: unknown, ctx: unknown, scene: unknown, bounds: unknown, ...rest: unknown[]) => void;
interface ScenegraphExports {
  Marks: Record<string, { draw: MarkDraw }>;
  pathRectangle(): RectangleShape;
  sceneVisit(scene: unknown, visitor: (item: never) => void): void;
}
/** vega-scenegraph's rectangle path generator (its `rectangle` shape is one of these). */
export interface RectangleShape {
  (item: unknown): void;
  x(f: (item: never) => number): RectangleShape;
  y(f: (item: never) => number): RectangleShape;
  width(f: (item: never) => number): RectangleShape;
  height(f: (item: never) => number): RectangleShape;
  cornerRadius(...f: ((item: never) => number)[]): RectangleShape;
  context(ctx: unknown): RectangleShape;
}
const scenegraph = vega as unknown as ScenegraphExports;

/** A mark type's bounds of an item (Vega's Bound operator calls it for each item it bounds). */
export type MarkBound = (bounds: vega.Bounds, item: object) => vega.Bounds;
/** A rect mark's items' own rule items, drawn before the rects (see `markDrawers`). */
export type Beneath = (scene: unknown) => { marktype: 'rule'; items: object[] } | undefined;
interface MarkType {
  draw: MarkDraw;
  bound: MarkBound;
}

/**
 * vega-scenegraph's mark types (exported as `Marks`, untyped): the canvas renderer draws a mark
 * with `Marks[marktype].draw` and Vega's Bound operator bounds an item with `.bound`, both read
 * at each call, so one put there is the one used. canvas-marks.ts puts its own draw for rules and
 * rects (which fall back to these), and strokes long lines in stretches through Vega's own line
 * draw (canvas-lines.ts). The rect type also takes the page's `beneath`: rule items that a rect
 * mark's items carry, drawn before them (a candle's wick, candle-marks.ts).
 */
export function markDrawers(): { rule: MarkType; rect: MarkType & { beneath?: Beneath }; line: MarkType } {
  return scenegraph.Marks as never;
}
/** vega-scenegraph's `pathRectangle`: the generator its rect shape is made with. */
export const pathRectangle = (): RectangleShape => scenegraph.pathRectangle();
/** vega-scenegraph's `sceneVisit`: a mark's items in drawing order (by zindex when any has one). */
export const sceneVisit = (scene: unknown, visitor: (item: never) => void): void =>
  scenegraph.sceneVisit(scene, visitor);

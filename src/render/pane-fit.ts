import type { Spec as VegaSpec, View } from 'vega';
import type { PlotFit } from '../core/fit';
import { isObject } from '../core/json';
import { boundedWalk } from '../core/walk';
import { drawnSize } from './vega-internals';

/**
 * Sizing a composition (concat, facet, repeat) or a gauge to the chart pane. Vega-Lite sizes only
 * a single or layered view to its container; a composition is laid out from the sizes of its
 * plots. So the page scales those sizes — the signals that size the plots' groups, and the band
 * steps — by one factor per axis, measures what Vega then draws (axes, titles and legends keep
 * their own size), and solves for the factor that makes the whole as wide and as high as the pane.
 * A gauge keeps its proportions: one factor for both axes.
 */

/** A signal that sizes plots along one axis, and its value in the spec. */
export interface SizeSignal {
  name: string;
  base: number;
}

/** The signals that size the plots, by axis. */
export interface PlotSizes {
  x: SizeSignal[];
  y: SizeSignal[];
}

export interface Size {
  width: number;
  height: number;
}

/** Scale factors for the plots' widths and heights. */
export interface Scale {
  x: number;
  y: number;
}

export interface Limits {
  min: number;
  max: number;
}

/** How far the plots may shrink or grow: past these the pane scrolls, or the chart stays smaller. */
export const SCALE_LIMITS: Record<PlotFit, Limits> = {
  plots: { min: 0.2, max: 4 },
  // A gauge's text grows with it: three times its own size is as large as one reads well.
  aspect: { min: 0.2, max: 3 },
};

/** The smallest a plot is made (pixels): smaller, a chart is not worth reading; the pane scrolls instead. */
export const MIN_PLOT = 40;

/**
 * The limits of one axis's scale: for a composition's plots also none made smaller than
 * `MIN_PLOT` (band steps aside). A gauge is scaled as a picture, both sides alike.
 */
export function limitsOf(sizes: SizeSignal[], mode: PlotFit): Limits {
  const { min, max } = SCALE_LIMITS[mode];
  if (mode === 'aspect') return { min, max };
  // Each plot stops at MIN_PLOT on its own (`plotSize`): the factor goes on shrinking the larger
  // ones until the largest is that small too.
  const largest = Math.max(...sizes.filter((s) => isPlot(s.name)).map((s) => s.base));
  return { min: Math.max(min, Math.min(1, MIN_PLOT / largest)), max };
}

const isPlot = (name: string) => !STEP.x.test(name) && !STEP.y.test(name);

/**
 * A plot's size at factor `k`. In a composition (`floor`) a plot is not made smaller than
 * MIN_PLOT (nor than its own size, if that is smaller): a stock chart's small panes (volume, an
 * indicator's) stay readable in a short pane while the price plot gives up the rest, where one
 * factor for all would either squash them or leave the whole taller than the pane.
 */
export function plotSize({ name, base }: SizeSignal, k: number, floor: boolean): number {
  const scaled = Math.round(base * k * 100) / 100;
  return floor && isPlot(name) ? Math.max(scaled, Math.min(base, MIN_PLOT)) : scaled;
}

/** Close enough: Vega rounds the drawn size up to whole pixels. */
const TOLERANCE = 1;
/** Layouts to try before settling (each is a run of the view). */
const MAX_TRIES = 6;

const STEP = { x: /(^|_)x_step$/, y: /(^|_)y_step$/ };

/**
 * The signals that size the plots of a compiled spec: those the group marks' widths and heights
 * name, where the spec gives them a plain number (a size computed from a band step is scaled
 * through its step), the band steps, and the view's own width and height when the spec sets them.
 */
export function plotSizes(spec: VegaSpec): PlotSizes {
  const named = { x: new Set<string>(), y: new Set<string>() };
  // The signals the group marks' sizes name, at any depth (the spec itself is the root group).
  boundedWalk<[], void>(
    (mark, next) => {
      if (!isObject(mark)) return;
      const encode = mark['type'] === 'group' && isObject(mark['encode']) ? mark['encode'] : {};
      for (const set of [encode['enter'], encode['update']]) {
        if (!isObject(set)) continue;
        for (const [axis, channel] of [
          ['x', 'width'],
          ['y', 'height'],
        ] as const) {
          const ref = set[channel];
          if (isObject(ref) && typeof ref['signal'] === 'string') named[axis].add(ref['signal']);
        }
      }
      if (Array.isArray(mark['marks'])) for (const m of mark['marks']) next(m);
    },
    () => {},
  )(spec);

  const sizes: PlotSizes = { x: [], y: [] };
  const signals = (spec.signals ?? []) as unknown as Record<string, unknown>[];
  for (const axis of ['x', 'y'] as const) {
    const own = axis === 'x' ? spec.width : spec.height;
    const builtIn = axis === 'x' ? 'width' : 'height';
    const defined = signals.find((s) => s['name'] === builtIn);
    if (typeof own === 'number' && own > 0 && !defined) sizes[axis].push({ name: builtIn, base: own });
    for (const s of signals) {
      const name = s['name'];
      const value = s['value'];
      if (typeof name !== 'string' || typeof value !== 'number' || !(value > 0)) continue;
      if ('update' in s || 'init' in s || 'on' in s) continue;
      if (named[axis].has(name) || STEP[axis].test(name)) sizes[axis].push({ name, base: value });
    }
  }
  return sizes;
}

/** The signal a fitted chart's title is limited by (the pane's width, set by the page). */
export const TITLE_LIMIT = 'chartspec_title_limit';
/** The signal that caps the columns of a fitted chart's grids (see `paneFitted`). */
export const COLUMNS = 'chartspec_columns';

/** Marks a grid holds beside its views when it has headers (a facet's): those grids keep their columns. */
const HEADER_ROLE = /-(header|footer|title)$/;

/**
 * Caps the columns of each grid of views in `group` (the spec's own layout and its groups'): a
 * concat, a repeat or a wrapped facet without headers may wrap into fewer columns when a narrow
 * pane cannot hold them side by side (`COLUMNS`). Returns the most columns any grid has.
 */
const wrappable = boundedWalk<[], { group: Record<string, unknown>; most: number }>(
  (node, next) => {
    const group = node as Record<string, unknown>;
    let most = 1;
    const marks = Array.isArray(group['marks'])
      ? group['marks'].map((m: unknown) => {
          if (!isObject(m) || m['type'] !== 'group') return m;
          const inner = next(m);
          most = Math.max(most, inner.most);
          return inner.group;
        })
      : group['marks'];
    const layout = group['layout'];
    const views = Array.isArray(marks) ? marks.filter((m) => isObject(m) && m['type'] === 'group') : [];
    const headed = Array.isArray(marks) && marks.some((m) => isObject(m) && HEADER_ROLE.test(String(m['role'])));
    const own = isObject(layout) ? (typeof layout['columns'] === 'number' ? layout['columns'] : views.length) : 0;
    if (!isObject(layout) || headed || own < 2) return { group: { ...group, marks }, most };
    return {
      group: { ...group, marks, layout: { ...layout, columns: { signal: `min(${own}, ${COLUMNS})` } } },
      most: Math.max(most, own),
    };
  },
  // Past the limit a group is left as it is.
  (node) => ({ group: node as Record<string, unknown>, most: 1 }),
);

/**
 * The spec a fitted chart is drawn from, and the most columns its grids have. Vega sizes a view
 * with `autosize: pad` once, unless asked to lay it out again on every run (`resize`), as it must
 * when its plots change size. Its title is limited to the pane's width (`TITLE_LIMIT`), cut short
 * with an ellipsis rather than widening the chart past the pane; a title's own limit is kept. Its
 * grids may wrap (`COLUMNS`).
 */
export function paneFitted(spec: VegaSpec): { spec: VegaSpec; columns: number } {
  const own = spec.autosize;
  const base = isObject(own) ? own : { type: typeof own === 'string' ? own : 'pad' };
  const title = typeof spec.title === 'string' ? { text: spec.title } : spec.title;
  const wrapped = wrappable(spec);
  const fitted = {
    ...(wrapped.group as unknown as VegaSpec),
    autosize: { ...base, resize: true } as VegaSpec['autosize'],
    signals: [...(spec.signals ?? []), { name: TITLE_LIMIT, value: 0 }, { name: COLUMNS, value: wrapped.most }],
    ...(isObject(title) && !('limit' in title) ? { title: { ...title, limit: { signal: TITLE_LIMIT } } } : {}),
  };
  return { spec: fitted, columns: wrapped.most };
}

/** One axis's next factor from the layouts tried so far: the drawn size is close to linear in it. */
function nextFactor(tried: { k: number; size: number }[], target: number): number {
  const last = tried[tried.length - 1]!;
  const before = tried[tried.length - 2];
  if (!before || Math.abs(last.size - before.size) < 1e-6 || last.k === before.k) return (last.k * target) / last.size;
  const perUnit = (last.size - before.size) / (last.k - before.k);
  return last.k + (target - last.size) / perUnit;
}

/**
 * The factors that make the drawn size meet `target` (never past it, where the limits allow),
 * found by trying layouts (`layout` draws one and says its size). `start` is the layout on
 * screen. An axis without plot sizes keeps its factor; for `aspect` both axes take the smaller.
 */
export async function solveScale(
  layout: (scale: Scale) => Promise<Size>,
  target: Size,
  start: { scale: Scale; size: Size },
  mode: PlotFit,
  limits: { x?: Limits; y?: Limits },
): Promise<{ scale: Scale; size: Size }> {
  const axes = { x: !!limits.x, y: !!limits.y };
  const clamp = (k: number, l: Limits | undefined) => (l ? Math.min(l.max, Math.max(l.min, k)) : k);
  const atMax = (k: number, l: Limits | undefined) => !!l && k >= l.max;
  const goal = { x: target.width - TOLERANCE, y: target.height - TOLERANCE };
  const tried = {
    x: [{ k: start.scale.x, size: start.size.width }],
    y: [{ k: start.scale.y, size: start.size.height }],
  };
  let best = start;
  let onScreen = start.scale;
  const fits = (size: Size) => size.width <= target.width && size.height <= target.height;
  // Axis by axis, one that fits over one that overflows (the width first: a pane scrolls down
  // more easily than across); then the larger where it fits, the smaller where it overflows.
  const better = (a: Size, b: Size) => {
    const fit = (s: Size) => ({ x: s.width <= target.width, y: s.height <= target.height });
    const [fa, fb] = [fit(a), fit(b)];
    if (fa.x !== fb.x) return fa.x;
    if (fa.y !== fb.y) return fa.y;
    const good = (s: Size) => (fa.x ? s.width : -s.width) + (fa.y ? s.height : -s.height);
    return good(a) > good(b);
  };
  const close = (size: Size) =>
    fits(size) &&
    (!axes.x || size.width >= goal.x - TOLERANCE || atMax(best.scale.x, limits.x)) &&
    (!axes.y || size.height >= goal.y - TOLERANCE || atMax(best.scale.y, limits.y));
  for (let i = 0; i < MAX_TRIES && !close(best.size); i++) {
    let x = axes.x ? clamp(nextFactor(tried.x, goal.x), limits.x) : best.scale.x;
    let y = axes.y ? clamp(nextFactor(tried.y, goal.y), limits.y) : best.scale.y;
    if (mode === 'aspect') x = y = Math.min(axes.x ? x : Infinity, axes.y ? y : Infinity);
    if (Math.abs(x - best.scale.x) < 1e-4 && Math.abs(y - best.scale.y) < 1e-4) break; // at a limit
    const size = await layout({ x, y });
    onScreen = { x, y };
    tried.x.push({ k: x, size: size.width });
    tried.y.push({ k: y, size: size.height });
    if (better(size, best.size)) best = { scale: { x, y }, size };
  }
  // The layout last tried is on screen; the best may be an earlier one.
  if (onScreen.x !== best.scale.x || onScreen.y !== best.scale.y) await layout(best.scale);
  return best;
}

/** How a composition or a gauge is sized to the pane. */
export interface PaneFit {
  mode: PlotFit;
  sizes: PlotSizes;
  /** The most columns its grids have (they may wrap into fewer). */
  columns: number;
}

/** A view sized to the pane: how, the scale of its plots' sizes, and the columns its grids wrap into. */
export interface FittedView {
  view: View;
  fit: PaneFit;
  scale: Scale;
  columns: number;
}

/**
 * Sizes a view to the pane's box `target`: scales its plots (`solveScale`), limits its title to
 * the pane's width, and wraps a grid too wide for the pane at its smallest into fewer columns
 * (one that has room again gets them back). Keeps the scale and columns it chose in `fitted`.
 */
export async function fitToPane(fitted: FittedView, target: Size): Promise<void> {
  const { view, fit } = fitted;
  const { mode, sizes } = fit;
  if (target.width <= 0 || target.height <= 0 || (!sizes.x.length && !sizes.y.length)) return;
  const limits = {
    ...(sizes.x.length ? { x: limitsOf(sizes.x, mode) } : {}),
    ...(sizes.y.length ? { y: limitsOf(sizes.y, mode) } : {}),
  };
  // A title longer than the pane is wide is cut short with an ellipsis, not widening the chart.
  await setSignal(view, TITLE_LIMIT, Math.max(0, target.width - 10));
  const solve = async (columns: number) => {
    await setSignal(view, COLUMNS, columns);
    const start = { scale: fitted.scale, size: laidOut(view) };
    const solved = await solveScale((s) => layoutAt(view, sizes, s, mode === 'plots'), target, start, mode, limits);
    fitted.scale = solved.scale;
    fitted.columns = columns;
    return solved.size.width <= target.width;
  };
  let fits = await solve(fitted.columns);
  // Fewer columns while too wide; more while they fit (the last that did not fit is undone).
  while (!fits && fitted.columns > 1) fits = await solve(fitted.columns - 1);
  while (fits && fitted.columns < fit.columns) {
    const before = fitted.columns;
    if (!(await solve(before + 1))) {
      await solve(before);
      break;
    }
  }
}

/** Sets a signal and runs the view, if the value is new. */
async function setSignal(view: View, name: string, value: number): Promise<void> {
  if (view.signal(name) === value) return;
  view.signal(name, value);
  await view.runAsync();
}

/** Sets the plot sizes of `view` for a scale (`plotSize`) and runs it; the drawn size comes back. */
export async function layoutAt(view: View, sizes: PlotSizes, scale: Scale, floor = false): Promise<Size> {
  for (const axis of ['x', 'y'] as const)
    for (const size of sizes[axis]) view.signal(size.name, plotSize(size, scale[axis], floor));
  await view.runAsync();
  return laidOut(view);
}

/**
 * The size that follows the plots: the width without the title's (the title is kept to the
 * pane's width, see `TITLE_LIMIT`; a long one would hide how the plots' width changes).
 */
export function laidOut(view: View): Size {
  const size = drawnSize(view);
  return { width: size.widthWithoutTitle, height: size.height };
}

/** The box a chart may fill in `el`'s parent (the pane's scrolling box, inside its padding). */
export function paneBox(el: HTMLElement): Size | undefined {
  const pane = el.parentElement;
  if (!pane) return undefined;
  const style = getComputedStyle(pane);
  const px = (v: string) => Number.parseFloat(v) || 0;
  return {
    width: pane.clientWidth - px(style.paddingLeft) - px(style.paddingRight),
    height: pane.clientHeight - px(style.paddingTop) - px(style.paddingBottom),
  };
}

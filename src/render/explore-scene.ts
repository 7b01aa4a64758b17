import type { View } from 'vega';
import type { ExploreMeta } from '../core/explore';
import type { Bar } from './readout';

/**
 * Where an explorable unit is drawn, read from the view's scenegraph: the plot's box in the
 * view's pixels, how far down the panes that share its x reach (the volume pane: the time
 * crosshair runs through it and its date tag sits on its axis), which side the price axis is on,
 * and the bars as drawn (after the level of detail: a merged bar reads as drawn). Vega-Lite names
 * the group of a view `<model>group` and its scales `<model>x`/`<model>y`; the scales are the
 * view's own (`view.scale`). Only documented scenegraph fields are read (items' x, y, width,
 * height, datum; marks' name, marktype, role).
 */
export interface SceneItem {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  datum?: Bar;
  items?: SceneMark[];
}
export interface SceneMark {
  name?: string;
  marktype?: string;
  role?: string;
  items: SceneItem[];
}

export interface PlotBox {
  /** The plot's left and top edges, width and height, in the view's pixels (from the canvas' top-left). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The bottom of the lowest pane under it that shares its x (the plot's own bottom when none). */
  bottom: number;
  /** The side the price axis is drawn on. */
  axis: 'left' | 'right';
  /** The group item the unit is drawn in (its marks are the bars). */
  group: SceneItem;
}

const rootOf = (view: View) => (view.scenegraph() as unknown as { root: SceneMark }).root;

interface Found {
  item: SceneItem;
  parent: SceneItem | undefined;
  /** Where the item's own coordinates start, in the view's pixels. */
  ox: number;
  oy: number;
}

/** The item of the group mark called `name`, with its offset, searching groups depth first. */
function findGroup(
  mark: SceneMark,
  name: string,
  parent: SceneItem | undefined,
  ox: number,
  oy: number,
): Found | undefined {
  for (const item of mark.items) {
    const x = ox + (item.x ?? 0);
    const y = oy + (item.y ?? 0);
    if (mark.name === name) return { item, parent, ox: x, oy: y };
    for (const child of item.items ?? []) {
      if (child.marktype !== 'group' || child.role === 'axis' || child.role === 'legend') continue;
      const found = findGroup(child, name, item, x, y);
      if (found) return found;
    }
  }
  return undefined;
}

/** The side of the plot its price axis (the labelled axis of scale `y`) is drawn on. */
function axisSide(group: SceneItem, y: string, width: number): 'left' | 'right' {
  for (const mark of group.items ?? []) {
    if (mark.role !== 'axis') continue;
    const axis = mark.items[0];
    const d = axis?.datum;
    if (d && d['scale'] === y && d['labels'] !== false) return (axis.x ?? 0) > width / 2 ? 'right' : 'left';
  }
  return 'left';
}

/** The plot of a unit (an explorable one, or any named by its scales), if the view draws it. */
export function plotOf(view: View, meta: { scales: { y: string }; view?: string }): PlotBox | undefined {
  const [x0, y0] = view.origin();
  // An explorable unit owns its y scale; another names the view it is drawn in.
  const model = meta.view ?? meta.scales.y.slice(0, -1);
  const root = rootOf(view);
  if (model === '') {
    const group = root.items[0];
    if (!group) return undefined;
    const width = view.width();
    const height = view.height();
    return { x: x0, y: y0, width, height, bottom: y0 + height, axis: axisSide(group, meta.scales.y, width), group };
  }
  const found = findGroup(root, `${model}group`, undefined, x0 - (root.items[0]?.x ?? 0), y0 - (root.items[0]?.y ?? 0));
  if (!found) return undefined;
  const { item, parent, ox, oy } = found;
  const width = item.width ?? 0;
  const height = item.height ?? 0;
  let bottom = oy + height;
  // Panes below that share x: groups beside it in the same parent, as wide and at the same left.
  for (const mark of parent?.items ?? []) {
    if (mark.marktype !== 'group' || mark.role === 'axis' || mark.role === 'legend') continue;
    for (const other of mark.items) {
      if (other === item || other.x !== item.x || other.width !== width || (other.y ?? 0) <= (item.y ?? 0)) continue;
      bottom = Math.max(bottom, oy - (item.y ?? 0) + (other.y ?? 0) + (other.height ?? 0));
    }
  }
  return { x: ox, y: oy, width, height, bottom, axis: axisSide(item, meta.scales.y, width), group: item };
}

const sortedBars = new WeakMap<SceneItem[], Bar[]>();

/**
 * The bars drawn in the unit's group, by time: the items of its first mark whose rows carry the
 * bar's time (`__t`) and prices. One per bar (a wick or a body: each part has every bar).
 */
export function barsOf(group: SceneItem, fields: ExploreMeta['fields']): Bar[] {
  for (const mark of group.items ?? []) {
    if (mark.role !== 'mark' || mark.marktype === 'group' || !mark.items.length) continue;
    const d = mark.items[0]!.datum;
    if (!d || d['__t'] === undefined || d[fields.close] === undefined || d[fields.high] === undefined) continue;
    let bars = sortedBars.get(mark.items);
    if (!bars) {
      bars = mark.items.map((i) => i.datum!).sort((a, b) => +(a['__t'] as number) - +(b['__t'] as number));
      sortedBars.set(mark.items, bars);
    }
    return bars;
  }
  return [];
}

/** The index of the bar whose time is nearest `t` (bars sorted by time), or -1 when there are none. */
export function nearestBar(bars: readonly Bar[], t: number): number {
  if (!bars.length) return -1;
  let lo = 0;
  let hi = bars.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (+(bars[mid]!['__t'] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && t - +(bars[lo - 1]!['__t'] as number) <= +(bars[lo]!['__t'] as number) - t) return lo - 1;
  return lo;
}

/** The x domain of the view's scale `x` as numbers (times are milliseconds). */
export const domainOf = (view: View, scale: string) => view.scale(scale).domain().map(Number) as [number, number];

/** Half a bar's slot (from its time to its slot's edge): the x domain reaches that far past the first and last bars. */
export function slotPad(view: View, meta: ExploreMeta): number {
  const plot = plotOf(view, meta);
  const bar = plot && barsOf(plot.group, meta.fields)[0];
  const pad = bar ? +(bar['__x1'] as number) - +(bar['__t'] as number) : NaN;
  return Number.isFinite(pad) && pad > 0 ? pad : 0;
}

/** The times of the first and the last bars drawn within `[a, b]`, if any. */
export function barsWithin(view: View, meta: ExploreMeta, [a, b]: [number, number]): [number, number] | undefined {
  const plot = plotOf(view, meta);
  const times = plot ? barsOf(plot.group, meta.fields).map((d) => +(d['__t'] as number)) : [];
  const inside = times.filter((t) => t >= a && t <= b);
  return inside.length ? [inside[0]!, inside.at(-1)!] : undefined;
}

/**
 * Where the view is drawn on the page: the box of its canvas or SVG (the view's pixels start at
 * its top left). Undefined where there is no page (tests in Node).
 */
export function drawnBox(view: View): DOMRect | undefined {
  return view.container()?.querySelector?.('canvas, svg')?.getBoundingClientRect();
}

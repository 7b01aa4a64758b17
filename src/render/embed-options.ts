import type * as vega from 'vega';
import type { Spec as VegaSpec } from 'vega';
import type { EmbedOptions } from 'vega-embed';
import type { RendererChoice } from '../io/preferences';
import { boundedWalk } from '../core/walk';
import { expressionEvaluator } from './expression';
import { createLoader } from './loader';
import { runtimeLogger } from './runtime-log';
import { showTooltip } from './tooltip';
import { sceneRoot } from './vega-internals';

/** The loader of every chart in the page (and of the headless copy an SVG export draws). */
export const pageLoader = createLoader();

/** Embed options apart from the renderer (see `embedOptionsFor`). */
const BASE_OPTIONS = {
  mode: 'vega',
  actions: false,
  loader: pageLoader,
  ast: true,
  expr: expressionEvaluator,
  logger: runtimeLogger,
  logLevel: 2,
  tooltip: showTooltip,
  defaultStyle: false,
} as const;

/**
 * Made once each: the chart session tells a canvas from SVG by which of the two it got. `ast` +
 * the evaluator (`./expression`, over vega-interpreter): expressions are
 * evaluated without `new Function`.
 */
export const EMBED_OPTIONS: EmbedOptions = Object.freeze({ ...BASE_OPTIONS, renderer: 'svg' }) as EmbedOptions;
export const CANVAS_EMBED_OPTIONS: EmbedOptions = Object.freeze({
  ...BASE_OPTIONS,
  renderer: 'canvas',
}) as EmbedOptions;

/**
 * Above this many scenegraph items a chart is drawn on a canvas: SVG makes a DOM node per item,
 * which at tens of thousands of items costs seconds and hundreds of megabytes; below it SVG is
 * as fast and keeps the chart's marks in the page (inspectable, accessible, selectable text).
 */
export const CANVAS_ITEMS = 4000;
/** Inline rows from which a spec is drawn on a canvas from the start (see `inlineRows`). */
export const CANVAS_ROWS = 2000;

/** Rows of inline data in a Vega spec (data sets with `values`, at any level of group marks). */
export function inlineRows(spec: VegaSpec): number {
  let rows = 0;
  const visit = boundedWalk<[], void>(
    (node, next) => {
      if (typeof node !== 'object' || node === null) return;
      const n = node as { data?: unknown; marks?: unknown };
      if (Array.isArray(n.data))
        for (const d of n.data) {
          const values = (d as { values?: unknown } | null)?.values;
          if (Array.isArray(values)) rows += values.length;
        }
      if (Array.isArray(n.marks)) for (const m of n.marks) next(m);
    },
    () => {},
  );
  visit(spec);
  return rows;
}

/**
 * The renderer a spec starts with. Chosen by the user (View › Chart drawn as), or `auto`: canvas
 * when its inline data is large, SVG otherwise. Data that arrives by URL is only known once
 * drawn; `tooManyItemsForSvg` then tells whether an automatic SVG switches. SVG export stays
 * exact either way: `view.toSVG()` renders the scenegraph anew.
 */
export function embedOptionsFor(spec: VegaSpec, choice: RendererChoice = 'auto'): EmbedOptions {
  if (choice !== 'auto') return choice === 'canvas' ? CANVAS_EMBED_OPTIONS : EMBED_OPTIONS;
  return inlineRows(spec) >= CANVAS_ROWS ? CANVAS_EMBED_OPTIONS : EMBED_OPTIONS;
}

interface SceneNode {
  items?: SceneNode[];
}

/** Whether a drawn view has more scenegraph items than SVG handles well (counting stops early). */
export function tooManyItemsForSvg(view: vega.View): boolean {
  const root = sceneRoot<SceneNode>(view);
  let n = 0;
  const stack: SceneNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    const items = node.items;
    if (!items) continue;
    n += items.length;
    if (n > CANVAS_ITEMS) return true;
    for (const item of items) if (item.items) stack.push(item);
  }
  return false;
}

import { isObject, type JsonObject } from './json';
import { boundedWalk } from './walk';

/** Views Vega-Lite cannot size to a container: a composition of views lays out its own cells (the page sizes their plots). */
const COMPOSITIONS = ['facet', 'repeat', 'concat', 'hconcat', 'vconcat'];

/** Marks that keep their own size: a gauge is drawn for its box, and stretched it would misread. */
const OWN_SIZE_MARKS = new Set(['gauge']);

/**
 * Inline rows from which a chart keeps its own size. Sized to its pane, a chart is laid out and
 * encoded again whenever the pane changes (the split, the problems list growing); for tens of
 * thousands of items that is a long redraw each time, and Vega's run for the resize can meet the
 * page's own long runs, which go in slices (render/sliced-dataflow.ts).
 */
export const FIT_MAX_ROWS = 2000;

/** Inline rows of the spec's data and datasets. */
function inlineRows(spec: JsonObject): number {
  const values = (d: unknown) => (isObject(d) && Array.isArray(d['values']) ? d['values'].length : 0);
  const datasets = isObject(spec['datasets']) ? Object.values(spec['datasets']) : [];
  return values(spec['data']) + datasets.reduce((n: number, d) => n + (Array.isArray(d) ? d.length : 0), 0);
}

const markType = (spec: JsonObject): unknown => (isObject(spec['mark']) ? spec['mark']['type'] : spec['mark']);

/**
 * Whether a view draws a mark that keeps its own size: itself, in its layers, and (`inViews`) in
 * the views of a composition or a facet's spec too. One nested past the limit is taken to.
 */
const drawsOwnSize = boundedWalk<[inViews: boolean], boolean>(
  (node, next, inViews) => {
    if (!isObject(node)) return false;
    if (OWN_SIZE_MARKS.has(markType(node) as string)) return true;
    return (inViews ? ['layer', 'spec', ...COMPOSITIONS] : ['layer']).some((key) => {
      const inner = node[key];
      return (Array.isArray(inner) ? inner : [inner]).some((child) => next(child, inViews));
    });
  },
  () => true,
);

/**
 * How the page sizes a chart it cannot hand to Vega-Lite's `"container"` size: the plots of a
 * composition are widened or narrowed until the whole fills the pane (`plots`), a gauge, alone
 * or in a composition, keeps its proportions (`aspect`). Carried in the compiled spec's
 * `usermeta` (Vega-Lite passes it through); the render layer does the sizing (render/pane-fit.ts).
 */
export type PlotFit = 'plots' | 'aspect';

/** Where the compiled spec says how the page sizes it. */
export const FIT_KEY = 'chartspecFit';

/**
 * A Vega-Lite spec made to fill the chart pane: a single or layered view gets the width and
 * height of its container (`"container"`, with `autosize` fit) in place of its own, so the chart
 * fits the pane and follows it when it is resized. A composition or a gauge is marked to be sized
 * by the page (`PlotFit`). `source` is the text's spec before extension marks were expanded.
 * Specs that choose their own `autosize`, specs of many inline rows (`FIT_MAX_ROWS`) and anything
 * else are returned as they are.
 */
export function fitToContainer(spec: unknown, source: unknown): unknown {
  if (!isObject(spec) || !isObject(source)) return spec;
  const composed = COMPOSITIONS.some((k) => k in spec);
  if (!composed && !('mark' in spec || 'layer' in spec)) return spec;
  if (spec['autosize'] !== undefined || inlineRows(spec) > FIT_MAX_ROWS) return spec;
  if (composed || drawsOwnSize(source, false)) {
    const fit: PlotFit = drawsOwnSize(source, true) ? 'aspect' : 'plots';
    const usermeta = isObject(spec['usermeta']) ? spec['usermeta'] : {};
    return { ...spec, usermeta: { ...usermeta, [FIT_KEY]: fit } };
  }
  // No padding of Vega's own unless the spec asks for one: the pane gives the margin, and with
  // padding inside a fitted canvas Vega's `origin()` and where it draws differ by that padding.
  const padding = spec['padding'] ?? (isObject(spec['config']) ? spec['config']['padding'] : undefined) ?? 0;
  return { ...spec, width: 'container', height: 'container', autosize: { type: 'fit', contains: 'padding' }, padding };
}

/** How the page sizes a compiled spec, if it does (see `fitToContainer`). */
export function plotFitOf(vega: unknown): PlotFit | undefined {
  const meta = isObject(vega) && isObject(vega['usermeta']) ? vega['usermeta'][FIT_KEY] : undefined;
  return meta === 'plots' || meta === 'aspect' ? meta : undefined;
}

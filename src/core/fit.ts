import { isObject, type JsonObject } from './json';

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

/** Whether a view or any of its layers draws a mark that keeps its own size. */
function keepsOwnSize(spec: JsonObject): boolean {
  if (OWN_SIZE_MARKS.has(markType(spec) as string)) return true;
  const layers = spec['layer'];
  // Layers nest rarely and shallowly; a nesting past a few levels is treated as keeping its size.
  const visit = (list: unknown, depth: number): boolean =>
    Array.isArray(list) &&
    list.some(
      (l) => isObject(l) && (depth > 8 || OWN_SIZE_MARKS.has(markType(l) as string) || visit(l['layer'], depth + 1)),
    );
  return visit(layers, 0);
}

/**
 * How the page sizes a chart it cannot hand to Vega-Lite's `"container"` size: the plots of a
 * composition are widened or narrowed until the whole fills the pane (`plots`), a gauge, alone
 * or in a composition, keeps its proportions (`aspect`). Carried in the compiled spec's
 * `usermeta` (Vega-Lite passes it through); the render layer does the sizing (render/pane-fit.ts).
 */
export type PlotFit = 'plots' | 'aspect';

/** Where the compiled spec says how the page sizes it. */
export const FIT_KEY = 'chartspecFit';

/** Whether the spec draws a gauge anywhere in its views (a composition nests them in any key). */
function drawsGauge(spec: JsonObject, depth = 0): boolean {
  if (depth > 16) return true;
  if (OWN_SIZE_MARKS.has(markType(spec) as string)) return true;
  for (const key of ['layer', 'spec', ...COMPOSITIONS]) {
    const inner = spec[key];
    const list = Array.isArray(inner) ? inner : [inner];
    if (list.some((l) => isObject(l) && drawsGauge(l, depth + 1))) return true;
  }
  return false;
}

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
  if (composed || keepsOwnSize(source)) {
    const fit: PlotFit = drawsGauge(source) ? 'aspect' : 'plots';
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

import * as vega from 'vega';
import type { LoggerInterface } from 'vega-util';
import type { EmbedOptions } from 'vega-embed';
import { readDelimited, type DsvFormat } from './dsv';
import { captureLogger, type LogEntry } from '../core/logger';
import { expressionEvaluator } from './expression';
import type { Spec as VegaSpec } from 'vega';

type Reader = ((data: string, format: DsvFormat) => unknown) & { responseType?: string };

function delimited(delimiter?: string): Reader {
  const reader: Reader = (data, format) => readDelimited(data, format ?? {}, delimiter ?? format?.delimiter ?? ',');
  reader.responseType = 'text';
  return reader;
}

// vega re-exports vega-loader's `formats` registry; its typings just do not declare it.
const formats = (vega as unknown as { formats(name: string, reader: Reader): void }).formats;

let installed = false;

/** Replaces Vega's CSV/TSV/DSV readers with ones that work under the page's CSP. Once. */
export function installCspSafeFormats(): void {
  if (installed) return;
  installed = true;
  formats('csv', delimited(','));
  formats('tsv', delimited('\t'));
  formats('dsv', delimited());
}

let sink: (entry: LogEntry) => void = () => {};

/** Where Vega's runtime warnings and errors go (the chart view points it at its Problems). */
export function setRuntimeSink(fn: (entry: LogEntry) => void): void {
  sink = fn;
}

const runtimeLogger: LoggerInterface = captureLogger((e) => sink(e), 2);

/** Embed options apart from the renderer (see `embedOptionsFor`). */
const BASE_OPTIONS = {
  mode: 'vega',
  actions: false,
  ast: true,
  expr: expressionEvaluator,
  logger: runtimeLogger,
  logLevel: 2,
  tooltip: true,
  defaultStyle: false,
} as const;

/**
 * Made once each: react-vega re-embeds whenever its options change, so they must stay the same
 * objects. `ast` + the evaluator (`./expression`, over vega-interpreter): expressions are
 * evaluated without `new Function`.
 */
export const EMBED_OPTIONS: EmbedOptions = Object.freeze({ ...BASE_OPTIONS, renderer: 'svg' }) as EmbedOptions;
export const CANVAS_EMBED_OPTIONS: EmbedOptions = Object.freeze({ ...BASE_OPTIONS, renderer: 'canvas' }) as EmbedOptions;

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
  const visit = (node: unknown, depth: number): void => {
    if (depth > 32 || typeof node !== 'object' || node === null) return;
    const n = node as { data?: unknown; marks?: unknown };
    if (Array.isArray(n.data))
      for (const d of n.data) {
        const values = (d as { values?: unknown } | null)?.values;
        if (Array.isArray(values)) rows += values.length;
      }
    if (Array.isArray(n.marks)) for (const m of n.marks) visit(m, depth + 1);
  };
  visit(spec, 0);
  return rows;
}

/**
 * The renderer a spec starts with: canvas when its inline data is large, SVG otherwise. Data
 * that arrives by URL is only known once drawn; `tooManyItemsForSvg` then tells whether to
 * switch. SVG export stays exact either way: `view.toSVG()` renders the scenegraph anew.
 */
export function embedOptionsFor(spec: VegaSpec): EmbedOptions {
  return inlineRows(spec) >= CANVAS_ROWS ? CANVAS_EMBED_OPTIONS : EMBED_OPTIONS;
}

interface SceneNode {
  items?: SceneNode[];
}

/** Whether a drawn view has more scenegraph items than SVG handles well (counting stops early). */
export function tooManyItemsForSvg(view: vega.View): boolean {
  const root = (view as unknown as { scenegraph(): { root: SceneNode } }).scenegraph().root;
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

import * as vega from 'vega';
import type { Loader } from 'vega';
import type { LoggerInterface } from 'vega-util';
import type { EmbedOptions } from 'vega-embed';
import { formatValue, Handler as TooltipHandler } from 'vega-tooltip';
import { readDelimited, type DsvFormat } from '../io/dsv';
import { captureLogger, type LogEntry } from '../core/logger';
import { expressionEvaluator, tooltipValue } from './expression';
import type { Spec as VegaSpec } from 'vega';
import { DATA_RESPONSE_TIMEOUT_MS, limitMessages } from '../core/limits';
import { fuseMarkTransforms } from './fused-transforms';
import { privateRows } from './shared-rows';
import { fastPathsOn } from './fast-paths';
import { boundedWalk } from '../core/walk';
import { INTERNAL_DATA_PREFIX, ProxySignal, registerFormat, sceneRoot } from './vega-internals';

type Reader = ((data: string, format: DsvFormat) => unknown) & { responseType?: string };

function delimited(delimiter?: string): Reader {
  const reader: Reader = (data, format) => readDelimited(data, format ?? {}, delimiter ?? format?.delimiter ?? ',');
  reader.responseType = 'text';
  return reader;
}

// vega re-exports vega-loader's `formats` registry; its typings just do not declare it.
const formats = registerFormat as (name: string, reader: Reader) => void;

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

/** Links a chart may open: web pages, mail, and places in the app itself (relative). */
export function isSafeLink(href: unknown): boolean {
  if (typeof href !== 'string') return false;
  // As browsers read URLs: control characters and spaces inside a scheme are dropped.
  // eslint-disable-next-line no-control-regex -- those characters are what is removed
  const s = href.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(s);
  return !scheme || /^(https?|mailto)$/i.test(scheme[1]!);
}

type HttpOptions = RequestInit & { response?: string };

/**
 * Vega's loader, with two changes. Links (`href`) may only be web pages, mail or relative:
 * `javascript:` and `data:` links are refused (Vega's own check lets `data:` through). And a data
 * URL must start answering within DATA_RESPONSE_TIMEOUT_MS; one that never does is given up with
 * a message that names the limit, instead of leaving the chart waiting forever.
 */
export function createLoader(): Loader {
  const loader = vega.loader() as Loader & { options: { http?: RequestInit } };
  const sanitize = loader.sanitize.bind(loader);
  loader.sanitize = (uri, options) => {
    if ((options as { context?: string } | undefined)?.context === 'href' && !isSafeLink(uri)) {
      return Promise.reject(new Error(`Link refused: ${String(uri).slice(0, 80)}`));
    }
    return sanitize(uri, options);
  };
  loader.http = async (url: string, options?: HttpOptions): Promise<string> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), DATA_RESPONSE_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, { ...loader.options.http, ...options, signal: controller.signal });
    } catch (e) {
      throw controller.signal.aborted ? new Error(limitMessages.dataTimeout()) : e;
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
    const type = options?.response as keyof Response | undefined;
    // Vega asks for what its format reads (text, or an arrayBuffer for Arrow and Parquet).
    const read =
      type && typeof response[type] === 'function' ? (response[type] as () => Promise<string>) : response.text;
    return read.call(response);
  };
  return loader;
}

/**
 * Vega-tooltip's formatter, with one change: a tooltip object's `image` is shown only when it is
 * an image the page may load (relative, http(s), data:image); a `javascript:` or other URL is
 * dropped. Text, titles and keys are HTML-escaped by vega-tooltip itself.
 */
export function formatTooltip(
  value: unknown,
  valueToHtml: (v: unknown) => string,
  maxDepth: number,
  baseURL: string,
): string {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'image' in value) {
    const image = (value as { image?: unknown }).image;
    if (!(
      typeof image === 'string' &&
      ((isSafeLink(image) && !/^mailto:/i.test(image.trim())) || /^data:image\//i.test(image.trim()))
    )) {
      const { image: _dropped, ...rest } = value as Record<string, unknown>;
      return formatValue(rest, valueToHtml, maxDepth, baseURL);
    }
  }
  return formatValue(value, valueToHtml, maxDepth, baseURL);
}

let tooltips: TooltipHandler | undefined;

/**
 * The tooltip handler of every chart: vega-tooltip's (one element for the page, made on the
 * first hover), given the tooltip value the expression evaluator deferred to this moment.
 */
export function showTooltip(handler: unknown, event: MouseEvent, item: unknown, value: unknown): void {
  tooltips ??= new TooltipHandler({ formatTooltip });
  tooltips.call(handler, event, item as Parameters<TooltipHandler['call']>[2], tooltipValue(value));
}

/** Embed options apart from the renderer (see `embedOptionsFor`). */
const BASE_OPTIONS = {
  mode: 'vega',
  actions: false,
  loader: createLoader(),
  ast: true,
  expr: expressionEvaluator,
  logger: runtimeLogger,
  logLevel: 2,
  tooltip: showTooltip,
  defaultStyle: false,
} as const;

/**
 * Made once each: react-vega re-embeds whenever its options change, so they must stay the same
 * objects. `ast` + the evaluator (`./expression`, over vega-interpreter): expressions are
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

/**
 * The spec without the marks' `description` encodings. A description is the aria-label of an
 * item in SVG; a canvas draws no such thing, yet Vega would make one per item (formatting dates
 * and numbers into a sentence) every time the items are encoded again — for every item, each
 * time a data patch moves a scale. Only what changes is copied; the spec itself is not changed.
 */
export function withoutDescriptions(spec: VegaSpec): VegaSpec {
  const strip = boundedWalk<[], unknown>(
    (mark, next) => {
      if (typeof mark !== 'object' || mark === null) return mark;
      const m = mark as { encode?: unknown; marks?: unknown };
      let out = m as Record<string, unknown>;
      if (typeof m.encode === 'object' && m.encode !== null) {
        const sets = m.encode as Record<string, unknown>;
        let encode: Record<string, unknown> | undefined;
        for (const [name, set] of Object.entries(sets)) {
          if (typeof set !== 'object' || set === null || !Object.prototype.hasOwnProperty.call(set, 'description'))
            continue;
          const { description: _dropped, ...rest } = set as Record<string, unknown>;
          (encode ??= { ...sets })[name] = rest;
        }
        if (encode) out = { ...out, encode };
      }
      if (Array.isArray(m.marks)) {
        const marks = m.marks.map((x) => next(x));
        if (marks.some((x, i) => x !== (m.marks as unknown[])[i])) out = { ...out, marks };
      }
      return out;
    },
    (mark) => mark,
  );
  return strip(spec) as VegaSpec;
}

/**
 * Views drawn without descriptions (see `withoutDescriptions`), and the app's spec each one shows
 * now (a data patch changes it): what their SVG is made from.
 */
const describedSpecs = new WeakMap<vega.View, VegaSpec>();

/** Notes that `view` was drawn from `withoutDescriptions(runtimeSpec(spec))`. */
export function drawnWithoutDescriptions(view: vega.View, spec: VegaSpec): void {
  describedSpecs.set(view, spec);
}

/** Notes that a view now shows `spec` (a data patch was applied to it). */
export function viewShows(view: vega.View, spec: VegaSpec): void {
  if (describedSpecs.has(view)) describedSpecs.set(view, spec);
}

/**
 * What the chart view draws for a compiled spec: the financial marks' transforms run fused (the
 * spec itself when it has none; see ./fused-transforms), with copies of the rows Vega may write
 * into (see ./shared-rows).
 */
export function runtimeSpec(spec: VegaSpec): VegaSpec {
  // Without the fast paths: Vega-Lite's own transforms, and copies of every row.
  return fastPathsOn() ? privateRows(fuseMarkTransforms(spec)) : privateRows(spec, Infinity);
}

interface ViewState {
  signals?: Record<string, unknown>;
  data?: Record<string, unknown[]>;
  subcontext?: ViewState[];
}

/**
 * Names of the data sets with transforms of their own, at any level of group marks: Vega runs
 * those over the very rows the data set was given, so its rows in a view have been through them.
 */
function transformedData(spec: VegaSpec): Set<string> {
  const names = new Set<string>();
  const visit = boundedWalk<[], void>(
    (node, next) => {
      if (typeof node !== 'object' || node === null) return;
      const n = node as { data?: unknown; marks?: unknown };
      if (Array.isArray(n.data))
        for (const d of n.data) {
          const { name, transform } = (d ?? {}) as { name?: unknown; transform?: unknown };
          if (typeof name === 'string' && Array.isArray(transform) && transform.length) names.add(name);
        }
      if (Array.isArray(n.marks)) for (const m of n.marks) next(m);
    },
    () => {},
  );
  visit(spec);
  return names;
}

/**
 * The SVG of a chart on screen. `view.toSVG()` renders its scenegraph anew, exactly; but a view
 * drawn without descriptions (a canvas, see `withoutDescriptions`) has none to give the SVG's
 * aria-labels. That chart is drawn once more, headless, from the spec it shows with its
 * descriptions, in the state the view is in: its signals (zoom, pan, a brush) and copies of the
 * rows of data sets changed while it was shown (selections, rows added by a click). Not the rows
 * of a data set with transforms of its own: those ran over them in the view, and would run again
 * (a change the chart itself made to such a data set is left out of the SVG).
 */
export async function chartSvg(view: vega.View): Promise<string> {
  const spec = describedSpecs.get(view);
  if (!spec) return view.toSVG();
  const transformed = transformedData(spec);
  const state: ViewState = view.getState({
    // As the view's own default: every signal but `parent` and proxies of outer ones.
    signals: (name: string, op: unknown) => name !== 'parent' && !(op instanceof ProxySignal),
    data: (name: string, data: { modified?: boolean; input: { value: unknown } }) =>
      !!data.modified &&
      Array.isArray(data.input.value) &&
      !name.startsWith(INTERNAL_DATA_PREFIX) &&
      !transformed.has(name),
    recurse: true,
  } as never);
  const copied = (s: ViewState): ViewState => ({
    ...s,
    ...(s.data
      ? {
          data: Object.fromEntries(
            Object.entries(s.data).map(([name, rows]) => [
              name,
              rows.map((r) => (r && typeof r === 'object' ? { ...r } : r)),
            ]),
          ),
        }
      : {}),
    ...(s.subcontext ? { subcontext: s.subcontext.map(copied) } : {}),
  });
  const copy = new vega.View(vega.parse(runtimeSpec(spec), undefined, { ast: true }), {
    renderer: 'none',
    loader: BASE_OPTIONS.loader,
    expr: expressionEvaluator,
    logLevel: vega.None,
  } as vega.ViewOptions);
  try {
    await copy.runAsync();
    copy.setState(copied(state));
    await copy.runAsync();
    return await copy.toSVG();
  } finally {
    copy.finalize();
  }
}

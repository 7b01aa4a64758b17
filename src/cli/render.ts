import * as vega from 'vega';
import type { Loader, Spec as VegaSpec } from 'vega';
import { captureLogger, type LogEntry } from '../core/logger';
import { expressionEvaluator } from '../render/expression';
import { requiredTransforms } from '../render/fused-transforms';
import { installIndicators } from '../render/indicators';
import { installCspSafeFormats } from '../render/vega-runtime';
import { chooseFont, type FontChoice } from './fonts';
import { installTextMetrics } from './text-metrics';

export interface SvgResult {
  /** Undefined when Vega could not draw the chart at all. */
  svg?: string;
  /** Vega's runtime warnings and errors (data that did not load, expression errors, …). */
  entries: LogEntry[];
}

/**
 * Draws a Vega spec without a browser: a headless View (renderer 'none'), expressions through
 * the app's evaluator over Vega's interpreter (no `new Function`), the given loader for data.
 */
export async function renderSvg(spec: VegaSpec, loader: Loader, scale = 1): Promise<SvgResult> {
  // The same CSV/TSV readers as the app, so both read a file into the same rows.
  installCspSafeFormats();
  // The app's own transforms a chart cannot draw without (the indicators: src/render/indicators.ts).
  installIndicators();
  // Text measured in the fonts the PNG is drawn with, so the chart is laid out at its own size.
  installTextMetrics(pngFonts());
  const entries: LogEntry[] = [];
  // Without a page there are no events to listen to ("window" for a brush's drag): the drawn
  // chart is the same, so that is not worth a warning here.
  const logger = captureLogger((e) => {
    if (!/^Can not resolve event source/.test(e.message)) entries.push(e);
  }, vega.Warn);
  let view: vega.View | undefined;
  try {
    const runtime = vega.parse(requiredTransforms(spec), undefined, { ast: true });
    view = new vega.View(runtime, { renderer: 'none', loader, logger, logLevel: vega.Warn, expr: expressionEvaluator });
    await view.runAsync();
    const svg = await view.toSVG(scale);
    return { svg, entries: entries.map(explainCanvas) };
  } catch (e) {
    entries.push({ level: 'error', message: e instanceof Error ? e.message : String(e) });
    return { entries: entries.map(explainCanvas) };
  } finally {
    // Timers and event streams of the spec would keep the process alive.
    view?.finalize();
  }
}

/**
 * A few Vega features draw into a canvas while the dataflow runs (the heatmap transform's
 * images, the wordcloud layout); Node has none unless the `canvas` package is installed, and
 * Vega then fails on a null canvas.
 */
function explainCanvas(e: LogEntry): LogEntry {
  if (!/^Cannot (read|set) properties of null \((reading|setting) '(getContext|width|height)'\)/.test(e.message))
    return e;
  return {
    ...e,
    message: `This spec needs a canvas (as the heatmap and wordcloud transforms do), which the command line does not have (${e.message})`,
  };
}

let fonts: FontChoice | undefined;

/** The fonts a PNG can use; looked up once. `fontFiles === 0` means text will be missing. */
export function pngFonts(): FontChoice {
  fonts ??= chooseFont();
  return fonts;
}

/** Converts Vega's SVG to PNG with resvg, `scale` times the SVG's size, text in system fonts. */
export async function svgToPng(svg: string, scale = 1): Promise<Buffer> {
  // Loaded only for PNGs: a native module that validate and compile do not need.
  const { Resvg } = await import('@resvg/resvg-js');
  const { sansSerif } = pngFonts();
  const resvg = new Resvg(svg, {
    fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
    font: {
      loadSystemFonts: true,
      ...(sansSerif ? { defaultFontFamily: sansSerif, sansSerifFamily: sansSerif } : {}),
    },
    logLevel: 'off',
  });
  return resvg.render().asPng();
}

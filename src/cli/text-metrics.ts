import * as vega from 'vega';
import { readFaces, readMetrics, type FaceInfo, type FaceMetrics } from './font-file';
import type { FontChoice } from './fonts';

/**
 * Text widths for Vega without a browser. Vega lays a chart out by the width of its text (axis
 * labels push the axis title out, a title or legend widens the view); with no canvas to measure
 * with it guesses 0.8 em per character, about half again too wide for Arial-like fonts, so a
 * chart drawn by the command line came out with a wide empty band on the right (a candlestick
 * with a long subtitle was 980 px wide where the page draws 693) and axis titles far from their
 * labels. Vega lets its `textMetrics.width` be replaced for this (the text measure of a headless
 * renderer); here it reads the advance widths of the system fonts resvg draws the PNG with.
 */

/** What Vega hands the width function: a text mark's item, as far as its font goes. */
interface TextItem {
  font?: string;
  fontSize?: number | string;
  fontWeight?: number | string;
  fontStyle?: string;
  limit?: number;
}

/**
 * vega-scenegraph's `textMetrics`, which vega re-exports and its typings leave out. Replacing
 * `width` is how Vega expects a renderer without a canvas to measure text: its truncation code
 * has a branch for a "user defined textMetrics.width function".
 */
interface TextMetrics {
  width: (item: TextItem, text: unknown) => number;
  estimateWidth: (item: TextItem, text: unknown) => number;
}

export function vegaTextMetrics(): TextMetrics {
  return (vega as unknown as { textMetrics: TextMetrics }).textMetrics;
}

/** Splits a CSS font-family list into lower-case names, quotes removed. */
export function fontFamilies(font: string): string[] {
  return font
    .split(',')
    .map((name) =>
      name
        .trim()
        .replace(/^(["'])(.*)\1$/, '$2')
        .trim()
        .toLowerCase(),
    )
    .filter(Boolean);
}

function weightOf(weight: TextItem['fontWeight']): number {
  if (weight === undefined || weight === null || weight === '' || weight === 'normal') return 400;
  if (weight === 'bold' || weight === 'bolder') return 700;
  if (weight === 'lighter') return 300;
  const n = Number(weight);
  return Number.isFinite(n) ? n : 400;
}

/**
 * Measures text with the faces in the given font files, choosing a face as resvg does: the
 * first family of the item's list that is installed, else the default sans-serif; in it the
 * normal width, the same style and the nearest weight.
 */
export class FontMeasurer {
  private readonly families = new Map<string, FaceInfo[]>();
  private readonly metrics = new Map<string, FaceMetrics | undefined>();
  private readonly chosen = new Map<string, FaceMetrics | undefined>();
  private readonly generic: Record<string, string | undefined>;

  constructor(files: readonly string[], sansSerif: string | undefined) {
    for (const file of files) {
      for (const face of readFaces(file)) {
        const list = this.families.get(face.family) ?? [];
        list.push(face);
        this.families.set(face.family, list);
      }
    }
    // resvg's generic families (the PNG's renderer, see render.ts svgToPng).
    const sans = sansSerif?.toLowerCase();
    this.generic = {
      'sans-serif': sans,
      'system-ui': sans,
      '-apple-system': sans,
      blinkmacsystemfont: sans,
      serif: 'times new roman',
      monospace: 'courier new',
      cursive: 'comic sans ms',
      fantasy: 'impact',
    };
  }

  /** True when some font could be read: otherwise Vega's own estimate is all there is. */
  get usable(): boolean {
    return this.families.size > 0;
  }

  /** The width of `text` in pixels, as drawn in the item's font. */
  width(item: TextItem, text: string): number {
    const size = item.fontSize === undefined || item.fontSize === null ? 11 : Number(item.fontSize) || 0;
    if (size <= 0 || text === '') return 0;
    const face = this.face(item);
    return face ? face.width(text) * size : vegaTextMetrics().estimateWidth(item, text);
  }

  private face(item: TextItem): FaceMetrics | undefined {
    const weight = weightOf(item.fontWeight);
    const italic = item.fontStyle === 'italic' || item.fontStyle === 'oblique';
    const font = typeof item.font === 'string' && item.font ? item.font : 'sans-serif';
    const key = `${font}|${weight}|${italic}`;
    if (this.chosen.has(key)) return this.chosen.get(key);
    const names = fontFamilies(font).map((name) => (name in this.generic ? this.generic[name] : name));
    const family =
      names.map((name) => name && this.families.get(name)).find((f) => f && f.length) ??
      this.families.get(this.generic['sans-serif'] ?? '');
    const best = family && [...family].sort((a, b) => score(a) - score(b))[0];
    function score(f: FaceInfo): number {
      return Math.abs(f.stretch - 5) * 10_000 + (f.italic === italic ? 0 : 1000) + Math.abs(f.weight - weight);
    }
    let metrics: FaceMetrics | undefined;
    if (best) {
      const id = `${best.file}#${best.offset}`;
      if (!this.metrics.has(id)) this.metrics.set(id, readMetrics(best));
      metrics = this.metrics.get(id);
    }
    this.chosen.set(key, metrics);
    return metrics;
  }
}

let installed: FontMeasurer | undefined;

/**
 * Makes Vega measure text with the system fonts (once per process). Without readable fonts it
 * keeps Vega's estimate.
 */
export function installTextMetrics(fonts: FontChoice): void {
  if (installed) return;
  const measurer = new FontMeasurer(fonts.files, fonts.sansSerif);
  installed = measurer;
  if (!measurer.usable) return;
  const metrics = vegaTextMetrics();
  metrics.width = (item, text) => {
    const line = text === null || text === undefined ? '' : String(text).trim();
    const width = measurer.width(item, line);
    // Vega measures a label with a `limit` for two reasons: its bounds, which are those of the
    // shortened label (at most the limit), and, while shortening it, each candidate prefix
    // (kept when under the limit). Capping at the limit answers both.
    const limit = Number(item.limit);
    return limit > 0 ? Math.min(width, limit) : width;
  };
}

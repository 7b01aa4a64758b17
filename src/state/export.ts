import type { Spec as VegaSpec, View } from 'vega';
import type { Language } from '../core/language';
import { download, fileStem } from '../io/files';

export type ExportKind = 'png1' | 'png2' | 'svg' | 'vega-lite' | 'vega';

/** What an export is made from: the chart on screen and the text it was drawn from. */
export interface ExportSource {
  /** The Vega view on screen (PNG, SVG). */
  view?: View;
  /** The compiled Vega of the chart on screen. */
  vega?: VegaSpec;
  /** The text the chart on screen was drawn from. */
  text?: string;
  language: Language;
  /** The current file name, e.g. `sales.vl.json`. */
  fileName: string;
}

export const EXPORTS: { kind: ExportKind; label: string; hint: string }[] = [
  { kind: 'png1', label: 'PNG image', hint: 'as on screen (1×)' },
  { kind: 'png2', label: 'PNG image, 2×', hint: 'for high-density screens and print' },
  { kind: 'svg', label: 'SVG image', hint: 'vector, scales to any size' },
  { kind: 'vega-lite', label: 'Standard Vega-Lite', hint: 'extension marks expanded: opens in any Vega tool' },
  { kind: 'vega', label: 'Vega JSON', hint: 'the compiled Vega spec' },
];

/** Why an export cannot be made now, or undefined when it can. */
export function unavailable(kind: ExportKind, s: ExportSource): string | undefined {
  if (kind === 'vega-lite') {
    if (s.language === 'vega') return 'This spec is Vega, not Vega-Lite';
    return s.text === undefined ? 'Nothing compiled yet' : undefined;
  }
  if (kind === 'vega') return s.vega ? undefined : 'Nothing compiled yet';
  return s.view ? undefined : 'Nothing drawn yet';
}

/** Makes one export and offers it as a download. Everything happens in the browser. */
export async function exportChart(kind: ExportKind, s: ExportSource): Promise<string> {
  const stem = fileStem(s.fileName);
  const why = unavailable(kind, s);
  if (why) throw new Error(why);
  switch (kind) {
    case 'png1':
    case 'png2': {
      const scale = kind === 'png2' ? 2 : 1;
      const name = `${stem}${scale === 2 ? '@2x' : ''}.png`;
      download(await s.view!.toImageURL('png', scale), name);
      return name;
    }
    case 'svg': {
      const name = `${stem}.svg`;
      // With every item's description (aria-label), also when the chart is on a canvas.
      // The Vega runtime module is the chart view's, loaded with it (not with the app shell).
      const { chartSvg } = await import('../render/vega-runtime');
      download(new Blob([await chartSvg(s.view!)], { type: 'image/svg+xml' }), name);
      return name;
    }
    case 'vega-lite': {
      // The core's expansion, loaded when first asked for: plain Vega-Lite with a standard $schema.
      const { normalizedExampleText } = await import('../core/examples');
      const name = `${stem}.standard.vl.json`;
      download(new Blob([normalizedExampleText(s.text!)], { type: 'application/json' }), name);
      return name;
    }
    case 'vega': {
      const name = `${stem}.vg.json`;
      const spec = { $schema: 'https://vega.github.io/schema/vega/v6.json', ...(s.vega as object) };
      download(new Blob([JSON.stringify(spec, null, 2) + '\n'], { type: 'application/json' }), name);
      return name;
    }
  }
}

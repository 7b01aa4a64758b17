import type { Spec as VegaSpec, View } from 'vega';
import type { Language } from '../core/language';
import { download, fileStem } from '../io/files';

export type ExportKind = 'png1' | 'png2' | 'svg' | 'pdf' | 'html' | 'vega-lite' | 'vega';

/** What an export is made from: the chart on screen and the text it was drawn from. */
export interface ExportSource {
  /** The Vega view on screen (PNG, SVG, PDF, and the data of the HTML page). */
  view?: View;
  /** The compiled Vega of the chart on screen (in its chart theme: the theme was compiled in). */
  vega?: VegaSpec;
  /** The text the chart on screen was drawn from. */
  text?: string;
  language: Language;
  /** The current file name, e.g. `sales.vl.json`. */
  fileName: string;
  /**
   * The chart theme the page draws in (a vega-themes name, or the page's own dark one), if any.
   * The view and the compiled Vega carry it already; the standard Vega-Lite and the Vega Editor
   * link are made from the text, so they take its config under the spec's own.
   */
  theme?: string;
}

export const EXPORTS: { kind: ExportKind; label: string; hint: string }[] = [
  { kind: 'png1', label: 'PNG image', hint: 'as on screen (1×)' },
  { kind: 'png2', label: 'PNG image, 2×', hint: 'for high-density screens and print' },
  { kind: 'svg', label: 'SVG image', hint: 'vector, scales to any size' },
  { kind: 'pdf', label: 'PDF document', hint: "vector, a page of the chart's size, text kept" },
  { kind: 'html', label: 'Standalone HTML page', hint: 'the interactive chart in one file that works offline' },
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
  // The HTML page is drawn from the compiled spec, with the view's data.
  if (kind === 'html' && s.view && !s.vega) return 'Nothing compiled yet';
  return s.view ? undefined : 'Nothing drawn yet';
}

const json = (text: string) => new Blob([text], { type: 'application/json' });

/**
 * Makes one export and offers it as a download. Everything happens in the browser. PDF, HTML and
 * standard Vega-Lite load their code (jsPDF, the inlined Vega runtime, the expansion) when first
 * asked for, so the page's first chart does not wait for them.
 */
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
    case 'pdf': {
      const name = `${stem}.pdf`;
      const { chartPdf } = await import('./export-pdf');
      download(await chartPdf(s.view!), name);
      return name;
    }
    case 'html': {
      const name = `${stem}.html`;
      const [{ standaloneHtml }, { exportedVega }] = await Promise.all([
        import('./export-html'),
        import('./export-standard'),
      ]);
      const vega = await exportedVega({ ...s, vega: s.vega!, view: s.view });
      const html = await standaloneHtml({ view: s.view!, vega, fallbackTitle: stem });
      download(new Blob([html], { type: 'text/html' }), name);
      return name;
    }
    case 'vega-lite': {
      const { standardVegaLite } = await import('./export-standard');
      const name = `${stem}.standard.vl.json`;
      download(json(await standardVegaLite(s.text!, s.theme, s.view)), name);
      return name;
    }
    case 'vega': {
      // The compiled spec holds the theme already: Vega-Lite specs are compiled in it, Vega
      // specs take it as their config (core/theme.ts). A financial chart's gets its crosshair.
      const name = `${stem}.vg.json`;
      const { exportedVega } = await import('./export-standard');
      const spec = {
        $schema: 'https://vega.github.io/schema/vega/v6.json',
        ...(await exportedVega({ ...s, vega: s.vega!, view: s.view })),
      };
      download(json(JSON.stringify(spec, null, 2) + '\n'), name);
      return name;
    }
  }
}

/** The Vega Editor link of the chart on screen, or why there is none. */
export interface VegaEditorLink {
  url?: string;
  /** Why there is no link, or (with a link) what it carries when that is not the current text. */
  note?: string;
}

/**
 * A link that opens the chart on screen in the Vega Editor: standard Vega-Lite (or the Vega spec)
 * in the editor's own link format, the one src/io/share.ts reads.
 */
export async function vegaEditorLink(s: ExportSource, stale?: string): Promise<VegaEditorLink> {
  if (s.text === undefined) return { note: 'Nothing compiled yet' };
  try {
    const { vegaEditorUrl } = await import('./export-standard');
    const url = await vegaEditorUrl(s.text, s.language, s.theme, s.view);
    return stale ? { url, note: `Of the last good chart: the text has ${stale}.` } : { url };
  } catch (e) {
    return { note: `No Vega Editor link: ${e instanceof Error ? e.message : String(e)}` };
  }
}

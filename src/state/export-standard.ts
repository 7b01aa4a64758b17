import { compressToEncodedURIComponent } from 'lz-string';
import type { Spec as VegaSpec } from 'vega';
import { normalizedExampleText } from '../core/examples';
import { exploresOf } from '../core/explore';
import { isObject, type JsonObject } from '../core/json';
import { INDICATOR_DATA_KEY, INDICATORS_FIELD, type IndicatorData } from '../core/marks/financial-indicators';
import type { Language } from '../core/language';
import { parseDocument } from '../core/parse';
import { withTheme } from '../core/theme';
import { VEGA_SCHEMA } from '../io/share';
import { chartThemes } from '../workers/themes';

/** The Vega Editor's address; a link carries the spec after `#/url/<mode>/` (see io/share.ts). */
export const VEGA_EDITOR = 'https://vega.github.io/editor/';

/**
 * The config of a chart theme by name, from vega-themes (loaded here, when an export first needs
 * it: the page itself only holds the themes in its pipeline worker). None for no theme.
 */
async function themeConfig(theme: string | undefined): Promise<JsonObject | undefined> {
  if (!theme) return undefined;
  const themes = chartThemes(await import('vega-themes'));
  const config = themes[theme];
  if (!config) throw new Error(`There is no chart theme called “${theme}”`);
  return config as JsonObject;
}

/**
 * Standard Vega-Lite of a text: extension marks expanded, Vega-Lite's `$schema`, and the chart
 * theme's config under the spec's own (what the spec sets wins, as in the page), so the file
 * looks in any Vega tool as the chart looks here.
 */
export async function standardVegaLite(text: string, theme?: string, view?: unknown): Promise<string> {
  const plain = normalizedExampleText(text);
  const config = await themeConfig(theme);
  const needs = indicatorDataOf(JSON.parse(plain));
  if (!config && !needs.length) return plain;
  let spec = JSON.parse(plain) as JsonObject;
  if (needs.length) spec = await withIndicatorValues(spec, needs, view);
  return JSON.stringify(config ? withTheme(spec, config) : spec, null, 2) + '\n';
}

/** The data sets of indicator values an exported spec lists (core/marks/financial-indicators.ts). */
function indicatorDataOf(spec: unknown): IndicatorData[] {
  const meta = isObject(spec) && isObject(spec['usermeta']) ? spec['usermeta'][INDICATOR_DATA_KEY] : undefined;
  return Array.isArray(meta) ? (meta as unknown as IndicatorData[]) : [];
}

/**
 * The exported Vega-Lite with its indicators' values, read from the chart on screen, in its
 * `datasets` (the names its lookups read), and the list of them taken out of `usermeta`. Without
 * the chart (a link made from the text alone) the data sets stay empty, and so do the lines.
 */
async function withIndicatorValues(spec: JsonObject, needs: IndicatorData[], view: unknown): Promise<JsonObject> {
  const { computedRows } = await import('../render/indicators');
  const datasets: JsonObject = { ...(isObject(spec['datasets']) ? spec['datasets'] : {}) };
  for (const { data, request } of needs) datasets[data] = (view && computedRows(view, request)) ?? [];
  const { [INDICATOR_DATA_KEY]: _listed, ...usermeta } = spec['usermeta'] as JsonObject;
  const out: JsonObject = { ...spec, datasets };
  if (Object.keys(usermeta).length) out['usermeta'] = usermeta;
  else delete out['usermeta'];
  return out;
}

/** The Vega of an exported spec with its indicators' values in the data sets its lookups read. */
async function vegaWithIndicatorValues(vega: VegaSpec, needs: IndicatorData[], view: unknown): Promise<VegaSpec> {
  if (!needs.length) return vega;
  const { computedRows } = await import('../render/indicators');
  const rows = new Map(needs.map((n) => [n.data, (view && computedRows(view, n.request)) ?? []]));
  const data = (vega.data ?? []).map((d) => (rows.has(d.name) ? { ...d, values: rows.get(d.name) } : d));
  return { ...vega, data } as VegaSpec;
}

/**
 * The Vega of the chart on screen, as the Vega and HTML exports hold it. The page compiles a
 * financial chart without the crosshair Vega-Lite would draw (the page draws its own over the
 * chart: core/marks/financial-crosshair.ts says why), so a chart with a crosshair is compiled
 * again from its text for export, with the page's own options (sized to its pane, described, in
 * its chart theme): the same Vega plus the crosshair. So is a chart with indicators, whose values
 * the page computes with a transform of its own: the export reads them in data sets, filled from
 * the chart on screen. Any other chart's Vega is the page's. The
 * compiler is loaded here, on such an export, not with the page (it lives in the page's worker).
 */
export async function exportedVega(source: {
  vega: VegaSpec;
  text?: string | undefined;
  language: Language;
  theme?: string | undefined;
  /** The chart on screen: where the indicators' values are read from. */
  view?: unknown;
}): Promise<VegaSpec> {
  const { vega, text, language, theme } = source;
  const again = exploresOf(vega).some((m) => m.crosshair) || computesIndicators(vega);
  if (language === 'vega' || text === undefined || !again) return vega;
  const [{ runPipeline }, { marks }, config] = await Promise.all([
    import('../core/pipeline'),
    import('../core/marks/index'),
    themeConfig(theme),
  ]);
  const result = runPipeline(text, {
    registry: marks,
    fit: true,
    describe: true,
    target: 'export',
    ...(config ? { theme: config } : {}),
  });
  // The text drew the chart on screen, so it compiles; if it somehow does not, the page's Vega is
  // still the chart, without the crosshair.
  if (!result.vega) return vega;
  const needs = indicatorDataOf(result.vega);
  if (!needs.length) return result.vega;
  const filled = await vegaWithIndicatorValues(result.vega, needs, source.view);
  const { [INDICATOR_DATA_KEY]: _listed, ...usermeta } = (filled as { usermeta: JsonObject }).usermeta;
  return { ...filled, usermeta } as VegaSpec;
}

/** Whether the page's Vega computes indicators (with the page's own transform, which other renderers lack). */
function computesIndicators(vega: VegaSpec): boolean {
  return (vega.data ?? []).some((d) =>
    (d.transform ?? []).some((t) => t.type === 'formula' && (t as { as?: string }).as === INDICATORS_FIELD),
  );
}

/** A Vega spec's text in the chart theme: untouched without one, else with the theme's config under its own. */
async function themedVega(text: string, theme?: string): Promise<string> {
  const config = await themeConfig(theme);
  if (!config) return text;
  const doc = parseDocument(text);
  if (!doc.ok) throw new Error('the spec could not be read');
  const themed = withTheme(doc.value, config) as JsonObject;
  return JSON.stringify({ $schema: VEGA_SCHEMA, ...themed }, null, 2) + '\n';
}

/**
 * The Vega Editor link of a text: `#/url/vega-lite/<lz-string>` of its standard Vega-Lite, or
 * `#/url/vega/…` of a Vega spec, the editor's own link format (which src/io/share.ts reads back).
 * With the chart on screen (`view`) its indicators' values go in the link's data sets, as in an export.
 */
export async function vegaEditorUrl(text: string, language: Language, theme?: string, view?: unknown): Promise<string> {
  const spec = language === 'vega' ? await themedVega(text, theme) : await standardVegaLite(text, theme, view);
  return `${VEGA_EDITOR}#/url/${language === 'vega' ? 'vega' : 'vega-lite'}/${compressToEncodedURIComponent(spec)}`;
}
